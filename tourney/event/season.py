"""Season report across qualifier events: who qualified where, every pass-down, a per-player
overview and an optional points ranking; players are matched across events by normalised name.

Pure: works on plain frozen values (`EventResult`), reads no event files (the CLI does that).

Decisions (also in the README section for `tourney season`):
- Events are processed by date, ties by the order given; when no event has a date, the
  order given alone counts (some dated and some not is an error). Each event awards `spots` spots
  to its best-placed players not already qualified in an earlier-processed event.
- A shared place (two players with place 3) is ordered by the standings order the event
  gives (the order of `EventResult.places`); when a spot cut-off falls inside a shared
  place the report says so in its notes.
- Pass-downs are a chain: a nominal spot holder (one of the top `spots` finishers) who is
  already qualified declines, the spot goes to the next finisher in line; if that one is
  already qualified too, they decline it in turn, and so on. Every step is one `PassDown`.
- A name that cannot be matched safely (two entries of one event resolve to the same
  player) is reported as an `Ambiguity` and those entries are kept apart in every event:
  they are never merged with anyone by guessing.
- Ranking points are given per place number, so a shared place gives both players the
  points of that place. Ranking order: total points, then best single place; still
  equal, the rank is shared (listed by name).
- Circuit rules (`CircuitRules`, one value the CLI and the hub hand down): spots by event
  size give each event its own number of spots from its number of players (everyone in its
  final standings, already qualified players included); pass-downs then work inside that
  event as with a fixed number, and a declined spot never moves to another event. `best`
  and `min_events` are ranking rules only: a player's best `best` results (by points, the
  earlier of equal ones) make the total, and a player with fewer than `min_events` events is
  not ranked. Neither touches qualification: a spot is decided when its event is over and no
  later event takes it back, so a report over the same events never changes a past event's
  spots (the live season on a hub stays stable).
"""
from __future__ import annotations

import datetime
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Protocol, Sequence, TypeVar

from tourney.core.errors import AliasFileError, SeasonError, UsageError
from tourney.core.i18n import N_, _, join_and, ngettext
from tourney.core.output import csv_text
from tourney.core.tabular import Table, parse_csv_text, read_tables
from tourney.core.names import name_key, similar_key, sort_key

DEFAULT_POINTS: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
CSV_SECTIONS: tuple[str, ...] = ("qualified", "pass-downs", "players", "ranking")


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True)
class EventResult:
    """One qualifier's final standings: `places` in standings order as (place, player)."""

    name: str
    date: datetime.date | None
    order_given: int
    places: tuple[tuple[int, str], ...]
    game: str = ""  # the game's label (7 Wonders): a season takes one game's events
    lang: str = ""  # the event's language


@dataclass(frozen=True)
class SizeSpots:
    """One step of spots by event size: an event of `players` players or more awards `spots`
    (until the next step)."""

    players: int
    spots: int


@dataclass(frozen=True)
class CircuitRules:
    """A series' published rules for its season report: `spots` per event, or `spots_by_size`
    (steps by the event's number of players; below the first step no spot); `points` per place
    for the ranking (None: no ranking), of which a player's `best` results count (None: all),
    and `min_events` events to be ranked."""

    spots: int | None = None
    spots_by_size: tuple[SizeSpots, ...] = ()
    points: tuple[int, ...] | None = None
    best: int | None = None
    min_events: int = 1

    @property
    def qualifies(self) -> bool:
        """Whether the report awards spots."""
        return self.spots is not None or bool(self.spots_by_size)

    def spots_for(self, players: int) -> int:
        """The spots an event of `players` players awards."""
        if self.spots is not None:
            return self.spots
        return max((step.spots for step in self.spots_by_size if players >= step.players), default=0)


@dataclass(frozen=True)
class Alias:
    """One row of an alias file: `alias` is another spelling of `name`."""

    alias: str
    name: str
    row: int


@dataclass(frozen=True)
class Aliases:
    """A parsed alias file; `source` names the file in messages."""

    source: str
    entries: tuple[Alias, ...] = ()

    def by_key(self) -> dict[str, Alias]:
        """Each alias by its normalised spelling."""
        return {normalise(entry.alias): entry for entry in self.entries}

    def display_names(self) -> dict[str, str]:
        """The spelling the file gives for each target key (first row wins)."""
        names: dict[str, str] = {}
        for entry in self.entries:
            names.setdefault(normalise(entry.name), entry.name)
        return names


NO_ALIASES = Aliases("<none>")


@dataclass(frozen=True)
class Finish:
    """A player's result in one event."""

    event: str
    date: datetime.date | None
    place: int


@dataclass(frozen=True)
class Qualification:
    """A spot awarded: `player` qualified at `event` with `place`."""

    player: str
    event: str
    date: datetime.date | None
    place: int


@dataclass(frozen=True)
class PassDown:
    """`declined` (already qualified at `qualified_at`) passed an event's spot down to
    `moved_up`; `moved_up` is None when no eligible finisher was left."""

    event: str
    date: datetime.date | None
    declined: str
    declined_place: int
    qualified_at: str
    moved_up: str | None
    moved_up_place: int | None


