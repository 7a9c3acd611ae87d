"""Everyday commands as a user runs them, against the targets of issue 32 (item 5): each one a
fresh `tourney` process with its bytecode cached, min of 5 runs, for this tree and, side by side,
for an older checkout: --base DIR, or by default the commit before issue 32's work, unpacked
from this repository's history (--base-rev REV; '' for none):

    python benchmarks/bench_commands.py [--base DIR | --base-rev REV] [--runs 5]

Each tree runs its own code (PYTHONPATH=tree, cwd there) on files it made itself with its own
commands: the 7 Wonders demo event, a 4-round event to import 100 tables of 500 new players
into (a copy per run), the same 500 players over 6 rounds (the standings workbook exported,
the last round's 100 score sheets written; no target in issue 32), a 35-player event seated
for round 1 (the 16-page print kit), and two CSVs of 6,719 self-played tables: 200 games
repeated, and 6,719 games each once (as real tables are: the rules engine's caches of seats
and militaries then hit far less). The two trees' runs alternate, so a busy moment hits
both; the load average before and after is printed, since on a shared machine it moves the
figures. A command the baseline can't run shows "-". Not a test: nothing here asserts a time.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench_backends import write_round
from bench_check_cli import write_csv

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
CHECK_TABLES, CHECK_DISTINCT = 6719, 200  # 200 distinct games, reused; and each once (~1 min of self-play)
KIT_PLAYERS = 35  # 7 tables of 5: list by name, seating by table, 7 table cards, 7 pads = 16 pages
IMPORT_PLAYERS = 500  # 100 tables of 5, none registered before the import
EXPORT_ROUNDS = 6  # the export's event: the import's 500 players, 6 rounds of 100 tables


@dataclass
class Tree:
    """A checkout whose `tourney` is run as a user runs it."""

    label: str
    root: Path
    work: Path
    env: dict[str, str]
    broken: set[str] = field(default_factory=set)  # commands it can't run

    def run(self, args: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "from tourney.cli import main; main()", *args],
                              cwd=self.root, env=self.env, capture_output=True, text=True, check=False, timeout=600)

    def setup(self, args: list[str]) -> str:
        done = self.run(args)
        if done.returncode != 0:
            raise RuntimeError(f"{self.label}: tourney {' '.join(args)}: {(done.stderr or done.stdout).strip()[-300:]}")
        return done.stdout


def user_env(root: Path, cache: Path) -> dict[str, str]:
    """The environment of a user's shell: bytecode written and reused (a sandbox's
    PYTHONDONTWRITEBYTECODE removed), kept under `cache` so no checkout gets __pycache__ folders."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    return {**env, "PYTHONPATH": str(root), "PYTHONPYCACHEPREFIX": os.environ.get("PYTHONPYCACHEPREFIX", str(cache))}


def fresh_copy(pristine: Path, target: Path) -> None:
    """`target` as `pristine` was (an SQLite event's -wal and -shm files go too)."""
    for extra in ("", "-wal", "-shm", "-journal"):
        Path(f"{target}{extra}").unlink(missing_ok=True)
    shutil.copyfile(pristine, target)


@dataclass(frozen=True)
class Command:
    label: str
    target: float | None
    args: Callable[[Tree], list[str]]
    prepare: Callable[[Tree], None] = lambda tree: None


def prepare_trees(trees: list[Tree], shared: Path) -> str:
    """Each tree's event files, made with its own commands; the sheets both import and check."""
    names = [f"Spieler {i:03d}" for i in range(IMPORT_PLAYERS)]
    rounds = [shared / f"round{r}-100-tables.csv" for r in range(1, EXPORT_ROUNDS + 1)]
    for r, sheet in enumerate(rounds, 1):
        write_round(sheet, r, names, random.Random(6 + r))  # round 1: the import's sheet, seeded 7 as before
    write_csv(shared / "check-6719.csv", CHECK_TABLES, CHECK_DISTINCT)
    write_csv(shared / "check-6719-distinct.csv", CHECK_TABLES, CHECK_TABLES)
    pages = ""
    for tree in trees:
        w = tree.work
        tree.setup(["demo", "--dir", str(w / "demo"), "--game", "7wonders"])
        tree.setup(["new", str(w / "import.db"), "--game", "7wonders", "--seed", "1", "--rounds", "4"])
        tree.setup(["new", str(w / "export.db"), "--game", "7wonders", "--seed", "1", "--rounds", str(EXPORT_ROUNDS)])
        tree.setup(["results", "import", str(w / "export.db"), *map(str, rounds), "--register"])
        tree.setup(["new", str(w / "kit.db"), "--game", "7wonders", "--seed", "7", "--rounds", "4"])
        tree.setup(["players", "add", str(w / "kit.db"), *[f"Spielerin {i:02d}" for i in range(1, KIT_PLAYERS + 1)]])
        tree.setup(["seat", str(w / "kit.db")])
        out = tree.setup(["print", str(w / "kit.db"), "--round", "1", "--what", "seating,tables,cards,pads", "-o",
                          str(w / "kit-check.pdf")])
        pages = pages or out.strip().rpartition(": ")[2]
    return pages


