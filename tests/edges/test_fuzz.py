"""Hostile input through the real CLI: mutated score sheets (CSV and XLSX, both games), rosters
and game records (tests/fuzzkit.py). Never a traceback; a refusal exits 1 or 2 with a message
and leaves the event file byte-identical; an accepted file is stored exactly as written; a
mutation that breaks the rules is refused. (`benchmarks/fuzz_inputs.py` runs thousands.)"""
from __future__ import annotations

import errno
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import fuzzkit
import openpyxl
import pytest
from click.testing import CliRunner
from conftest import EXAMPLE, line, write_sheet
from fuzzkit import Events, Outcome, Ran
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.core import store
from tourney.cli import cli
from tourney.core.errors import EventError


def settled(path: str) -> bytes:
    """The event file's bytes once its write-ahead log is folded in (so that only a change, not a
    later checkpoint, can change them)."""
    with sqlite3.connect(path) as conn:
        conn.execute("pragma wal_checkpoint(truncate)")
    return Path(path).read_bytes()


def invoke(args, folder: Path) -> Ran:
    os.chdir(folder)
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return Ran(result.exit_code, result.output)


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> Events:
    cwd = os.getcwd()
    try:
        return Events.build(tmp_path_factory.mktemp("events"), invoke)
    finally:
        os.chdir(cwd)


@pytest.fixture(scope="module")
def goldens(tmp_path_factory) -> dict[Path, bool]:
    folder = tmp_path_factory.mktemp("goldens")
    cwd = os.getcwd()
    try:
        return {p: invoke(["verify", str(p)], folder).code == 0 for p in fuzzkit.record_files()}
    finally:
        os.chdir(cwd)


