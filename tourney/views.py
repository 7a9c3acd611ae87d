"""Text views of event data for the terminal, CSV and JSON (seating lists, pairings)."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tourney.errors import UsageError
from tourney.games.base import Pairings
from tourney.store import Event


def seating_view(event: Event, round_no: int | None, fmt: str) -> str:
    rows = event.seats(round_no)
    records = [{"round": s.round, "table": s.table, "seat": s.seat, "player": s.player, "wonder": s.wonder}
               for s in rows]
    if fmt == "json":
        return json.dumps(records, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=["round", "table", "seat", "player", "wonder"], lineterminator="\n")
        w.writeheader()
        w.writerows(records)
        return buf.getvalue()
    if not rows:
        return "no seating yet: seat a round with 'tourney seat EVENT'\n" if round_no is None else \
            f"round {round_no} is not seated: seat it with 'tourney seat EVENT --round {round_no}'\n"
    width = max(len(s.player) for s in rows)
    out = [f"Round  Table  Seat  {'Player'.ljust(width)}  Wonder"]
    for s in rows:
        out.append(f"{s.round:>5}  {s.table:>5}  {s.seat:>4}  {s.player.ljust(width)}  {s.wonder or ''}".rstrip())
    return "\n".join(out) + "\n"


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