@dataclass(frozen=True)
class PlayerSummary:
    """One player's finishes across the events, in processing order."""

    player: str
    finishes: tuple[Finish, ...]
    qualified_at: str | None

    @property
    def events_played(self) -> int:
        return len(self.finishes)

    @property
    def best_place(self) -> int:
        return min(f.place for f in self.finishes)


@dataclass(frozen=True)
class RankingEntry:
    """One line of the points ranking; `points_by_event` in processing order."""

    rank: int
    player: str
    points: int
    best_place: int
    points_by_event: tuple[tuple[str, int], ...]
    dropped: tuple[int, ...] = ()  # indices into points_by_event of the results not counted (`best`)


@dataclass(frozen=True)
class Ambiguity:
    """Entries that resolve to the same player key inside one event; kept apart everywhere."""

    key: str
    clashes: tuple[tuple[str, tuple[str, ...]], ...]
    also_in: tuple[tuple[str, str], ...]
    aliases: tuple[Alias, ...]
    alias_source: str

    @property
    def message(self) -> str:
        parts = [
            (_("{names} in {event!r} all match {key!r}") if len(names) > 2 else
             _("{names} in {event!r} both match {key!r}")).format(
                names=join_and([repr(n) for n in names]),
                event=event, key=self.key)
            for event, names in self.clashes
        ]
        text = "; ".join(parts)
        if self.aliases:
            used = ", ".join(
                _("row {row} maps {alias!r} to {name!r}").format(row=a.row, alias=a.alias, name=a.name)
                for a in self.aliases
            )
            text += f" ({self.alias_source}: {used})"
        text = _("{clashes}; kept apart as different players in every event").format(clashes=text)
        if self.also_in:
            text += " (" + _("also {where}").format(
                where=", ".join(_("{name!r} in {event!r}").format(name=n, event=e) for e, n in self.also_in)) + ")"
        return _("{problem}; fix the alias file or rename one of them in the event").format(problem=text)


@dataclass(frozen=True)
class EventSummary:
    """An event as processed: position in processing order, players, spots awarded."""

    position: int
    name: str
    date: datetime.date | None
    players: int
    awarded: int
    spots: int | None = None  # the spots it awards (None: no qualification asked)


@dataclass(frozen=True)
class SeasonReport:
    """Everything the season report shows; `spots` None means no qualification asked."""

    spots: int | None
    events: tuple[EventSummary, ...]
    qualified: tuple[Qualification, ...]
    pass_downs: tuple[PassDown, ...]
    players: tuple[PlayerSummary, ...]
    ambiguities: tuple[Ambiguity, ...]
    notes: tuple[str, ...]
    ranking: tuple[RankingEntry, ...] | None = None
    points: tuple[int, ...] | None = None
    lang: str = "en"  # the language it was built in and is shown in
    rules: CircuitRules = CircuitRules()
    unranked: tuple[str, ...] = ()  # players with fewer than `rules.min_events` events

    @property
    def qualifies(self) -> bool:
        """Whether the report awards spots (a fixed number or by event size)."""
        return self.rules.qualifies


# ---------------------------------------------------------------------------- names

def refuse_repeated_events(locations: Sequence[str]) -> None:
    """A season or statistics over several events counts each event once: the same event file
    given twice (under two spellings of its path) is refused. Database URLs name themselves."""
    seen: dict[Path, str] = {}
    for location in locations:
        if "://" not in location:
            key = Path(location).resolve()
            if key in seen:
                raise UsageError(_("event file {file!r} is given twice (also as {other!r}); give each event "
                                   "once").format(file=location, other=seen[key]))
            seen[key] = location


def normalise(name: str) -> str:
    """The matching key of a name across events: `names.similar_key` (case, whitespace,
    umlaut spellings, accents, hyphens and "Last, First" folded).

    >>> normalise("  Jörg   MÜLLER ") == normalise("joerg mueller") == "joerg mueller"
    True
    >>> normalise("Strauß")
    'strauss'
    """
    return similar_key(name)


def parse_aliases(text: str, source: str = "<aliases>") -> Aliases:
    """Parse alias CSV text with an `alias` and a `name` column (other columns ignored).

    Errors name the file and the row (the header is row 1).
    """
    return _aliases_from_table(parse_csv_text(text, source), source)


