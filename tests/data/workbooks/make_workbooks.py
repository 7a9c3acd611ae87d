"""Regenerate the workbooks in this folder (run by hand, then review the diff): real files saved by
LibreOffice Calc (`soffice`, Debian's libreoffice-calc-nogui) and, for the hostile one, by xlwt.
Neither is a dependency of tourney or of its tests: the files are committed.

    .venv/bin/python tests/data/workbooks/make_workbooks.py     # needs soffice on PATH; pip install xlwt

- roster.ods, roster.xls: a club's roster (Name, Verein) with umlauts, a blank row and a note
  below the names' column header; ROSTER below is what it holds.
- round1.ods, round1.xls: a 7 Wonders round typed in LibreOffice: German headers, two tables of
  four (a blank row between them), the total as a =SUM formula (saved with its value), and a
  second sheet "Notizen" that is not a score sheet; ROUND1 below is what it holds.
  Each is made by openpyxl as .xlsx, opened by LibreOffice and saved in the format
  (`soffice --headless --convert-to ods|xls`), as a club's file would be.
- offset.ods, offset.xls: a table that starts at C3 (Name, Anna) with a 7 in E5: rows and
  columns keep their places.
- sst-bomb.xls (xlwt): one text of 32,000 characters in 33,000 cells: 0.5 MB on disk, 1,056 MB in
  calamine's memory (every cell its own copy of the text), past the 1,024 MB the child reading an
  .xls may take; the tests read it with a smaller cap, the benchmark with the real one.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))  # the tests' own conftest
sys.path.insert(0, str(HERE.parent.parent.parent))

from conftest import HEADER, line  # noqa: E402

ROSTER = [["Name", "Verein"], ["Jürgen Weiß", "Köln"], ["Zoë Kästner", "Bonn"], [None, None],
          ["Ole Thießen", "Düren"], ["Łukasz Nowak", None]]
NAMES_1 = ("Jürgen Weiß", "Zoë Kästner", "Ole Thießen", "Łukasz Nowak")
NAMES_2 = ("Anna Schmidt", "Ben Müller", "Cleo Groß", "Dirk Özdemir")


def round1_rows() -> list[list[object]]:
    """The two tables of round 1, as `line` writes them (the total left to the formula)."""
    first = [line(1, 1, s, n, civilian=c, coins=k)
             for s, (n, c, k) in enumerate(zip(NAMES_1, (20, 15, 10, 5), (3, 7, 0, 12)), 1)]
    second = [line(1, 2, s, n, civilian=c, science=sc, wonder=w, side="A")
              for s, (n, c, sc, w) in enumerate(zip(NAMES_2, (9, 12, 4, 7), (13, 0, 21, 2),
                                                    ("Rhodos", "Gizah", "Babylon", "Olympia")), 1)]
    return first + second


def german_header() -> list[str]:
    from tourney.games.sevenwonders.lines import WORDS

    return [WORDS.label(c, "de") for c in HEADER]


def write_sources(folder: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Spieler"
    for row in ROSTER:
        ws.append(row)
    ws["D1"] = "Stand: 1. Mai"  # a note beside the list, outside the name column
    wb.save(folder / "roster.xlsx")

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Runde 1"
    ws.append(german_header())
    total = HEADER.index("total")
    r = 1
    for k, row in enumerate(round1_rows()):
        r += 1 + (k == 4)  # a blank row between the tables
        cells = list(row)
        cells[total] = f"=SUM(G{r}:M{r})"
        for c, value in enumerate(cells, 1):
            ws.cell(r, c, value)
    notes = wb.create_sheet("Notizen")
    offset = openpyxl.Workbook()
    offset.active["C3"], offset.active["C4"], offset.active["E5"] = "Name", "Anna", 7
    offset.save(folder / "offset.xlsx")
    notes.append(["Tisch 2 hat 10 Minuten später angefangen."])
    wb.save(folder / "round1.xlsx")


def convert(source: Path, fmt: str) -> Path:
    subprocess.run(["soffice", "--headless", "--convert-to", fmt, "--outdir", str(source.parent), str(source)],
                   check=True, capture_output=True)
    return source.with_suffix(f".{fmt}")


def sst_bomb(path: Path) -> None:
    import xlwt

    wb = xlwt.Workbook()
    ws = wb.add_sheet("S")
    ws.write(0, 0, "name")
    text = "x" * 32_000
    for k in range(33_000):
        ws.write(1 + k // 10, k % 10, text)
    wb.save(str(path))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_sources(folder)
        for name in ("roster", "round1", "offset"):
            for fmt in ("ods", "xls"):
                shutil.copyfile(convert(folder / f"{name}.xlsx", fmt), HERE / f"{name}.{fmt}")
    sst_bomb(HERE / "sst-bomb.xls")
    for path in sorted(HERE.iterdir()):
        if path.suffix in (".ods", ".xls"):
            print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
