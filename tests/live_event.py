"""A 7 Wonders event from the bundled Bonn 2018 roster, seated by the tool, for the live-server
tests; and the live server started as a real process on 127.0.0.1."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tourney.event.setup import create_event
from tourney.event.players import add_players, read_roster
from tourney.event.seating import seat_rounds
from tourney.core.store import Event, add_desk
from tourney.games.registry import find_game

ROOT = Path(__file__).resolve().parent.parent
#: The browser tests' Chromium (the operating system's) and the phone-sized viewport the player
#: pages are made for (the `browser` fixture is in conftest.py).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 740}
ROSTER = ROOT / "examples" / "bonn-2018" / "players.csv"
SEED = 20180318


@dataclass(frozen=True)
class LiveEvent:
    path: Path | str  # the event file, or a PostgreSQL event's URL
    organiser: str  # token of the organiser desk "Org"
    desk_a: str     # token of desk "A"
    desk_b: str     # token of desk "B"


def build_event(folder: Path, *, extra_players: tuple[str, ...] = (), seated: bool = True,
                at: str | None = None) -> LiveEvent:
    """23 players (+ extras) of Bonn 2018, round 1 seated (unless not `seated`), three desks; in
    `folder`/live.db, or `at` (another file or a PostgreSQL event URL)."""
    path: Path | str = at or folder / "live.db"
    create_event(str(path), game=find_game("7wonders"), scheme="bonn", rounds=4, seed=SEED, name="Bonn Spielt live",
                 date="2018-03-18")
    event = Event.open(path)
    add_players(event, read_roster(ROSTER) + list(extra_players))
    if seated:
        seat_rounds(event, find_game("7wonders"), 1)
    with event.transaction() as conn:
        tokens = [add_desk(conn, "Org", organiser=True), add_desk(conn, "A"), add_desk(conn, "B")]
    event.close()
    return LiveEvent(path, *tokens)


def table_rows(event_path: Path | str, round_no: int, table: int, *, bump: int = 0) -> list[dict[str, object]]:
    """A valid sheet for the seated table (every player's categories add up to the total)."""
    event = Event.open(event_path)
    seats = [s for s in event.seats(round_no) if s.table == table]
    event.close()
    rows: list[dict[str, object]] = []
    for s in seats:
        civilian = 10 + s.seat + bump
        rows.append({"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3,
                     "civilian": civilian, "commercial": 0, "guilds": 0, "science": 0,
                     "total": 4 + civilian, "coins": 3})
    return rows


@dataclass(frozen=True)
class Reported:
    """Round 1, table 1 of a live event with self-reporting on, reported by its first player."""

    path: Path | str
    event: Event
    codes: dict[str, str]  # every player's personal code
    players: list[str]  # the table's, by seat
    report: int


def report_table(folder: Path) -> Reported:
    """`self_reporting`'s event with its table 1 reported by its first player, every other one
    still to answer."""
    from tourney.event.reports import report_sheet

    ev, codes = self_reporting(folder)
    event, game = Event.open(ev.path), find_game("7wonders")
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    rid = report_sheet(event, game, 1, 1, players[0], codes[players[0]], rows).report
    return Reported(ev.path, event, codes, players, rid)


def type_sheet(page, rows) -> None:
    """Type the rows into the pad-shaped form of a page (Playwright): a column per player (by
    seat), a row per category."""
    for row in rows:
        for key in ("military", "treasury", "wonders", "civilian", "commercial", "guilds", "science", "total",
                    "coins"):
            page.fill(f"input[name={key}][data-seat='{row['seat']}']", str(row[key]))


def post_json(url: str, body: object, token: str | None = None) -> tuple[int, object]:
    """POST `body` as JSON (with a desk's token, if given): the status and the JSON answer
    (refusals too)."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`tourney serve EVENT --host 127.0.0.1 --port P` as a real process (ready once `ready`
    answers: several events have no /api/stamp of their own at the root)."""

    def __init__(self, event_path: Path | str, *extra: str, ready: str = "/api/stamp",
                 port: int | None = None, open_files: tuple[int, int] | None = None,
                 command: tuple[str, ...] = ("serve",)) -> None:
        tourney = Path(sys.executable).with_name("tourney")

        def limited() -> None:  # the server started as on a laptop that allows `open_files` (soft, hard)
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, open_files)

        # The free port found may be taken by another program (tests run in parallel on a shared
        # machine) before the server binds it: then it is started again on another one.
        for attempt in range(5):
            self.port = port or free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self.proc = subprocess.Popen([str(tourney), *command, str(event_path), "--host", "127.0.0.1", "--port",
                                          str(self.port), *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                         preexec_fn=limited if open_files else None)
            deadline = time.monotonic() + 120  # a bound for a busy machine: the loop ends once it answers
            while True:
                try:
                    with urllib.request.urlopen(self.url + ready, timeout=10):
                        pass
                except OSError:
                    if self.proc.poll() is None and time.monotonic() <= deadline:
                        time.sleep(0.1)
                        continue
                else:
                    if self.proc.poll() is None:  # ours answered, not another program on the port
                        return
                out = self.stop()
                if port is None and attempt < 4 and "address already in use" in out.lower():
                    break
                raise RuntimeError(f"the server did not start:\n{out}") from None

    def stop(self) -> str:
        """Ctrl-C (SIGINT), as the organiser stops it; returns everything it printed."""
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(timeout=60)  # it stops at once; a busy machine may take its time
            except subprocess.TimeoutExpired:
                self.proc.kill()
        out, _ = self.proc.communicate()
        return out


def log_in(page, server: Server, token: str):
    """Log the browser page in as the desk (or organiser) of `token`, as a volunteer does: the
    login form, then the desk's start page. Returns the page."""
    page.goto(server.url + "/desk/login")
    page.fill("input[name=token]", token)
    page.click("button[type=submit]")
    page.wait_for_url(server.url + "/desk")
    return page


def desk_page(browser, server: Server, token: str):
    """A desk's browser page (Playwright) at laptop size, logged in with `token`."""
    return log_in(browser.new_page(viewport={"width": 1100, "height": 800}), server, token)


def desk_table_page(browser, server: Server, token: str, table: int, *, round_no: int = 1):
    """A desk's browser page (Playwright), logged in with `token`, on the form of one table."""
    page = desk_page(browser, server, token)
    page.goto(server.url + f"/desk/rounds/{round_no}/tables/{table}")
    page.wait_for_selector("#findinglist li")
    return page


def self_reporting(folder: Path, *, tables: str | None = None,
                   extra_players: tuple[str, ...] = ()) -> tuple[LiveEvent, dict[str, str]]:
    """`build_event` (with `extra_players`) with players reporting their tables and round 1
    published (seated as the table plan `tables`, when given): the event and every player's code."""
    from tourney.event import live
    from tourney.event.players import player_codes
    from tourney.event.setup import update_event

    ev = build_event(folder, seated=tables is None, extra_players=extra_players)
    event = Event.open(ev.path)
    game = find_game("7wonders")
    if tables is not None:
        seat_rounds(event, game, 1, tables=tables)
    update_event(event, self_report=True, game=game)
    live.publish_round(event, 1, "test")
    codes = dict(player_codes(event))
    event.close()
    return ev, codes