def _aliases_from_table(table: Table, source: str) -> Aliases:
    rows = [(r.number, ["" if c is None else str(c) for c in r.cells]) for r in table.rows]
    if not rows:
        raise AliasFileError(_("{source}: the alias file is empty; it needs a header row 'alias,name'").format(
            source=source))
    header_row, header = rows[0]
    columns = [h.strip().lower() for h in header]
    missing = [c for c in ("alias", "name") if c not in columns]
    if missing:
        raise AliasFileError(_("{source}, row {row}: header {header!r} lacks column {missing}; the header must name "
                               "an 'alias' and a 'name' column").format(
            source=source, row=header_row, header=header, missing=", ".join(repr(m) for m in missing)))
    ia, iname = columns.index("alias"), columns.index("name")
    entries: list[Alias] = []
    seen: dict[str, Alias] = {}
    for row_number, row in rows[1:]:
        cells = row + [""] * (max(ia, iname) + 1 - len(row))
        alias, name = " ".join(cells[ia].split()), " ".join(cells[iname].split())
        if not alias or not name:
            empty = "alias" if not alias else "name"
            raise AliasFileError(_("{source}, row {row}: the {column!r} cell is empty in {cells!r}; fill it or delete "
                                   "the row").format(source=source, row=row_number, column=empty, cells=row))
        entry = Alias(alias, name, row_number)
        key = normalise(alias)
        earlier = seen.get(key)
        if earlier is not None:
            if normalise(earlier.name) != normalise(name):
                raise AliasFileError(_("{source}, row {row}: alias {alias!r} maps to {name!r}, but row {other} maps "
                                       "{other_alias!r} to {other_name!r}; keep one of the rows").format(
                    source=source, row=row_number, alias=alias, name=name, other=earlier.row,
                    other_alias=earlier.alias, other_name=earlier.name))
            continue
        seen[key] = entry
        entries.append(entry)
    for entry in entries:
        target_key = normalise(entry.name)
        onward = seen.get(target_key)
        if onward is not None and normalise(onward.name) != target_key:
            raise AliasFileError(_("{source}, row {row}: alias {alias!r} maps to {name!r}, which row {other} maps on "
                                   "to {target!r}; map {alias!r} straight to {target!r}").format(
                source=source, row=entry.row, alias=entry.alias, name=entry.name, other=onward.row,
                target=onward.name))
    return Aliases(source, tuple(entries))


def load_aliases(path: str | Path) -> Aliases:
    """Read and parse an alias file (CSV in UTF-8 or Windows-1252, or XLSX)."""
    if not Path(path).is_file():
        raise AliasFileError(_("alias file {file!r} not found; check the path given to --aliases").format(
            file=str(path)))
    tables = read_tables(path)
    return _aliases_from_table(tables[0] if tables else Table(Path(path).name, None, ()), str(path))


def parse_points(text: str) -> tuple[int, ...]:
    """Parse a points-per-place setting such as ``"10,8,6,5,4,3,2,1"``."""
    parts = [p.strip() for p in text.split(",")]
    points: list[int] = []
    for position, part in enumerate(parts, start=1):
        if not part.isdigit():
            raise SeasonError(_("points {points!r}: entry {position} ({part!r}) is not a whole number >= 0; give "
                                "points per place like '10,8,6,5,4,3,2,1'").format(
                points=text, position=position, part=part))
        points.append(int(part))
    for position in range(1, len(points)):
        if points[position] > points[position - 1]:
            raise SeasonError(_("points {points!r}: place {place} gets more than place {above}; points must not "
                                "increase down the places").format(points=text, place=position + 1, above=position))
    return tuple(points)


def parse_spots_by_size(text: str) -> tuple[SizeSpots, ...]:
    """Parse spots by event size such as ``"1,20:2"``: the first entry is the spots of the
    smallest events (or ``PLAYERS:SPOTS`` when events below PLAYERS get none), each further
    ``PLAYERS:SPOTS`` the spots from that many players on.

    >>> parse_spots_by_size("1,20:2")
    (SizeSpots(players=1, spots=1), SizeSpots(players=20, spots=2))
    """
    steps: list[SizeSpots] = []
    for position, part in enumerate((p.strip() for p in text.split(",")), start=1):
        players, colon, spots = part.partition(":")
        if not colon and position == 1:
            players, spots = "1", players
        if not colon and position > 1:
            raise SeasonError(_("spots by size {text!r}: entry {position} ({part!r}) has no number of players; only "
                                "the first entry may be spots alone, give the others as PLAYERS:SPOTS like "
                                "'20:2'").format(text=text, position=position, part=part))
        players, spots = players.strip(), spots.strip()
        if not (players.isdigit() and spots.isdigit()):
            raise SeasonError(_("spots by size {text!r}: entry {position} ({part!r}) is not PLAYERS:SPOTS in whole "
                                "numbers; give spots by event size like '1,20:2' (1 spot, 2 from 20 "
                                "players)").format(text=text, position=position, part=part))
        steps.append(SizeSpots(int(players), int(spots)))
    result = tuple(steps)
    check_spots_by_size(result, text)
    return result


def spots_by_size_text(steps: Sequence[SizeSpots]) -> str:
    """Spots by size in the option's syntax (``"1,20:2"``), as `parse_spots_by_size` reads it."""
    return ",".join(str(s.spots) if i == 0 and s.players == 1 else f"{s.players}:{s.spots}"
                    for i, s in enumerate(steps))