FUZZ = settings(max_examples=20, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
GOOD = (Outcome.REFUSED, Outcome.ACCEPTED)


def _check(outcome: Outcome, ran: Ran, what: str) -> None:
    assert outcome in GOOD, f"{outcome.value}: {what}\nexit {ran.code}\n{ran.output}"


@pytest.mark.parametrize("kind", ["7w", "duel"])
@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_score_sheets(kind, rng, events, tmp_path_factory):
    base = fuzzkit.seven_sheet(1) if kind == "7w" else fuzzkit.duel_sheet()
    sheet = fuzzkit.mutate_sheet(rng, base)
    folder = tmp_path_factory.mktemp("case")
    for command in ("check", "results import"):
        outcome, ran = fuzzkit.run_sheet(sheet, events, folder, invoke, command)
        _check(outcome, ran, f"{command} {sheet.fmt}: {'; '.join(sheet.notes)}")


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_rosters(rng, events, tmp_path_factory):
    sheet = fuzzkit.mutate_sheet(rng, fuzzkit.roster_sheet())
    outcome, ran = fuzzkit.run_sheet(sheet, events, tmp_path_factory.mktemp("case"), invoke, "players import")
    _check(outcome, ran, f"players import {sheet.fmt}: {'; '.join(sheet.notes)}")


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_game_records(rng, goldens, tmp_path_factory):
    path = rng.choice(sorted(goldens))
    record = fuzzkit.mutate_record(rng, path, goldens[path])
    outcome, ran = fuzzkit.run_record(record, tmp_path_factory.mktemp("case"), invoke)
    _check(outcome, ran, f"verify {record.name}: {record.note}")


def test_the_oracle_catches_a_wrong_acceptance(events, tmp_path):
    """The fuzz tests could not fail if a rule-breaking sheet that the tool accepts were
    classified as fine: a valid sheet marked 'must refuse' comes out as accepted wrongly."""
    sheet = fuzzkit.seven_sheet(1)
    sheet.must(fuzzkit.Expect.REFUSE, "pretend")
    outcome, _ = fuzzkit.run_sheet(sheet, events, tmp_path, invoke, "results import")
    assert outcome is Outcome.WRONGLY_ACCEPTED


@pytest.mark.parametrize("value", [2**63, 2**64, -(2**63) - 1, 10**40])
def test_round_or_table_beyond_64_bits_is_refused_by_check_and_import(run, value):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    run("players", "add", "ev.db", "A", "B", "C")
    write_sheet(Path("s.csv"), [line(value, 1, 1, "A"), line(1, value, 2, "B"), line(1, 1, 3, "C")])
    before = settled("ev.db")
    for args in (("check", "s.csv", "--event", "ev.db"), ("results", "import", "ev.db", "s.csv")):
        r = run(*args, ok=None)
        assert r.exit_code == 1
        assert f"round must be a whole number, got '{value}': at most 999,999,999 (player 'A') [cell]" in r.output
        assert f"table must be a whole number, got '{value}': at most 999,999,999 (player 'B') [cell]" in r.output
    assert settled("ev.db") == before


def test_a_cell_over_131072_characters_is_refused(run):
    """Python's csv module stops at 131,072 characters with its own error; the reader's limit
    (32,767, Excel's) comes first, with the row."""
    Path("s.csv").write_text(",".join(fuzzkit.SEVEN_HEADER) + "\n1,1,1," + "A" * 140_000 + ",,,0,0,3,10,0,0,0,14,3\n",
                             encoding="utf-8")
    r = run("check", "s.csv", ok=None)
    assert r.exit_code == 1
    assert r.output.startswith("s.csv: error: s.csv:2: a cell has more than 32,767 characters, the most this "
                               "tool reads: shorten it [file]\n")


def _swap_event(run) -> None:
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    run("players", "import", "ev.db", str(EXAMPLE / "players.csv"))
    rows = (EXAMPLE / "round1.csv").read_text(encoding="utf-8").splitlines()[:11]
    Path("r1.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    run("results", "import", "ev.db", "r1.csv")
    # Anna Schmidt (table 1, seat 2) and Jonas Klein (table 2, seat 2) were written at each other's table.
    rows[2], rows[7] = rows[2].replace("Anna Schmidt", "Jonas Klein"), rows[7].replace("Jonas Klein", "Anna Schmidt")
    Path("fixed.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_a_correction_may_swap_players_between_two_tables(run):
    _swap_event(run)
    r = run("results", "import", "ev.db", "fixed.csv", "--correct", "--reason", "names swapped at the desk")
    assert r.output == ("stored round 1, table 1 (correction, version 2)\n"
                        "stored round 1, table 2 (correction, version 2)\n2 tables stored\n")
    seats = {(s.table, s.seat): s.player for s in store.Event.open("ev.db").seats(1)}
    assert (seats[(1, 2)], seats[(2, 2)]) == ("Jonas Klein", "Anna Schmidt")


def test_a_correction_of_one_table_may_not_take_a_player_stored_at_another(run):
    _swap_event(run)
    rows = Path("fixed.csv").read_text(encoding="utf-8").splitlines()
    Path("one.csv").write_text("\n".join(rows[:6]) + "\n", encoding="utf-8")  # table 1 only
    before = settled("ev.db")
    r = run("results", "import", "ev.db", "one.csv", "--correct", "--reason", "x", ok=None)
    assert r.exit_code == 1
    assert "'Jonas Klein' already has a stored result at table 2 in round 1: a player plays one table per " \
           "round [player.round]" in r.output
    assert settled("ev.db") == before


def test_an_event_file_deleted_during_a_change_stores_nothing_and_says_so(tmp_path):
    path = tmp_path / "ev.db"
    event = store.Event.create(path, name="x", game="7wonders", scheme="bonn", rounds=4, seed=1, date=None)
    with pytest.raises(EventError) as caught, event.transaction() as conn:
        path.unlink()
        store.add_player(conn, "Anna", joined_round=1)
    assert str(caught.value) == (f"the event file {str(path)!r} was deleted or replaced while this change was being "
                                 "written: nothing was stored; restore the event file (or a backup) and run the "
                                 "command again")


def test_an_event_deleted_on_postgresql_during_a_change_stores_nothing(postgres_server):
    """The event's schema dropped after the sheets were checked, before they are written."""
    from tourney.core.database import parse_location

    url = f"{postgres_server}&event=gone"
    event = store.Event.create(url, name="x", game="7wonders", scheme="bonn", rounds=4, seed=1, date=None)
    with event.db.begin() as conn:
        conn.execute(f'drop schema "{parse_location(url).schema}" cascade')
    with pytest.raises(EventError) as caught, event.transaction() as conn:
        store.add_player(conn, "Anna", joined_round=1)
    assert str(caught.value) == (f"the event {event.location!r} was deleted while this change was being written: "
                                 "nothing was stored")


def test_an_unwritable_folder_is_named_as_such(run, tmp_path):
    """SQLite needs the folder writable to change an event (its -wal and -shm files). As root, permissions are not
    enforced: the folder is then mounted read-only on itself."""
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    folder = tmp_path / "ro"
    folder.mkdir()
    os.replace("ev.db", folder / "ev.db")
    folder.chmod(0o555)
    mounted = False
    try:
        if os.access(folder, os.W_OK):  # root: a read-only bind mount is enforced for root too
            mounted = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True,
                                     check=False).returncode == 0
            if not mounted or subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], capture_output=True,
                                             check=False).returncode != 0 or os.access(folder, os.W_OK):
                pytest.skip("running as root without mount: permissions are not enforced")
        # Read as it lies (issue 46, item 9); a change says why it can't be stored.
        assert run("players", "list", str(folder / "ev.db"), ok=None).exit_code == 0
        r = run("players", "add", str(folder / "ev.db"), "Anna", ok=None)
        assert r.exit_code == 1
        assert f"can't store the change in '{folder / 'ev.db'}': the folder '{folder}' can't be written" in r.output
        r = run("new", str(folder / "new.db"), "--game", "7wonders", ok=None)
        assert f"the folder '{folder}' can't be written" in r.output and "choose a writable folder" in r.output
        assert not (folder / "new.db").exists()
    finally:
        if mounted:
            subprocess.run(["umount", "--lazy", str(folder)], capture_output=True, check=False)
        folder.chmod(0o755)