def commands(shared: Path) -> list[Command]:
    def demo(t: Tree) -> str:
        return str(t.work / "demo" / "bonn-2018.db")

    def gone(name: str) -> Callable[[Tree], None]:
        return lambda t: (t.work / name).unlink(missing_ok=True)  # as a user writes a new file

    return [
        Command("tourney --help", 0.15, lambda t: ["--help"]),
        Command("standings (demo event)", 0.3, lambda t: ["standings", demo(t)]),
        Command("results import: 100 tables, 500 new players", 0.5,
                lambda t: ["results", "import", str(t.work / "run.db"), str(shared / "round1-100-tables.csv"),
                           "--register"],
                lambda t: fresh_copy(t.work / "import.db", t.work / "run.db")),
        Command("print kit: round 1, all parts, 16 pages", 1.2,
                lambda t: ["print", str(t.work / "kit.db"), "--round", "1", "--what", "seating,tables,cards,pads",
                           "-o", str(t.work / "kit.pdf")], gone("kit.pdf")),
        Command("export -o standings.xlsx: 500 players x 6", None,
                lambda t: ["export", str(t.work / "export.db"), "-o", str(t.work / "standings.xlsx")],
                gone("standings.xlsx")),
        Command("sheets -o round6.xlsx: 100 tables", None,
                lambda t: ["sheets", str(t.work / "export.db"), "--round", str(EXPORT_ROUNDS), "-o",
                           str(t.work / "round6.xlsx")], gone("round6.xlsx")),
        Command("stats (demo event)", 1.0, lambda t: ["stats", demo(t)]),
        Command("stats -o stats.pdf (demo event)", 1.0,
                lambda t: ["stats", demo(t), "-o", str(t.work / "stats.pdf")], gone("stats.pdf")),
        Command("season --spots 3 (demo event)", 1.0, lambda t: ["season", demo(t), "--spots", "3"]),
        Command("season --spots 3 -o season.pdf", 1.0,
                lambda t: ["season", demo(t), "--spots", "3", "-o", str(t.work / "season.pdf")], gone("season.pdf")),
        Command("check: a round's sheet, 5 tables (no event)", 0.3,
                lambda t: ["check", str(ROOT / "examples" / "bonn-2018" / "round1.csv")]),
        Command("check: 6,719 tables, 200 games reused", 1.0,
                lambda t: ["check", str(shared / "check-6719.csv")]),
        Command("check: 6,719 tables, each game once", 1.0,
                lambda t: ["check", str(shared / "check-6719-distinct.csv")]),
    ]


def measure(trees: list[Tree], command: Command, runs: int) -> dict[str, float | None]:
    """Min wall time per tree over `runs` runs, after one run that writes the bytecode caches
    (and tells whether the tree can run the command at all)."""
    best: dict[str, float | None] = {}
    outputs: dict[str, str] = {}
    for tree in trees:
        command.prepare(tree)
        done = tree.run(command.args(tree))
        best[tree.label] = float("inf") if done.returncode == 0 else None
        outputs[tree.label] = done.stdout.replace(str(tree.work), "WORK")
    if len({out for label, out in outputs.items() if best[label] is not None}) > 1:
        print(f"   note: {command.label}: the trees print different output")
    for _ in range(runs):
        for tree in trees:
            if best[tree.label] is None:
                continue
            command.prepare(tree)
            start = time.perf_counter()
            tree.run(command.args(tree))
            best[tree.label] = min(best[tree.label] or float("inf"), time.perf_counter() - start)
    return best


#: The commit before issue 32's work: `make bench` runs it beside the current tree.
BASE_REV = "278eb32"


def unpacked(rev: str, into: Path) -> Path | None:
    """The tree of commit `rev` of this repository, unpacked into `into` (git archive: the
    repository itself is not changed); None without a revision, git or the commit."""
    if not rev:
        return None
    into.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=False)
    if archive.returncode != 0:
        print(f"(no baseline: git archive {rev} failed: {archive.stderr.decode(errors='replace').strip()})")
        return None
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="an older checkout to run side by side (its tourney/ folder)")
    parser.add_argument("--base-rev", default=BASE_REV,
                        help=f"without --base: this commit, unpacked from git, runs side by side (default {BASE_REV}, "
                             "the code before issue 32; '' for none)")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--only", default="", help="only the commands whose label contains this text")
    options = parser.parse_args()
    if options.base is not None and not any((options.base / "tourney" / p).is_file()
                                            for p in ("cli.py", "cli/__init__.py")):
        raise SystemExit(f"--base {options.base}: no tourney/cli there; give a checkout of this repository")
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as tmp:
        folder = Path(tmp)
        cache = folder / "pycache"
        base = options.base.resolve() if options.base is not None else unpacked(options.base_rev, folder / "base-tree")
        pairs = [("base", base)] if base is not None else []
        pairs.append(("current", ROOT))
        trees = []
        for label, root in pairs:
            (folder / label).mkdir()
            trees.append(Tree(label, root, folder / label, user_env(root, cache)))
        start = time.perf_counter()
        pages = prepare_trees(trees, folder)
        print(f"set-up in {time.perf_counter() - start:.0f} s (print kit: {pages}); {load()}")
        print(f"min of {options.runs} runs, seconds, each a new process with bytecode cached")
        labels = [t.label for t in trees]
        head = f"{'command':<46}{'target':>8}" + "".join(f"{label:>10}" for label in labels)
        print(head)
        print("-" * len(head))
        for command in [c for c in commands(folder) if options.only in c.label]:
            best = measure(trees, command, options.runs)
            target = f"{command.target:.2f}" if command.target is not None else "-"
            cells = "".join(f"{best[label]:>10.2f}" if best[label] is not None else f"{'-':>10}" for label in labels)
            now = best["current"]
            verdict = "" if command.target is None or now is None else (
                "  ok" if now <= command.target else "  over target")
            print(f"{command.label:<46}{target:>8}{cells}{verdict}", flush=True)
        print(load())


if __name__ == "__main__":
    main()
