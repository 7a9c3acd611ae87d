"""Bad output paths and option values: every command that writes a file says what went wrong when
it can't (exit 1, no traceback, the event unchanged); a round number below 1 is a usage error."""
from __future__ import annotations

import pytest

from conftest import EXAMPLE

MESSAGE = ("Error: can't write 'missing/out{ext}' (no such file or directory): check that the folder "
           "exists and the file is not open in another program, or choose another file name\n")


@pytest.fixture
def events(run):
    for db, game in (("b.db", "7wonders"), ("d.db", "duel")):
        run("new", db, "--game", game, "--seed", "5", "--name", "Cup")
        run("players", "add", db, "Anna", "Ben", "Cleo", "Dirk", "Eva")
        run("seat", db)
    # a finished event for the season report
    run("new", "bonn.db", "--game", "7wonders", "--seed", "5", "--name", "Bonn", "--date", "2018-03-18")
    run("players", "import", "bonn.db", str(EXAMPLE / "players.csv"))
    run("results", "import", "bonn.db", *(str(EXAMPLE / f) for f in
                                          ("round1.csv", "round2.csv", "round3.csv", "round4.xlsx")))
    return run


@pytest.mark.parametrize("args, ext", [
    (("sheets", "b.db", "--round", "1", "-o", "missing/out.xlsx"), ".xlsx"),
    (("sheets", "d.db", "--round", "1", "-o", "missing/out.xlsx"), ".xlsx"),
    (("pairings", "d.db", "-o", "missing/out.xlsx"), ".xlsx"),
    (("export", "b.db", "-o", "missing/out.xlsx"), ".xlsx"),
    (("export", "b.db", "-o", "missing/out.csv"), ".csv"),
    (("export", "d.db", "-o", "missing/out.xlsx"), ".xlsx"),
    (("export", "d.db", "-o", "missing/out.html"), ".html"),
    (("season", "bonn.db", "--spots", "2", "-o", "missing/out.json"), ".json"),
    (("season", "bonn.db", "--spots", "2", "-o", "missing/out.xlsx"), ".xlsx"),
    (("selfplay", "--game", "duel", "-n", "1", "--seed", "1", "-o", "missing/out.txt"), ".txt"),
])
def test_an_unwritable_output_is_one_clear_error(events, args, ext):
    r = events(*args, ok=None)
    assert (r.exit_code, r.output) == (1, MESSAGE.format(ext=ext))


def test_a_failed_sheets_write_leaves_the_round_unprinted(events):
    events("sheets", "b.db", "--round", "1", "-o", "missing/out.xlsx", ok=None)
    # the seating may still change: re-seating round 1 is allowed until sheets are printed
    assert "printed" not in events("results", "history", "b.db").output


@pytest.mark.parametrize("args", [("seating", "b.db", "--round", "0"), ("seat", "b.db", "--round", "0"),
                                  ("pairings", "d.db", "--round", "0")])
def test_round_numbers_start_at_1(events, args):
    r = events(*args, ok=None)
    assert r.exit_code == 2 and "Invalid value for '--round': 0 is not in the range x>=1." in r.output
