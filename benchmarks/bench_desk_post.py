"""A desk's POST of one table's sheet as the event grows: `tourney serve` as a real process on
127.0.0.1, one desk posting a 100-table round back to back, in round 1 (nothing stored yet)
and in round 6 (500 tables stored before). Prints p50/p95 per round (aim: p95 <= 15 ms, and
round 6 as fast as round 1). Reuses bench_server's connection and server start."""
from __future__ import annotations

import asyncio
import csv
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench_server import Connection

from tourney.event import live
from tourney.event.setup import create_event
from tourney.event.players import add_players
from tourney.event.importing import import_results
from tourney.event.seating import seat_rounds
from tourney.core.store import Event, add_desk
from tourney.games.registry import workflow

W7 = workflow("7wonders")

TABLES, SEATS, ROUNDS = 100, 5, 6
#: Measured before the desk read its rows in memory and its one table (main @a78c948, a shared
#: 2-core machine, load average 1.6): (p50, p95) in ms per round measured.
BEFORE = {1: (45.8, 56.0), 6: (206.5, 261.9)}
COLUMNS = ("round", "table", "seat", "player", "military", "treasury", "wonders", "civilian", "commercial", "guilds",
           "science", "total", "coins")


def sheet(event: Event, round_no: int, table: int) -> list[dict[str, object]]:
    """A valid sheet for the seated table (as bench_server's, for any round)."""
    return [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
             "civilian": 10 + s.seat, "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat,
             "coins": 3} for s in event.seats(round_no) if s.table == table]


def build(folder: Path, measured: int) -> tuple[Path, str]:
    """The event with rounds before `measured` stored (one file import each, as an organiser
    would) and round `measured` seated and published; a desk's token."""
    path = folder / f"round{measured}.db"
    create_event(str(path), game=W7, scheme="bonn", rounds=ROUNDS, seed=7, name="bench", date=None)
    event = Event.open(path)
    add_players(event, [f"Spieler {i:03d}" for i in range(TABLES * SEATS)])
    for r in range(1, measured + 1):
        seat_rounds(event, W7, r, tables=",".join([str(SEATS)] * TABLES))
        if r == measured:
            break
        sheet_file = folder / f"round{r}.csv"
        with sheet_file.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(COLUMNS)
            for t in range(1, TABLES + 1):
                for row in sheet(event, r, t):
                    w.writerow([{**row, "round": r, "table": t}[c] for c in COLUMNS])
        import_results(event, W7, [sheet_file])
    live.publish_round(event, measured, "bench")
    with event.transaction() as conn:
        token = add_desk(conn, "Desk")
    event.close()
    return path, token


async def post_round(port: int, token: str, round_no: int, sheets: dict[int, list[dict[str, object]]]
                     ) -> tuple[list[float], int]:
    conn, times, stored = Connection("127.0.0.1", port), [], 0
    for table, rows in sorted(sheets.items()):
        start = time.perf_counter()
        answer = await conn.request("POST", f"/api/rounds/{round_no}/tables/{table}/result",
                                    {"authorization": f"Bearer {token}", "content-type": "application/json"},
                                    json.dumps({"rows": rows, "version": None}).encode())
        times.append(time.perf_counter() - start)
        stored += answer.status == 201
    conn.close()
    return times, stored


def measure(folder: Path, round_no: int) -> tuple[list[float], int]:
    path, token = build(folder, round_no)
    event = Event.open(path)
    sheets = {t: sheet(event, round_no, t) for t in range(1, TABLES + 1)}
    event.close()
    port = 8765 + random.randrange(1000)
    tourney = str(Path(sys.executable).with_name("tourney"))
    proc = subprocess.Popen([sys.executable, tourney, "serve", str(path), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stamp", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        return asyncio.run(post_round(port, token, round_no, sheets))
    finally:
        proc.send_signal(2)
        proc.wait(timeout=15)


def main() -> None:
    print(f"a desk posts {TABLES} tables of {SEATS} back to back (load average {os.getloadavg()[0]:.1f})")
    ok = True
    for round_no in (1, ROUNDS):
        with tempfile.TemporaryDirectory() as tmp:
            times, stored = measure(Path(tmp), round_no)
        q = statistics.quantiles(times, n=20)
        was = BEFORE[round_no]
        print(f"  round {round_no} ({(round_no - 1) * TABLES:3} tables stored before)  p50 "
              f"{statistics.median(times) * 1000:6.1f} ms  p95 {q[18] * 1000:6.1f} ms  (before: p50 {was[0]:.1f} ms, "
              f"p95 {was[1]:.1f} ms)  stored {stored}/{TABLES}")
        ok &= stored == TABLES
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
