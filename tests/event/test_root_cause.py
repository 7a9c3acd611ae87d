"""Root cause first (issue 13.4): a sheet with one mistake gets one line saying the likely
cause, then a few of the findings it explains, instead of a wall of errors."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import openpyxl
from conftest import HEADER, line, write_sheet

from tourney.core.store import Event

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn", "Gus", "Hanna", "Ida", "Jürgen Weiß",
         "Karl", "Lena", "Mia", "Nils", "Ole", "Paul", "Quinn", "Rosa", "Sven", "Tina"]


def seated(run):
    """20 players at 4 tables of 5, every round seated; the seating as JSON rows."""
    run("new", "ev.db", "--game", "7wonders", "--seed", "3")
    run("players", "add", "ev.db", *NAMES, "--yes")  # Hanna and Anna are two players
    run("seat", "ev.db", "--all")
    return json.loads(run("seating", "ev.db", "--format", "json").output)


def sheet(path: Path, seating, rnd: int, *, says: int | None = None, tables: dict[int, int] | None = None,
          rename: dict[str, str] | None = None) -> Path:
    """The round's sheets as the seating has them, filled in; `says` another round number,
    `tables` other table numbers, `rename` typos."""
    rows = [line(says or rnd, (tables or {}).get(s["table"], s["table"]), s["seat"],
                 (rename or {}).get(s["player"], s["player"]), civilian=10 + s["seat"])
            for s in seating if s["round"] == rnd]
    return write_sheet(path, rows)


def test_round_1_sheets_that_say_round_2_get_one_cause_line(run):
    seating = seated(run)
    sheet(run.folder / "r1.csv", seating, 1, says=2)
    r = run("results", "import", "ev.db", "r1.csv", ok=None)
    lines = r.output.splitlines()
    assert r.exit_code == 1
    assert lines[0] == ("r1.csv: these are round-1 sheets but say round 2: all 4 tables match the seating of "
                        "round 1; write 1 in the round column (or import the round-2 sheets)")
    assert all(x.startswith("  ") and "[seating]" in x for x in lines[1:6])
    assert lines[6].startswith("  … and ") and lines[6].endswith(" more like this")
    assert len(lines) == 8 and lines[7].endswith("errors, 0 warnings: nothing stored")


def test_swapped_table_numbers_are_named(run):
    seating = seated(run)
    sheet(run.folder / "r1.csv", seating, 1, tables={2: 3, 3: 2})
    lines = run("check", "r1.csv", "--event", "ev.db", ok=None).output.splitlines()
    assert lines[0] == ("round 1: the table numbers of tables 2 and 3 are swapped: the sheet of table 2 has the "
                        "players seated at table 3 and the other way round; swap the two table numbers")
    assert lines[-1] == "checked 1 file: 4 tables, 20 players: 20 errors, 0 warnings"
    assert len(lines) == 8


def test_a_typo_gets_did_you_mean_with_the_seat(run):
    seating = seated(run)
    me = next(s for s in seating if s["round"] == 1 and s["player"] == "Jürgen Weiß")
    sheet(run.folder / "r1.csv", seating, 1, rename={"Jürgen Weiß": "Jürgen Weis"})
    r = run("results", "import", "ev.db", "r1.csv", ok=None)
    t, seat = me["table"], me["seat"]
    rows = [i for i, s in enumerate((s for s in seating if s["round"] == 1), 2) if s["table"] == t]
    row = next(i for i, s in enumerate((s for s in seating if s["round"] == 1), 2) if s["player"] == "Jürgen Weiß")
    assert r.exit_code == 1
    assert r.output == (
        f"r1.csv:{row}: round 1, table {t}: error: 'Jürgen Weis' is not registered: did you mean 'Jürgen Weiß' "
        f"(seated at table {t}, seat {seat})? fix the name on the sheet [player.unknown]\n"
        f"  r1.csv:{row}: round 1, table {t}: error: 'Jürgen Weis' is not in the seating of round 1: fix the "
        "name, or re-seat the round before its sheets are in [seating]\n"
        f"  r1.csv:{min(rows)}-{max(rows)}: round 1, table {t}: error: 'Jürgen Weiß' is seated at table {t} in "
        "round 1 but missing from its sheet: add their line [seating]\n"
        "checked 1 file: 4 tables, 20 players: 3 errors, 0 warnings: nothing stored\n")
    assert "--register" not in r.output


def four(**over: int) -> list[list[object]]:
    return [line(1, 1, i, n, civilian=10 + i, **over) for i, n in enumerate(["Anna", "Ben", "Cleo", "Dirk"], 1)]


def test_the_same_table_in_two_files(run):
    write_sheet(run.folder / "desk1.csv", four())
    write_sheet(run.folder / "desk2.csv", four())
    lines = run("check", "desk1.csv", "desk2.csv", ok=None).output.splitlines()
    assert lines[0] == ("round 1, table 1 is in 2 files (desk1.csv, desk2.csv): import each table once (take it "
                        "out of one file, or use --correct to replace a stored one)")
    assert lines[1] == "  desk1.csv:2-5: round 1, table 1: error: the table has 8 players: 7 Wonders is played " \
                       "by 3 to 7 [table.size]"
    assert lines[-2:] == ["  … and 1 more like this", "checked 2 files: 1 table, 8 players: 6 errors, 0 warnings"]


def test_a_blank_printed_workbook_is_not_filled_in_yet(run):
    seated(run)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    lines = run("check", "r1.xlsx", "--event", "ev.db", ok=None).output.splitlines()
    assert lines[0] == ("r1.xlsx: not filled in yet: 4 tables with names and seats but no scores; type in the "
                        "scores (or import the filled-in file)")
    assert len(lines) == 8 and lines[6].startswith("  … and ")


def test_formulas_without_saved_values(run):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(HEADER)
    for i, row in enumerate(four(), 2):
        ws.append(row[:13] + [f"=SUM(G{i}:M{i})", row[14]])  # openpyxl saves no cached value
    wb.save(run.folder / "f.xlsx")
    out = run("check", "f.xlsx", ok=None).output
    assert out == (
        "f.xlsx: 4 cells hold a formula without a saved value (the workbook was made by a program and never "
        "saved in a spreadsheet): open it in Excel or LibreOffice, save it, and import it again\n"
        + "".join(f"  f.xlsx[Sheet]:{i}: round 1, table 1: error: total is a formula without a saved value: open "
                  "the file in Excel or LibreOffice and save it, then import it again "
                  f"(player {n!r}) [cell]\n" for i, n in enumerate(["Anna", "Ben", "Cleo", "Dirk"], 2))
        + "checked 1 file: 1 table, 4 players: 4 errors, 0 warnings\n")


def test_zeros_on_the_unused_line_are_ignored(run):
    write_sheet(run.folder / "z.csv", [*four(), [1, 1, 5, "", "", "", 0, 0, 0, 0, 0, 0, 0, 0, 0]])
    assert run("check", "z.csv").output == "checked 1 file: 1 table, 4 players: 0 errors, 0 warnings\n"


def test_a_note_under_a_table_is_not_a_player(run):
    write_sheet(run.folder / "n.csv", [*four(), ["", "", "", "Anna kam zu spät", *[""] * 11]])
    lines = run("check", "n.csv", ok=None).output.splitlines()
    assert lines[0] == ("n.csv:6: 'Anna kam zu spät' is not a player's line (no round, table or score): a note "
                        "under a table? delete it, or move it away from the table's columns")
    assert lines[1] == "  n.csv:6: error: round is empty: fill it in (write 0 for none) " \
                       "(player 'Anna kam zu spät') [cell.empty]"
    assert lines[-1] == "checked 1 file: 1 table, 4 players: 12 errors, 0 warnings"


def test_a_row_with_numbers_but_no_player_gets_one_cause(run):
    write_sheet(run.folder / "p.csv", [*four(), [1, 1, 5, "", "", "", 3, "x", 0, 0, 0, 0, 0, 3, 0]])
    lines = run("check", "p.csv", ok=None).output.splitlines()
    assert lines[0] == "p.csv:6: numbers but no player: write the player's name, or delete the line"
    assert lines[-1] == "checked 1 file: 1 table, 5 players: 2 errors, 0 warnings"


def test_messages_name_the_column_as_the_sheet_does(run):
    with open(run.folder / "de.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, delimiter=";")
        w.writerow(["Runde", "Tisch", "Platz", "Spieler", "Weltwunder", "Seite", "Militär", "Münzen-Punkte",
                    "Weltwunder-Punkte", "Zivil", "Handel", "Gilden", "Wissenschaft", "Summe", "Münzen"])
        for row in four():
            if row[3] == "Ben":
                row[10], row[14] = "drei", ""
            w.writerow(row)
    assert run("check", "de.csv", ok=None).output == (
        "de.csv:3: round 1, table 1: error: Handel must be a whole number, got 'drei' (player 'Ben') [cell]\n"
        "de.csv:3: round 1, table 1: error: Münzen is empty: fill it in (write 0 for none) (player 'Ben') [cell.empty]\n"
        "checked 1 file: 1 table, 4 players: 2 errors, 0 warnings\n")


def test_check_json_lists_the_causes(run):
    write_sheet(run.folder / "desk1.csv", four())
    write_sheet(run.folder / "desk2.csv", four())
    data = json.loads(run("check", "desk1.csv", "desk2.csv", "--format", "json", ok=None).output)
    assert [c["cause"][:41] for c in data["causes"]] == ["round 1, table 1 is in 2 files (desk1.csv"]
    assert len(data["causes"][0]["findings"]) == 6


def test_a_round_workbook_filled_in_as_the_tables_finish_imports_the_filled_tables(run):
    """Issue 33, friction 1: tables 4 and 5 typed into the printed r1.xlsx, tables 1-3 still
    blank: the filled ones are stored, the blank ones named in one line; a table stored from
    another file meanwhile is not 'in two files' when this file's copy of it is blank."""
    import openpyxl

    from conftest import EXAMPLE, fill_sheet

    run("new", "ev.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    run("players", "import", "ev.db", str(EXAMPLE / "players.csv"))
    run("seat", "ev.db")
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    wb = openpyxl.load_workbook("r1.xlsx")
    tables = [ws for ws in wb.worksheets if ws.title.startswith("Table")]
    for ws in tables[3:]:
        fill_sheet(ws)
    wb.save("r1.xlsx")
    out = run("results", "import", "ev.db", "r1.xlsx").output
    assert out.splitlines()[0] == "r1.xlsx: round 1, tables 1, 2, 3 are not filled in yet: left out"
    assert out.endswith("stored round 1, table 4\nstored round 1, table 5\n2 tables stored\n")
    # Table 1 comes back on its own, then the whole workbook with table 2 typed in too.
    fill_sheet(tables[0])
    for ws in tables[1:]:
        wb.remove(ws)
    wb.save("t1.xlsx")
    run("results", "import", "ev.db", "t1.xlsx")
    wb = openpyxl.load_workbook("r1.xlsx")
    fill_sheet([ws for ws in wb.worksheets if ws.title.startswith("Table")][1])
    wb.save("r1.xlsx")
    out = run("check", "r1.xlsx", "--event", "ev.db").output.splitlines()
    assert out[0] == "r1.xlsx: round 1, tables 1, 3 are not filled in yet: left out"
    assert not any("files" in line for line in out)  # table 1's blank copy is not a second sheet of it


def test_excels_question_marks_are_named_with_the_player_they_stand_for(run):
    """Issue 33, friction 2: Excel's Windows-1252 "CSV" writes Łukasz as ?ukasz: the finding
    says so and names the registered player; --register does not register '?ukasz'."""
    run("new", "enc.db", "--game", "7wonders", "--seed", "3")
    run("players", "add", "enc.db", "Łukasz Nowak", "Ben Meyer", "Clara Wagner", "Dirk Koch")
    run("seat", "enc.db")
    seats = {s.seat: s.player for s in Event.open("enc.db").seats(1)}
    rows = [line(1, 1, seat, name.replace("Ł", "?")) for seat, name in sorted(seats.items())]
    write_sheet(run.folder / "r1.csv", rows)
    (run.folder / "r1-1252.csv").write_bytes((run.folder / "r1.csv").read_text(encoding="utf-8").encode("cp1252"))
    r = run("results", "import", "enc.db", "r1-1252.csv", "--register", ok=None)
    assert r.exit_code == 1
    assert ("'?ukasz Nowak' is not registered: Excel replaced letters it could not save with '?': save the file as "
            "'CSV UTF-8' or XLSX; it is most likely 'Łukasz Nowak' [player.encoding]") in r.output
    assert [p.name for p in Event.open("enc.db").players()] == ["Łukasz Nowak", "Ben Meyer", "Clara Wagner",
                                                                 "Dirk Koch"]
