"""Regenerate the score sheets of the README's event-day walk (examples/event-day/).

The walk seats each round with the tool from a fixed seed, so the seating is known in advance;
this script runs the same steps and writes, for each round, the sheets the tables hand back:
rule-consistent results from the seeded table generator (guild points left out, because the
generator does not know the guilds drawn for the round; the wonder column left empty, so the
drawn wonder is stored). `round1-fix.csv` is table 2 of round 1 again with three more coins
for its seat-1 player, the correction the walk imports. Run:
    .venv/bin/python examples/event-day/generate.py
"""
from __future__ import annotations

import csv
import tempfile
from pathlib import Path

from rules_engine.sevenwonders.sample import random_table
from tourney.event.setup import create_event
from tourney.event.players import add_players, drop_player, read_roster
from tourney.event.importing import import_results
from tourney.event.seating import seat_rounds
from tourney.core.store import Event
from tourney.games.registry import workflow

W7 = workflow("7wonders")

HERE = Path(__file__).resolve().parent
HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders", "civilian",
          "commercial", "guilds", "science", "total", "coins"]
SEED = 2026  # the walk's `tourney new --seed`


def sheet_rows(event: Event, round_no: int) -> list[list[object]]:
    tables: dict[int, list[str]] = {}
    for s in event.seats(round_no):
        tables.setdefault(s.table, []).append(s.player)
    rows: list[list[object]] = []
    for t, players in sorted(tables.items()):
        result = random_table(1000 * round_no + t, len(players))
        for seat, (name, p) in enumerate(zip(players, result.players), 1):
            rows.append([round_no, t, seat, name, "", "", p.military, p.treasury, p.wonders, p.civilian,
                         p.commercial, 0, p.science, p.total - p.guilds, p.coins])
    return rows


def write(path: Path, rows: list[list[object]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        w.writerows(rows)
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cup.db"
        create_event(str(db), game=W7, scheme="bonn", rounds=3, seed=SEED, name="Herbst-Cup",
                     date="2026-11-28")
        event = Event.open(db)
        add_players(event, read_roster(HERE / "players.csv"))
        seat_rounds(event, W7)
        round1 = sheet_rows(event, 1)
        import_results(event, W7, [write(HERE / "round1.csv", round1)])
        add_players(event, ["Zoë Kästner"])
        drop_player(event, "Ole Thießen")
        seat_rounds(event, W7)
        import_results(event, W7, [write(HERE / "round2.csv", sheet_rows(event, 2))])
        fix = [list(r) for r in round1 if r[1] == 2]
        fix[0][14] = int(str(fix[0][14])) + 3   # coins
        fix[0][7] = int(str(fix[0][7])) + 1     # treasury: one more point for three more coins
        fix[0][13] = int(str(fix[0][13])) + 1   # total
        write(HERE / "round1-fix.csv", fix)
        seat_rounds(event, W7)
        write(HERE / "round3.csv", sheet_rows(event, 3))


if __name__ == "__main__":
    main()
