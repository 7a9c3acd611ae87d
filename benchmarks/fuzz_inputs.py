"""Offline fuzz run (not part of `make test`): 2,000+ broken score sheets, rosters and game
records, each run through the CLI commands that take it (`check`, `results import`, `players
import`, `verify`) with a 30 s limit per run, classified as refused cleanly, accepted rightly,
accepted wrongly, refused wrongly, crash or hang (see tests/fuzzkit.py for the oracle).

    .venv/bin/python benchmarks/fuzz_inputs.py [--inputs 2400] [--seed 1] [--workers 2] [--sample 40]

Runs happen in worker processes (in-process CLI, memory capped at 3 GB, 30 s alarm); every
`--sample`-th input also runs as a real `tourney` subprocess, whose exit code and stderr must
agree. Prints the outcome table and the first examples of every bad outcome."""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzkit  # the fuzz kit lives beside the tests that use it too
from fuzzkit import Events, Outcome, Ran

LIMIT_S = 30
MEMORY = 3 * 2**30
TOURNEY = Path(sys.executable).parent / "tourney"
_state: dict[str, object] = {}


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def in_process(args: Sequence[str], folder: Path) -> Ran:
    from click.testing import CliRunner

    from tourney.cli import cli

    os.chdir(folder)
    signal.alarm(LIMIT_S)
    try:
        result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
        return Ran(result.exit_code, result.output)
    except Hang:
        return Ran(-9, "[hang]")
    except SystemExit as exc:
        return Ran(exc.code if isinstance(exc.code, int) else 1, "")
    except BaseException:  # noqa: BLE001 - a crash: the traceback is the evidence
        return Ran(99, traceback.format_exc())
    finally:
        signal.alarm(0)


def subprocess_run(args: Sequence[str], folder: Path) -> Ran:
    try:
        done = subprocess.run([str(TOURNEY), *args], cwd=folder, capture_output=True, text=True, timeout=LIMIT_S,
                              check=False, errors="replace")
    except subprocess.TimeoutExpired:
        return Ran(-9, "[hang]")
    return Ran(done.returncode, done.stdout + done.stderr)


def _init() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    signal.signal(signal.SIGALRM, _alarm)
    base = Path(tempfile.mkdtemp(prefix="fuzz-"))
    _state["base"] = base
    _state["events"] = Events.build(base / "events", in_process)
    _state["goldens"] = {p: in_process(["verify", str(p)], base).code == 0 for p in fuzzkit.record_files()}


def _bases() -> dict[str, fuzzkit.Sheet]:
    return {"7w": fuzzkit.seven_sheet(2), "duel": fuzzkit.duel_sheet(), "roster": fuzzkit.roster_sheet()}


def run_one(task: tuple[int, str, int, bool]) -> list[tuple[str, str, Outcome, str]]:
    """One input (kind, seed) through every command that takes it: (kind, command, outcome, note)."""
    index, kind, seed, sample = task
    rng = random.Random(seed)
    base: Path = _state["base"]  # type: ignore[assignment]
    events: Events = _state["events"]  # type: ignore[assignment]
    folder = base / f"case{index}"
    out = []
    invokers = [("", in_process)] + ([(" (subprocess)", subprocess_run)] if sample else [])
    if kind == "record":
        goldens: dict[Path, bool] = _state["goldens"]  # type: ignore[assignment]
        path = rng.choice(sorted(goldens))
        rec = fuzzkit.mutate_record(rng, path, goldens[path])
        for tag, invoke in invokers:
            outcome, ran = fuzzkit.run_record(rec, folder, invoke)
            out.append((kind, "verify" + tag, outcome, f"{rec.name}: {rec.note}: {ran.output[-600:]}"))
    else:
        sheet = fuzzkit.mutate_sheet(rng, _bases()[kind])
        commands = ["players import"] if kind == "roster" else ["check", "results import"]
        for command in commands:
            for tag, invoke in invokers:
                outcome, ran = fuzzkit.run_sheet(sheet, events, folder, invoke, command)
                note = f"seed {seed} {sheet.fmt} {sheet.expect.value}: {'; '.join(sheet.notes)}: exit {ran.code}: "
                out.append((kind, command + tag, outcome, note + ran.output[-600:]))
    for p in folder.glob("*"):
        p.unlink()
    folder.rmdir()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=2400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sample", type=int, default=40, help="every Nth input also as a subprocess (0: never)")
    args = ap.parse_args()
    mix = [("7w", 0.4), ("duel", 0.25), ("roster", 0.2), ("record", 0.15)]
    rng = random.Random(args.seed)
    tasks = []
    for i in range(args.inputs):
        kind = rng.choices([k for k, _ in mix], [w for _, w in mix])[0]
        tasks.append((i, kind, rng.randrange(2**32), bool(args.sample) and i % args.sample == 0))
    started = time.perf_counter()
    counts: Counter[Outcome] = Counter()
    by_kind: dict[str, Counter[Outcome]] = defaultdict(Counter)
    bad: dict[Outcome, list[str]] = defaultdict(list)
    with multiprocessing.get_context("fork").Pool(args.workers, initializer=_init) as pool:
        for results in pool.imap_unordered(run_one, tasks, chunksize=4):
            for kind, command, outcome, note in results:
                counts[outcome] += 1
                by_kind[f"{kind}: {command}"][outcome] += 1
                if outcome not in (Outcome.REFUSED, Outcome.ACCEPTED):
                    bad[outcome].append(f"[{kind}: {command}] {note}")
    runs = sum(counts.values())
    print(f"{args.inputs:,} broken inputs, {runs:,} command runs, {time.perf_counter() - started:.0f} s\n")
    print("| outcome | runs |\n|---|---|")
    for outcome in Outcome:
        print(f"| {outcome.value} | {counts[outcome]:,} |")
    print("\n| input: command | " + " | ".join(o.value for o in Outcome) + " |")
    print("|---|" + "---|" * len(Outcome))
    for key in sorted(by_kind):
        print(f"| {key} | " + " | ".join(f"{by_kind[key][o]:,}" for o in Outcome) + " |")
    for outcome, notes in bad.items():
        print(f"\n== {outcome.value}: {len(notes)}")
        for note in notes[:8]:
            print("  " + note.replace("\n", "\n    "))


if __name__ == "__main__":
    main()
