"""Text views of event data for the terminal, CSV and JSON (seating lists, pairings)."""
from __future__ import annotations

from pathlib import Path

from tourney.errors import UsageError
from tourney.games.base import Pairings
from tourney.output import render_rows
from tourney.store import Event

SEATING_COLUMNS = ("round", "table", "seat", "player", "wonder")
PLAYER_COLUMNS = ("player", "first_round", "dropped_after")


def seating_view(event: Event, round_no: int | None, fmt: str) -> str:
    """`tourney seating`: the seating as a table, CSV or JSON; refused for a round whose
    seating is out of date (`tourney.seating.require_current`)."""
    from tourney.seating import require_current

    require_current(event, round_no)
    rows = event.seats(round_no)
    records = [(s.round, s.table, s.seat, s.player, s.wonder) for s in rows]
    if not rows and fmt == "table":
        return "no seating yet: seat a round with 'tourney seat EVENT'\n" if round_no is None else \
            f"round {round_no} is not seated: seat it with 'tourney seat EVENT --round {round_no}'\n"
    return render_rows(SEATING_COLUMNS, records, fmt, labels=("Round", "Table", "Seat", "Player", "Wonder"))


def players_view(event: Event, fmt: str) -> str:
    """Registered players with their first round and drop; the table ends with a count."""
    ps = event.players()
    text = render_rows(PLAYER_COLUMNS, [(p.name, p.joined_round, p.dropped_after) for p in ps], fmt,
                       labels=("Player", "First round", "Dropped after"))
    if fmt != "table":
        return text
    return text + (f"{len(ps)} player{'s' * (len(ps) != 1)}, "
                   f"{sum(p.dropped_after is None for p in ps)} active\n")


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
    from tourney.seating import require_current

    require_current(event, round_no)
    return event_pairings(event, "'pairings'").view(event, round_no, by, fmt)


def write_pairings(event: Event, round_no: int | None, path: str | Path) -> Path:
    """`tourney pairings -o`: the round's pairings and match sheets as a workbook."""
    from tourney.seating import require_current

    require_current(event, round_no)
    return event_pairings(event, "'pairings'").write_workbook(event, round_no, path)

