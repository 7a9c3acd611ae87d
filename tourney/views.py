"""Text views of event data for the terminal, CSV and JSON (seating lists)."""
from __future__ import annotations

import csv
import io
import json

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
