"""How soon a change made with the command line beside the live server shows on the phones
(issue 27, item 6: an announcement and the clock within 2 s).

Starts `tourney serve` on 127.0.0.1 as a real process, then, a number of times, runs
`tourney announce` (a fresh process, as the organiser types it) while a "phone" asks
`/api/stamp` every second, as the pages' script does, and measures from the command's return
until a phone's answer carries the announcement. The phones start their polling at random
moments of the second, as real ones do. Prints the median and the worst of the runs.

    python benchmarks/bench_live_latency.py [--runs 20]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

TOURNEY = Path(sys.executable).with_name("tourney")
POLL = 1.0  # what static/live.js waits between two questions


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(*args: str) -> None:
    subprocess.run([str(TOURNEY), *args], check=True, capture_output=True, text=True)


def stamp(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url + "/api/stamp", timeout=5) as answer:
        return dict(json.loads(answer.read()))


def seen_after(url: str, text: str, start_offset: float, done: list[float]) -> None:
    """A phone polling every second (from a random moment): when it first sees `text`."""
    time.sleep(start_offset)
    while True:
        if text in json.dumps(stamp(url), ensure_ascii=False):
            done.append(time.monotonic())
            return
        time.sleep(POLL)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--phones", type=int, default=5)
    runs, phones = parser.parse_args().runs, parser.parse_args().phones
    with tempfile.TemporaryDirectory() as tmp:
        ev = str(Path(tmp) / "ev.db")
        run("new", ev, "--game", "7wonders", "--seed", "1")
        run("players", "add", ev, *[f"Player {i}" for i in range(1, 11)])
        run("seat", ev, "--publish")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([str(TOURNEY), "serve", ev, "--host", "127.0.0.1", "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    stamp(url)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            rng = random.Random(1)
            worst: list[float] = []
            every: list[float] = []
            for k in range(runs):
                text = f"Announcement {k}: round {k + 2} starts soon"
                seen: list[float] = []
                threads = [threading.Thread(target=seen_after, args=(url, text, rng.random() * POLL, seen))
                           for _ in range(phones)]
                for t in threads:
                    t.start()
                run("announce", ev, text)
                returned = time.monotonic()
                for t in threads:
                    t.join(timeout=30)
                delays = [max(0.0, s - returned) for s in seen]
                every += delays
                worst.append(max(delays))
        finally:
            server.send_signal(2)
            server.wait(timeout=15)
    load = os.getloadavg()[0]
    print(f"announcement seen by {phones} phones polling every {POLL:.0f} s, {runs} runs (load {load:.1f}): "
          f"median {statistics.median(every):.2f} s, slowest phone per run median "
          f"{statistics.median(worst):.2f} s, worst {max(worst):.2f} s (target 2 s)")


if __name__ == "__main__":
    main()
