"""Issue #46, items 1 and 2: a typed round number never makes the sheet's tables a round the
tool did not seat; a stored table can be removed with a reason (and brought back by importing
it again); a round's workbook imported again as it fills stores only what is new."""
from __future__ import annotations

import sqlite3

import pytest
from openpyxl import load_workbook

from conftest import fill_sheet, line, table_of_four, write_sheet
from tourney.core.store import Event
from tourney.games.sevenwonders.printsheets import HEADER, HEADER_ROW

COL = {name.lower(): i for i, name in enumerate(HEADER, 1)}


@pytest.fixture
def qualifier(run):
    """A 31-player qualifier the tool seats: round 1 played from its workbook, round 2 seated
    and printed (tables 5+5+5+4+4+4+4)."""
    run("new", "ev.db", "--game", "7wonders", "--seed", "11", "--name", "Cup")
    run("players", "add", "ev.db", "--yes", *[f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(31)])
    run("seat", "ev.db")
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    filled("r1.xlsx", range(1, 8))
    assert run("results", "import", "ev.db", "r1.xlsx").output.endswith("7 tables stored\n")
    assert run("seat", "ev.db").output == "round 2: 31 players at 7 tables (5+5+5+4+4+4+4)\n"
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx")
    return run


def filled(path: str, tables, *, round_no: int | None = None, base: int = 0) -> None:
    """Type results into the sheets of `tables` (and `round_no` into their round column)."""
    wb = load_workbook(path)
    for t in tables:
        ws = wb[f"Table {t}"]
        fill_sheet(ws, base)
        if round_no is not None:
            row = HEADER_ROW + 1
            while ws.cell(row, COL["player"]).value:
                ws.cell(row, COL["round"], round_no)
                row += 1
    wb.save(path)


def stored(db: str = "ev.db") -> list[tuple[int, int, int, str]]:
    return sqlite3.connect(db).execute("SELECT round, table_no, version, source FROM results ORDER BY id").fetchall()


def test_a_typed_round_number_is_refused_naming_the_round_the_sheets_match(qualifier):
    run = qualifier
    filled("r2.xlsx", (5, 6, 7), round_no=3)
    before = stored()
    r = run("results", "import", "ev.db", "r2.xlsx", ok=None)
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert lines[-2].endswith("round 3: error: round 3 is not seated yet: these are round 2's tables 5–7; write 2 in "
                              "the round column [round.unseated]")
    assert lines[-1].endswith(": nothing stored")
    assert stored() == before and sorted(Event.open("ev.db").seated_rounds()) == [1, 2]
    # `check --event` says the same before anything is imported.
    r = run("check", "r2.xlsx", "--event", "ev.db", ok=None)
    assert r.exit_code == 1 and "round 3 is not seated yet: these are round 2's tables 5–7" in r.output
    # The next round to seat is still round 3, for everyone.
    assert run("seat", "ev.db").output.startswith("round 3: 31 players at 7 tables")


def test_sheets_of_an_unseated_round_that_match_no_seating_say_how_to_go_on(qualifier):
    run = qualifier
    write_sheet(run.folder / "r3.csv", table_of_four(3, 1, names=("Player AA", "Player AH", "Player BB", "Player AE")))
    r = run("results", "import", "ev.db", "r3.csv", ok=None)
    assert r.exit_code == 1
    assert ("r3.csv:2-5: round 3: error: round 3 is not seated yet (the last seated round is 2): check the round "
            "column, seat the round with 'tourney seat' first, or import with --paper if it was seated on paper "
            "[round.unseated]") in r.output.splitlines()
    # Seated on paper after all: the option says so, and the sheet gives the round's seats.
    assert run("results", "import", "ev.db", "r3.csv", "--paper").output == "stored round 3, table 1\n1 table stored\n"
    assert Event.open("ev.db").seated_rounds()[3] == "sheets"


def test_german_organisers_read_the_refusal_in_german(qualifier):
    run = qualifier
    run("event", "ev.db", "--lang", "de")
    filled("r2.xlsx", (5, 6, 7), round_no=3)
    r = run("results", "import", "ev.db", "r2.xlsx", ok=None)
    assert r.exit_code == 1
    assert ("Runde 3 ist noch nicht ausgelost: das sind die Tische 5–7 von Runde 2; 2 in die Spalte Runde schreiben "
            "[round.unseated]") in r.output