def check_spots_by_size(steps: Sequence[SizeSpots], text: str | None = None) -> None:
    """Refuse steps that are not from small to large events with spots that never decrease."""
    shown = spots_by_size_text(steps) if text is None else text
    if not steps:
        raise SeasonError(_("spots by size is empty; give spots by event size like '1,20:2' (1 spot, 2 from 20 "
                            "players)"))
    for position, step in enumerate(steps, start=1):
        if isinstance(step.players, bool) or not isinstance(step.players, int) or step.players < 1 \
                or isinstance(step.spots, bool) or not isinstance(step.spots, int) or step.spots < 0:
            raise SeasonError(_("spots by size {text!r}: entry {position} needs players >= 1 and spots >= 0; give "
                                "spots by event size like '1,20:2' (1 spot, 2 from 20 players)").format(
                text=shown, position=position))
        if position > 1:
            before = steps[position - 2]
            if step.players <= before.players:
                raise SeasonError(_("spots by size {text!r}: entry {position} starts at {players} players, not above "
                                    "the entry before ({before}); give the steps from small to large events").format(
                    text=shown, position=position, players=step.players, before=before.players))
            if step.spots < before.spots:
                raise SeasonError(_("spots by size {text!r}: events from {players} players get fewer spots than "
                                    "smaller ones; spots must not decrease with the event's size").format(
                    text=shown, players=step.players))
    if steps[-1].spots < 1:
        raise SeasonError(_("spots by size {text!r} gives no event a spot; give at least one step with 1 spot or "
                            "more").format(text=shown))


def check_rules(rules: CircuitRules) -> None:
    """Refuse circuit rules that cannot be applied, saying which value and how to give it."""
    spots = rules.spots
    if spots is not None and (isinstance(spots, bool) or not isinstance(spots, int) or spots < 1):
        raise SeasonError(_("spots {spots!r} is not a whole number >= 1; give the spots per event like --spots "
                            "3").format(spots=spots))
    if rules.spots_by_size:
        if spots is not None:
            raise SeasonError(_("give either spots per event or spots by event size, not both"))
        check_spots_by_size(rules.spots_by_size)
    best, least = rules.best, rules.min_events
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise SeasonError(_("best {best!r} is not a whole number >= 1; count a player's best results like --best "
                            "4").format(best=best))
    if isinstance(least, bool) or not isinstance(least, int) or least < 1:
        raise SeasonError(_("minimum events {least!r} is not a whole number >= 1; give the events a player needs "
                            "to be ranked like --min-events 2").format(least=least))
    if rules.points is None and (best is not None or least > 1):
        raise SeasonError(_("best results and a minimum of events are rules of the ranking: ask for a ranking "
                            "(--ranking or --points)"))


def describe_spots(rules: CircuitRules) -> str:
    """The spots rule in words: '2 spots per event', or the steps by event size."""
    if rules.spots is not None:
        return ngettext("{spots} spot per event", "{spots} spots per event", rules.spots).format(spots=rules.spots)
    steps = rules.spots_by_size
    parts = []
    if steps and steps[0].players > 1:
        parts.append(_("no spot below {players} players").format(players=steps[0].players))
    for step, after in zip(steps, steps[1:]):
        parts.append(ngettext("{spots} spot for {low}–{high} players", "{spots} spots for {low}–{high} players",
                              step.spots).format(spots=step.spots, low=step.players, high=after.players - 1))
    last = steps[-1]
    parts.append(ngettext("{spots} spot from {players} players", "{spots} spots from {players} players",
                          last.spots).format(spots=last.spots, players=last.players))
    return _("spots by event size: {steps}").format(steps=", ".join(parts))


def describe_ranking(rules: CircuitRules) -> str:
    """The ranking's rules in words: 'points 10,8,6; best 3 results; at least 2 events'."""
    parts = [_("points {points}").format(points=",".join(map(str, rules.points or ())))]
    if rules.best is not None:
        parts.append(ngettext("best {best} result counts", "best {best} results count", rules.best).format(
            best=rules.best))
    if rules.min_events > 1:
        parts.append(ngettext("at least {least} event to be ranked", "at least {least} events to be ranked",
                              rules.min_events).format(least=rules.min_events))
    return "; ".join(parts)


# ---------------------------------------------------------------------------- building


@dataclass(frozen=True)
class _Entry:
    event: int  # index in processing order
    position: int  # index in the event's standings order
    place: int
    raw: str
    key: str
    alias: Alias | None


def _ordered(events: Sequence[EventResult]) -> list[EventResult]:
    for event in events:
        if not event.places:
            raise SeasonError(_("event {event} has no results; enter its results or leave it out").format(
                event=_event(event.name, event.date)))
        for place, player in event.places:
            if not isinstance(place, int) or place < 1:
                raise SeasonError(_("event {event!r}: place {place!r} of {player!r} is not a whole number >= 1").format(
                    event=event.name, place=place, player=player))
            if not player.strip():
                raise SeasonError(_("event {event!r}: a player at place {place} has an empty name").format(
                    event=event.name, place=place))
    return processing_order(events)


