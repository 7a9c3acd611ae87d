"""1,000 phones on one event: listening to `/api/stream` (server-sent events) against asking
`/api/stamp` every second, as the pages' script does without a stream (issue 29, item 4).

For each way, `tourney serve` runs as a real process on 127.0.0.1 over an SQLite event file;
1,000 clients (asyncio, this process) open the live page's channel and keep it up; then this
process (another process, as the command line would be) makes an announcement every 2 s, and
each client notes when it first sees it. Prints, side by side: the server's CPU per second
(user + system, from /proc) over the measured window, and the median and p95 delay from a
change's commit to its arrival at a phone, with the phones that never saw it.

    python benchmarks/bench_stream.py [--phones 1000] [--changes 6]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tourney.core.store import Event
from tourney.event import clock

TOURNEY = Path(sys.executable).with_name("tourney")
POLL = 1.0  # what static/live.js waits between two questions without a stream
EVERY = 2.0  # seconds between two changes
TAIL = 3.0  # seconds after the last change before the window closes
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


@dataclass
class Phone:
    """What one client saw: for each change's marker, when it first arrived."""

    seen: dict[str, float] = field(default_factory=dict)
    ready: bool = False
    answers: int = 0  # answers (or events) received while measured

    def look(self, body: bytes, markers: list[str]) -> None:
        now = time.monotonic()
        for m in markers:
            if m not in self.seen and m.encode() in body:
                self.seen[m] = now


async def stream_phone(port: int, phone: Phone, markers: list[str], stop: asyncio.Event) -> None:
    """EventSource: one request, then the chunks of the answer as they come."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /api/stream HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"the stream was refused: {head.splitlines()[0]!r}")
    try:
        while not stop.is_set():
            size = int((await reader.readline()).strip() or b"0", 16)  # chunked transfer
            chunk = await reader.readexactly(size + 2)
            if b"data: " in chunk:
                phone.ready = True
                phone.answers += 1
            phone.look(chunk, markers)
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def polling_phone(port: int, phone: Phone, markers: list[str], stop: asyncio.Event) -> None:
    """live.js without a stream: ask /api/stamp (If-None-Match), wait a second after each answer."""
    await asyncio.sleep(random.random() * POLL)  # phones opened the page at any moment of the second
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    etag = b""
    try:
        while not stop.is_set():
            writer.write(b"GET /api/stamp HTTP/1.1\r\nHost: bench\r\n" +
                         (b"If-None-Match: " + etag + b"\r\n" if etag else b"") + b"\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
                elif name.lower() == b"etag":
                    etag = value.strip()
            body = await reader.readexactly(length) if length else b""
            phone.ready = True
            phone.answers += 1
            phone.look(body, markers)
            await asyncio.sleep(POLL)
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


@dataclass(frozen=True)
class Outcome:
    cpu_per_s: float
    answers_per_s: float
    delays: list[float]
    missed: int


async def measure(event_path: str, port: int, pid: int, phones: int, changes: int,
                  client: Callable[[int, Phone, list[str], asyncio.Event], Coroutine[Any, Any, None]]) -> Outcome:
    stop = asyncio.Event()
    markers: list[str] = []
    crowd = [Phone() for _ in range(phones)]
    tasks = []
    for p in crowd:
        tasks.append(asyncio.ensure_future(client(port, p, markers, stop)))
        await asyncio.sleep(0.001)  # not all in one burst: the listening socket's backlog
    deadline = time.monotonic() + 30
    while not all(p.ready for p in crowd):
        if time.monotonic() > deadline or any(t.done() and t.exception() for t in tasks):
            raise SystemExit(f"only {sum(p.ready for p in crowd)} of {phones} phones connected")
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    event = Event.open(event_path)
    loop = asyncio.get_running_loop()
    made: dict[str, float] = {}
    for p in crowd:
        p.answers = 0
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    for k in range(changes):
        marker = f"bench change #{k:03d}#"
        markers.append(marker)
        await loop.run_in_executor(None, clock.announce, event, marker, "bench")
        made[marker] = time.monotonic()
        await asyncio.sleep(EVERY)
    await asyncio.sleep(TAIL)
    cpu1, t1 = cpu_seconds(pid), time.monotonic()
    answers = sum(p.answers for p in crowd)
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    event.close()
    delays = [p.seen[m] - made[m] for p in crowd for m in markers if m in p.seen]
    missed = sum(m not in p.seen for p in crowd for m in markers)
    return Outcome((cpu1 - cpu0) / (t1 - t0), answers / (t1 - t0), delays, missed)


def run_server(event_path: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen([str(TOURNEY), "serve", event_path, "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stamp", timeout=2):
                return server, port
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def run(work: Coroutine[Any, Any, Outcome]) -> Outcome:
    """The clients on uvloop where it is installed (as the server runs): less of the machine
    goes to the simulated phones."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--changes", type=int, default=5)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a socket per phone, here and in the server
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.phones + 256)), hard))
    random.seed(1)
    with tempfile.TemporaryDirectory() as tmp:
        ev = str(Path(tmp) / "ev.db")
        for cmd in (["new", ev, "--game", "7wonders", "--seed", "1"],
                    ["players", "add", ev, *[f"Player {i}" for i in range(1, 29)]],
                    ["seat", ev, "--publish"]):
            subprocess.run([str(TOURNEY), *cmd], check=True, capture_output=True)
        results: dict[str, Outcome] = {}
        for name, client in (("stream", stream_phone), ("polling", polling_phone)):
            server, port = run_server(ev)
            try:
                results[name] = run(measure(ev, port, server.pid, args.phones, args.changes, client))
            finally:
                server.send_signal(2)
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    raise SystemExit(f"{name}: the server did not stop on Ctrl-C") from None
    load = os.getloadavg()[0]
    print(f"{args.phones} phones on one event (SQLite), {args.changes} announcements {EVERY:.0f} s apart, "
          f"load {load:.1f}, {os.cpu_count()} cores")
    print(f"{'':24}{'stream':>12}{'polling 1/s':>14}")
    s, p = results["stream"], results["polling"]
    print(f"{'server CPU (s per s)':24}{s.cpu_per_s:>12.2f}{p.cpu_per_s:>14.2f}")
    print(f"{'answers received per s':24}{s.answers_per_s:>12.0f}{p.answers_per_s:>14.0f}")
    print(f"{'delay median (s)':24}{statistics.median(s.delays):>12.2f}{statistics.median(p.delays):>14.2f}")
    print(f"{'delay p95 (s)':24}{p95(s.delays):>12.2f}{p95(p.delays):>14.2f}")
    print(f"{'changes never seen':24}{s.missed:>12}{p.missed:>14}")


if __name__ == "__main__":
    main()
