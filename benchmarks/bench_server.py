"""The live server under a fair's load: `tourney serve` as a real process on 127.0.0.1, 200
phones polling the standings and seating pages while 4 desks post a 40-table round at once.
Prints p50/p95 latency per page and checks results stored = results posted (aim: p95 < 100 ms)."""
from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path

import httpx

from tourney import live
from tourney.events import create_event
from tourney.players import add_players
from tourney.seating import seat_rounds
from tourney.store import Event, add_desk

PHONES = int(os.environ.get("BENCH_PHONES", "200"))
DESKS, TABLES, SEATS = 4, 40, 5


def build(folder: Path) -> tuple[Path, list[str]]:
    path = folder / "bench.db"
    create_event(str(path), game="7wonders", scheme="bonn", rounds=4, seed=7, name="bench", date=None)
    event = Event.open(path)
    add_players(event, [f"Spieler {i:03d}" for i in range(TABLES * SEATS)])
    seat_rounds(event, 1, tables=",".join([str(SEATS)] * TABLES))
    live.publish_round(event, 1, "bench")
    with event.transaction() as conn:
        tokens = [add_desk(conn, f"Desk {i}") for i in range(DESKS)]
    return path, tokens


def sheet(event: Event, table: int) -> list[dict[str, object]]:
    return [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
             "civilian": 10 + s.seat, "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat,
             "coins": 3} for s in event.seats(1) if s.table == table]


async def phone(client: httpx.AsyncClient, done: asyncio.Event, times: dict[str, list[float]]) -> None:
    rng = random.Random()
    await asyncio.sleep(rng.uniform(0, 2))
    for i in range(100):  # bounded: stops after the desks are done (at least 3 polls)
        if done.is_set() and i >= 3:
            return
        for page in ("/standings", "/"):
            start = time.perf_counter()
            response = await client.get(page)
            times[page].append(time.perf_counter() - start)
            response.raise_for_status()
        await asyncio.sleep(rng.uniform(1.5, 2.5))


async def desk(client: httpx.AsyncClient, token: str, tables: list[tuple[int, list[dict[str, object]]]],
               times: dict[str, list[float]]) -> int:
    stored = 0
    for table, rows in tables:
        start = time.perf_counter()
        response = await client.post(f"/api/rounds/1/tables/{table}/result", json={"rows": rows, "version": None},
                                      headers={"Authorization": f"Bearer {token}"})
        times["POST result"].append(time.perf_counter() - start)
        stored += response.status_code == 201
    return stored


async def load(url: str, tokens: list[str], sheets: dict[int, list[dict[str, object]]]) -> tuple[dict, int]:
    times: dict[str, list[float]] = defaultdict(list)
    done = asyncio.Event()
    limits = httpx.Limits(max_connections=PHONES + DESKS)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        phones = [asyncio.create_task(phone(client, done, times)) for _ in range(PHONES)]
        await asyncio.sleep(2)  # every phone is polling before the sheets come in
        shares = [[(t, sheets[t]) for t in sorted(sheets) if t % DESKS == i] for i in range(DESKS)]
        posted = sum(await asyncio.gather(*(desk(client, tok, share, times) for tok, share in zip(tokens, shares))))
        done.set()
        await asyncio.gather(*phones)
    return times, posted


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path, tokens = build(Path(tmp))
        event = Event.open(path)
        sheets = {t: sheet(event, t) for t in range(1, TABLES + 1)}
        port = 8765 + random.randrange(1000)
        proc = subprocess.Popen([str(Path(sys.executable).with_name("tourney")), "serve", str(path), "--host",
                                 "127.0.0.1", "--port", str(port)], stdout=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(url + "/api/stamp", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            start = time.perf_counter()
            times, posted = asyncio.run(load(url, tokens, sheets))
            wall = time.perf_counter() - start
        finally:
            proc.send_signal(2)
            proc.wait(timeout=15)
        stored = len(Event.open(path).results())
    print(f"{PHONES} phones, {DESKS} desks, {TABLES} tables in {wall:.1f} s")
    for page, values in sorted(times.items()):
        q = statistics.quantiles(values, n=20)
        print(f"  {page:12} {len(values):5} requests  p50 {statistics.median(values) * 1000:6.1f} ms  "
              f"p95 {q[18] * 1000:6.1f} ms")
    print(f"results posted {posted}, stored {stored}: {'ok' if posted == stored == TABLES else 'LOST'}")
    if not posted == stored == TABLES:
        sys.exit(1)


if __name__ == "__main__":
    main()