def test_a_paper_event_refuses_a_round_after_a_missing_one_unless_told(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "7")
    run("players", "add", "ev.db", "Anna", "Ben", "Cleo", "Dirk")
    write_sheet(run.folder / "r2.csv", table_of_four(2))
    r = run("results", "import", "ev.db", "r2.csv", ok=None)
    assert r.exit_code == 1
    assert ("r2.csv:2-5: round 2: error: round 2 can't be stored before round 1: no sheet of round 1 is stored or "
            "imported with it; check the round column, import round 1 first, or import with --paper if the rounds "
            "were numbered so on paper [round.gap]") in r.output.splitlines()
    write_sheet(run.folder / "r1.csv", table_of_four(1))
    # Both rounds in one import: round 1 is there.
    assert run("results", "import", "ev.db", "r1.csv", "r2.csv").output.endswith("2 tables stored\n")


def test_a_wrongly_stored_table_is_removed_with_a_reason_and_brought_back_by_importing_it(qualifier):
    run = qualifier
    filled("r2.xlsx", (5, 6, 7), round_no=3)
    assert run("results", "import", "ev.db", "r2.xlsx", "--paper").output.endswith("3 tables stored\n")
    assert run("standings", "ev.db", "--format", "json").exit_code == 0
    for t in (5, 6):
        assert run("results", "remove", "ev.db", "--round", "3", "--table", str(t), "--reason",
                   "round 2's sheet typed as round 3", "--by", "Anna").output == (
            f"removed round 3, table {t} (version 1 stays in the history; import the sheet again to bring it back)\n")
    out = run("results", "remove", "ev.db", "--round", "3", "--table", "7", "--reason", "typo").output
    assert out == ("removed round 3, table 7 (version 1 stays in the history; import the sheet again to bring it "
                   "back)\nround 3 has no table left: it is no round of the event any more\n")
    event = Event.open("ev.db")
    assert sorted(event.seated_rounds()) == [1, 2]
    assert {t.round for t in event.results()} == {1}
    assert [s for s in event.seats() if s.round == 3] == []
    # Every version stays: the sheet, then its removal.
    assert stored()[-6:] == [(3, 5, 1, "r2.xlsx"), (3, 6, 1, "r2.xlsx"), (3, 7, 1, "r2.xlsx"),
                             (3, 5, 2, "removed"), (3, 6, 2, "removed"), (3, 7, 2, "removed")]
    log = run("results", "history", "ev.db", "--round", "3").output.splitlines()
    assert log[-3].endswith("  Anna removed round 3, table 5 (version 1 stays in the history); reason: round 2's "
                            "sheet typed as round 3")
    # Round 3 is seated again as the next round, not round 4.
    assert run("seat", "ev.db").output.startswith("round 3: 31 players at 7 tables")
    # The sheets typed right now: stored as round 2's tables.
    filled("r2.xlsx", (5, 6, 7), round_no=2)
    assert run("results", "import", "ev.db", "r2.xlsx").output.endswith("3 tables stored\n")


def test_importing_a_removed_table_again_undoes_the_removal(qualifier):
    run = qualifier
    filled("r2.xlsx", range(1, 8))
    run("results", "import", "ev.db", "r2.xlsx")
    before = run("standings", "ev.db", "--format", "csv").output
    run("results", "remove", "ev.db", "--round", "2", "--table", "4", "--reason", "checking the pad")
    assert run("standings", "ev.db", "--format", "csv").output != before
    # The rest of the workbook is as stored; table 4 comes back as a version of its own.
    out = run("results", "import", "ev.db", "r2.xlsx").output.splitlines()
    assert out[3] == "stored round 2, table 4" and out[-1] == "1 table stored, 6 unchanged"
    assert run("standings", "ev.db", "--format", "csv").output == before
    assert [(r, t, v) for r, t, v, _s in stored() if (r, t) == (2, 4)] == [(2, 4, 1), (2, 4, 2), (2, 4, 3)]
    log = run("results", "history", "ev.db", "--round", "2").output.splitlines()
    assert "removed round 2, table 4 (version 1 stays in the history); reason: checking the pad" in log[-2]
    assert log[-1].endswith("entered round 2, table 4 from r2.xlsx")