class Dated(Protocol):
    """An event as a season orders it (`EventResult`, `tourney.event.rating.RatedEvent`)."""

    @property
    def name(self) -> str: ...
    @property
    def date(self) -> datetime.date | None: ...
    @property
    def order_given(self) -> int: ...


D = TypeVar("D", bound=Dated)


def processing_order(events: Sequence[D]) -> list[D]:
    """The events by date, ties by the order given; when no event has a date, the order given
    alone. The same event (name and date) twice, or some dated and some not, is refused."""
    seen: set[tuple[str, datetime.date | None]] = set()
    for event in events:
        if (event.name, event.date) in seen:
            raise SeasonError(_("event {event} is given twice; give each event once").format(
                event=_event(event.name, event.date)))
        seen.add((event.name, event.date))
    undated = [e.name for e in events if e.date is None]
    if undated and len(undated) < len(events):
        raise SeasonError(_("event {event!r} has no date but other events have one; events are processed by date, "
                            "so give every event a date (tourney new --date) or none (then the order given "
                            "counts)").format(event=undated[0]))
    return sorted(events, key=lambda e: (e.date or datetime.date.min, e.order_given))


def fullest_spelling(spellings: Sequence[str]) -> str:
    """The spelling shown for one player met under several: the one with the most letters
    beyond ASCII (`Łukasz` over `Lukasz`, `Änne Böhm` over `Aenne Boehm`), then one in mixed
    case over one in capitals or small letters, then the first given."""
    def fullness(spelling: str) -> tuple[int, bool]:
        return sum(not ch.isascii() for ch in spelling), spelling not in (spelling.upper(), spelling.lower())
    return max(reversed(spellings), key=fullness)  # max keeps the first of equals: the last one reversed


def joined_spellings(spellings: Sequence[str], shown: str) -> str | None:
    """A note that players met under different spellings (beyond case and spaces) were taken
    as one, or None when there is one spelling."""
    distinct = list(dict.fromkeys(spellings))
    if len({name_key(n) for n in distinct}) < 2:
        return None
    return _("joined the spellings {spellings} as one player, shown as {name!r}: if they are different people, "
             "give one of them another name in an alias file").format(
        spellings=join_and([repr(n) for n in sorted(distinct, key=sort_key)]), name=shown)


def player_key(name: str, alias_by_key: dict[str, Alias]) -> tuple[str, Alias | None]:
    """A name's player key across events (normalised, then through the alias file) and the
    alias row that mapped it, if one did."""
    key = normalise(name)
    alias = alias_by_key.get(key)
    return (key, None) if alias is None else (normalise(alias.name), alias)


def _event(name: str, date: datetime.date | None) -> str:
    """An event in a message: its name, and its date when it has one."""
    if date is None:
        return repr(name)
    return _("{event!r} on {date}").format(event=name, date=date.isoformat())


def _standings_order(event: EventResult) -> list[tuple[int, int, str]]:
    # Stable sort: a shared place keeps the event's standings order.
    indexed = [(place, i, player) for i, (place, player) in enumerate(event.places)]
    return sorted(indexed, key=lambda t: (t[0], t[1]))


