"""Season rating across events: the Weng-Lin Bayesian rating (openskill's Thurstone-Mosteller
"full" model) over every stored game in date, round and table order, and each player's
expected place at a table from those ratings. Pure: plain frozen values in (each game's
workflow gives a table's places by the game's own rules), values out; reads no event file and
names no game.

Decisions (also in the README section for `tourney rating`):
- Thurstone-Mosteller full, not openskill's default Plackett-Luce: Plackett-Luce gets shared
  places wrong (places 1, 2, 2, 4, 5 leave the 4th level with the two 2nds; 1, 1, 3 puts the
  3rd above the shared 1sts); tests/event/test_rating.py shows it on the installed version.
- The rating shown is mu - 3 sigma: a new player starts at 0 and climbs as the model grows
  sure of them; the order is by it, equal shown ratings share a rank.
- Players are matched across events as `tourney season` matches them (normalised names, the
  alias file); two entries of one event that match the same player are kept apart.
- A table where five or more players share a place is not rated: the model would take them as
  certainly equal (each one's sigma falls to the library's floor in one game; see the tests).
- Floats: the model is a Gaussian approximation (no exact form exists); everything is
  computed in one fixed order, so the same games always give the same figures.
"""
from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from tourney.core.errors import SeasonError
from tourney.core.i18n import N_, _, ngettext
from tourney.core.names import sort_key
from tourney.event.season import (
    NO_ALIASES,
    Alias,
    Aliases,
    fullest_spelling,
    joined_spellings,
    player_key,
    processing_order,
)

if TYPE_CHECKING:
    from openskill.models import ThurstoneMostellerFull, ThurstoneMostellerFullRating

#: Players sharing one place from which the model's sigma falls to its floor (`kappa`): such a
#: table is left out (a rating of 0 would jump to 24.75 after one game).
CERTAIN_TIE = 5

#: The figures the model starts from (openskill's defaults): a new player's mu and sigma.
START_MU = 25.0
START_SIGMA = 25.0 / 3


