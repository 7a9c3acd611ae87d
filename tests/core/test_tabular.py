"""The one tabular reader: encodings, separators, stray quotes, hostile workbooks and the hard
limits; exact whole numbers; rosters (bug B2); formula neutralisation in what the tool writes."""
from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import HEADER as HEADER_7W
from conftest import four_players, line, new_event, table_of_four, write_sheet
from fuzzkit import bomb_stream, deflate, write_zip
from tourney.core import tabular
from tourney.core.errors import (
    DamagedWorkbookError,
    NotATextTableError,
    SheetError,
    TableLayoutError,
    TableLimitError,
)
from tourney.core.output import render_rows
from tourney.games.sevenwonders.printsheets import labels
from tourney.games.sevenwonders.lines import COLUMNS, SCORE_SHEET, WORDS
from tourney.core.tabular import neutralise, read_tables, whole_number

NAMES = ["Jürgen Weiß", "Zoë Kästner", "Ole Thießen"]


def cells(path: Path) -> list[list[object]]:
    (table,) = read_tables(path)
    return [list(r.cells) for r in table.rows]


# --- encodings and separators ---------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_every_encoding_and_separator_reads_the_same_table(tmp_path, encoding, sep):
    text = f"name{sep}club\r\n" + "".join(f"{n}{sep}Bonn\r\n" for n in NAMES)
    path = tmp_path / "roster.csv"
    path.write_bytes(text.encode(encoding))
    assert cells(path) == [["name", "club"], *[[n, "Bonn"] for n in NAMES]]


@pytest.mark.parametrize("data, says", [
    ("name\nJürgen Weiß\n".encode("cp850"), "byte 7 is in no encoding this tool reads"),
    ("name\nJörg Mädchen\n".encode("cp850"), "it looks like DOS (cp850) text: umlauts come out as quote marks"),
    (b"name\n\x00\x01\x02\xff", "line 2 holds the control character '\\x00': it is binary data"),
])
def test_text_in_no_known_encoding_is_refused(tmp_path, data, says):
    path = tmp_path / "x.csv"
    path.write_bytes(data)
    with pytest.raises(NotATextTableError) as info:
        read_tables(path)
    assert str(info.value) == f"x.csv is not a text table ({says}): save it as CSV UTF-8 or XLSX"


def test_a_workbook_named_csv_is_refused_with_the_fix(tmp_path):
    wb = openpyxl.Workbook()
    wb.active.append(["name"])
    wb.save(tmp_path / "x.csv")
    with pytest.raises(NotATextTableError, match=r"^x.csv is an XLSX workbook, not a CSV file: rename it to .xlsx"):
        read_tables(tmp_path / "x.csv")


