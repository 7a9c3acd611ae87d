"""Text views of event data for the terminal, CSV and JSON (seating lists, pairings)."""
from __future__ import annotations

from pathlib import Path

from tourney.errors import UsageError
from tourney.games.base import Pairings
from tourney.i18n import _, ngettext
from tourney.output import render_rows
from tourney.store import Event

SEATING_COLUMNS = ("round", "table", "seat", "player", "wonder")
PLAYER_COLUMNS = ("player", "first_round", "dropped_after")


def seating_view(event: Event, round_no: int | None, fmt: str) -> str:
    rows = event.seats(round_no)
    records = [(s.round, s.table, s.seat, s.player, s.wonder) for s in rows]
    if not rows and fmt == "table":
        if round_no is None:
            return _("no seating yet: seat a round with 'tourney seat EVENT'") + "\n"
        return _("round {round} is not seated: seat it with 'tourney seat EVENT --round {round}'").format(
            round=round_no) + "\n"
    return render_rows(SEATING_COLUMNS, records, fmt, labels=(_("Round"), _("Table"), _("Seat"), _("Player"),
                                                              _("Wonder")))


def players_view(event: Event, fmt: str) -> str:
    """Registered players with their first round and drop; the table ends with a count."""
    from tourney.names import printable
    from tourney.players import listing

    # The terminal table in German order (Ä with A); CSV and JSON in registration order.
    ps = listing(event) if fmt == "table" else event.players()
    # Old event files may hold control characters in names: the terminal shows them escaped.
    shown = [printable(p.name) if fmt == "table" else p.name for p in ps]
    text = render_rows(PLAYER_COLUMNS, [(n, p.joined_round, p.dropped_after) for n, p in zip(shown, ps)], fmt,
                       labels=(_("Player"), _("First round"), _("Dropped after")))
    if fmt != "table":
        return text
    active = sum(p.dropped_after is None for p in ps)
    return text + ngettext("{n} player, {active} active", "{n} players, {active} active", len(ps)).format(
        n=len(ps), active=active) + "\n"


def event_pairings(event: Event, command: str) -> Pairings:
    """The pairing commands of the event's game; a usage error for a game seated at tables."""
    from tourney.games import GAMES, workflow

    info = event.info()
    flow = workflow(info.game)
    if flow.pairings is None:
        # A table of 3-7 seats shown as a "pairing" would mislead.
        paired = " or ".join(g.label for g in GAMES.values() if g.pairings is not None)
        raise UsageError(f"{command} is for {paired} events and {info.name!r} is a {flow.label} event: "
                         f"use 'tourney seating EVENT' or 'tourney sheets EVENT --round N'")
    return flow.pairings


def pairings_view(event: Event, round_no: int | None, by: str, fmt: str) -> str:
    """`tourney pairings`: a round's pairings by table or by name."""
    return event_pairings(event, "'pairings'").view(event, round_no, by, fmt)


def write_pairings(event: Event, round_no: int | None, path: str | Path) -> Path:
    """`tourney pairings -o`: the round's pairings and match sheets as a workbook."""
    return event_pairings(event, "'pairings'").write_workbook(event, round_no, path)

