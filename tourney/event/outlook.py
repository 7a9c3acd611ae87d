"""Expected placing: the season rating of earlier events stored in an event (`tourney rating
EARLIER… --into EVENT`, one setting), and from it each seated table's strength and each
player's expected place, for `tourney seating --report` and the player's page. The event keeps
the figures themselves, so its pages read no other event file (and a later correction of an
earlier event changes nothing here until the rating is stored again)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.core.errors import EventError
from tourney.core.i18n import N_, _, local_number, ngettext
from tourney.core.output import render_rows
from tourney.event.rating import COLUMN_WORDS, Expected, RatingReport, Skill, TableOutlook, table_outlook
from tourney.event.season import Alias, Aliases

if TYPE_CHECKING:
    from tourney.core import store

#: The event setting holding the stored rating (JSON, `snapshot`).
RATING_SETTING = "rating"
SNAPSHOT_VERSION = 1


def snapshot(report: RatingReport) -> str:
    """The rating as the event stores it: the events it covers, each player's mu and sigma by
    player key, and the alias rows that match a later event's names to those keys."""
    return json.dumps({
        "version": SNAPSHOT_VERSION, "model": "openskill ThurstoneMostellerFull", "game": report.game,
        "events": list(report.events),
        "players": {key: [s.mu, s.sigma] for key, s in sorted(report.skills.items())},
        "aliases": [[a.alias, a.name] for a in report.aliases.entries],
    }, ensure_ascii=False, sort_keys=True)


def store_rating(event: store.Event, report: RatingReport) -> None:
    """Store `report` in `event` (one transaction; replaces a rating stored before)."""
    from tourney.core import store

    with event.transaction() as conn:
        store.set_setting(conn, RATING_SETTING, snapshot(report))


def stored_rating(event: store.Event) -> RatingReport | None:
    """The rating stored in the event (None: none stored)."""
    text = event.setting(RATING_SETTING)
    if text is None:
        return None
    try:
        data = json.loads(text)
        skills = {str(k): Skill(float(mu), float(sigma)) for k, (mu, sigma) in data["players"].items()}
        aliases = Aliases("<stored rating>", tuple(Alias(str(a), str(n), i) for i, (a, n) in
                                                    enumerate(data["aliases"], 2)))
        return RatingReport(tuple(map(str, data["events"])), (), skills, aliases, game=str(data["game"]))
    except (KeyError, TypeError, ValueError):
        raise EventError(_("the rating stored in the event is damaged: store it again with 'tourney rating "
                           "EARLIER… --into EVENT'")) from None


def round_outlook(event: store.Event, rating: RatingReport, round_no: int) -> list[TableOutlook]:
    """Every table of a seated round: its strength and each player's expected place."""
    tables: dict[int, list[tuple[int, str]]] = {}
    for s in event.seats(round_no):
        tables.setdefault(s.table, []).append((s.seat, s.player))
    return [table_outlook(rating, t, [p for _, p in sorted(seats)]) for t, seats in sorted(tables.items())]


def covers(rating: RatingReport) -> str:
    """Which earlier events the figures come from, in one line."""
    n = len(rating.events)
    return ngettext("from the rating of {n} earlier event ({events})",
                    "from the rating of {n} earlier events ({events})", n).format(n=n, events=", ".join(rating.events))


def _expected(e: Expected) -> str:
    return f"{e.player} {local_number(e.place)}"


def outlook_text(event: store.Event, rounds: Sequence[int]) -> str:
    """`tourney seating --report`'s part: per seated round and table the strength and every
    player's expected place (seat order); empty when the event has no stored rating."""
    rating = stored_rating(event)
    if rating is None:
        return ""
    rows = [(r, o.table, o.strength, ", ".join(_expected(e) for e in o.players))
            for r in rounds for o in round_outlook(event, rating, r)]
    labels = [_("round"), _("table"), _(COLUMN_WORDS["strength"]), _(EXPECTED_HEADING)]
    return "\n".join([
        _("Expected places {covers}").format(covers=covers(rating)),
        render_rows(("round", "table", "strength", "expected"), rows, "table", labels).rstrip("\n"),
        _("note: table strength = the mean rating (mu - 3 sigma) of its players; a player without a rating counts "
          "as new (rating 0); expected place = 1 + each other player's chance to finish ahead"),
    ])


EXPECTED_HEADING = N_("expected places (seat order)")


def player_outlook(event: store.Event, player: str, rounds: Sequence[int]) -> list[str]:
    """The player's page: a line naming the rating's events, then for each of `rounds` the
    player is seated in the table's strength and the player's expected place (no lines
    without a stored rating)."""
    rating = stored_rating(event)
    if rating is None:
        return []
    out = []
    for r in rounds:
        for o in round_outlook(event, rating, r):
            me = next((e for e in o.players if e.player == player), None)
            if me is not None:
                out.append(_("round {round}, table {table}: expected place {place} of {n} (table strength "
                             "{strength})").format(round=r, table=o.table, place=local_number(me.place),
                                                   n=len(o.players), strength=local_number(o.strength)))
    return [_("Expected places {covers}").format(covers=covers(rating)), *out] if out else []
