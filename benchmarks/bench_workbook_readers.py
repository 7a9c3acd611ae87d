"""The workbook readers side by side (issue 33, friction 11): tourney's own (`tabular.read_tables`:
XLSX and ODS parsed by hand in streaming mode, XLS through calamine in a capped child process)
against python-calamine (the Rust calamine reader pandas uses) read in this process, as a
program that adopted it for every format would.

1. Real workbooks, min of --runs reads each, seconds: the committed LibreOffice files
   (tests/data/workbooks), a printed round workbook filled in (35 players), and the 6,719
   self-played tables of bench_check_cli as one sheet (33,000 rows); the last two also as .ods
   and .xls when LibreOffice (`soffice`) is installed to save them, else as .ods written here.
2. Hostile workbooks, each read in a fresh process with 4 GiB of address space and 120 s:
   wall time, peak memory (the process's max RSS, its ~60 MB of Python and imports included)
   and the outcome. tourney's refusals are listed in full below the table.

    .venv/bin/python benchmarks/bench_workbook_readers.py [--runs 5] [--only TEXT]

Not a test: nothing here asserts a time. Measured on 2026-11-27 (2 cores, load average 2-5,
python-calamine 0.9.1), seconds:

    workbook                                  tourney   calamine
    printed round, 35 players (.xlsx)           0.020      0.003
    the same saved by LibreOffice (.ods)        0.019      0.001
    the same saved by LibreOffice (.xls)        0.067      0.000   (tourney: a child process)
    33,594 rows in one sheet (.xlsx)            9.8        0.47
    the same (.ods)                             9.8        0.47
    the same (.xls)                             1.4        0.11

    hostile workbook (size)                   tourney                 calamine in-process
    xlsx zip bomb, 1 GiB sheet (1 MB)         refused, 0.00 s         SIGABRT at 2,156 MB
    xlsx A1 and XFD1048576 (2 KB)             refused, 0.00 s         SIGABRT (asks for 512 GB)
    xlsx A1 and GR100000 (2 KB)               2 rows, 135 MB          100,000 rows, 669 MB
    xlsx one 32,000-char text in 1M cells     100,000 rows, 13.6 s,   SIGABRT at 3,973 MB
      (302 KB)                                134 MB
    ods "1 value, 10^9 rows" (737 B)          refused, 0.00 s         1,048,576 rows (silently cut)
    ods 200 values x 100,000 rows (747 B)     refused, 0.00 s         1,280 MB
    ods 32,000-char text x 100,000 rows       100,000 rows, 0.12 s    SIGABRT at 3,956 MB
    ods <text:s text:c="10^9"/> (733 B)       refused, 0.00 s         a 1 GB cell, 3,874 MB
    xls one 32,000-char text in 33,000 cells  refused, 1.5 s (child   2,076 MB
      (558 KB)                                capped at 1 GB)

Decision: XLSX and ODS are read by the hand reader (calamine is 10-20 times faster, but in
this process it dies on kilobytes: a sheet's bounding box allocated whole, a text copied into
every cell, no limit of ours checked before); .xls, a binary format nobody here should parse by
hand, goes to calamine in a child process whose memory and time are capped.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import openpyxl

from bench_check_cli import write_csv
from tourney.core.errors import SheetError
from tourney.core.tabular import read_tables

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "workbooks"
sys.path.insert(0, str(ROOT / "tests"))
from fuzzkit import bomb_stream, deflate, write_zip  # noqa: E402

CAP, TIMEOUT = 4 * 2**30, 120


def calamine_read(path: Path) -> int:
    """Every worksheet into Python lists, as pandas' calamine engine reads: the rows read."""
    import python_calamine

    n = 0
    with open(path, "rb") as fh, python_calamine.CalamineWorkbook.from_filelike(fh) as book:
        for name in book.sheet_names:
            n += sum(1 for _ in book.get_sheet_by_name(name).iter_rows())
    return n


