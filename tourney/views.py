"""Text views of event data for the terminal, CSV and JSON (seating lists, players)."""
from __future__ import annotations

from tourney.output import render_rows
from tourney.store import Event

SEATING_COLUMNS = ("round", "table", "seat", "player", "wonder")
PLAYER_COLUMNS = ("player", "first_round", "dropped_after")


def seating_view(event: Event, round_no: int | None, fmt: str) -> str:
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
