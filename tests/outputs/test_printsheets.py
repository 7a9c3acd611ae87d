"""Printed score sheets: layout users see on paper, and the filled-in workbook importing back."""
from __future__ import annotations

import json

from openpyxl import load_workbook

from conftest import fill_sheet as fill

from tourney.games.sevenwonders.printsheets import HEADER, HEADER_ROW
from tourney.core.store import Event

PLAYERS = [f"P{i:02d}" for i in range(1, 14)]


def seated_event(run, n=13):
    run("new", "ev.db", "--game", "7wonders", "--seed", "11", "--name", "Test Cup")
    run("players", "add", "ev.db", *PLAYERS[:n])
    run("seat", "ev.db", "--all")


def test_sheets_layout_one_page_per_table_and_a_list_by_name(run):
    seated_event(run)
    out = run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx").output
    assert out == "wrote r1.xlsx: round 1, 3 tables, 13 players\n"
    wb = load_workbook(run.folder / "r1.xlsx")
    assert wb.sheetnames == ["Players", "Table 1", "Table 2", "Table 3"]
    seating = json.loads(run("seating", "ev.db", "--round", "1", "--format", "json").output)
    ws = wb["Table 1"]
    assert ws["A1"].value == "Test Cup · Round 1 · Table 1"
    assert ws["A2"].value.startswith("Guilds in play: ") and ws["A2"].value.count("Guild") == 1 + 7
    assert [c.value for c in ws[HEADER_ROW]] == list(HEADER)
    mine = [s for s in seating if s["table"] == 1]
    rows = [[c.value for c in ws[HEADER_ROW + i]][:6] for i in range(1, len(mine) + 1)]
    assert rows == [[1, 1, s["seat"], s["player"], s["wonder"], None] for s in mine]
    assert ws.page_setup.orientation == "landscape" and int(ws.page_setup.paperSize) == 9  # A4
    assert ws.page_setup.fitToHeight == 1 and ws.page_setup.fitToWidth == 1
    signature_names = [ws.cell(r, 5).value for r in range(HEADER_ROW + len(mine) + 3, HEADER_ROW + 2 * len(mine) + 3)]
    assert signature_names == [s["player"] for s in mine]
    lst = wb["Players"]
    assert [c.value for c in lst[3]] == ["Name", "Table", "Seat", "Wonder"]
    listed = [[c.value for c in lst[r]] for r in range(4, 4 + 13)]
    assert listed == sorted([[s["player"], s["table"], s["seat"], s["wonder"]] for s in seating])


def test_filled_workbook_imports_and_scores(run):
    seated_event(run)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    path = run.folder / "r1.xlsx"
    wb = load_workbook(path)
    for ws in wb.worksheets[1:]:
        fill(ws)
    wb.save(path)
    out = run("results", "import", "ev.db", "r1.xlsx").output
    assert out.endswith("stored round 1, table 3\n3 tables stored\n")
    standings = json.loads(run("standings", "ev.db", "--format", "json").output)
    assert len(standings) == 13
    # Seat 5 has the most civilian points at the table of 5: 6 game points.
    seating = json.loads(run("seating", "ev.db", "--round", "1", "--format", "json").output)
    top = next(s["player"] for s in seating if s["table"] == 1 and s["seat"] == 5)
    assert next(s for s in standings if s["player"] == top)["points"] == 6


def test_unfilled_sheet_is_refused_with_nothing_stored(run):
    seated_event(run)
    run("sheets", "ev.db", "--round", "2", "-o", "r2.xlsx")
    r = run("results", "import", "ev.db", "r2.xlsx", ok=None)
    assert r.exit_code == 1
    # One cause first, then a few of the 117 findings it explains.
    lines = r.output.splitlines()
    assert lines[0] == ("r2.xlsx: not filled in yet: 3 tables with names and seats but no scores; "
                        "type in the scores (or import the filled-in file)")
    assert len(lines) == 8 and all(x.startswith("  ") for x in lines[1:7])
    assert "Military is empty: fill it in (write 0 for none)" in lines[1]  # as the sheet heads it
    assert lines[6] == "  … and 112 more like this"
    assert lines[7] == "checked 1 file: 3 tables, 13 players: 117 errors, 0 warnings: nothing stored"


