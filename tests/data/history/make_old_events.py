"""Writes old-events/*.db: event files whose history an older tourney (schema version 2, before
the log was stored as data) wrote as English sentences, one of each kind it wrote. Run once
with that tourney (`git show 89657ab`), from this folder:

    LOGNAME=org TZ=UTC python make_old_events.py

The files are committed; tests/event/test_history_legacy.py reads them with today's tourney."""
from __future__ import annotations

import csv
import os
import sys
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.core.store import Event
from tourney.event.players import player_codes
from tourney.event.reports import confirm_report, discard_report, report_sheet
from tourney.games.registry import find_game

HERE = Path(__file__).resolve().parent
HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders",
          "civilian", "commercial", "guilds", "science", "total", "coins"]
NAMES = ("Anna", "Ben", "Carla", "Dirk", "Eva", "Finn", "Greta", "Hugo")


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output)
    return result.output


def sheet(path: Path, rows: list[list[object]]) -> str:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        w.writerows(rows)
    return str(path)


def row(r: int, t: int, seat: int, name: str, civilian: int) -> list[object]:
    return [r, t, seat, name, "", "", 0, 1, 3, civilian, 0, 0, 0, 4 + civilian, 3]


def seven_wonders(path: Path) -> None:
    ev = str(path)
    run("new", ev, "--game", "7wonders", "--seed", "4242", "--rounds", "3", "--name", "Old Cup")
    run("event", ev, "--date", "2018-03-18", "--check-in", "on", "--self-report", "on")
    run("players", "add", ev, *NAMES, "Zed")
    run("players", "remove", ev, "Zed")
    run("players", "codes", ev)
    run("players", "checkin", ev, *NAMES)
    run("seat", ev, "--round", "1")
    run("publish", ev, "--round", "1")
    run("publish", ev, "--round", "1", "--unpublish")
    run("publish", ev, "--round", "1")
    run("sheets", ev, "--round", "1", "-o", str(path.with_name("r1.xlsx")))
    run("clock", ev, "start", "50")
    run("clock", ev, "add", "5")
    run("clock", ev, "add", "-1")
    run("clock", ev, "pause")
    run("clock", ev, "resume")
    run("clock", ev, "stop")
    run("announce", ev, "Lunch at 13:00")
    run("announce", ev, "--clear")
    run("desk", "add", ev, "Front")
    run("desk", "add", ev, "Boss", "--organiser")
    run("desk", "remove", ev, "Front")
    seating = Event.open(ev).seats(1)
    tables: dict[int, list[str]] = {}
    for s in seating:
        tables.setdefault(s.table, []).append(s.player)
    rows = [row(1, t, i, name, 10 + i) for t, names in tables.items() for i, name in enumerate(names, 1)
            if t == 1]
    run("results", "import", ev, sheet(path.with_name("r1.csv"), rows), "--by", "Ben")
    rows[0] = row(1, 1, 1, rows[0][3], 20)  # type: ignore[arg-type]
    run("results", "import", ev, sheet(path.with_name("fix.csv"), rows), "--correct", "--reason", "misread",
        "--by", "Ben")
    # Table 2 reported by its players: a report discarded, then one every player confirms.
    event, game = Event.open(ev), find_game("7wonders")
    codes = {p: c for p, c in player_codes(event)}
    two = tables[2]
    rows2 = [dict(zip(HEADER, row(1, 2, i, name, 10 + i))) for i, name in enumerate(two, 1)]
    first = report_sheet(event, game, 1, 2, two[0], codes[two[0]], rows2).report
    discard_report(event, 1, 2, first, "desk Boss")
    rid = report_sheet(event, game, 1, 2, two[0], codes[two[0]], rows2).report
    for name in two[1:]:
        confirm_report(event, game, 1, 2, name, codes[name], rid, True)
    event.close()
    run("players", "rename", ev, "Hugo", "Hugo Berg")
    run("players", "drop", ev, "Greta")
    run("players", "add", ev, "Greta")
    run("seat", ev, "--round", "2")
    run("event", ev, "--lang", "de", "--cut", "4")
    run("event", ev, "--reveal-seed")


def duel(path: Path) -> None:
    ev = str(path)
    run("new", ev, "--game", "duel", "--seed", "77", "--rounds", "3", "--bye-score", "1")
    run("players", "add", ev, "Anna", "Ben", "Carla", "Dirk", "Eva")
    run("seat", ev, "--round", "1")
    run("sheets", ev, "--round", "1", "-o", str(path.with_name("duel-r1.xlsx")))


if __name__ == "__main__":
    out = HERE / "old-events"
    out.mkdir(exist_ok=True)
    os.chdir(out)
    for make, name in ((seven_wonders, "sevenwonders.db"), (duel, "duel.db")):
        (out / name).unlink(missing_ok=True)
        make(out / name)
    for leftover in out.glob("*"):
        if leftover.suffix != ".db":
            leftover.unlink()
    for name in ("sevenwonders.db", "duel.db"):
        sys.stdout.write(run("results", "history", str(out / name)))
