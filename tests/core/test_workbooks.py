"""LibreOffice's own format (.ods) and old Excel 97-2003 workbooks (.xls) read wherever CSV and
XLSX are: a roster (`players import`), a round's score sheet (`check`, `results import`), giving
exactly what the same cells in CSV or XLSX give; hostile or damaged ones refused with a clear
message, never a traceback (issue 33, friction 11). The real files in tests/data/workbooks were
saved by LibreOffice Calc (make_workbooks.py there says how)."""
from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from conftest import ROOT, new_event
from fuzzkit import bomb_stream, deflate, write_zip
from tourney.core import workbooks
from tourney.core.errors import DamagedWorkbookError, SheetError, TableLimitError
from tourney.core.tabular import read_tables

DATA = ROOT / "tests" / "data" / "workbooks"
_spec = importlib.util.spec_from_file_location("make_workbooks", DATA / "make_workbooks.py")
assert _spec and _spec.loader
made = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(made)

WORKBOOKS = [".ods", ".xls"]


def stored(db: Path) -> list[tuple[object, ...]]:
    """Every stored result line with its player's name, and the players: what an import stored,
    less the time, the author and the file's name."""
    with sqlite3.connect(db) as con:
        lines = con.execute(
            "SELECT r.round, r.table_no, r.version, r.warnings, l.seat, p.name, l.wonder, l.side, l.scores "
            "FROM results r JOIN result_lines l ON l.result_id = r.id JOIN players p ON p.id = l.player_id "
            "ORDER BY r.round, r.table_no, l.seat").fetchall()
        players = con.execute("SELECT name, joined_round, dropped_after FROM players ORDER BY id").fetchall()
    return lines + players


def save_xlsx(path: Path, rows: list[list[object]], title: str = "Sheet") -> Path:
    wb = openpyxl.Workbook()
    wb.active.title = title
    for row in rows:
        wb.active.append(row)
    wb.save(path)
    return path


# --- real files saved by LibreOffice ------------------------------------------------------------------
@pytest.mark.parametrize("suffix", WORKBOOKS)
def test_a_libreoffice_roster_imports_as_its_xlsx_does(run, suffix):
    shutil.copyfile(DATA / f"roster{suffix}", run.folder / f"roster{suffix}")
    save_xlsx(run.folder / "roster.xlsx", [made.ROSTER[0] + [None, "Stand: 1. Mai"], *made.ROSTER[1:]])
    outputs = {}
    for name in ("roster.xlsx", f"roster{suffix}"):
        new_event(run, f"{name}.db")
        outputs[name] = (run("players", "import", f"{name}.db", name).output,
                         run("players", "list", f"{name}.db", "--format", "json").output)
    assert outputs[f"roster{suffix}"] == outputs["roster.xlsx"]
    assert outputs["roster.xlsx"][0] == "registered 4 players from round 1\n"
    assert [p["player"] for p in json.loads(outputs["roster.xlsx"][1])] == [
        "Jürgen Weiß", "Zoë Kästner", "Ole Thießen", "Łukasz Nowak"]


