"""Benchmark: `tourney check` of one CSV with 8,000 tables, end to end in-process (target < 2 s).

The tables are the score sheets of self-played games (3-7 players; 800 distinct games, each
used ten times under other round/table numbers and player names, since self-play itself
takes ~25 ms a game). The CSV has the wonder and side columns and a `guilds in play` column,
like a sheet filled in from the printed pads. Prints the time and the top of a profile.
"""
import cProfile
import csv
import io
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from rules_engine.sevenwonders import CATEGORIES
from rules_engine.sevenwonders.replay import play_random
from tourney.cli import cli

TABLES, DISTINCT, TARGET = 8000, 800, 2.0


def write_csv(path: Path) -> None:
    games = [play_random(random.Random(f"bench-cli:{i}"), 3 + i % 5) for i in range(DISTINCT)]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["round", "table", "seat", "player", "wonder", "side", *CATEGORIES, "total", "coins",
                    "guilds in play"])
        for k in range(TABLES):
            g = games[k % DISTINCT]
            rnd, table = k // 1000 + 1, k % 1000 + 1
            for seat, ((wonder, side), sheet) in enumerate(zip(g.wonders, g.sheets), 1):
                w.writerow([rnd, table, seat, f"R{rnd}T{table}S{seat}", wonder, side,
                            *[getattr(sheet, c) for c in CATEGORIES], sheet.total, sheet.coins,
                            "; ".join(g.guilds)])


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tables.csv"
        start = time.perf_counter()
        write_csv(path)
        print(f"wrote {TABLES:,} tables ({DISTINCT} self-played games) in {time.perf_counter() - start:.1f} s")
        runner = CliRunner()
        start = time.perf_counter()
        result = runner.invoke(cli, ["check", str(path)])
        elapsed = time.perf_counter() - start
        print(f"tourney check: {TABLES:,} tables in {elapsed:.2f} s (target < {TARGET} s), exit "
              f"{result.exit_code}: {result.output.splitlines()[-1]}")
        if result.exit_code != 0:
            print(result.output[:2000])
            raise SystemExit("self-played sheets produced errors: the checks are wrong")
        if "--profile" in sys.argv:
            prof = cProfile.Profile()
            prof.enable()
            runner.invoke(cli, ["check", str(path)])
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(25)
            print(out.getvalue())


if __name__ == "__main__":
    main()
