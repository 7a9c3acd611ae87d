"""A big file is checked by several processes (`tourney.event.checking.check_tables`): the report is
the one a single process gives, line for line and in the same order."""
from __future__ import annotations

import csv

from conftest import EXAMPLE
from tourney.event import checking as results


def many_tables(path, copies: int) -> int:
    """The example's first round `copies` times under other table numbers and names, with a
    wrong total on every seventh line and coins that are no number on every eleventh (its
    table can't be checked against the rules); returns the number of tables."""
    with open(EXAMPLE / "round1.csv", encoding="utf-8") as fh:
        header, *lines = list(csv.reader(fh))
    total, coins = header.index("total"), header.index("coins")
    tables = {line[1] for line in lines}
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        for k in range(copies):
            for n, line in enumerate(lines):
                line = list(line)
                line[1] = str(int(line[1]) + k * len(tables))
                line[3] = f"{line[3]} {k}"
                if (k * len(lines) + n) % 7 == 3:
                    line[total] = str(int(line[total]) + 1)
                if (k * len(lines) + n) % 11 == 5:
                    line[coins] = "x"
                w.writerow(line)
    return copies * len(tables)


def test_several_processes_report_what_one_does(run, monkeypatch):
    n = many_tables(run.folder / "big.csv", 12)
    one = run("check", "big.csv", ok=None)
    assert one.exit_code == 1 and one.output.count("[sum]") > 5 and one.output.count("coins must be a whole") > 5
    monkeypatch.setattr(results, "PARALLEL_TABLES", 8)
    monkeypatch.setattr(results, "_workers", lambda tables: 3)  # even on a machine with one CPU
    assert n > results.PARALLEL_TABLES  # so the workers check this file
    several = run("check", "big.csv", ok=None)
    assert (several.exit_code, several.output) == (one.exit_code, one.output)
    as_json = run("check", "big.csv", "--format", "json", ok=None).output
    monkeypatch.setattr(results, "PARALLEL_TABLES", 10**9)
    assert as_json == run("check", "big.csv", "--format", "json", ok=None).output


def test_small_files_and_threaded_processes_are_checked_in_this_process(monkeypatch):
    assert results._workers(results.PARALLEL_TABLES - 1) == 1
    monkeypatch.setattr(results.threading, "active_count", lambda: 2)  # the live server runs threads
    assert results._workers(10 * results.PARALLEL_TABLES) == 1