@dataclass(frozen=True)
class RatedGame:
    """One stored game as the rating reads it: the players at the table (seat order) and each
    one's place by the game's own rules, its tiebreaks applied (equal places only where the
    rules share them: 1, 2, 2, 4)."""

    round: int
    table: int
    players: tuple[str, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class RatedEvent:
    """One event's stored games, in round and table order."""

    name: str
    date: datetime.date | None
    order_given: int
    games: tuple[RatedGame, ...]
    game: str = ""  # the game's label: a rating takes one game's events
    lang: str = ""


@dataclass(frozen=True)
class Skill:
    """What the model believes of a player: `mu` (the skill) and `sigma` (how unsure it is)."""

    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def rating(self) -> float:
        """The rating shown: mu - 3 sigma (the skill the player has almost surely reached)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingRow:
    """One line of the rating; `change` is None when the player missed the last event."""

    rank: int
    player: str
    rating: Decimal
    games: int
    events: int
    change: Decimal | None
    skill: Skill


@dataclass(frozen=True)
class RatingReport:
    """The season rating: `events` in processing order, `skills` by player key (for the
    expected places of a later event)."""

    events: tuple[str, ...]
    rows: tuple[RatingRow, ...]
    skills: Mapping[str, Skill]
    aliases: Aliases = NO_ALIASES
    notes: tuple[str, ...] = ()
    game: str = ""
    lang: str = "en"
    tables: int = 0

    def skill(self, name: str) -> Skill | None:
        """A player's skill by a name typed in a later event (None: not rated yet)."""
        return self.skills.get(player_key(name, self.aliases.by_key())[0])


#: The rating's columns (CSV and JSON keys) and their headings where a person reads them.
COLUMNS = ("rank", "player", "rating", "games", "events", "change")
COLUMN_WORDS = {"rank": N_("rank"), "player": N_("player"), "rating": N_("rating"), "games": N_("games"),
                "events": N_("events"), "change": N_("change"), "strength": N_("table strength")}


def model() -> ThurstoneMostellerFull:
    """The model every rating uses (openskill imported only here: the rating's code path)."""
    from openskill.models import ThurstoneMostellerFull

    return ThurstoneMostellerFull(mu=START_MU, sigma=START_SIGMA)


def shown(value: float) -> Decimal:
    """A rating as shown: two decimals (`-0.00` shown as `0.00`)."""
    return Decimal(f"{value:.2f}") + Decimal("0.00")


def build_rating(events: Sequence[RatedEvent], aliases: Aliases = NO_ALIASES) -> RatingReport:
    """Rate every game of `events` (by date, then the order given; in each event by round and
    table) and rank the players by mu - 3 sigma."""
    if not events:
        raise SeasonError(_("no events given; name at least one event file"))
    ordered = processing_order(events)
    if not any(len(g.places) > 1 and max(Counter(g.places).values()) < CERTAIN_TIE
               for e in ordered for g in e.games):
        raise SeasonError(_("the events have no stored games to rate: import their score sheets first"))
    tm = model()
    alias_by_key, file_names = aliases.by_key(), aliases.display_names()
    ratings: dict[str, ThurstoneMostellerFullRating] = {}
    names: dict[str, str] = {}
    spellings: dict[str, list[str]] = {}  # joined by normalising alone (no alias row): the spellings met
    games: dict[str, int] = {}
    played_in: dict[str, set[int]] = {}
    before_last: dict[str, float] = {}
    notes: list[str] = []
    tables = unordered = 0
    for ei, event in enumerate(ordered):
        identity, split = _identities(event, alias_by_key, notes)
        last = ei == len(ordered) - 1
        for g in sorted(event.games, key=lambda g: (g.round, g.table)):
            if len(g.players) < 2:
                continue  # a table of one has no one to be placed against
            if max(Counter(g.places).values()) >= CERTAIN_TIE:
                unordered += 1
                continue
            keys = [identity[p] for p in g.players]
            for key, raw in zip(keys, g.players):
                # As in the season report: the alias file's spelling, else the fullest one met.
                names.setdefault(key, f"{raw} ({event.name})" if key in split else file_names.get(key, ""))
                if key not in split and player_key(raw, alias_by_key)[1] is None:
                    spellings.setdefault(key, []).append(raw)
                if key not in ratings:
                    ratings[key] = tm.rating(name=key)
                if last and key not in before_last:
                    before_last[key] = ratings[key].mu - 3 * ratings[key].sigma
                games[key] = games.get(key, 0) + 1
                played_in.setdefault(key, set()).add(ei)
            rated = tm.rate([[ratings[k]] for k in keys], ranks=list(g.places))
            for key, (new,) in zip(keys, rated):
                ratings[key] = new
            tables += 1
    for key, met in spellings.items():
        if not names[key]:
            names[key] = fullest_spelling(met)
        note = joined_spellings(met, names[key])
        if note is not None:
            notes.append(note)
    skills = {k: Skill(r.mu, r.sigma) for k, r in ratings.items()}
    ranked = sorted(skills, key=lambda k: (-shown(skills[k].rating), sort_key(names[k])))
    rows: list[RatingRow] = []
    for i, key in enumerate(ranked):
        value = shown(skills[key].rating)
        rank = rows[-1].rank if rows and rows[-1].rating == value else i + 1
        change = shown(skills[key].rating - before_last[key]) if key in before_last else None
        rows.append(RatingRow(rank, names[key], value, games[key], len(played_in[key]), change, skills[key]))
    if unordered:
        notes.append(ngettext("{n} table where {k} or more players shared a place is not rated: the model would "
                              "take them as certainly equal",
                              "{n} tables where {k} or more players shared a place are not rated: the model would "
                              "take them as certainly equal", unordered).format(n=unordered, k=CERTAIN_TIE))
    return RatingReport(tuple(e.name for e in ordered), tuple(rows), skills, aliases, tuple(notes),
                        ordered[0].game, tables=tables)


def _identities(event: RatedEvent, alias_by_key: dict[str, Alias], notes: list[str]) -> tuple[dict[str, str], set[str]]:
    """The event's roster names by the player key they count under, and the keys of entries
    kept apart (two names of the event matching one player: never merged by guessing)."""
    raw_names = sorted({p for g in event.games for p in g.players}, key=sort_key)
    by_key: dict[str, list[str]] = {}
    for raw in raw_names:
        by_key.setdefault(player_key(raw, alias_by_key)[0], []).append(raw)
    identity: dict[str, str] = {}
    split: set[str] = set()
    for key, raws in by_key.items():
        if len(raws) == 1:
            identity[raws[0]] = key
            continue
        notes.append(_("{names} in {event!r} all match {key!r}; kept apart as different players: fix the alias file "
                       "or rename one of them in the event").format(
            names=", ".join(repr(r) for r in raws), event=event.name, key=key))
        for raw in raws:
            identity[raw] = f"{key}\x00{event.name}\x00{raw}"
            split.add(identity[raw])
    return identity, split


# --- expected places ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Expected:
    """A player's outlook at a table: the rating (None: not rated yet) and the expected place
    (1 + the chance of each other player to finish ahead)."""

    player: str
    rating: Decimal | None
    place: Decimal


@dataclass(frozen=True)
class TableOutlook:
    """A table's strength (the mean rating of its players, unrated players at 0) and each
    player's expected place, in seat order."""

    table: int
    strength: Decimal
    players: tuple[Expected, ...] = field(default_factory=tuple)


def table_outlook(report: RatingReport, table: int, players: Sequence[str]) -> TableOutlook:
    """The expected places at a table of `players` from the rating of earlier events: each
    player's expected place is 1 + the model's chance of each other player finishing ahead
    (an unrated player counts as a new one)."""
    tm = model()
    found = [report.skill(p) for p in players]
    skills = [s or Skill() for s in found]
    ratings = [tm.rating(mu=s.mu, sigma=s.sigma) for s in skills]
    ahead = [1.0] * len(players)
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            p_i, p_j = tm.predict_win([[ratings[i]], [ratings[j]]])
            ahead[i] += p_j
            ahead[j] += p_i
    strength = sum(s.rating for s in skills) / len(skills) if skills else 0.0
    return TableOutlook(table, shown(strength), tuple(
        Expected(p, None if s is None else shown(s.rating), Decimal(f"{a:.1f}"))
        for p, s, a in zip(players, found, ahead)))