def test_printed_round_keeps_its_seating_when_a_player_drops(run):
    seated_event(run, n=13)
    before = json.loads(run("seating", "ev.db", "--format", "json").output)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    run("players", "drop", "ev.db", "P13")
    run("seat", "ev.db", "--round", "2")
    # Round 1 was printed: it keeps its seating, which is now out of date (P13 dropped).
    r = run("seating", "ev.db", "--round", "1", ok=None)
    assert r.exit_code == 1 and "round 1's seating is out of date: 'P13' dropped after it was printed" in r.output
    assert [(s.round, s.table, s.seat, s.player, s.wonder) for s in Event.open("ev.db").seats(1)] == \
        [(s["round"], s["table"], s["seat"], s["player"], s["wonder"]) for s in before if s["round"] == 1]
    for rnd in (2, 3, 4):
        after = json.loads(run("seating", "ev.db", "--round", str(rnd), "--format", "json").output)
        assert sorted(s["player"] for s in after) == PLAYERS[:12]


def test_sheets_errors(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "1")
    r = run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx", ok=None)
    assert r.exit_code == 1
    assert r.output == "Error: round 1 is not seated: seat it with 'tourney seat EVENT --round 1'\n"
    r = run("sheets", "ev.db", "--round", "1", "-o", "r1.txt", ok=None)
    assert r.exit_code == 2 and "score sheets are written as .xlsx (or score pads as .pdf)" in r.output


def test_sheets_for_a_duel_event_print_pairings_and_match_sheets(run):
    run("new", "d.db", "--game", "duel", "--seed", "1")
    r = run("sheets", "d.db", "--round", "1", "-o", "r1.xlsx", ok=None)
    assert r.exit_code == 1
    assert r.output == "Error: round 1 is not paired: pair it with 'tourney seat EVENT'\n"
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    assert run("sheets", "d.db", "--round", "1", "-o", "r1.xlsx").output == \
        "wrote r1.xlsx: round 1, 2 tables, 4 players\n"
    from openpyxl import load_workbook
    wb = load_workbook(run.folder / "r1.xlsx")
    assert wb.sheetnames == ["By table", "By name", "Table 1", "Table 2"]


def test_german_sheets_import_too(run):
    seated_event(run)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx", "--lang", "de")
    path = run.folder / "r1.xlsx"
    wb = load_workbook(path)
    assert wb.sheetnames == ["Spieler", "Tisch 1", "Tisch 2", "Tisch 3"]
    ws = wb["Tisch 1"]
    assert ws["A1"].value == "Test Cup · Runde 1 · Tisch 1"
    assert [c.value for c in ws[HEADER_ROW]][:4] == ["Runde", "Tisch", "Sitz", "Spieler"]
    assert [c.value for c in wb["Spieler"][3]] == ["Name", "Tisch", "Sitz", "Weltwunder"]
    # the same draw as the English sheet, with the guilds' German card names
    english = run.folder / "en.xlsx"
    run("sheets", "ev.db", "--round", "1", "-o", str(english))
    drawn = load_workbook(english)["Table 1"]["A2"].value.removeprefix("Guilds in play: ").split(", ")
    german = {"Workers Guild": "Gilde der Arbeiter", "Craftsmens Guild": "Gilde der Künstler",
              "Traders Guild": "Gilde der Händler", "Philosophers Guild": "Gilde der Philosophen",
              "Spies Guild": "Gilde der Spione", "Strategists Guild": "Gilde der Strategen",
              "Shipowners Guild": "Gilde der Reeder", "Scientists Guild": "Gilde der Wissenschaftler",
              "Magistrates Guild": "Gilde der Beamten", "Builders Guild": "Gilde der Baumeister"}
    assert ws["A2"].value == "Gilden im Spiel: " + ", ".join(german[g] for g in drawn)
    for ws in wb.worksheets[1:]:
        fill(ws)
    wb.save(path)
    assert run("results", "import", "ev.db", "r1.xlsx").output.endswith("3 tables stored\n")