def tourney_read(path: Path) -> int:
    return sum(len(t.rows) for t in read_tables(path))


# --- real workbooks -------------------------------------------------------------------------------
def soffice_convert(source: Path, fmt: str) -> Path | None:
    if not shutil.which("soffice"):
        return None
    subprocess.run(["soffice", "--headless", "--convert-to", fmt, "--outdir", str(source.parent), str(source)],
                   check=True, capture_output=True, timeout=600)
    out = source.with_suffix(f".{fmt}")
    return out if out.is_file() else None


OD = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


MANIFEST = (b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            b'<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.'
            b'spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            b"</manifest:manifest>")


def ods_content(sheets: str | bytes) -> bytes:
    body = sheets.encode() if isinstance(sheets, str) else sheets
    return (b'<?xml version="1.0" encoding="UTF-8"?><office:document-content ' + OD.encode()
            + b"><office:body><office:spreadsheet>" + body + b"</office:spreadsheet></office:body>"
            b"</office:document-content>")


def ods_file(path: Path, content: bytes | tuple[bytes, int, int]) -> Path:
    entry = content if isinstance(content, tuple) else deflate(content)
    return write_zip(path, {"mimetype": deflate(b"application/vnd.oasis.opendocument.spreadsheet"),
                            "META-INF/manifest.xml": deflate(MANIFEST), "content.xml": entry})


def ods_of_rows(path: Path, rows: list[list[object]]) -> Path:
    """An ODS written here (when LibreOffice is not installed): one cell element per value."""
    from xml.sax.saxutils import escape

    def cell(v: object) -> str:
        if v is None or v == "":
            return "<table:table-cell/>"
        if isinstance(v, int):
            return (f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p>'
                    "</table:table-cell>")
        return f'<table:table-cell office:value-type="string"><text:p>{escape(str(v))}</text:p></table:table-cell>'

    body = "".join("<table:table-row>" + "".join(map(cell, r)) + "</table:table-row>" for r in rows)
    return ods_file(path, ods_content(f'<table:table table:name="S">{body}</table:table>'))


def real_workbooks(folder: Path) -> list[tuple[str, Path]]:
    import csv

    from click.testing import CliRunner

    from conftest import fill_sheet
    from tourney.cli import cli

    files = [(f"round1 (committed, LibreOffice){p.suffix}", p) for p in sorted(DATA.glob("round1.*"))]
    run = CliRunner()
    db, kit = str(folder / "kit.db"), folder / "round-35.xlsx"
    for args in (["new", db, "--game", "7wonders", "--seed", "7"],
                 ["players", "add", db, *[f"Spielerin {i:02d}" for i in range(1, 36)]],
                 ["seat", db], ["sheets", db, "--round", "1", "-o", str(kit)]):
        done = run.invoke(cli, args)
        assert done.exit_code == 0, done.output
    wb = openpyxl.load_workbook(kit)
    for ws in wb.worksheets:
        fill_sheet(ws)
    wb.save(kit)
    write_csv(folder / "big.csv", 6719, 200)
    with open(folder / "big.csv", newline="", encoding="utf-8") as fh:
        rows: list[list[object]] = [[int(c) if c.lstrip("-").isdigit() else c for c in r] for r in csv.reader(fh)]
    big = folder / "tables-6719.xlsx"
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Results")
    for r in rows:
        ws.append(r)
    wb.save(big)
    for label, source in (("printed round, 35 players, filled in", kit), ("6,719 tables, one sheet", big)):
        files.append((f"{label}.xlsx", source))
        for fmt in ("ods", "xls"):
            made = soffice_convert(source, fmt)
            if made is not None:
                files.append((f"{label}.{fmt} (LibreOffice)", made))
            elif fmt == "ods" and source == big:
                files.append((f"{label}.ods (written here)", ods_of_rows(folder / "tables-6719.ods", rows)))
    return files


def best_of(read: Callable[[Path], int], path: Path, runs: int) -> tuple[float, int]:
    best, rows = float("inf"), 0
    for _ in range(runs):
        start = time.perf_counter()
        rows = read(path)
        best = min(best, time.perf_counter() - start)
    return best, rows


# --- hostile workbooks ------------------------------------------------------------------------------
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
XLSX_PARTS = {
    "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                           '<Default Extension="xml" ContentType="application/xml"/>'
                           '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                           'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
                           'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
                           'worksheet+xml"/></Types>',
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
}


def xlsx_file(path: Path, sheet: bytes | tuple[bytes, int, int], strings: tuple[str, ...] = ("name",)) -> Path:
    sst = f'<sst {NS}>' + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>"
    entries = {k: deflate(v.encode()) for k, v in {**XLSX_PARTS, "xl/sharedStrings.xml": sst}.items()}
    entries["xl/worksheets/sheet1.xml"] = sheet if isinstance(sheet, tuple) else deflate(sheet)
    return write_zip(path, entries)


def sheet_xml(rows: str) -> bytes:
    return f"<worksheet {NS}><sheetData>{rows}</sheetData></worksheet>".encode()


def hostile_workbooks(folder: Path) -> list[tuple[str, Path]]:
    name = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
    head = f'<worksheet {NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'.encode()
    long = "x" * 32_000
    many = "".join(f'<row r="{r}">' + '<c t="s"><v>1</v></c>' * 10 + "</row>" for r in range(2, 100_001))
    laughs = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + k)} "' + f"&{chr(97 + k)};" * 10 + '">' for k in range(8)) + "]>")
    od_row = '<table:table-row{rep}><table:table-cell office:value-type="float" office:value="1"{cols}/>' \
             '</table:table-row>'

    def od_sheet(*rows: str) -> bytes:
        return ods_content('<table:table table:name="S">' + "".join(rows) + "</table:table>")

    od_head = b"<office:document-content " + OD.encode() + b"><office:body><office:spreadsheet><table:table>" \
        b"<table:table-row><table:table-cell office:value-type=\"string\"><text:p>"
    truncated = folder / "truncated.ods"
    truncated.write_bytes((DATA / "round1.ods").read_bytes()[:8000])
    html = folder / "web-export.xls"
    html.write_text("<html><table><tr><td>Name</td></tr><tr><td>Anna</td></tr></table></html>")
    broken_xls = folder / "truncated.xls"
    broken_xls.write_bytes((DATA / "round1.xls").read_bytes()[:3000])
    return [
        ("xlsx zip bomb: 1 GiB sheet", xlsx_file(folder / "bomb.xlsx", bomb_stream(
            head, b"</t></is></c></row></sheetData></worksheet>"))),
        ("xlsx A1 and XFD1048576", xlsx_file(folder / "corners.xlsx", sheet_xml(
            name + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'))),
        ("xlsx A1 and GR100000 (within limits)", xlsx_file(folder / "corners-in.xlsx", sheet_xml(
            name + '<row r="100000"><c r="GR100000"><v>1</v></c></row>'))),
        ("xlsx 32,000-char text in 999,990 cells", xlsx_file(folder / "shared.xlsx", sheet_xml(name + many),
                                                         ("name", long))),
        ("xlsx a million empty rows", xlsx_file(folder / "empty-rows.xlsx", sheet_xml(
            name + '<row r="7" spans="1:3"/>' * 1_000_000))),
        ("xlsx billion laughs", xlsx_file(folder / "laughs.xlsx", laughs.encode() + sheet_xml(
            '<row r="1"><c r="A1" t="inlineStr"><is><t>&i;</t></is></c></row>'))),
        ("ods zip bomb: 1 GiB content", ods_file(folder / "bomb.ods", bomb_stream(
            od_head, b"</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>"
                     b"</office:body></office:document-content>"))),
        ("ods one value, 10^9 rows", ods_file(folder / "rows.ods", od_sheet(
            od_row.format(rep=' table:number-rows-repeated="1000000000"', cols="")))),
        ("ods 200 values x 100,000 rows", ods_file(folder / "cells.ods", od_sheet(od_row.format(
            rep=' table:number-rows-repeated="100000"', cols=' table:number-columns-repeated="200"')))),
        ("ods 32,000-char text x 100,000 rows", ods_file(folder / "text.ods", od_sheet(
            '<table:table-row table:number-rows-repeated="100000"><table:table-cell office:value-type="string" '
            f'office:string-value="{long}"/></table:table-row>'))),
        ("ods A1 and GR100000 (within limits)", ods_file(folder / "corners.ods", od_sheet(
            od_row.format(rep="", cols=""), '<table:table-row table:number-rows-repeated="99998"><table:table-cell'
            '/></table:table-row>', '<table:table-row><table:table-cell table:number-columns-repeated="199"/>'
            '<table:table-cell office:value-type="float" office:value="1"/></table:table-row>'))),
        ("ods space count 10^9", ods_file(folder / "spaces.ods", od_sheet(
            '<table:table-row><table:table-cell office:value-type="string"><text:p><text:s text:c="1000000000"/>'
            "</text:p></table:table-cell></table:table-row>"))),
        ("ods truncated (LibreOffice file)", truncated),
        ("xls 32,000-char text in 33,000 cells", DATA / "sst-bomb.xls"),
        ("xls truncated (LibreOffice file)", broken_xls),
        ("xls that is a web page's HTML", html),
    ]


CHILD = """
import json, resource, sys, time
sys.path[:0] = [{root!r}, {bench!r}]
import bench_workbook_readers as b
start = time.perf_counter()
try:
    rows = getattr(b, sys.argv[1])(b.Path(sys.argv[2]))
    outcome = f"read {{rows:,}} rows"
except Exception as exc:
    outcome = f"{{type(exc).__name__}}: {{exc}}"
print(json.dumps({{"seconds": time.perf_counter() - start, "outcome": outcome,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "child": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}}))
"""


def _high_water(pid: int) -> int:
    """The process's peak resident memory so far, in KB (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            return next((int(line.split()[1]) for line in fh if line.startswith("VmHWM:")), 0)
    except (OSError, ValueError):
        return 0


def in_child(reader: str, path: Path, folder: Path) -> dict[str, object]:
    """One read in a fresh process with CAP of address space and TIMEOUT: seconds, peak RSS
    (KB: the child's own figure, or for a child that dies the last one seen), outcome."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    code = CHILD.format(root=str(ROOT), bench=str(Path(__file__).parent))
    out_path, err_path = folder / "child.out", folder / "child.err"
    start = time.perf_counter()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", code, reader, str(path)], stdout=out, stderr=err,
                                preexec_fn=limit)
        seen = 0
        while proc.poll() is None and time.perf_counter() - start < TIMEOUT:
            seen = max(seen, _high_water(proc.pid))
            time.sleep(0.01)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            return {"seconds": time.perf_counter() - start, "rss": seen, "outcome": f"hang: stopped after {TIMEOUT} s"}
    wall = time.perf_counter() - start
    lines = out_path.read_text(errors="replace").strip().splitlines()
    if proc.returncode != 0 or not lines:
        why = signal.Signals(-proc.returncode).name if proc.returncode < 0 else f"exit {proc.returncode}"
        said = next((line for line in err_path.read_text(errors="replace").splitlines() if "memory" in line), "")
        return {"seconds": wall, "rss": seen, "outcome": f"crash ({why}) {said}".strip()}
    found = json.loads(lines[-1])
    return {"seconds": found["seconds"], "rss": max(seen, found["rss"]), "outcome": found["outcome"],
            "child": found["child"]}


def short(outcome: str) -> str:
    """The outcome in a table cell: refused, read N rows, error (an exception that is not a
    refusal of the reader's), crash (SIGNAL), hang."""
    if outcome.startswith(("TableLimitError", "DamagedWorkbookError", "TableLayoutError", "SheetError")):
        return "refused"
    if outcome.startswith("read "):
        return outcome.removesuffix(" rows") + " rows"
    if outcome.startswith("crash"):
        return outcome.split(")")[0] + ")"
    if outcome.startswith("hang"):
        return "hang"
    return "error " + outcome.split(":", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="only the workbooks whose label contains this text")
    options = parser.parse_args()
    import python_calamine  # noqa: F401 - fails here, not in a child, when it is missing
    from importlib.metadata import version

    calamine = f"python-calamine {version('python-calamine')}"
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores; "
          f"LibreOffice: {'yes' if shutil.which('soffice') else 'no (ODS written here, no XLS)'}")
    with tempfile.TemporaryDirectory(prefix="bench-workbooks-") as tmp:
        folder = Path(tmp)
        print(f"\nreal workbooks: min of {options.runs} reads, seconds (tourney: limits checked, rows as Tables; "
              f"{calamine}: rows as lists, no limits)")
        head = f"{'workbook':<58}{'size':>11}{'rows':>8}{'tourney':>10}{'calamine':>10}"
        refusals: list[str] = []
        print(head)
        print("-" * len(head))
        for label, path in real_workbooks(folder):
            if options.only not in label:
                continue
            try:
                ours, rows = best_of(tourney_read, path, options.runs)
                ours_text = f"{ours:>10.3f}"
            except SheetError as exc:
                ours_text, rows = f"{'refused':>10}", 0
                refusals.append(f"{label}: {exc}")
            theirs, their_rows = best_of(calamine_read, path, options.runs)
            rows = rows or their_rows  # tourney's count leaves blank rows out
            print(f"{label:<58}{path.stat().st_size / 1024:>8,.0f} KB{rows:>8,}{ours_text}{theirs:>10.3f}", flush=True)
        for said in refusals:
            print(f"  tourney refused {said}")
        print(f"\nhostile workbooks: one read in a fresh process ({CAP // 2**30} GiB address space, {TIMEOUT} s); "
              "seconds, peak MB (RSS), outcome")
        head = f"{'workbook':<40}{'size':>9} | {'tourney':<36}| {calamine} in-process"
        messages_child: list[str] = []
        print(head)
        print("-" * (len(head) + 6))
        messages = []
        for label, path in hostile_workbooks(folder):
            if options.only not in label:
                continue
            ours = in_child("tourney_read", path, folder)
            theirs = in_child("calamine_read", path, folder)
            size = path.stat().st_size
            size_text = f"{size / 2**20:.1f} MB" if size >= 2**20 else f"{size / 1024:.0f} KB" if size >= 1024 \
                else f"{size} B"
            cells = [f"{r['seconds']:>6.2f} s {int(r['rss']) // 1024:>6,} MB  {short(str(r['outcome'])):<16}"
                     for r in (ours, theirs)]
            if ours.get("child"):  # the .xls child, capped
                messages_child.append(f"{label}: tourney's child process {int(ours['child']) // 1024:,} MB")
            print(f"{label:<40}{size_text:>9} | {cells[0]:<36}| {cells[1]}", flush=True)
            messages.append((label, str(ours["outcome"]), str(theirs["outcome"])))
        for line in messages_child:
            print(f"  {line} (peak, beside the figure above; capped at 1,024 MB)")
        print("\nwhat each reader said:")
        for label, ours_said, theirs_said in messages:
            print(f"- {label}\n    tourney:  {ours_said[:260]}\n    calamine: {theirs_said[:260]}")
    one, five, _ = os.getloadavg()
    print(f"\nload average {one:.2f} (1 min), {five:.2f} (5 min)")


if __name__ == "__main__":
    main()