@pytest.fixture
def full_disk(tmp_path):
    """A folder on a 64 KB tmpfs filled to the brim (needs root to mount; skipped otherwise)."""
    folder = tmp_path / "full"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                      capture_output=True, check=False).returncode != 0:
        pytest.skip("can't mount a small tmpfs here")
    try:
        with open(folder / "filler", "wb") as fh:
            try:
                fh.write(b"x" * 128 * 1024)
            except OSError:
                pass
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], capture_output=True, check=False)


def test_a_full_disk_when_creating_an_event_says_so_and_leaves_no_file(run, full_disk):
    r = run("new", str(full_disk / "ev.db"), "--game", "7wonders", ok=None)
    assert r.exit_code == 1
    assert r.output == (f"Error: can't create '{full_disk / 'ev.db'}': the disk is full: free some space, or use a "
                        "folder on another disk; nothing was changed\n")
    assert not (full_disk / "ev.db").exists()


def test_a_full_disk_under_an_xlsx_export_says_so(run, full_disk):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    r = run("export", "ev.db", "-o", str(full_disk / "st.xlsx"), ok=None)
    assert r.exit_code == 1
    assert r.output == (f"Error: can't write '{full_disk / 'st.xlsx'}' (no space left on device): check that the "
                        "folder exists and the file is not open in another program, or choose another file name\n")


def test_a_full_disk_under_an_xlsx_export_prints_no_traceback(run, full_disk):
    # Saved straight to disk, openpyxl left its zip archive open when the disk filled up, and
    # Python printed the archive's failed clean-up as a traceback under the message when the
    # process ended: so the command runs as its own process here.
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    target = full_disk / "st.xlsx"
    done = subprocess.run([sys.executable, "-c", "from tourney.cli import cli; cli()", "export", "ev.db", "-o",
                           str(target)], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stdout + done.stderr == (
        f"Error: can't write '{target}' (no space left on device): check that the folder exists and the file is "
        "not open in another program, or choose another file name\n")
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]  # no temporary file left behind


def test_an_xlsx_export_onto_a_full_disk_says_so(run, monkeypatch):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")

    def no_space(self, filename):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    # The disk fills up while the workbook is written (into the temporary file beside it).
    monkeypatch.setattr(openpyxl.Workbook, "save", no_space)
    r = run("export", "ev.db", "-o", "st.xlsx", ok=None)
    assert r.exit_code == 1
    assert r.output == ("Error: can't write 'st.xlsx' (no space left on device): check that the folder exists and "
                        "the file is not open in another program, or choose another file name\n")


@pytest.mark.parametrize("seed", range(3))
def test_fuzz_kit_mutations_are_reproducible(seed):
    a = fuzzkit.mutate_sheet(random.Random(seed), fuzzkit.seven_sheet(1))
    b = fuzzkit.mutate_sheet(random.Random(seed), fuzzkit.seven_sheet(1))
    assert fuzzkit.file_bytes(a) == fuzzkit.file_bytes(b) and a.notes == b.notes