def looks(cell) -> tuple[object, ...]:
    """What a person sees of a cell's format: font (name, size, bold), the box's four sides,
    the shade, the alignment."""
    b = cell.border
    sides = tuple(side.style if side is not None else None for side in (b.left, b.right, b.top, b.bottom))
    shade = cell.fill.fgColor.rgb if cell.fill.fill_type else None
    return (cell.font.name, cell.font.sz, bool(cell.font.b), *sides, shade, cell.alignment.horizontal,
            cell.alignment.vertical, bool(cell.alignment.wrap_text))


BOXED = ("thin",) * 4


def test_every_table_sheet_is_formatted_alike_as_printed(run):
    """The last table's sheet looks as the first: headings shaded and boxed, the player's name
    large and bold, every score cell boxed, the signature lines ruled (each style is worked out
    once per workbook and copied to the other cells)."""
    seated_event(run)
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    wb = load_workbook(run.folder / "r1.xlsx")
    heading = ("Calibri", None, True, *BOXED, "00DDDDDD", "center", "center", True)
    for ws in (wb["Table 1"], wb["Table 3"]):
        assert looks(ws["A1"])[:3] == ("Calibri", 18, True)
        assert [looks(c) for c in ws[HEADER_ROW]] == [heading] * len(HEADER)
        line = [looks(c) for c in ws[HEADER_ROW + 1]]
        assert line[3] == ("Calibri", 13, True, *BOXED, None, "left", "center", False)
        assert line[4] == ("Calibri", None, False, *BOXED, None, "left", "center", False)
        assert line[0] == line[5] == line[-1] == ("Calibri", None, False, *BOXED, None, "center", "center", False)
        players = sum(1 for r in range(HEADER_ROW + 1, HEADER_ROW + 8) if ws.cell(r, 4).value)
        sign = HEADER_ROW + players + 3  # the first signature line, under its title
        assert ws.cell(sign, 5).value == ws.cell(HEADER_ROW + 1, 4).value
        assert looks(ws.cell(sign, 5))[8:10] == ("right", "bottom")
        assert [looks(ws.cell(sign, c))[6] for c in range(6, 13)] == ["thin"] * 7
    names = wb["Players"]
    assert [looks(c)[:8] for c in names[3]] == [("Calibri", None, True, *BOXED, "00DDDDDD")] * 4
    assert [looks(c)[8] for c in names[4 + len(PLAYERS) - 1]] == ["left", "center", "center", "left"]


def test_a_table_games_and_a_duels_sheets_are_formatted_alike_as_printed(run):
    """Dominations (the shared table-game sheet) and Duel's match sheets: the first and the last
    table's sheet alike. Both have their header in row 4 and the first player's line in row 5."""
    run("new", "d.db", "--game", "dominations", "--seed", "1")
    run("players", "add", "d.db", *PLAYERS[:8])
    run("seat", "d.db")
    run("sheets", "d.db", "--round", "1", "-o", "dom.xlsx")
    wb = load_workbook(run.folder / "dom.xlsx")
    first, last = wb[wb.sheetnames[1]], wb[wb.sheetnames[-1]]  # the list by name comes first
    assert first is not last
    for ws in (first, last):
        # seat, player, and the first score column
        assert [looks(c) for c in ws[5]][2:5] == [("Calibri", None, False, *BOXED, None, "center", "center", False),
                                                 ("Calibri", 13, True, *BOXED, None, "left", "center", False),
                                                 ("Calibri", None, False, *BOXED, None, "center", "center", False)]
    assert [looks(c) for c in first[4]] == [looks(c) for c in last[4]]
    run("new", "s.db", "--game", "duel", "--seed", "1")
    run("players", "add", "s.db", *PLAYERS[:6])
    run("seat", "s.db")
    run("sheets", "s.db", "--round", "1", "-o", "s.xlsx")
    wb = load_workbook(run.folder / "s.xlsx")
    for ws in (wb["Table 1"], wb["Table 3"]):
        # table, player, and "first" (the plain openpyxl font: Duel names none)
        assert [looks(c)[2:] for c in ws[5]][1:4] == [(False, *BOXED, None, "center", "center", True),
                                                    (True, *BOXED, None, "left", "center", False),
                                                    (False, *BOXED, None, "center", "center", True)]
        assert looks(ws.cell(5, 3))[1] == 13