def build_report(
    events: Sequence[EventResult],
    spots: int | None = None,
    aliases: Aliases = NO_ALIASES,
    points: Sequence[int] | None = None,
    *,
    rules: CircuitRules | None = None,
) -> SeasonReport:
    """Qualification (when `spots` is given) and points ranking (when `points` is given)
    across `events`, with players matched by normalised name and `aliases`; or, instead of
    `spots` and `points`, every circuit rule as one `rules` value."""
    if rules is None:
        rules = CircuitRules(spots=spots, points=None if points is None else tuple(points))
    elif spots is not None or points is not None:
        raise ValueError("give spots and points inside rules, not beside them")
    check_rules(rules)
    spots, points = rules.spots, rules.points
    if not events:
        raise SeasonError(_("no events given; name at least one event file"))
    ordered = _ordered(events)

    # Resolve every entry to a player key (normalised, then through the alias file).
    alias_by_key = aliases.by_key()
    entries: list[list[_Entry]] = []
    for ei, event in enumerate(ordered):
        row: list[_Entry] = []
        for place, position, raw in _standings_order(event):
            key, alias = player_key(raw, alias_by_key)
            row.append(_Entry(ei, position, place, raw, key, alias))
        entries.append(row)

    # A key used twice inside one event names two people: never merge it anywhere.
    split: dict[str, list[tuple[int, list[_Entry]]]] = {}
    for ei, row in enumerate(entries):
        counts = Counter(e.key for e in row)
        for key, n in counts.items():
            if n > 1:
                split.setdefault(key, []).append((ei, [e for e in row if e.key == key]))
    ambiguities = []
    for key, clashes in split.items():
        clash_events = {ei for ei, _ in clashes}
        related = [e for row in entries for e in row if e.key == key]
        used_aliases = tuple(sorted({e.alias for e in related if e.alias is not None}, key=lambda a: a.row))
        ambiguities.append(
            Ambiguity(
                key=key,
                clashes=tuple((ordered[ei].name, tuple(e.raw for e in es)) for ei, es in clashes),
                also_in=tuple((ordered[e.event].name, e.raw) for e in related if e.event not in clash_events),
                aliases=used_aliases,
                alias_source=aliases.source,
            )
        )

    def identity(e: _Entry) -> str:
        return f"{e.key}\x00{e.event}\x00{e.position}" if e.key in split else e.key

    file_names = aliases.display_names()
    names: dict[str, str] = {}
    spellings: dict[str, list[str]] = {}  # joined by normalising alone (no alias row): the spellings met
    for row in entries:
        for e in row:
            ident = identity(e)
            if e.key not in split and e.alias is None:
                spellings.setdefault(ident, []).append(e.raw)
            if ident in names:
                continue
            names[ident] = f"{e.raw} ({ordered[e.event].name})" if e.key in split else file_names.get(e.key, "")
    joined: list[str] = []
    for ident, met in spellings.items():
        if not names[ident]:  # the alias file's spelling wins, then the fullest one met
            names[ident] = fullest_spelling(met)
        note = joined_spellings(met, names[ident])
        if note is not None:
            joined.append(note)
    for ident, name in names.items():
        if not name:  # met only through alias rows: the first spelling in processing order
            names[ident] = next(e.raw for row in entries for e in row if identity(e) == ident)

    # Qualification.
    qualified_at: dict[str, str] = {}
    qualified: list[Qualification] = []
    pass_downs: list[PassDown] = []
    notes: list[str] = []
    awarded_per_event: list[int] = []
    spots_per_event: list[int | None] = []
    for ei, row in enumerate(entries):
        event = ordered[ei]
        if not rules.qualifies:
            awarded_per_event.append(0)
            spots_per_event.append(None)
            continue
        # The event's size counts every finisher, those already qualified too.
        event_spots = rules.spots_for(len(row))
        spots_per_event.append(event_spots)
        earlier = dict(qualified_at)  # qualified before this event
        winners, chain = _award(row, event_spots, earlier, identity)
        pass_downs += [
            PassDown(
                event.name, event.date, names[identity(d)], d.place, earlier[identity(d)],
                None if m is None else names[identity(m)], None if m is None else m.place,
            )
            for d, m in chain
        ]
        for w in winners:
            qualified_at[identity(w)] = event.name
            qualified.append(Qualification(names[identity(w)], event.name, event.date, w.place))
        awarded_per_event.append(len(winners))
        if len(winners) < event_spots:
            missing = event_spots - len(winners)
            notes.append(ngettext("{event!r}: {missing} of {spots} spot unfilled (no eligible finisher left)",
                                  "{event!r}: {missing} of {spots} spots unfilled (no eligible finisher left)",
                                  event_spots).format(event=event.name, missing=missing, spots=event_spots))
        # A cut-off inside a shared place was decided by standings order: say so.
        won = {id(w) for w in winners}
        for place in sorted({e.place for e in row}):
            group = [e for e in row if e.place == place]
            if len(group) < 2:
                continue
            in_ = [e for e in group if id(e) in won]
            out = [e for e in group if id(e) not in won and identity(e) not in earlier]
            if in_ and out:
                notes.append(_("{event!r}: place {place} is shared by {shared}; the spot went by standings order to "
                               "{winners}").format(event=event.name, place=place,
                                                   shared=", ".join(repr(e.raw) for e in group),
                                                   winners=", ".join(repr(e.raw) for e in in_)))

    # Per-player overview.
    finishes: dict[str, list[Finish]] = {}
    for ei, row in enumerate(entries):
        for e in row:
            finishes.setdefault(identity(e), []).append(Finish(ordered[ei].name, ordered[ei].date, e.place))
    players = tuple(
        sorted(
            (PlayerSummary(names[i], tuple(f), qualified_at.get(i)) for i, f in finishes.items()),
            key=lambda p: sort_key(p.player),
        )
    )

    ranking = None
    unranked: tuple[str, ...] = ()
    if points is not None:
        ranked = [p for p in players if p.events_played >= rules.min_events]
        unranked = tuple(p.player for p in players if p.events_played < rules.min_events)
        ranking = _ranking(ranked, points, rules.best)
        if unranked:
            notes.append(ngettext(
                "{n} player with fewer than {least} events is not ranked (see Players)",
                "{n} players with fewer than {least} events are not ranked (see Players)",
                len(unranked)).format(n=len(unranked), least=rules.min_events))

    return SeasonReport(
        spots=spots,
        events=tuple(
            EventSummary(i + 1, ev.name, ev.date, len(ev.places), awarded_per_event[i], spots_per_event[i])
            for i, ev in enumerate(ordered)
        ),
        qualified=tuple(qualified),
        pass_downs=tuple(pass_downs),
        players=players,
        ambiguities=tuple(ambiguities),
        notes=tuple(notes + joined),
        ranking=ranking,
        points=points,
        rules=rules,
        unranked=unranked,
    )