def test_header_with_semicolons_and_data_with_commas_is_reported_not_read_as_nothing(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("round;table;player\n1,1,Anna\n")
    with pytest.raises(TableLayoutError) as info:
        read_tables(path)
    assert str(info.value) == ("s.csv:2: this row separates its cells with ',' but the first row with ';': "
                               "save the file again with one separator (Excel: 'CSV UTF-8')")


def test_a_stray_quote_that_swallows_tables_fails_the_import_naming_the_row(run):
    new_event(run)
    four_players(run)
    run("seat", "ev.db", "--round", "1")
    path = write_sheet(run.folder / "s.csv", table_of_four())
    lines = path.read_text().splitlines(keepends=True)
    lines[2] = lines[2].replace("Ben", '"Ben', 1)
    path.write_text("".join(lines))
    r = run("results", "import", "ev.db", "s.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == ("s.csv: error: s.csv:3: a '\"' opens a cell that runs to the end of the file: remove the "
                        "stray '\"' or close it [file]\n"
                        "checked 1 file: 0 tables, 0 players: 1 error, 0 warnings: nothing stored\n")


def test_a_stray_quote_closed_rows_later_names_both_lines(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text('a,b\n"x,1\n2,3\n4,"5\n')
    with pytest.raises(TableLayoutError, match=r"^s.csv:2: a '\"' opens a cell that runs on to line 4"):
        read_tables(path)


# --- CSV limits --------------------------------------------------------------------------------------
def test_a_cell_longer_than_the_limit_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    for size in (tabular.MAX_CELL_CHARS + 1, 200_000):  # the second is past csv's own field limit
        path.write_text("name\n" + "x" * size + "\n")
        with pytest.raises(TableLimitError, match=r"^s.csv:2: a cell has more than 32,767 characters"):
            read_tables(path)


def test_too_many_columns_and_rows_are_refused_but_blank_padding_is_not(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("name\n" + ",".join(["x"] * (tabular.MAX_COLUMNS + 1)) + "\n")
    with pytest.raises(TableLimitError, match=r"^s.csv:2: the row has 201 cells, more than the 200 columns"):
        read_tables(path)
    path.write_text("name;club\nAnna;Bonn\n" + ";\n" * 1_000_000)
    assert cells(path) == [["name", "club"], ["Anna", "Bonn"]]
    path.write_text("name\nAnna\n" + "\n" * tabular.MAX_ROWS + "Ben\n")
    with pytest.raises(TableLimitError, match=r"^s.csv:100003: a value beyond row 100,000"):
        read_tables(path)


def test_a_file_beyond_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.csv"
    with open(path, "wb") as fh:
        fh.truncate(tabular.MAX_FILE_BYTES + 1)
    with pytest.raises(TableLimitError, match=r"^big.csv: the file has 16 MB, more than the 16 MB"):
        read_tables(path)


# --- hostile and damaged workbooks (built by hand with zlib) ------------------------------------------
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
PARTS = {
    "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                   'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": f'<workbook {NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                       'relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                                  'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                                  'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                                  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/'
                                  '2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    "xl/sharedStrings.xml": f'<sst {NS}><si><t>name</t></si><si><r><t>An</t></r><r><t>na</t></r></si></sst>',
}
SHEET = "xl/worksheets/sheet1.xml"


def workbook(path: Path, sheet: str | bytes | tuple[bytes, int, int], **parts: str) -> Path:
    entries = {k: deflate(v.encode()) for k, v in {**PARTS, **parts}.items()}
    if isinstance(sheet, tuple):
        entries[SHEET] = sheet
    else:
        entries[SHEET] = deflate(sheet if isinstance(sheet, bytes) else sheet.encode())
    return write_zip(path, entries)


def sheet_xml(rows: str) -> str:
    return f"<worksheet {NS}><sheetData>{rows}</sheetData></worksheet>"


def test_a_hand_made_workbook_reads_shared_inline_and_numbers(tmp_path):
    path = workbook(tmp_path / "w.xlsx", sheet_xml(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>total</t></is></c></row>'
        '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="C3"><v>7.0</v></c><c r="D3"><v>6.9999999999999999</v></c>'
        '<c r="E3" t="b"><v>1</v></c><c r="F3" t="inlineStr"><is><t>\'=1+1</t></is></c></row>'))
    assert cells(path) == [["name", None, "total"], ["Anna", None, 7, Decimal("6.9999999999999999"), True, "=1+1"]]


@pytest.mark.parametrize("rows, says", [
    ('<row r="x1"><c r="A1"><v>1</v></c></row>', "row number 'x1'"),
    ('<row r="1"><c r="A1"><v>1,5</v></c></row>', "bad number '1,5'"),
    ('<row r="1"><c r="A1" t="s"><v>7</v></c></row>', "shared string '7' does not exist"),
    ('<row r="1"><c r="A1" t="d"><v>2018-13-45</v></c></row>', "bad date '2018-13-45'"),
    ('<row r="1"><c r="1A"><v>1</v></c></row>', "cell reference '1A'"),
    ('<row r="1"><c r="A1"><v>1</v></row>', "bad XML in 'xl/worksheets/sheet1.xml'"),
])
def test_damaged_cells_are_a_clear_error(tmp_path, rows, says):
    path = workbook(tmp_path / "w.xlsx", sheet_xml(rows))
    with pytest.raises(DamagedWorkbookError) as info:
        read_tables(path)
    assert says in str(info.value) and str(info.value).endswith("open it in Excel and save it again as .xlsx")


def test_entities_are_refused_billion_laughs(tmp_path):
    laughs = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
              + sheet_xml('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row>'))
    with pytest.raises(DamagedWorkbookError, match="bad XML"):
        read_tables(workbook(tmp_path / "w.xlsx", laughs))


def test_not_a_zip_is_a_damaged_workbook(tmp_path):
    (tmp_path / "w.xlsx").write_text("name\nAnna\n")
    with pytest.raises(DamagedWorkbookError, match=r"^w.xlsx: damaged workbook \(it is not a zip file"):
        read_tables(tmp_path / "w.xlsx")


def test_a_huge_row_number_does_not_allocate(tmp_path):
    value = '<row r="99999999999"><c r="A99999999999" t="inlineStr"><is><t>x</t></is></c></row>'
    path = workbook(tmp_path / "w.xlsx", sheet_xml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + value))
    with pytest.raises(TableLimitError, match=r"^w.xlsx\[S\]:99999999999: values in or after row 99,999,999,999"):
        read_tables(path)
    empty = sheet_xml('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="99999999999"><c r="B99999999999" s="1"/></row>')
    assert cells(workbook(tmp_path / "e.xlsx", empty)) == [["name"]]


def test_a_value_beyond_the_column_limit_is_refused(tmp_path):
    path = workbook(tmp_path / "w.xlsx", sheet_xml('<row r="1"><c r="ZZ1"><v>1</v></c></row>'))
    with pytest.raises(TableLimitError, match=r"a value in column 702, beyond the 200 columns"):
        read_tables(path)


def test_a_zip_bomb_is_refused_from_the_directory_before_unpacking(tmp_path):
    """1 GiB of one cell, about 1 MB compressed: refused in milliseconds."""
    head = f'<worksheet {NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'.encode()
    raw, crc, size = bomb_stream(head, b"</t></is></c></row></sheetData></worksheet>")
    path = workbook(tmp_path / "bomb.xlsx", (raw, crc, size))
    assert path.stat().st_size < 2 * 2**20
    with pytest.raises(TableLimitError, match=r"^bomb.xlsx: worksheet 'S' unpacks to 1024 MB, more than the 32 MB"):
        read_tables(path)
    # The same part claiming to be small: unpacking stops at the claimed size and the zip check fails.
    with pytest.raises((DamagedWorkbookError, TableLimitError)):
        read_tables(workbook(tmp_path / "liar.xlsx", (raw, 0, 1000)))


def test_many_sheets_each_under_the_part_limit_are_refused_together_before_unpacking(tmp_path):
    """Eight worksheets of 31 MB each (a comment padding one cell): each passes the 32 MB a
    part may have; together they are 248 MB, and the workbook is refused from its zip directory."""
    head = f'<worksheet {NS}><!--'.encode()
    tail = b'--><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>'
    padded = bomb_stream(head, tail, megabytes=31)
    n = 8
    sheets = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, n + 1))
    rels = "".join(f'<Relationship Id="rId{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                   f'relationships/worksheet" Target="worksheets/sheet{i}.xml"/>' for i in range(1, n + 1))
    parts = {**PARTS,
             "xl/workbook.xml": f'<workbook {NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                                f'relationships"><sheets>{sheets}</sheets></workbook>',
             "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                                           f'relationships">{rels}</Relationships>'}
    entries = {k: deflate(v.encode()) for k, v in parts.items()}
    path = write_zip(tmp_path / "many.xlsx", {**entries, **{f"xl/worksheets/sheet{i}.xml": padded
                                                            for i in range(1, n + 1)}})
    assert path.stat().st_size < 2 * 2**20
    with pytest.raises(TableLimitError) as info:
        read_tables(path)
    assert str(info.value) == ("many.xlsx: the workbook as a whole unpacks to 248 MB, more than the 128 MB this tool "
                               "reads: delete what is not a result, or split the workbook")
    # One of those sheets alone is read.
    one = write_zip(tmp_path / "one.xlsx", {**{k: deflate(v.encode()) for k, v in PARTS.items()}, SHEET: padded})
    assert [t.rows[0].cells for t in read_tables(one)] == [("x",)]


def test_a_million_empty_rows_after_the_table_are_skipped_quickly(tmp_path):
    rows = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + '<row r="7" spans="1:3"/>' * 1_000_000
    assert cells(workbook(tmp_path / "w.xlsx", sheet_xml(rows))) == [["name"]]


def test_a_cell_beyond_the_length_limit_in_a_workbook_is_refused(tmp_path):
    rows = f'<row r="2"><c r="B2" t="inlineStr"><is><t>{"x" * 40_000}</t></is></c></row>'
    with pytest.raises(TableLimitError, match=r"^w.xlsx\[S\]:2: a cell has more than 32,767 characters"):
        read_tables(workbook(tmp_path / "w.xlsx", sheet_xml(rows)))


# --- exact whole numbers -------------------------------------------------------------------------------
@pytest.mark.parametrize("cell, number", [
    ("7", 7), ("07", 7), (" 7 ", 7), (7, 7), (7.0, 7), ("7,0", 7), (Decimal("7.000"), 7), ("", None), (None, None),
    ("-3", -3),
])
def test_whole_numbers_accepted(cell, number):
    assert whole_number(cell) == number


@pytest.mark.parametrize("cell", ["6.9999999999999999", "1_8", "TRUE", True, "7.5", 7.5, "1e3", "٧", "0x10",
                                  Decimal("6.9999999999999999"), float("inf"), "9223372036854775808"])
def test_not_exact_whole_numbers_are_refused(cell):
    with pytest.raises(ValueError):
        whole_number(cell)


@settings(max_examples=60, deadline=None)
@given(st.integers(-tabular.MAX_WHOLE_NUMBER, tabular.MAX_WHOLE_NUMBER))
def test_every_whole_number_round_trips_through_csv_and_xlsx(tmp_path_factory, n):
    folder = tmp_path_factory.mktemp("n")
    (folder / "n.csv").write_text(f"n\n{n}\n")
    wb = openpyxl.Workbook()
    wb.active.append(["n"])
    wb.active.append([n])
    wb.active.append([float(n)])
    wb.save(folder / "n.xlsx")
    assert whole_number(cells(folder / "n.csv")[1][0]) == n
    assert [whole_number(r[0]) for r in cells(folder / "n.xlsx")[1:]] == [n, n]


@settings(max_examples=40, deadline=None)
@given(st.decimals(allow_nan=False, allow_infinity=False, places=3).filter(lambda d: d != d.to_integral_value()))
def test_no_fraction_is_read_as_a_whole_number(tmp_path_factory, d):
    folder = tmp_path_factory.mktemp("d")
    path = workbook(folder / "d.xlsx", sheet_xml(f'<row r="1"><c r="A1"><v>{d}</v></c></row>'))
    with pytest.raises(ValueError):
        whole_number(cells(path)[0][0])
    with pytest.raises(ValueError):
        whole_number(str(d))


#: Cells as a CSV row may hold them: numbers with signs, blanks, separators and near-misses.
CSV_NUMBER_CELLS = st.one_of(
    st.integers(-2 * tabular.MAX_WHOLE_NUMBER, 2 * tabular.MAX_WHOLE_NUMBER).map(str),
    st.from_regex(r"\s?[+-]?[0-9_٧,.e ]{0,6}\s?", fullmatch=True),
    st.sampled_from(["", " ", "-", "+", "--1", "+-1", "1_0", "7,0", "7.0", "0x10", "\t8\n", "٧", "1e3"]),
    # What a workbook's cells hold: whole numbers (some beyond the limit), fractions, true/false, blanks.
    st.integers(-2 * tabular.MAX_WHOLE_NUMBER, 2 * tabular.MAX_WHOLE_NUMBER),
    st.sampled_from([None, True, False, 7.0, 7.5, Decimal("3"), Decimal("2.5")]))


@settings(max_examples=300, deadline=None)
@given(st.lists(CSV_NUMBER_CELLS, max_size=8))
def test_a_rows_numbers_read_in_one_go_are_what_each_cell_reads_as(row):
    """The reader's shortcut for a row of plain numbers takes exactly what `whole_number`
    takes (else it leaves the row to the cell-by-cell reading, which says what is wrong)."""
    from tourney.core.sheetio import _plain_numbers

    fast = _plain_numbers(list(row))
    if fast is not None:
        assert fast == [whole_number(cell) for cell in row]


#: Lines of CSV text without quotes: cells, blanks, separators, apostrophes, formula starts.
UNQUOTED_LINES = st.lists(st.text(alphabet=st.sampled_from(list("ab7 ,;\t'=-\r")), max_size=12), max_size=8)


@settings(max_examples=400, deadline=None)
@given(UNQUOTED_LINES, st.sampled_from(["\n", "\r\n", "\r"]))
def test_text_without_quotes_read_in_one_go_is_what_the_row_by_row_reading_gives(lines, end):
    """The reader's shortcut for CSV text without a '"' (the limits and separators checked for
    all rows at once) gives the rows, or the refusal, of reading the rows one by one."""
    text = end.join(lines)
    sep = tabular.csv_separator(text)

    def outcome(read):
        try:
            return read()
        except SheetError as exc:
            return type(exc), str(exc)

    assert outcome(lambda: tabular.parse_csv_text(text, "x.csv")) == outcome(
        lambda: tabular._parse_csv(text, "x.csv", sep))


def test_text_without_quotes_beyond_a_limit_is_refused_with_its_row():
    long_cell = "a" * (tabular.MAX_CELL_CHARS + 1)
    for text, says in [(f"name,club\nAnna,{long_cell}\n", "x.csv:2: a cell has more than"),
                       ("name,club\n" + ",".join("x" * (tabular.MAX_COLUMNS + 1)) + "\n", "x.csv:2: the row has 201"),
                       ("name,club\nAnna;Bonn\n", "x.csv:2: this row separates its cells with ';'")]:
        with pytest.raises(SheetError) as info:
            tabular.parse_csv_text(text, "x.csv")
        assert str(info.value).startswith(says)


SHEET_CELLS = {
    "number": st.sampled_from(["0", "7", "-3", " 12 ", "+4", "", " ", "7.0", "x", "1_0", "99999999999", None, 5]),
    "player": st.sampled_from(["Anna", " Bo  b ", "", None, "Zoë", 3]),
    "text": st.sampled_from(["Gizah", "", None, " rhodos ", "A", "b", 7]),
}


@st.composite
def score_tables(draw):
    """A score-sheet table as read: its columns in any order (with one the sheet doesn't know, or
    not), a "guilds in play" line above the header or not, lines of good and bad cells, short and
    long, lines that hold no result, some cells formulas without a saved value."""
    known = [*SCORE_SHEET.required, "wonder", "side", "guilds_in_play", "stages"]
    columns = draw(st.permutations(known + ["notes"] if draw(st.booleans()) else known))
    rows = [tabular.Row(1, ("Guilds in play: Workers Guild, Spies Guild",))] if draw(st.booleans()) else []
    rows.append(tabular.Row(len(rows) + 1, tuple(columns)))
    kind = {c: "player" if c == "player" else "text" if c in SCORE_SHEET.optional_text or c == "notes" else "number"
            for c in columns}
    # Mostly plain numbers (the shortcut's case), or any cells.
    plain = st.sampled_from(["0", "7", "-3", " 12 ", "+4"]) if draw(st.booleans()) else SHEET_CELLS["number"]
    # Some lines hold no result: no name, zeros or nothing (a printed sheet's empty seat).
    empty = {"number": st.sampled_from(["0", "", None, " "]), "player": st.sampled_from(["", None, "  "]),
             "text": SHEET_CELLS["text"]}
    for number in range(len(rows) + 1, len(rows) + 1 + draw(st.integers(0, 6))):
        cell = empty if draw(st.integers(0, 3)) == 0 else {**SHEET_CELLS, "number": plain}
        cells = tuple(draw(cell[kind[c]]) for c in columns)
        cells += ("beyond the header",) if draw(st.booleans()) else ()
        rows.append(tabular.Row(number, cells[:draw(st.integers(len(cells) - 3, len(cells)))]))
    unsaved = frozenset(draw(st.sets(st.tuples(st.integers(1, len(rows)), st.integers(1, len(columns))),
                                     max_size=draw(st.sampled_from([0, 2])))))
    return tabular.Table("x.csv", None, tuple(rows), unsaved)


@settings(max_examples=300, deadline=None)
@given(score_tables())
def test_lines_read_column_by_column_are_what_each_line_reads_as(table):
    """The reader's shortcut, every number cell of a table's lines read in one go and each
    column converted at once, gives each line as converting it on its own (`_convert`) does."""
    from tourney.core import sheetio

    at = next(k for k, r in enumerate(table.rows) if SCORE_SHEET.header_map(list(r.cells)))
    head = table.rows[at].cells
    mapping = SCORE_SHEET.header_map(list(head))
    headers = {col: str(head[i]) for i, col in mapping.items()}
    above = {"guilds_in_play": "Workers Guild, Spies Guild"} if at else {}
    body = sheetio._Body(table, SCORE_SHEET, mapping, headers, above)
    lines = body.lines(table.rows[at + 1:])
    one_by_one = [sheetio._convert(dict(zip(body.given, cells)), sheetio.Location("x.csv", row.number), SCORE_SHEET,
                                   headers, unsaved, body.numbers, body.texts) for row, cells, unsaved in lines]
    read = body.rows(table.rows[at + 1:])
    assert read == one_by_one
    assert [list(r.values) for r in read] == [list(r.values) for r in one_by_one]  # the columns in the sheet's order


# --- score sheets: duplicate columns, numbers without a player --------------------------------------------
def test_two_columns_for_one_category_are_refused_with_their_names(run):
    rows = [r + [r[9]] for r in table_of_four()]
    path = write_sheet(run.folder / "s.csv", rows)
    text = path.read_text().splitlines()
    text[0] += ",Zivil"
    path.write_text("\n".join(text) + "\n")
    r = run("check", "s.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == ("s.csv: error: s.csv:1: two civilian columns: 'civilian' and 'Zivil': delete one of them "
                        "[file]\nchecked 1 file: 0 tables, 0 players: 1 error, 0 warnings\n")


def test_numbers_without_a_player_are_reported_not_dropped(run):
    rows = table_of_four() + [line(1, 1, 5, "", civilian=4, total="")]
    write_sheet(run.folder / "s.csv", rows)
    r = run("check", "s.csv", ok=None)
    assert r.exit_code == 1
    assert "s.csv:6: round 1, table 1: error: player is empty: write the player's name [cell]" in r.output


def test_a_csv_line_for_an_empty_seat_is_no_players_line(run):
    """A printed pad typed into a CSV file keeps its lines for empty seats: no name (or only
    blanks) and zeros or nothing. They are no players' lines: the table checks as it is."""
    rows = table_of_four() + [[1, 1, 5, "", "", "", *[0] * 9], [1, 1, 6, "  ", "", "", *[""] * 9]]
    write_sheet(run.folder / "s.csv", rows)
    r = run("check", "s.csv")
    assert r.output == "checked 1 file: 1 table, 4 players: 0 errors, 0 warnings\n"


def test_every_column_of_a_score_sheet_row_reaches_its_field(tmp_path):
    """Each cell of a 7 Wonders line lands in the rules engine's field of that name (the line
    is built by field position, so a reordered field would show here)."""
    from rules_engine.sevenwonders import PlayerScore
    from tourney.games.sevenwonders.sheets import parse_files

    header = [*HEADER_7W, "compasses", "gears", "tablets", "wild", "stages"]
    values = {"round": 1, "table": 2, "seat": 1, "player": "Anna", "wonder": "Rhodos", "side": "b",
              **{col: 10 + i for i, col in enumerate(header[6:])}}
    path = tmp_path / "r.csv"
    path.write_text(",".join(header) + "\n" + ",".join(str(values[c]) for c in header) + "\n", encoding="utf-8")
    (table,) = parse_files([path]).tables
    (score,) = table.sheet.players
    assert score == PlayerScore(**{**{c: v for c, v in values.items() if c not in ("round", "table")}, "side": "B"})


# --- rosters (B2) ----------------------------------------------------------------------------------------
def test_a_windows_1252_semicolon_roster_imports(run):
    new_event(run)
    (run.folder / "roster.csv").write_bytes(("Name;Verein\r\n" + "".join(f"{n};Bonn\r\n" for n in NAMES))
                                            .encode("cp1252"))
    assert run("players", "import", "ev.db", "roster.csv").output == "registered 3 players from round 1\n"
    assert run("players", "list", "ev.db", "--format", "json").output == json.dumps(
        [{"player": n, "first_round": 1, "dropped_after": None} for n in NAMES], ensure_ascii=False, indent=2) + "\n"


@pytest.mark.parametrize("header", ["Vorname;Nachname", "First Name;Last Name", "NACHNAME;vorname"])
def test_first_and_last_name_columns_make_one_name(run, header):
    new_event(run)
    first_last = header.lower().startswith(("vorname", "first"))
    rows = ["Jan;Müller", "Zoë;Kästner"] if first_last else ["Müller;Jan", "Kästner;Zoë"]
    (run.folder / "r.csv").write_text(header + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    run("players", "import", "ev.db", "r.csv")
    assert run("players", "list", "ev.db", "--format", "csv").output == (
        "player,first_round,dropped_after\nJan Müller,1,\nZoë Kästner,1,\n")


def test_an_unquoted_last_comma_first_is_refused_with_its_row(run):
    new_event(run)
    (run.folder / "r.csv").write_text("name\nAnna Schmidt\nMüller, Jan\n", encoding="utf-8")
    r = run("players", "import", "ev.db", "r.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == ("Error: r.csv:3: the row has 2 cells but the header only 1: if a name holds a comma, put it "
                        "in quotes (\"Müller, Jan\") or use the columns Vorname and Nachname\n")
    assert "0 players" in run("players", "list", "ev.db").output


def test_a_damaged_xlsx_roster_is_a_clear_error(run):
    new_event(run)
    good = openpyxl.Workbook()
    good.active.append(["name"])
    good.save(run.folder / "r.xlsx")
    data = (run.folder / "r.xlsx").read_bytes()
    (run.folder / "r.xlsx").write_bytes(data[: len(data) // 2])
    r = run("players", "import", "ev.db", "r.xlsx", ok=None)
    assert r.exit_code == 1
    assert r.output.startswith("Error: r.xlsx: damaged workbook (") and "Traceback" not in r.output


def test_an_xlsx_roster_imports(run):
    new_event(run)
    wb = openpyxl.Workbook()
    for row in (["Spieler", "Verein"], ["Jürgen Weiß", "Köln"], [None, None], ["Ole Thießen"]):
        wb.active.append(row)
    wb.save(run.folder / "r.xlsx")
    assert run("players", "import", "ev.db", "r.xlsx").output == "registered 2 players from round 1\n"


def test_a_windows_1252_alias_file_is_read(run, tmp_path):
    from tourney.event.season import load_aliases

    (tmp_path / "a.csv").write_bytes("alias;name\nJoerg Mueller;Jörg Müller\n".encode("cp1252"))
    assert [(a.alias, a.name) for a in load_aliases(tmp_path / "a.csv").entries] == [("Joerg Mueller", "Jörg Müller")]


# --- output: one renderer, formula neutralisation -------------------------------------------------------
def test_render_rows_table_csv_json():
    rows = [("=SUM(A1)", 1, None), ("Ben", -2, 3)]
    assert render_rows(("player", "a", "b"), rows, "table", labels=("Player", "A", "Bee")) == (
        "Player     A  Bee\n=SUM(A1)   1\nBen       -2    3\n")
    assert render_rows(("player", "a", "b"), rows, "csv") == "player,a,b\n'=SUM(A1),1,\nBen,-2,3\n"
    assert json.loads(render_rows(("player", "a", "b"), rows, "json"))[0] == {"player": "=SUM(A1)", "a": 1, "b": None}


@pytest.mark.parametrize("text, safe", [("=1+1", "'=1+1"), ("+49 228", "'+49 228"), ("-x", "'-x"), ("@A1", "'@A1"),
                                        ("\tx", "'\tx"), ("\rx", "'\rx"), ("-3", "-3"), ("+1.5", "+1.5"),
                                        ("Anna", "Anna"), (-3, -3)])
def test_neutralise(text, safe):
    assert neutralise(text) == safe
    if isinstance(text, str):
        assert tabular.unneutralise(str(safe)) == text


EVIL = ["=HYPERLINK(\"http://x\",\"y\")", "+1+cmd", "@SUM(1)", "-2+3"]


def test_no_csv_or_xlsx_written_holds_a_formula_from_user_text(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "7", "--name", "=Evil Cup")
    run("players", "add", "ev.db", "--", *EVIL)
    run("seat", "ev.db", "--round", "1")
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    for fmt_args in (("seating", "ev.db", "--format", "csv"), ("standings", "ev.db", "--format", "csv"),
                     ("players", "list", "ev.db", "--format", "csv")):
        out = run(*fmt_args).output
        assert all(not cell.startswith(("=", "+", "@", "-")) for row in out.splitlines() for cell in row.split(",")
                   if cell and not cell.lstrip("-").isdigit()), out
    # Standings list players once a result is in (before, the workbook says "no results yet").
    write_sheet(run.folder / "evil.csv", [line(1, 1, i, name) for i, name in enumerate(EVIL, 1)])
    run("new", "evil.db", "--game", "7wonders", "--seed", "7", "--name", "=Evil Cup")
    run("results", "import", "evil.db", "evil.csv", "--register")
    run("export", "evil.db", "-o", "st.xlsx")
    for name in ("r1.xlsx", "st.xlsx"):
        wb = openpyxl.load_workbook(run.folder / name)
        values = [c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row]
        assert not [v for v in values if isinstance(v, str) and v.startswith(("=", "+", "@", "-"))], name
        assert any(isinstance(v, str) and v.startswith("'=HYPERLINK") for v in values)


def test_printed_names_that_look_like_formulas_import_as_registered(run):
    from tourney.core.sheetio import read_sheet_file

    run("new", "ev.db", "--game", "7wonders", "--seed", "7")
    run("players", "add", "ev.db", "=Anna", "Ben", "Cleo", "Dirk")
    run("seat", "ev.db", "--round", "1")
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    assert sorted(r.player for r in read_sheet_file(run.folder / "r1.xlsx", SCORE_SHEET)) == ["=Anna", "Ben", "Cleo", "Dirk"]


# --- one vocabulary --------------------------------------------------------------------------------------
def test_printed_german_headers_are_the_vocabulary_labels_and_read_back():
    printed = [c for c in COLUMNS if c not in ("compasses", "gears", "tablets", "wild", "stages", "guilds_in_play")]
    assert labels("de").header == tuple(WORDS.label(c, "de") for c in printed)
    assert [SCORE_SHEET.canonical(h) for h in labels("de").header] == printed
    assert [SCORE_SHEET.canonical(h.upper().replace("Ä", "AE")) for h in labels("de").header] == printed


# --- rows in memory (a desk's form, the API's JSON) ---------------------------------------------
def _as_csv_file(rows: list[tuple[object, ...]], tmp_path: Path) -> tabular.Table:
    """What the desk did before rows were read in memory: the cells written to a CSV file and read back."""
    import csv

    path = tmp_path / "desk.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(["" if c is None else str(c) for c in row] for row in rows)
    (table,) = read_tables(path)
    return table


_CELL = st.one_of(st.none(), st.integers(-10**12, 10**12), st.booleans(),
                  st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
                  st.sampled_from(["'=1+2", "'-3", "=A1", "  7 ", "7,0", "'Anna", "\t x"]))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_CELL, min_size=3, max_size=3).map(tuple), min_size=1, max_size=6))
def test_rows_in_memory_read_as_the_same_cells_in_a_csv_file(tmp_path_factory, rows):
    # As the desk sends them: a header row, then rows of its width (a CSV row of one cell
    # holding a ";" is read as a file saved with two separators).
    header = ("round", "table", "player")
    typed = tabular.Rows("desk.csv", (header, *rows))
    (table,) = read_tables(typed)
    assert table == _as_csv_file([header, *rows], tmp_path_factory.mktemp("csv"))


def test_rows_in_memory_refuse_a_line_break_or_control_character():
    for bad in ("Anna\nBerta", "Anna\r", "A\x00"):
        with pytest.raises(TableLayoutError, match=r"^desk.csv:3: a cell holds the control character"):
            read_tables(tabular.Rows("desk.csv", (("round", "player"), (1, "Ole"), (1, bad))))
    with pytest.raises(TableLimitError, match=r"^desk.csv:2: a cell has more than"):
        read_tables(tabular.Rows("desk.csv", (("player",), ("x" * (tabular.MAX_CELL_CHARS + 1),))))
