"""Benchmark: `tourney check` of one CSV with 8,000 tables, end to end (target < 2 s).

The tables are the score sheets of self-played games (3-7 players; 800 distinct games, each
used ten times under other round/table numbers and player names, since self-play itself
takes ~25 ms a game; the environment's TABLES and DISTINCT change both, e.g. TABLES=6719
DISTINCT=200 for bench_commands' file). The CSV has the wonder and side columns and a `guilds in play` column,
like a sheet filled in from the printed pads.

Prints the run as a user sees it (a fresh `tourney` process: start-up, imports and all), the
same command in this process (CliRunner, first run: the command's lazy imports included), and
where the in-process time goes: read (finding the game from the header, reading the file into
rows), group (rows into tables and the checks around the rules engine), check (`check_tables`:
the rules engine on every table, in worker processes too for a big file; `--serial` keeps it in
one process, and the check line then says how much of it is `check_sheet` itself), report (causes
and lines) and the rest (printing). `--profile` adds the top of a profile
(the environment's SORT=tottime and TOP=40 choose its order and length). Times are wall clock,
with the process's CPU time beside them (on a busy machine they differ).
"""
import cProfile
import csv
import io
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from rules_engine.sevenwonders import CATEGORIES
from rules_engine.sevenwonders.replay import play_random
from tourney.event import checking as results
from tourney.cli import cli
from tourney.games.sevenwonders import sheets

TABLES, DISTINCT, TARGET = int(os.environ.get("TABLES", 8000)), int(os.environ.get("DISTINCT", 800)), 2.0


def write_csv(path: Path, tables: int = TABLES, distinct: int = DISTINCT) -> None:
    """`tables` score-sheet tables of `distinct` self-played games (bench_commands uses it too)."""
    games = [play_random(random.Random(f"bench-cli:{i}"), 3 + i % 5) for i in range(distinct)]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["round", "table", "seat", "player", "wonder", "side", *CATEGORIES, "total", "coins",
                    "guilds in play"])
        for k in range(tables):
            g = games[k % distinct]
            rnd, table = k // 1000 + 1, k % 1000 + 1
            for seat, ((wonder, side), sheet) in enumerate(zip(g.wonders, g.sheets), 1):
                w.writerow([rnd, table, seat, f"R{rnd}T{table}S{seat}", wonder, side,
                            *[getattr(sheet, c) for c in CATEGORIES], sheet.total, sheet.coins,
                            "; ".join(g.guilds)])


class Stages:
    """Wall time spent inside a few named functions during one run (a timing wrapper each:
    the functions are looked up by name when the command runs)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self._undo: list[Callable[[], None]] = []

    def time(self, stage: str, owner: Any, name: str) -> None:
        original = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.spent[stage] = self.spent.get(stage, 0.0) + time.perf_counter() - start

        setattr(owner, name, timed)
        self._undo.append(lambda: setattr(owner, name, original))

    def __enter__(self) -> "Stages":
        return self

    def __exit__(self, *exc: object) -> None:
        for undo in reversed(self._undo):
            undo()


def fresh_process(path: Path) -> tuple[float, str]:
    """`tourney check` as a user runs it: a new Python process, best of three. Python writes
    and reuses its bytecode caches on a user's machine; a PYTHONDONTWRITEBYTECODE set in the
    environment (as in some sandboxes and CI images) would make every run compile tourney's
    source again (~0.15 s), so the runs are made without it, after one run that writes them."""
    tourney = Path(sys.executable).with_name("tourney")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    runs: list[float] = []
    for _ in range(4):
        start = time.perf_counter()
        done = subprocess.run([str(tourney), "check", str(path)], capture_output=True, text=True, check=False,
                              env=env)
        runs.append(time.perf_counter() - start)
        if done.returncode != 0:
            print(done.stdout[:2000], done.stderr[:2000])
            raise SystemExit("self-played sheets produced errors: the checks are wrong")
    return min(runs[1:]), done.stdout.splitlines()[-1]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tables.csv"
        start = time.perf_counter()
        write_csv(path)
        print(f"wrote {TABLES:,} tables ({DISTINCT} self-played games) in {time.perf_counter() - start:.1f} s")

        elapsed, last = fresh_process(path)
        print(f"tourney check (new process, best of 3): {TABLES:,} tables in {elapsed:.2f} s (target < {TARGET} s): "
              f"{last}")

        runner = CliRunner()
        import tourney.games.registry as games

        if "--serial" in sys.argv:
            results.PARALLEL_TABLES = sys.maxsize
        with Stages() as stages:
            stages.time("read", games, "sheet_game")
            stages.time("read", sheets, "read_score_file")
            stages.time("check", results, "check_tables")
            stages.time("engine", sheets, "check_sheet")
            stages.time("report", results, "report_lines")
            stages.time("files", results, "check_files")
            start, cpu = time.perf_counter(), time.process_time()
            result = runner.invoke(cli, ["check", str(path)])
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        if result.exit_code != 0:
            print(result.output[:2000])
            raise SystemExit("self-played sheets produced errors: the checks are wrong")
        s = stages.spent
        group = s["files"] - s["read"] - s["check"]
        rest = elapsed - s["files"] - s["report"]
        engine = f" ({s['engine']:.2f} of it in check_sheet)" if "--serial" in sys.argv else ""
        print(f"tourney check (in process): {elapsed:.2f} s (CPU {cpu:.2f} s in this process) = read {s['read']:.2f} "
              f"+ group {group:.2f} + check {s['check']:.2f}{engine} + report {s['report']:.2f} "
              f"+ imports and output {rest:.2f}")
        if "--profile" in sys.argv:
            prof = cProfile.Profile()
            prof.enable()
            runner.invoke(cli, ["check", str(path)])
            prof.disable()
            out = io.StringIO()
            order, top = os.environ.get("SORT", "cumulative"), int(os.environ.get("TOP", "25"))
            pstats.Stats(prof, stream=out).sort_stats(order).print_stats(top)
            print(out.getvalue())


if __name__ == "__main__":
    main()