@pytest.mark.parametrize("suffix", WORKBOOKS)
def test_a_round_typed_in_libreoffice_checks_and_imports_as_its_csv_and_xlsx(run, suffix):
    """round1.ods/.xls: German headers, two tables with a blank row between, totals as =SUM
    formulas (LibreOffice saves their values), a notes sheet. The same cells as CSV and as
    XLSX (values typed) check alike and store exactly the same lines."""
    import csv

    rows = [made.german_header(), *made.round1_rows()]
    with open(run.folder / "round1.csv", "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    save_xlsx(run.folder / "round1.xlsx", rows, "Runde 1")
    shutil.copyfile(DATA / f"round1{suffix}", run.folder / f"round1{suffix}")
    checked, imported, lines = {}, {}, {}
    for name in ("round1.csv", "round1.xlsx", f"round1{suffix}"):
        checked[name] = run("check", name).output
        run("new", f"{name}.db", "--game", "7wonders", "--seed", "7")
        imported[name] = run("results", "import", f"{name}.db", name, "--register").output
        lines[name] = stored(run.folder / f"{name}.db")
    assert checked["round1.csv"] == "checked 1 file: 2 tables, 8 players: 0 errors, 0 warnings\n"
    for name in ("round1.xlsx", f"round1{suffix}"):
        assert checked[name] == checked["round1.csv"]
        assert imported[name] == imported["round1.csv"]
        assert lines[name] == lines["round1.csv"]
    assert len(lines["round1.csv"]) == 8 + 8 and "2 tables stored\n" in imported["round1.csv"]


@pytest.mark.parametrize("suffix", WORKBOOKS)
def test_rows_and_columns_keep_their_places(suffix):
    """offset.ods/.xls: a table from C3 on, as LibreOffice saved it."""
    (table,) = read_tables(DATA / f"offset{suffix}")
    assert [(r.number, r.cells) for r in table.rows] == [
        (3, (None, None, "Name")), (4, (None, None, "Anna")), (5, (None, None, None, None, 7))]


def test_a_misnamed_workbook_reads_as_what_it_holds(tmp_path):
    """An .xls saved as .xlsx, an .ods named .xls, an .xlsx named .ods: read by their content."""
    shutil.copyfile(DATA / "roster.xls", tmp_path / "a.xlsx")
    shutil.copyfile(DATA / "roster.ods", tmp_path / "b.xls")
    save_xlsx(tmp_path / "c.ods", made.ROSTER)
    want = [r.cells for r in read_tables(DATA / "roster.ods")[0].rows]
    for name in ("a.xlsx", "b.xls", "c.ods"):
        assert [r.cells[:2] for r in read_tables(tmp_path / name)[0].rows] == [w[:2] for w in want], name


def test_the_xls_reader_is_loaded_only_for_an_xls_file():
    """python-calamine, and the child that runs it, only when an .xls file is read."""
    import subprocess
    import sys

    code = ("import sys; from tourney.core.tabular import read_tables; read_tables(sys.argv[1]); "
            "print(sorted(m for m in sys.modules if 'calamine' in m or m.endswith('legacybook')))")
    out = subprocess.run([sys.executable, "-c", code, str(DATA / "roster.ods")], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out == "[]\n"


# --- ODS cells ------------------------------------------------------------------------------------------
OD = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"')


MANIFEST = ('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.'
            'spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            "</manifest:manifest>")


def ods(path: Path, sheets: str | bytes | tuple[bytes, int, int], **parts: str) -> Path:
    """An ODS workbook of content.xml's spreadsheet body `sheets` (the table elements)."""
    if isinstance(sheets, tuple):
        content = sheets
    else:
        body = sheets.encode() if isinstance(sheets, str) else sheets
        content = deflate(b'<?xml version="1.0" encoding="UTF-8"?><office:document-content ' + OD.encode()
                          + b"><office:body><office:spreadsheet>" + body
                          + b"</office:spreadsheet></office:body></office:document-content>")
    entries = {"mimetype": deflate(b"application/vnd.oasis.opendocument.spreadsheet"),
               "META-INF/manifest.xml": deflate(MANIFEST.encode()), "content.xml": content}
    entries.update({k: deflate(v.encode()) for k, v in parts.items()})
    return write_zip(path, entries)


def cell(value: str = "", **attrs: str) -> str:
    attributes = "".join(f' {k.replace("_", ":", 1).replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f"<table:table-cell{attributes}>{value}</table:table-cell>"


def text(t: str, **attrs: str) -> str:
    return cell(f"<text:p>{t}</text:p>", office_value_type="string", **attrs)


def number(v: str, **attrs: str) -> str:
    return cell(f"<text:p>{v}</text:p>", office_value_type="float", office_value=v, **attrs)


def sheet(*rows: str, name: str = "S") -> str:
    return f'<table:table table:name="{name}">{"".join(rows)}</table:table>'


def row(*cells: str, repeat: int | str | None = None) -> str:
    rep = f' table:number-rows-repeated="{repeat}"' if repeat is not None else ""
    return f"<table:table-row{rep}>{''.join(cells)}</table:table-row>"


def test_ods_cells_read_as_libreoffice_shows_them(tmp_path):
    """Repeats, exact numbers, true/false, dates, spaces and line breaks, links and spans; a
    comment is not the cell's text, a formula without a saved value is not a blank."""
    path = ods(tmp_path / "c.ods", sheet(
        row(text("name"), cell(table_number_columns_repeated="2"), text("x", table_number_columns_repeated="2")),
        row(cell(table_number_columns_repeated="16384"), repeat=3),
        row(text("", office_string_value="Anna"), number("7"), number("6.9999999999999999"), number("0.5"),
            cell(office_value_type="boolean", office_boolean_value="true"),
            cell(office_value_type="date", office_date_value="2018-05-01"),
            cell("<text:p>a<text:s text:c=\"2\"/>b<text:tab/>c</text:p><text:p>d<text:line-break/>e</text:p>",
                 office_value_type="string"),
            cell('<office:annotation><text:p>a comment</text:p></office:annotation>'
                 '<text:p><text:span>Zo</text:span><text:a xlink:href="x">ë</text:a></text:p>',
                 office_value_type="string"),
            cell(table_formula="of:=1+1"), text("'=1+1")),
        row(number("3"), repeat=2),
        row(cell(table_number_columns_repeated="1048576"), repeat=1048570)))
    (table,) = read_tables(path)
    assert [(r.number, r.cells) for r in table.rows] == [
        (1, ("name", None, None, "x", "x")),
        (5, ("Anna", 7, Decimal("6.9999999999999999"), Decimal("0.5"), True, "2018-05-01",
             "a  b\tc\nd\ne", "Zoë", None, "=1+1")),
        (6, (3,)), (7, (3,))]
    assert table.unsaved_formulas == {(5, 9)}
    assert table.sheet == "S"


def test_every_sheet_of_an_ods_workbook_is_a_table_and_one_in_a_cell_is_not(tmp_path):
    inner = sheet(row(text("inside")), name="Sub")
    path = ods(tmp_path / "s.ods", sheet(row(text("a"), cell(inner, office_value_type="string")), name="Eins")
               + sheet(row(text("b")), name="Zwei"))
    assert [(t.sheet, [r.cells for r in t.rows]) for t in read_tables(path)] == [
        ("Eins", [("a",)]), ("Zwei", [("b",)])]


# --- hostile and damaged ODS -------------------------------------------------------------------------
def refused(path: Path) -> str:
    """The message of the refusal (how quickly it comes is a figure of `make bench`,
    benchmarks/bench_workbook_readers.py: a unit test never fails on timing)."""
    with pytest.raises(SheetError) as info:
        read_tables(path)
    return str(info.value)


def test_an_ods_zip_bomb_is_refused_from_the_directory_before_unpacking(tmp_path):
    head = b"<office:document-content " + OD.encode() + b"><office:body><office:spreadsheet><table:table><text:p>"
    path = ods(tmp_path / "bomb.ods", bomb_stream(head, b"</text:p></table:table></office:spreadsheet></office:body>"
                                                        b"</office:document-content>"))
    assert path.stat().st_size < 2 * 2**20
    assert refused(path) == ("bomb.ods: the spreadsheet content unpacks to 1024 MB, more than the 128 MB this tool "
                             "reads: delete what is not a result, or split the workbook")
    raw, crc, _ = bomb_stream(head, b"")
    with pytest.raises((DamagedWorkbookError, TableLimitError)):  # the directory understates the size
        read_tables(ods(tmp_path / "liar.ods", (raw, 0, 1000)))
    # Honest about its CRC, but not its size: unpacking stops at the size it claims, quickly.
    assert refused(ods(tmp_path / "liar2.ods", (raw, crc, 1000))).startswith("liar2.ods: damaged workbook (")


@pytest.mark.parametrize("rows, says", [
    # A few bytes saying "this value, a billion times": refused before a row is unfolded.
    (row(number("1"), repeat=10**9), "r.ods[S]:100001: values in or after row 100,001, beyond the 100,000 rows"),
    (row(number("1", table_number_columns_repeated="999999999999")),
     "r.ods[S]:1: a value in column 201, beyond the 200 columns this tool reads"),
    (row(number("1", table_number_columns_repeated="200"), repeat=100_000),
     "r.ods[S]:100000: repeated cells unfold to more than 2,000,000 cells, the most this tool reads"),
    (row(cell(table_formula="of:=1", table_number_columns_repeated="300")),
     "r.ods[S]:1: a value in column 201, beyond the 200 columns"),
    (row(cell('<text:p><text:s text:c="999999999"/></text:p>', office_value_type="string")),
     "r.ods[S]:1: a cell has more than 32,767 characters"),
    (row(cell("<text:p>" + '<text:s text:c="30000"/>' * 5 + "</text:p>" * 1, office_value_type="string")),
     "r.ods[S]:1: a cell has more than 32,767 characters"),
    (row(cell("<text:p>x</text:p>" * 40_000, office_value_type="string")),
     "r.ods[S]:1: a cell has more than 32,767 characters"),
    (row(text("a\x01b".replace("\x01", "&#1;"))), "bad XML in 'content.xml'"),
    (row(text("x\u0007y")), "bad XML in 'content.xml'"),
    (row(number("1", table_number_columns_repeated="-3")), "bad repeat count '-3'"),
    (row(number("1,5")), "bad number '1,5'"),
    (row(cell(office_value_type="boolean", office_boolean_value="maybe")), "bad true/false value 'maybe'"),
])
def test_hostile_ods_sheets_are_refused_quickly_with_the_place(tmp_path, rows, says):
    assert says in refused(ods(tmp_path / "r.ods", sheet(rows)))


def test_sheets_of_repeated_rows_share_one_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(workbooks, "MAX_REPEATED_CELLS", 300_000)
    one = sheet(row(number("1"), repeat=99_999))
    assert "r.ods[S]:99999: repeated cells unfold to more than 300,000 cells" in refused(
        ods(tmp_path / "r.ods", one * 4))
    assert len(read_tables(ods(tmp_path / "ok.ods", one * 3))[2].rows) == 99_999


def test_deeply_nested_spans_read_without_exhausting_the_stack(tmp_path):
    deep = "<text:span>" * 50_000 + "x" + "</text:span>" * 50_000
    (table,) = read_tables(ods(tmp_path / "d.ods", sheet(row(cell(f"<text:p>{deep}</text:p>",
                                                                  office_value_type="string")))))
    assert table.rows[0].cells == ("x",)


def test_entities_are_refused_in_ods_billion_laughs(tmp_path):
    laughs = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
              b"<office:document-content " + OD.encode() + b"><office:body><office:spreadsheet>"
              + sheet(row(text("&lol2;"))).encode() + b"</office:spreadsheet></office:body></office:document-content>")
    assert "bad XML in 'content.xml'" in refused(ods(tmp_path / "l.ods", deflate(laughs)))


@pytest.mark.parametrize("damage, says", [
    (lambda data: b"name\nAnna\n", "w.ods: damaged workbook (it is not a zip file, as every .ods is): open it in "
                                   "LibreOffice Calc and save it again as .ods"),
    (lambda data: data[: len(data) // 2], "w.ods: damaged workbook ("),
])
def test_a_damaged_ods_is_a_clear_error(tmp_path, damage, says):
    path = tmp_path / "w.ods"
    path.write_bytes(damage((DATA / "roster.ods").read_bytes()))
    message = refused(path)
    assert message.startswith(says) and message.endswith("open it in LibreOffice Calc and save it again as .ods")


def test_a_password_protected_ods_says_so(tmp_path):
    manifest = ('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
                '<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/>'
                '</manifest:file-entry></manifest:manifest>')
    path = ods(tmp_path / "p.ods", b"\x8f\x01garbage", **{"META-INF/manifest.xml": manifest})
    assert refused(path) == "p.ods is protected with a password: save it again without one, or as CSV"


# --- hostile and damaged XLS --------------------------------------------------------------------------
def test_an_xls_that_unfolds_beyond_the_memory_cap_is_refused(tmp_path, monkeypatch):
    """sst-bomb.xls: 0.5 MB holding one 32,000-character text in 33,000 cells, which calamine
    copies into each (1 GB). With a 64 MB cap for the child (quicker than the real 1 GB):
    refused, and this process lives; a real round still reads under the same cap."""
    monkeypatch.setattr(workbooks, "MAX_XLS_MEMORY", 64 * 2**20)
    assert refused(DATA / "sst-bomb.xls") == (
        "sst-bomb.xls: the workbook unfolds to more than 64 MB in memory, the most this tool gives it: delete what "
        "is not a result, or save it as .xlsx")
    assert len(read_tables(DATA / "round1.xls")[0].rows) == 9


def test_an_xls_that_takes_too_long_is_refused(monkeypatch):
    monkeypatch.setattr(workbooks, "MAX_XLS_SECONDS", 0.001)
    assert refused(DATA / "roster.xls") == ("roster.xls: reading the workbook takes more than 0.001 s, the most this "
                                            "tool waits: delete what is not a result, or save it as .xlsx")


@pytest.mark.parametrize("damage, says", [
    (lambda data: b"<html><table><tr><td>name</td></tr></table></html>",
     "w.xls: damaged workbook (it is not an Excel workbook: a file saved as .xls by a web page is often text or "
     "HTML): open it in Excel or LibreOffice Calc and save it as .xlsx"),
    (lambda data: data[:1536], "w.xls: damaged workbook ("),
    (lambda data: data[:8] + bytes(len(data) - 8), "w.xls: damaged workbook ("),
])
def test_a_damaged_xls_is_a_clear_error(tmp_path, damage, says):
    path = tmp_path / "w.xls"
    path.write_bytes(damage((DATA / "roster.xls").read_bytes()))
    message = refused(path)
    assert message.startswith(says) and message.endswith("open it in Excel or LibreOffice Calc and save it as .xlsx")


# --- through the commands: a refusal, never a traceback ------------------------------------------------
def test_hostile_workbooks_through_the_commands_are_one_clear_line(run, monkeypatch):
    monkeypatch.setattr(workbooks, "MAX_XLS_MEMORY", 64 * 2**20)
    new_event(run)
    ods(run.folder / "big.ods", sheet(row(text("name")), row(text("Anna"), repeat=10**9)))
    shutil.copyfile(DATA / "sst-bomb.xls", run.folder / "bomb.xls")
    (run.folder / "r.numbers").write_bytes(b"PK")
    r = run("players", "import", "ev.db", "big.ods", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: big.ods[S]:100001: values in or after row 100,001, beyond the "
                                          "100,000 rows this tool reads: delete the rows below the table\n")
    r = run("check", "bomb.xls", "r.numbers", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "bomb.xls: error: bomb.xls: the workbook unfolds to more than 64 MB in memory, the most this tool gives it: "
        "delete what is not a result, or save it as .xlsx [file]\n"
        "r.numbers: error: r.numbers: unknown file type '.numbers': use .csv, .xlsx, .ods (LibreOffice) or .xls "
        "[file]\n"
        "checked 2 files: 0 tables, 0 players: 2 errors, 0 warnings\n"))
    r = run("results", "import", "ev.db", "big.ods", ok=None)
    assert r.exit_code == 1 and "Traceback" not in r.output and "values in or after row 100,001" in r.output