def _award(
    row: list[_Entry], spots: int, earlier: dict[str, str], identity: Callable[[_Entry], str]
) -> tuple[list[_Entry], list[tuple[_Entry, _Entry | None]]]:
    """Spot winners of one event (in standings order) and the pass-down chain as
    (declined, moved up or None) steps."""
    line = iter(row[spots:])
    winners: list[_Entry] = []
    chain: list[tuple[_Entry, _Entry | None]] = []
    for holder in row[:spots]:
        current = holder
        # A nominal holder already qualified declines; the next in line may decline in turn.
        while identity(current) in earlier:
            nxt = next(line, None)
            chain.append((current, nxt))
            if nxt is None:
                break
            current = nxt
        else:
            winners.append(current)
    winners.sort(key=lambda e: (e.place, e.position))
    return winners, chain


def _dropped(results: Sequence[int], best: int | None) -> tuple[int, ...]:
    """Indices of the results that do not count when only the `best` highest do (the
    earlier of equal results counts)."""
    if best is None or len(results) <= best:
        return ()
    kept = sorted(range(len(results)), key=lambda i: (-results[i], i))[:best]
    return tuple(i for i in range(len(results)) if i not in kept)


def _ranking(players: Iterable[PlayerSummary], points: tuple[int, ...], best: int | None = None
             ) -> tuple[RankingEntry, ...]:
    def for_place(place: int) -> int:
        return points[place - 1] if place <= len(points) else 0

    scored = []
    for p in players:
        results = [for_place(f.place) for f in p.finishes]
        dropped = _dropped(results, best)
        total = sum(r for i, r in enumerate(results) if i not in dropped)
        scored.append((total, p.best_place, p, dropped))
    scored.sort(key=lambda t: (-t[0], t[1], sort_key(t[2].player)))
    result: list[RankingEntry] = []
    for index, (total, best_place, p, dropped) in enumerate(scored):
        if index and (total, best_place) == (scored[index - 1][0], scored[index - 1][1]):
            rank = result[-1].rank
        else:
            rank = index + 1
        result.append(
            RankingEntry(rank, p.player, total, best_place,
                         tuple((f.event, for_place(f.place)) for f in p.finishes), dropped)
        )
    return tuple(result)


# ---------------------------------------------------------------------------- rendering


def _places_text(p: PlayerSummary) -> str:
    return ", ".join(f"{f.event}: {f.place}" for f in p.finishes)


def result_text(entry: RankingEntry, index: int) -> str:
    """One result's points in the ranking; in brackets when it does not count (`--best`)."""
    points = entry.points_by_event[index][1]
    return f"({points})" if index in entry.dropped else str(points)


def by_event_text(entry: RankingEntry) -> str:
    """A ranking line's points event by event: 'Köln Open: 8, Bonn Spielt: (3)'."""
    return ", ".join(f"{event}: {result_text(entry, i)}" for i, (event, _p) in enumerate(entry.points_by_event))


def section_rows(report: SeasonReport, section: str) -> tuple[list[str], list[list[object]]]:
    """Header and rows of one report section (`CSV_SECTIONS`), values not yet formatted."""
    if section == "qualified":
        return ["event", "date", "place", "player"], [
            [q.event, q.date, q.place, q.player] for q in report.qualified
        ]
    if section == "pass-downs":
        return ["event", "date", "declined", "place", "qualified_at", "moved_up", "moved_up_place"], [
            [p.event, p.date, p.declined, p.declined_place, p.qualified_at, p.moved_up, p.moved_up_place]
            for p in report.pass_downs
        ]
    if section == "players":
        return ["player", "events", "places", "best", "qualified_at"], [
            [p.player, p.events_played, _places_text(p), p.best_place, p.qualified_at] for p in report.players
        ]
    if section == "ranking":
        if report.ranking is None:
            raise SeasonError(_("there is no ranking in this report; ask for one with --ranking"))
        return ["rank", "player", "points", "best", "by_event"], [
            [r.rank, r.player, r.points, r.best_place, by_event_text(r)] for r in report.ranking
        ]
    raise SeasonError(_("unknown section {section!r}; choose one of {choices}").format(
        section=section, choices=", ".join(CSV_SECTIONS)))


#: The terminal headings of the sections' columns (CSV and JSON keep the keys).
COLUMN_LABELS = {"event": N_("event"), "date": N_("date"), "place": N_("place"), "player": N_("player"),
                 "declined": N_("declined"), "qualified_at": N_("qualified_at"), "moved_up": N_("moved_up"),
                 "moved_up_place": N_("moved_up_place"), "events": N_("events"), "places": N_("places"),
                 "best": N_("best"), "rank": N_("rank"), "points": N_("points"), "by_event": N_("by_event")}


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _text_table(header: list[str], rows: list[list[object]]) -> list[str]:
    cells = [[_cell(v) for v in row] for row in rows]
    numeric = [
        bool(rows) and all(isinstance(row[i], int) or row[i] is None for row in rows) for i in range(len(header))
    ]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(header)]

    def line(values: list[str]) -> str:
        out = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)]
        return "  ".join(out).rstrip()

    return [line(header)] + [line(r) for r in cells]