def test_cells_given_one_style_keep_their_own_formats():
    """A style copied to many cells is each cell's own: a later change to one cell leaves the
    others as they were."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment

    from tourney.outputs.printsheets import BOX, CellStyle, Font, Styles

    ws = Workbook().active
    styles, style = Styles(), CellStyle(Font(bold=True), BOX, alignment=Alignment(horizontal="left"))
    for c in range(1, 4):
        styles(ws.cell(1, c, c), style)
    ws.cell(1, 2).number_format = "0.00"
    ws.cell(1, 3).font = Font(size=20)
    assert [ws.cell(1, c).number_format for c in range(1, 4)] == ["General", "0.00", "General"]
    assert [(ws.cell(1, c).font.sz, bool(ws.cell(1, c).font.b)) for c in range(1, 4)] == [
        (None, True), (None, True), (20, False)]
    assert all(ws.cell(1, c).border.left.style == "thin" for c in range(1, 4))


def test_french_and_german_sheets_and_pads_name_the_wonders_as_their_edition(run):
    """Issue 46, item 8: a French event's sheets and pads say Olympie, Halicarnasse, Babylone,
    Gizeh, Rhodes, Alexandrie, Éphèse (the French boards), a German one Gizeh where the German
    edition differs; the filled-in sheet imports against the draw, which keeps its own names."""
    from pypdf import PdfReader

    from rules_engine.sevenwonders.data import WONDER_NAMES_BY_LANG

    seated_event(run)
    seats = Event.open("ev.db").seats(1)
    french = WONDER_NAMES_BY_LANG["fr"]
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx", "--lang", "fr")
    wb = load_workbook(run.folder / "r1.xlsx")
    shown = {ws.cell(r, 4).value: ws.cell(r, 5).value for ws in wb.worksheets[1:]
             for r in range(HEADER_ROW + 1, HEADER_ROW + 8) if ws.cell(r, 4).value}
    assert shown == {s.player: french[s.wonder] for s in seats}
    listed = {row[0]: row[3] for row in wb.worksheets[0].iter_rows(min_row=4, values_only=True)}
    assert listed == shown
    for ws in wb.worksheets[1:]:
        fill(ws)
    wb.save(run.folder / "r1.xlsx")
    assert run("results", "import", "ev.db", "r1.xlsx").output.endswith("3 tables stored\n")
    run("print", "ev.db", "--round", "1", "--what", "pads,seating", "-o", "fr.pdf", "--lang", "fr")
    text = " ".join(p.extract_text() for p in PdfReader(run.folder / "fr.pdf").pages)
    assert all(french[s.wonder] in text for s in seats)
    assert not any(s.wonder in text.split() for s in seats if s.wonder != french[s.wonder])
    run("print", "ev.db", "--round", "1", "--what", "tables", "-o", "de.pdf", "--lang", "de")
    text = " ".join(p.extract_text() for p in PdfReader(run.folder / "de.pdf").pages)
    if any(s.wonder == "Gizah" for s in seats):
        assert "Gizeh" in text and "Gizah" not in text
    assert WONDER_NAMES_BY_LANG["de"] == {"Gizah": "Gizeh"}
