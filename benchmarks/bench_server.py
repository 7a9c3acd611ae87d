"""The live server under a fair's load: `tourney serve` as a real process on 127.0.0.1, 200
phones polling the standings and seating pages while 4 desks post a 40-table round at once.
Prints p50/p95 latency per page and checks results stored = results posted (aim: p95 < 100 ms).

A phone behaves as the pages' own script (static/live.js) makes a browser behave: it opens the
seating or the standings page, then asks `/api/stamp` every second (after the previous
answer, revalidating with If-None-Match, so mostly 304), and when the stamp moved fetches the
page's live part (X-Fragment) once; now and then (one poll in 15) its owner switches to the
other page. Desks post back to back, as fast as the server answers (a burst far denser than
desks typing paper sheets)."""
from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from tourney.event import live
from tourney.event.setup import create_event
from tourney.event.players import add_players
from tourney.event.seating import seat_rounds
from tourney.core.store import Event, add_desk
from tourney.games.registry import find_game

PHONES = int(os.environ.get("BENCH_PHONES", "200"))
DESKS, TABLES, SEATS = 4, 40, 5


def build(folder: Path) -> tuple[Path, list[str]]:
    path = folder / "bench.db"
    create_event(str(path), game=find_game("7wonders"), scheme="bonn", rounds=4, seed=7, name="bench", date=None)
    event = Event.open(path)
    add_players(event, [f"Spieler {i:03d}" for i in range(TABLES * SEATS)])
    seat_rounds(event, find_game("7wonders"), 1, tables=",".join([str(SEATS)] * TABLES))
    live.publish_round(event, 1, "bench")
    with event.transaction() as conn:
        tokens = [add_desk(conn, f"Desk {i}") for i in range(DESKS)]
    return path, tokens


def sheet(event: Event, table: int) -> list[dict[str, object]]:
    return [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
             "civilian": 10 + s.seat, "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat,
             "coins": 3} for s in event.seats(1) if s.table == table]