def ranking_title(report: SeasonReport) -> str:
    """'Ranking (points 10,8,6,5,4,3,2,1)', with the best-results and minimum-events rules."""
    rules = report.rules
    if rules.best is None and rules.min_events == 1:
        return _("Ranking (points {points})").format(points=",".join(map(str, report.points or ())))
    return _("Ranking ({rules})").format(rules=describe_ranking(rules))


def render_table(report: SeasonReport) -> str:
    """The report as aligned text sections for the terminal."""
    out: list[str] = []
    n = len(report.events)
    head = ngettext("Season: {n} event", "Season: {n} events", n).format(n=n)
    if report.spots is not None:
        head += ngettext(", {spots} spot per event", ", {spots} spots per event", report.spots).format(
            spots=report.spots)
    elif report.qualifies:
        head += ", " + describe_spots(report.rules)
    out.append(head)
    out.append("")
    out.append(_("Events (processing order)"))
    if report.rules.spots_by_size:  # each event its own spots: show them beside those awarded
        out += _text_table(
            ["#", _("date"), _("event"), _("players"), _("spots"), _("qualified")],
            [[e.position, e.date, e.name, e.players, e.spots, e.awarded] for e in report.events],
        )
    else:
        out += _text_table(
            ["#", _("date"), _("event"), _("players"), _("qualified")],
            [[e.position, e.date, e.name, e.players, e.awarded if report.qualifies else None]
             for e in report.events],
        )
    sections = []
    if report.qualifies:
        sections += [(_("Qualified"), "qualified"), (_("Pass-downs"), "pass-downs")]
    sections.append((_("Players"), "players"))
    if report.ranking is not None:
        sections.append((ranking_title(report), "ranking"))
    for title, section in sections:
        header, rows = section_rows(report, section)
        out.append("")
        out.append(title)
        out += _text_table([_(COLUMN_LABELS.get(h, h)) for h in header], rows) if rows else [_("(none)")]
    if report.ambiguities:
        out.append("")
        out.append(_("Ambiguous names (not matched across events)"))
        out += [f"- {a.message}" for a in report.ambiguities]
    if report.notes:
        out.append("")
        out.append(_("Notes"))
        out += [f"- {note}" for note in report.notes]
    return "\n".join(out) + "\n"


def render_csv(report: SeasonReport, section: str = "qualified") -> str:
    """One section of the report as CSV (header row first)."""
    header, rows = section_rows(report, section)
    return csv_text(header, ([_cell(v) for v in row] for row in rows))


def _iso(date: datetime.date | None) -> str | None:
    return None if date is None else date.isoformat()


def report_to_dict(report: SeasonReport) -> dict[str, object]:
    """The report as plain JSON-ready data (dates as ISO strings)."""
    rules = report.rules
    data: dict[str, object] = {"spots": report.spots}
    if rules.spots_by_size:
        data["spots_by_size"] = [{"from_players": s.players, "spots": s.spots} for s in rules.spots_by_size]
    data |= {
        "events": [
            {"position": e.position, "event": e.name, "date": _iso(e.date), "players": e.players,
             **({"spots": e.spots} if rules.spots_by_size else {}), "qualified": e.awarded}
            for e in report.events
        ],
        "qualified": [
            {"player": q.player, "event": q.event, "date": _iso(q.date), "place": q.place}
            for q in report.qualified
        ],
        "pass_downs": [
            {"event": p.event, "date": _iso(p.date), "declined": p.declined, "place": p.declined_place,
             "qualified_at": p.qualified_at, "moved_up": p.moved_up, "moved_up_place": p.moved_up_place}
            for p in report.pass_downs
        ],
        "players": [
            {"player": p.player, "events": p.events_played, "best_place": p.best_place,
             "qualified_at": p.qualified_at,
             "places": [{"event": f.event, "date": _iso(f.date), "place": f.place} for f in p.finishes]}
            for p in report.players
        ],
        "ambiguities": [
            {"key": a.key, "message": a.message,
             "clashes": [{"event": e, "names": list(ns)} for e, ns in a.clashes]}
            for a in report.ambiguities
        ],
        "notes": list(report.notes),
    }
    if report.ranking is not None:
        data["points"] = list(report.points or ())
        if rules.best is not None:
            data["best"] = rules.best
        if rules.min_events > 1:
            data["min_events"] = rules.min_events
        data["ranking"] = [
            {"rank": r.rank, "player": r.player, "points": r.points, "best_place": r.best_place,
             "by_event": [{"event": e, "points": pts,
                           **({"counted": i not in r.dropped} if rules.best is not None else {})}
                          for i, (e, pts) in enumerate(r.points_by_event)]}
            for r in report.ranking
        ]
        if rules.min_events > 1:
            data["unranked"] = list(report.unranked)
    return data


def render_json(report: SeasonReport) -> str:
    """The report as a JSON object (`qualified`, `pass_downs`, `players`, ...)."""
    return json.dumps(report_to_dict(report), ensure_ascii=False, indent=2) + "\n"