def test_removing_needs_a_stored_table_and_a_reason(qualifier):
    run = qualifier
    r = run("results", "remove", "ev.db", "--round", "2", "--table", "3", "--reason", "x", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: round 2, table 3 has no stored sheet: nothing removed (round 2 has "
                                          "no stored table)\n")
    r = run("results", "remove", "ev.db", "--round", "1", "--table", "9", "--reason", "x", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: round 1, table 9 has no stored sheet: nothing removed (stored in "
                                          "round 1: tables 1, 2, 3, 4, 5, 6, 7)\n")
    r = run("results", "remove", "ev.db", "--round", "1", "--table", "1", "--reason", "  ", ok=None)
    assert r.exit_code == 2 and "a reason is needed: say why the sheet of round 1, table 1 is removed" in r.output
    assert run("results", "remove", "ev.db", "--round", "1", "--table", "1", ok=None).exit_code == 2
    assert len(Event.open("ev.db").results()) == 7


def test_a_growing_round_workbook_is_imported_again_without_correct(qualifier):
    run = qualifier
    filled("r2.xlsx", range(1, 5))
    out = run("results", "import", "ev.db", "r2.xlsx").output.splitlines()
    assert out[0] == "r2.xlsx: round 2, tables 5, 6, 7 are not filled in yet: left out"
    assert out[-1] == "4 tables stored"
    filled("r2.xlsx", range(5, 8))
    out = run("results", "import", "ev.db", "r2.xlsx").output.splitlines()
    assert out == [*(f"round 2, table {t} unchanged: nothing stored" for t in range(1, 5)),
                   *(f"stored round 2, table {t}" for t in range(5, 8)), "3 tables stored, 4 unchanged"]
    # A table whose numbers differ still needs --correct, and nothing of the file is stored.
    filled("r2.xlsx", (2,), base=1)
    r = run("results", "import", "ev.db", "r2.xlsx", ok=None)
    assert r.exit_code == 1
    assert "round 2, table 2 already has results (version 1): to replace them, import with --correct --reason TEXT" \
           in r.output
    assert [v for r_, t, v, _s in stored() if r_ == 2] == [1] * 7
    out = run("results", "import", "ev.db", "r2.xlsx", "--correct", "--reason", "pad misread").output
    assert out.splitlines()[-1] == "1 table stored, 6 unchanged"


def test_a_desk_enters_a_removed_table_anew(qualifier):
    from tourney.event.entry import enter_table
    from tourney.event.importing import remove_table
    from tourney.games.registry import find_game

    run = qualifier
    event = Event.open("ev.db")
    [table1] = [t for t in event.results() if t.table == 1]
    rows = [{"seat": ln.seat, "player": ln.player, **{k: v for k, v in ln.data.items() if k in COL}}
            for ln in table1.lines]
    remove_table(event, 1, 1, reason="desk test")
    assert event.version_of(1, 1) is None
    entered = enter_table(event, find_game("7wonders"), 1, 1, rows, version=None, author="desk 1")
    assert entered.version == 3 and event.version_of(1, 1) == 3
    log = run("results", "history", "ev.db", "--round", "1").output.splitlines()
    assert log[-1].endswith("desk 1 entered round 1, table 1 from desk 1")


def test_paper_rounds_stay_without_any_option_in_an_event_seated_on_paper(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "7")
    run("players", "add", "ev.db", "Anna", "Ben", "Cleo", "Dirk", "Emil")
    write_sheet(run.folder / "r1.csv", table_of_four(1))
    assert run("results", "import", "ev.db", "r1.csv").output == "stored round 1, table 1\n1 table stored\n"
    write_sheet(run.folder / "r2.csv", [line(2, 1, s, n) for s, n in enumerate(("Emil", "Anna", "Ben", "Cleo"), 1)])
    assert run("results", "import", "ev.db", "r2.csv").output == "stored round 2, table 1\n1 table stored\n"
    assert Event.open("ev.db").seated_rounds() == {1: "sheets", 2: "sheets"}