PAGES = ("/", "/standings")
POLL = 1.0  # live.js: setTimeout(poll, 1000) after each answer


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Connection:
    """One phone's keep-alive HTTP/1.1 connection. A few lines of asyncio instead of httpx: with
    200 phones httpx's pool costs the measuring process more CPU than the server spends, and on
    a shared 2-core machine that would be measured as server latency."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> Answer:
        # As a browser: a connection the server closed while idle (its keep-alive ran out) is
        # opened anew, and a GET sent on it just as it closed is sent once more on a new one.
        kept = self.reader is not None and self.writer is not None and not self.writer.is_closing() \
            and not self.reader.at_eof()
        if not kept:
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        try:
            return await self._ask(method, path, headers, body)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not kept or method != "GET":
                raise
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            return await self._ask(method, path, headers, body)

    async def _ask(self, method: str, path: str, headers: dict[str, str] | None, body: bytes) -> Answer:
        assert self.reader is not None and self.writer is not None
        head = {"host": f"{self.host}:{self.port}", "content-length": str(len(body)), **(headers or {})}
        self.writer.write(f"{method} {path} HTTP/1.1\r\n".encode()
                          + "".join(f"{k}: {v}\r\n" for k, v in head.items() if v).encode() + b"\r\n" + body)
        status_line, *lines = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        got = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines if line)}
        data = await self.reader.readexactly(int(got.get("content-length", "0")))
        return Answer(int(status_line.split()[1]), got, data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def timed(conn: Connection, label: str, times: dict[str, list[float]], url: str,
                headers: dict[str, str] | None = None) -> Answer:
    start = time.perf_counter()
    answer = await conn.request("GET", url, headers)
    times[label].append(time.perf_counter() - start)
    if answer.status not in (200, 304):
        raise RuntimeError(f"GET {url}: {answer.status}")
    return answer


async def phone(host: str, port: int, index: int, done: asyncio.Event, times: dict[str, list[float]],
                root: str = "") -> None:
    """A phone on the event at `root` ("" or "/e/NAME", several events on one server)."""
    rng = random.Random(index)
    await asyncio.sleep(rng.uniform(0, 2))
    conn = Connection(host, port)
    page = PAGES[index % 2]
    await timed(conn, f"{page} page", times, root + page)
    stamp, etags = None, {}
    try:
        for i in range(200):  # bounded: stops after the desks are done (at least 3 polls)
            if done.is_set() and i >= 3:
                return
            await asyncio.sleep(POLL)
            if rng.randrange(15) == 0:
                page = PAGES[1 - PAGES.index(page)]
                await timed(conn, f"{page} page", times, root + page)
                continue
            asked = await timed(conn, "/api/stamp", times, root + "/api/stamp",
                                {"if-none-match": etags.get("stamp", "")})
            if asked.status == 200:
                etags["stamp"] = asked.headers.get("etag", "")
                new = asked.json()["stamp"]
                if stamp is not None and new != stamp:
                    got = await timed(conn, f"{page} live part", times, root + page,
                                      {"x-fragment": "1", "if-none-match": etags.get(page, "")})
                    etags[page] = got.headers.get("etag", "")
                    new = int(got.headers.get("x-stamp", new))  # the stamp the page shows: older ones are fetched again
                stamp = new
    finally:
        conn.close()


async def desk(host: str, port: int, token: str, tables: list[tuple[int, list[dict[str, object]]]],
               times: dict[str, list[float]]) -> int:
    conn, stored = Connection(host, port), 0
    for table, rows in tables:
        start = time.perf_counter()
        answer = await conn.request("POST", f"/api/rounds/1/tables/{table}/result",
                                    {"authorization": f"Bearer {token}", "content-type": "application/json"},
                                    json.dumps({"rows": rows, "version": None}).encode())
        times["POST result"].append(time.perf_counter() - start)
        stored += answer.status == 201
    conn.close()
    return stored


async def load(port: int, tokens: list[str], sheets: dict[int, list[dict[str, object]]]
               ) -> tuple[dict[str, list[float]], int]:
    times: dict[str, list[float]] = defaultdict(list)
    done = asyncio.Event()
    host = "127.0.0.1"
    phones = [asyncio.create_task(phone(host, port, i, done, times)) for i in range(PHONES)]
    await asyncio.sleep(2)  # every phone is polling before the sheets come in
    shares = [[(t, sheets[t]) for t in sorted(sheets) if t % DESKS == i] for i in range(DESKS)]
    posted = sum(await asyncio.gather(*(desk(host, port, tok, share, times) for tok, share in zip(tokens, shares))))
    done.set()
    await asyncio.gather(*phones)
    return times, posted


def cpu_seconds(pid: int) -> float:
    """CPU time a process used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path, tokens = build(Path(tmp))
        event = Event.open(path)
        sheets = {t: sheet(event, t) for t in range(1, TABLES + 1)}
        port = 8765 + random.randrange(1000)
        # BENCH_PROFILE=out.prof: run the server under cProfile (look with python -m pstats out.prof).
        profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] if os.environ.get("BENCH_PROFILE") else []
        tourney = str(Path(sys.executable).with_name("tourney"))
        proc = subprocess.Popen([sys.executable, *profile, tourney, "serve", str(path), "--host", "127.0.0.1",
                                 "--port", str(port)], stdout=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(url + "/api/stamp", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            start, mine = time.perf_counter(), time.process_time()
            times, posted = asyncio.run(load(port, tokens, sheets))
            wall, mine = time.perf_counter() - start, time.process_time() - mine
            server_cpu = cpu_seconds(proc.pid)
        finally:
            proc.send_signal(2)
            proc.wait(timeout=15)
        stored = len(Event.open(path).results())
    print(f"{PHONES} phones, {DESKS} desks, {TABLES} tables in {wall:.1f} s (CPU: server {server_cpu:.1f} s, "
          f"phones and desks {mine:.1f} s; load average {os.getloadavg()[0]:.1f})")
    for page, values in sorted(times.items()):
        q = statistics.quantiles(values, n=20)
        print(f"  {page:22} {len(values):5} requests  p50 {statistics.median(values) * 1000:6.1f} ms  "
              f"p95 {q[18] * 1000:6.1f} ms")
    print(f"results posted {posted}, stored {stored}: {'ok' if posted == stored == TABLES else 'LOST'}")
    if not posted == stored == TABLES:
        sys.exit(1)


if __name__ == "__main__":
    main()
