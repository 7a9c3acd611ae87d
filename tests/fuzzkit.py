"""Broken inputs for the fuzz test (`tests/edges/test_fuzz.py`) and the offline fuzz run
(`benchmarks/fuzz_inputs.py`): valid score sheets, rosters and game records, mutations of
them that each know whether the tool must refuse the result, and an oracle that runs one
input through the real CLI and classifies what happened.

A mutation is either *logical* (it changes cells, and knows the cells the tool must store
if it accepts) or *raw* (it damages the bytes: any clean answer is fine, but an accepted file
must still be stored exactly as its cells say)."""
from __future__ import annotations

import csv
import hashlib
import io
import itertools
import random
import shutil
import sqlite3
import struct
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "bonn-2018"
RECORDS = ROOT / "tests" / "data"


class Expect(Enum):
    REFUSE = "refuse"
    ACCEPT = "accept"
    EITHER = "either"


class Outcome(Enum):
    REFUSED = "refused cleanly"
    ACCEPTED = "accepted rightly"
    WRONGLY_ACCEPTED = "accepted wrongly"
    WRONGLY_REFUSED = "refused wrongly"
    CRASH = "crash"
    HANG = "hang"


Cell = object  # int, str, or an `Xlsx` raw cell


@dataclass(frozen=True)
class Xlsx:
    """A cell written into a workbook exactly as given: its type attribute and raw value."""

    kind: str  # "n", "b", "d", "e", "str", "s" (shared-string index)
    raw: str


@dataclass
class Sheet:
    """A table of cells plus how it is written and what the tool must do with it."""

    kind: str  # "7w", "duel", "roster"
    header: list[str]
    rows: list[list[Cell]]
    fmt: str = "csv"  # "csv" or "xlsx"
    expect: Expect = Expect.ACCEPT
    notes: list[str] = field(default_factory=list)
    raw: Callable[[bytes], bytes] | None = None  # a byte-level mutation of the written file
    separator: str = ","
    encoding: str = "utf-8"

    def must(self, expect: Expect, note: str) -> None:
        """Record a mutation; a refusal anywhere makes the whole sheet one to refuse."""
        self.notes.append(note)
        if expect is Expect.REFUSE or self.expect is Expect.REFUSE:
            self.expect = Expect.REFUSE
        elif expect is Expect.EITHER:
            self.expect = Expect.EITHER


# --- valid inputs -------------------------------------------------------------------------------
SEVEN_HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders",
                "civilian", "commercial", "guilds", "science", "total", "coins"]
SEVEN_CATEGORIES = SEVEN_HEADER[6:13]
DUEL_HEADER = ["round", "table", "player", "first", "blue", "green", "yellow", "purple", "wonders", "progress",
               "treasury", "military", "senate", "total", "coins", "victory", "winner"]
DUEL_CATEGORIES = DUEL_HEADER[4:13]
DUEL_PLAYERS = ["Anna Weber", "Bob Martin", "Cleo Jäger", "Dirk Öztürk"]


def seven_players() -> list[str]:
    with open(EXAMPLE / "players.csv", encoding="utf-8", newline="") as fh:
        return [r[0] for r in list(csv.reader(fh))[1:]]


def seven_sheet(tables: int = 2) -> Sheet:
    """The first `tables` tables of the demo event's round 1 (5 players each)."""
    with open(EXAMPLE / "round1.csv", encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))[1:1 + 5 * tables]
    return Sheet("7w", list(SEVEN_HEADER),
                 [[int(c) if c.lstrip("-").isdigit() else c for c in r] for r in rows])


def duel_sheet() -> Sheet:
    """Two matches of round 1: the first player wins each on civilian points."""
    def line(table: int, player: str, first: int, blue: int) -> list[Cell]:
        # progress: Agriculture (4) for the first player; each token exists once (issue 31)
        cats = {"blue": blue, "green": 4, "yellow": 3, "purple": 0, "wonders": 8, "progress": 4 * first,
                "treasury": 2, "military": 0, "senate": 0}
        return [1, table, player, first, *cats.values(), sum(cats.values()), 7, "civilian", ""]

    return Sheet("duel", list(DUEL_HEADER), [line(1, DUEL_PLAYERS[0], 1, 12), line(1, DUEL_PLAYERS[1], 0, 5),
                                             line(2, DUEL_PLAYERS[2], 1, 9), line(2, DUEL_PLAYERS[3], 0, 3)])


ROSTER_NAMES = ["Jürgen Werner", "Anna-Lena Groß", "Łukasz Nowak", "Zoë Ørsted", "Ben O'Neil",
                "Ayşe Yılmaz", "Müller, Jan", "Dr. med. Klaus Schäfer", "李 小龍", "Ève Dubois"]


def roster_sheet() -> Sheet:
    return Sheet("roster", ["name"], [[n] for n in ROSTER_NAMES])


# --- writing --------------------------------------------------------------------------------------
def _csv_text(header: Sequence[Cell], rows: Sequence[Sequence[Cell]], sep: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\r\n")
    for r in [header, *rows]:
        writer.writerow(["" if c is None else (c.raw if isinstance(c, Xlsx) else c) for c in r])
    return out.getvalue()


def _column(n: int) -> str:
    letters = ""
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _xml_cell(ref: str, value: Cell) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, Xlsx):
        t = "" if value.kind == "n" else f' t="{value.kind}"'
        return f'<c r="{ref}"{t}><v>{escape(value.raw)}</v></c>'
    if isinstance(value, int):
        return f'<c r="{ref}"><v>{value}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


_CONTENT_TYPES = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                  'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
                  'openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/'
                  'xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml"'
                  ' ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                  '</Types>')
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_ROOT_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
              f'package/2006/relationships"><Relationship Id="rId1" Type="{_R}/officeDocument" '
              'Target="xl/workbook.xml"/></Relationships>')
_BOOK = ('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
         f'spreadsheetml/2006/main" xmlns:r="{_R}"><sheets><sheet name="Results" sheetId="1" r:id="rId1"/>'
         '</sheets></workbook>')
_BOOK_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
              f'package/2006/relationships"><Relationship Id="rId1" Type="{_R}/worksheet" '
              f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{_R}/sharedStrings" '
              'Target="sharedStrings.xml"/></Relationships>')


def sheet_xml(rows: Sequence[Sequence[Cell]], row_numbers: Sequence[int] | None = None) -> str:
    body = []
    for i, r in enumerate(rows):
        n = row_numbers[i] if row_numbers else i + 1
        body.append(f'<row r="{n}">' + "".join(_xml_cell(f"{_column(j)}{n}", c) for j, c in enumerate(r, 1))
                    + "</row>")
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main"><sheetData>{"".join(body)}</sheetData></worksheet>')


def deflate(data: bytes) -> tuple[bytes, int, int]:
    """A raw deflate stream of `data`, its CRC and size: one entry of `write_zip`."""
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    return co.compress(data) + co.flush(), zlib.crc32(data), len(data)


def write_zip(path: Path, entries: dict[str, tuple[bytes, int, int]]) -> Path:
    """A zip of raw deflate streams (so a part can be a bomb built without inflating it here)."""
    local, central = b"", b""
    for name, (raw, crc, size) in entries.items():
        n = name.encode()
        header = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(raw), size, len(n), 0)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(raw), size,
                               len(n), 0, 0, 0, 0, 0, len(local)) + n
        local += header + n + raw
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(local), 0)
    path.write_bytes(local + central + end)
    return path


def bomb_stream(head: bytes, tail: bytes, megabytes: int = 1024) -> tuple[bytes, int, int]:
    """A deflate stream of `head`, `megabytes` MiB of "A" and `tail`, about 1 MB per GiB,
    built without inflating it (each repeat after a full flush is the same bytes)."""
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = b"A" * 2**20
    first = co.compress(head) + co.flush(zlib.Z_FULL_FLUSH)
    block = co.compress(chunk) + co.flush(zlib.Z_FULL_FLUSH)
    raw = first + block * megabytes + co.compress(tail) + co.flush()
    crc = zlib.crc32(head)
    for _ in range(megabytes):
        crc = zlib.crc32(chunk, crc)
    return raw, zlib.crc32(tail, crc), len(head) + megabytes * 2**20 + len(tail)


def xlsx_bytes(parts: dict[str, str | bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            # A fixed time stamp: the same parts give the same bytes, whenever the second ticks.
            z.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def workbook_parts(rows: Sequence[Sequence[Cell]], shared: Sequence[str] = ("Results",)) -> dict[str, str | bytes]:
    strings = "".join(f"<si><t>{escape(s)}</t></si>" for s in shared)
    return {"[Content_Types].xml": _CONTENT_TYPES, "_rels/.rels": _ROOT_RELS, "xl/workbook.xml": _BOOK,
            "xl/_rels/workbook.xml.rels": _BOOK_RELS, "xl/worksheets/sheet1.xml": sheet_xml(rows),
            "xl/sharedStrings.xml": '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.'
                                    f'openxmlformats.org/spreadsheetml/2006/main">{strings}</sst>'}


def file_bytes(sheet: Sheet) -> bytes:
    if sheet.fmt == "xlsx":
        data = xlsx_bytes(workbook_parts([sheet.header, *sheet.rows]))
    else:
        data = _csv_text(sheet.header, sheet.rows, sheet.separator).encode(sheet.encoding, "replace")
    return sheet.raw(data) if sheet.raw else data


# --- mutations ------------------------------------------------------------------------------------
#: Numbers that are not exact whole numbers (or not numbers at all): always refused.
NOT_WHOLE = ["7.5", "1_8", "TRUE", "1e3", "6.9999999999999999", "0x10", "½", "٣", "７", "NaN", "inf", "--3",
             "+", "1 000", "3-", "1.", "٫5", "2" * 30, str(2**63), str(-2**63 - 1), "1000000000", "-1000000000"]
#: Other spellings of a whole number n that must be read as n.
def same_number(n: int) -> list[str]:
    return [f"0{n}" if n >= 0 else str(n), f" {n} ", f"{n},0", f"{n}.00", f"+{n}" if n >= 0 else str(n)]


NAMES_REFUSED = ["", "   ", "\x00Anna", "Anna\x1b[31m", "\x7fBen", "Ben\x08"]


def _base(sheet: Sheet) -> list[str]:
    """The unmutated header: mutations rename columns but keep their order (duplicates go last)."""
    return SEVEN_HEADER if sheet.kind == "7w" else DUEL_HEADER if sheet.kind == "duel" else ["name"]


def _num_cols(sheet: Sheet) -> list[int]:
    return [i for i, h in enumerate(_base(sheet)) if h not in ("player", "wonder", "side", "victory", "winner",
                                                               "name")]


def _category(sheet: Sheet) -> list[int]:
    cats = SEVEN_CATEGORIES if sheet.kind == "7w" else DUEL_CATEGORIES
    return [_base(sheet).index(c) for c in cats]


def _row(rng: random.Random, s: Sheet) -> list[Cell]:
    """A row that holds something (blank rows may have been inserted)."""
    return rng.choice([r for r in s.rows if any(c not in ("", None) for c in r)] or s.rows)


def m_sum(rng: random.Random, s: Sheet) -> None:
    """A category or the total changed alone: the total no longer adds up."""
    col = rng.choice([*_category(s), _base(s).index("total")])
    row = _row(rng, s)
    row[col] = int(row[col]) + rng.choice([-3, -1, 1, 2, 10])  # type: ignore[call-overload]
    s.must(Expect.REFUSE, f"{_base(s)[col]} changed, total not")


def m_not_whole(rng: random.Random, s: Sheet) -> None:
    col = rng.choice(_num_cols(s))
    _row(rng, s)[col] = bad = rng.choice(NOT_WHOLE)
    s.must(Expect.REFUSE, f"{_base(s)[col]} = {bad!r}")


def m_same_number(rng: random.Random, s: Sheet) -> None:
    col = rng.choice(_num_cols(s))
    row = _row(rng, s)
    row[col] = rng.choice(same_number(int(row[col])))  # type: ignore[call-overload]
    s.must(Expect.ACCEPT, f"{_base(s)[col]} written as {row[col]!r}")


def m_negative(rng: random.Random, s: Sheet) -> None:
    """A negative category other than military, with the total made to add up."""
    cats = [i for i in _category(s) if _base(s)[i] != "military"]
    col, row = rng.choice(cats), _row(rng, s)
    old = int(row[col])  # type: ignore[call-overload]
    row[col] = new = -rng.randint(1, 5)
    total = _base(s).index("total")
    row[total] = int(row[total]) + new - old  # type: ignore[call-overload]
    s.must(Expect.REFUSE, f"{_base(s)[col]} = {new}")


def m_huge_key(rng: random.Random, s: Sheet) -> None:
    col = _base(s).index(rng.choice(["round", "table"]))
    _row(rng, s)[col] = rng.choice([2**63, 2**64 + 5, -(2**63), 10**40, 0, -1, 1_000_000_000])
    s.must(Expect.REFUSE, f"{_base(s)[col]} out of range")


def m_duplicate_column(rng: random.Random, s: Sheet) -> None:
    col = rng.choice(_num_cols(s))
    alias = {"civilian": "Zivil", "military": "Militär", "total": "Summe", "round": "Runde"}.get(
        _base(s)[col], _base(s)[col].upper())
    s.header.append(alias)
    agree = rng.random() < 0.5
    for r in s.rows:
        r.append(r[col] if agree else 0)
    s.must(Expect.REFUSE, f"two {_base(s)[col]} columns ({'agreeing' if agree else 'disagreeing'})")


def m_bad_name(rng: random.Random, s: Sheet) -> None:
    name = rng.choice(NAMES_REFUSED)
    _row(rng, s)[_base(s).index("player")] = name
    s.must(Expect.REFUSE, f"player {name!r}")


def m_unknown_name(rng: random.Random, s: Sheet) -> None:
    _row(rng, s)[_base(s).index("player")] = rng.choice(["Fremder Gast", "=1+1", "@SUM(A1)", "Zoë Nobody"])
    s.must(Expect.REFUSE, "a player who is not registered")


def m_player_twice(rng: random.Random, s: Sheet) -> None:
    p = _base(s).index("player")
    a, b = rng.sample(range(len(s.rows)), 2)
    name = str(s.rows[a][p])
    s.rows[b][p] = name.upper() if rng.random() < 0.5 and name.upper().casefold() == name.casefold() else name
    s.must(Expect.REFUSE, "one player on two lines")


def m_reorder(rng: random.Random, s: Sheet) -> None:
    rng.shuffle(s.rows)
    s.must(Expect.ACCEPT, "rows shuffled")


def m_extra_column(rng: random.Random, s: Sheet) -> None:
    s.header.insert(len(s.header), rng.choice(["notes", "Bemerkung", "=cmd|' /C calc'!A0"]))
    for r in s.rows:
        r.append(rng.choice(["", "ok", "=1+1", "x" * 50]))
    s.must(Expect.ACCEPT, "an unknown column")


def m_header_case(rng: random.Random, s: Sheet) -> None:
    german = {"round": "Runde", "table": "Tisch", "player": "Spieler", "total": "Summe", "coins": "Münzen",
              "civilian": "Zivil", "name": "Spieler"}
    s.header = [german.get(h, h) if rng.random() < 0.5 else rng.choice([h.upper(), h.title(), f" {h} "])
                for h in s.header]
    s.must(Expect.ACCEPT, "header spelling")


def m_blank_rows(rng: random.Random, s: Sheet) -> None:
    for _ in range(rng.randint(1, 3)):
        s.rows.insert(rng.randint(0, len(s.rows)), [""] * len(s.header))
    s.must(Expect.ACCEPT, "blank rows")


def m_drop_row(rng: random.Random, s: Sheet) -> None:
    s.rows.remove(_row(rng, s))
    # A Duel match with one line left is refused; a whole match deleted is just a shorter sheet.
    tables = Counter(str(r[1]) for r in s.rows if any(c not in ("", None) for c in r))
    s.must(Expect.REFUSE if s.kind == "duel" and 1 in tables.values() else Expect.EITHER, "a line deleted")


def m_seat(rng: random.Random, s: Sheet) -> None:
    seat = _base(s).index("seat")
    _row(rng, s)[seat] = rng.choice([0, 6, 9, -1])
    s.must(Expect.REFUSE, "seat out of 1..n")


def m_number_in_empty_row(rng: random.Random, s: Sheet) -> None:
    row: list[Cell] = [""] * len(s.header)
    row[rng.choice(_category(s))] = rng.randint(1, 9)
    s.rows.insert(rng.randint(0, len(s.rows)), row)
    s.must(Expect.REFUSE, "a number in a row without a player")


def m_separator(rng: random.Random, s: Sheet) -> None:
    s.separator = rng.choice([";", "\t"])
    s.must(Expect.ACCEPT, f"separator {s.separator!r}")


def m_encoding(rng: random.Random, s: Sheet) -> None:
    s.encoding = rng.choice(["cp1252", "utf-16", "utf-8-sig"])
    s.must(Expect.ACCEPT, f"encoding {s.encoding}")


def m_xlsx_types(rng: random.Random, s: Sheet) -> None:
    """Numbers in a workbook as float text, bool, date or error cells."""
    col, row = rng.choice(_num_cols(s)), _row(rng, s)
    n = int(row[col])  # type: ignore[call-overload]
    kind, raw, expect = rng.choice([
        ("n", f"{n}.0", Expect.ACCEPT), ("n", f"{n}E0", Expect.ACCEPT), ("n", f"{n}.5", Expect.REFUSE),
        ("n", f"{n - 1}.9999999999999999", Expect.REFUSE), ("b", "1", Expect.REFUSE), ("b", "0", Expect.REFUSE),
        ("d", "2024-01-01T00:00:00", Expect.REFUSE), ("e", "#DIV/0!", Expect.REFUSE), ("n", "x1", Expect.REFUSE),
        ("n", "1e999", Expect.REFUSE), ("s", "99", Expect.REFUSE), ("s", "-1", Expect.REFUSE),
        ("n", str(2**63), Expect.REFUSE), ("b", "yes", Expect.REFUSE), ("d", "gestern", Expect.REFUSE),
    ])
    row[col] = Xlsx(kind, raw)
    s.must(expect, f"xlsx cell {kind}:{raw!r}")


LOGICAL: dict[str, list[Callable[[random.Random, Sheet], None]]] = {
    "7w": [m_sum, m_not_whole, m_same_number, m_negative, m_huge_key, m_duplicate_column, m_bad_name,
           m_unknown_name, m_player_twice, m_reorder, m_extra_column, m_header_case, m_blank_rows, m_drop_row,
           m_seat, m_number_in_empty_row],
    "duel": [m_sum, m_not_whole, m_same_number, m_negative, m_huge_key, m_duplicate_column, m_bad_name,
             m_unknown_name, m_player_twice, m_reorder, m_extra_column, m_header_case, m_blank_rows, m_drop_row,
             m_number_in_empty_row],
}


# Roster mutations
def r_duplicate(rng: random.Random, s: Sheet) -> None:
    row = list(_row(rng, s))
    name = str(row[-1])
    # Upper case is the same name only where case folding says so (not for the Turkish dotless ı).
    upper = name.upper() if name.upper().casefold() == name.casefold() else name
    row[-1] = rng.choice([name, upper, f"  {name} "])
    s.rows.insert(rng.randint(0, len(s.rows)), row)
    # A grown sign-up list often repeats a name: it is registered once and listed as given
    # twice (tourney players import), so either answer is right as long as nothing crashes.
    s.must(Expect.EITHER, "a name twice")


def _plain_name(rng: random.Random, s: Sheet) -> list[Cell]:
    """A roster row no mutation has touched yet (so a second one can't undo the first)."""
    names = Counter(str(r[0]).strip().casefold() for r in s.rows if r)
    return rng.choice([r for r in s.rows if r and r[0] in ROSTER_NAMES and names[str(r[0]).casefold()] == 1]
                      or s.rows)


def r_long(rng: random.Random, s: Sheet) -> None:
    _plain_name(rng, s)[0] = "A" * rng.choice([101, 5000, 40_000])
    s.must(Expect.REFUSE, "a name over 100 characters")


def r_control(rng: random.Random, s: Sheet) -> None:
    _plain_name(rng, s)[0] = rng.choice(NAMES_REFUSED[2:])
    s.must(Expect.REFUSE, "a control character in a name")


def r_extra_cell(rng: random.Random, s: Sheet) -> None:
    _row(rng, s).append("extra")
    s.must(Expect.REFUSE, "a row longer than the header")


def r_no_header(rng: random.Random, s: Sheet) -> None:
    s.header = [rng.choice(["Teilnehmer", "who", "", "=name"])]
    s.must(Expect.REFUSE, "no name column")


def r_first_last(rng: random.Random, s: Sheet) -> None:
    if s.notes:
        raise ValueError("only as the first mutation: it rewrites every row")
    s.header = ["Vorname", "Nachname"]
    s.rows = [[f"{i}x", str(r[0]).replace(",", "")] for i, r in enumerate(s.rows)]
    s.must(Expect.ACCEPT, "first and last name columns")


def r_formula(rng: random.Random, s: Sheet) -> None:
    _plain_name(rng, s)[0] = rng.choice(["=HYPERLINK(\"http://x\")", "+49 Anna", "-Ben-", "@Cleo"])
    s.must(Expect.ACCEPT, "a formula-looking name")


ROSTER: list[Callable[[random.Random, Sheet], None]] = [
    r_duplicate, r_long, r_control, r_extra_cell, r_no_header, r_first_last, r_formula, m_reorder, m_blank_rows,
    m_header_case]


# Byte-level damage
def _flip(rng: random.Random) -> Callable[[bytes], bytes]:
    def flip(data: bytes) -> bytes:
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    return flip


def _insert(rng: random.Random, what: bytes) -> Callable[[bytes], bytes]:
    def insert(data: bytes) -> bytes:
        at = rng.randrange(len(data) + 1)
        return data[:at] + what + data[at:]
    return insert


def _truncate(rng: random.Random) -> Callable[[bytes], bytes]:
    return lambda data: data[:rng.randrange(len(data))]


def _cut_last_row(rng: random.Random) -> Callable[[bytes], bytes]:
    """The file ends inside its last row (a cut at a line end is just a shorter, valid file)."""
    def cut(data: bytes) -> bytes:
        body = data.rstrip(b"\r\n")
        start = max(body.rfind(b"\n"), body.rfind(b"\r")) + 1
        return body[:rng.randint(start + 1, len(body) - 1)] if len(body) - start > 2 else data
    return cut


def _mixed_separator(rng: random.Random) -> Callable[[bytes], bytes]:
    def mix(data: bytes) -> bytes:
        head, _, rest = data.partition(b"\r\n")
        return head.replace(b",", b";") + b"\r\n" + rest
    return mix


def raw_csv(rng: random.Random, s: Sheet) -> None:
    choice = rng.randrange(10)
    if choice == 0:
        s.raw, note = _insert(rng, b'"'), "a stray quote"
    elif choice == 1:
        s.raw, note = _mixed_separator(rng), "header with ';', rows with ','"
    elif choice == 2:
        s.raw, note = _flip(rng), "random bytes changed"
    elif choice == 3:
        s.raw, note = _cut_last_row(rng), "file cut short"
    elif choice == 4:
        s.raw, note = _insert(rng, rng.choice([b"\x00", b"\x1b[2J", b"\xff\xfe", b"\x81\x8d"])), "binary bytes"
    elif choice == 5:
        s.encoding, note = "cp850", "DOS cp850"
    elif choice == 6:
        s.raw, note = (lambda d: xlsx_bytes({"x.xml": d})), "a zip named .csv"
    elif choice == 7:
        s.raw, note = _insert(rng, b"," * rng.choice([3, 250])), "extra separators"
    elif choice == 8:
        s.raw, note = (lambda d: d.replace(b"\r\n", rng.choice([b"\n", b"\r"]))), "other line ends"
    else:
        s.raw, note = _insert(rng, b"A" * rng.choice([40_000, 140_000])), "a huge cell"
    s.must(Expect.EITHER, note)


def _xlsx_parts_damage(rng: random.Random, s: Sheet) -> Callable[[bytes], bytes]:
    choice = rng.randrange(9)

    def damage(data: bytes) -> bytes:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            parts: dict[str, str | bytes] = {n: z.read(n) for n in z.namelist()}
        sheet = parts["xl/worksheets/sheet1.xml"]
        assert isinstance(sheet, bytes)
        if choice == 0:
            parts["xl/worksheets/sheet1.xml"] = sheet[:rng.randrange(len(sheet))]
        elif choice == 1:
            parts["xl/worksheets/sheet1.xml"] = sheet.replace(b'<row r="2"', b'<row r="99999999999"', 1)
        elif choice == 2:
            parts["xl/worksheets/sheet1.xml"] = sheet.replace(b'r="A2"', b'r="ZZZZ2"', 1)
        elif choice == 3:
            parts["xl/worksheets/sheet1.xml"] = b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + sheet.split(b"?>", 1)[1]
        elif choice == 4:
            del parts[rng.choice(["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml"])]
        elif choice == 5:
            parts["xl/worksheets/sheet1.xml"] = sheet.replace(b"</sheetData>", b'<row r="3000000"/>' * 3
                                                             + b"</sheetData>")
        elif choice == 6:
            parts["xl/worksheets/sheet1.xml"] = sheet.replace(b'<row r="2"', b'<row r="2x"', 1)
        elif choice == 7:
            parts["xl/workbook.xml"] = b"\xff\xfe<workbook"
        else:
            parts["xl/worksheets/sheet1.xml"] = sheet.replace(b"<v>", b"<v>\xc3", 1)
        return xlsx_bytes(parts)
    return damage


def raw_xlsx(rng: random.Random, s: Sheet) -> None:
    choice = rng.randrange(4)
    if choice == 0:
        s.raw, note = _truncate(rng), "zip cut short"
    elif choice == 1:
        s.raw, note = _flip(rng), "random bytes changed"
    else:
        s.raw, note = _xlsx_parts_damage(rng, s), "a damaged XML part"
    s.must(Expect.EITHER, note)


def mutate_sheet(rng: random.Random, base: Sheet, *, fmt: str | None = None) -> Sheet:
    """One to three mutations of a copy of `base`, written as CSV or XLSX."""
    s = replace(base, header=list(base.header), rows=[list(r) for r in base.rows], notes=[])
    s.fmt = fmt or rng.choice(["csv", "xlsx"])
    ops = ROSTER if s.kind == "roster" else LOGICAL[s.kind]
    extra = [m_separator, m_encoding] if s.fmt == "csv" else [m_xlsx_types]
    for _ in range(rng.randint(1, 3)):
        op = rng.choice([*ops, *(extra if s.kind != "roster" else [])])
        try:
            op(rng, s)
        except (ValueError, TypeError, IndexError):
            pass  # the cell it needs was made unreadable by an earlier mutation (which decides)
    if rng.random() < 0.3:
        (raw_csv if s.fmt == "csv" else raw_xlsx)(rng, s)
    return s


# --- records (verify) -----------------------------------------------------------------------------
def record_files() -> list[Path]:
    return sorted(p for p in (RECORDS / "sevenwonders").glob("*.7w")) + sorted((RECORDS / "duel").glob("*.txt"))


@dataclass(frozen=True)
class Record:
    name: str
    data: bytes
    expect: Expect
    note: str
    golden_ok: bool  # whether the unmutated file verifies


def mutate_record(rng: random.Random, path: Path, golden_ok: bool) -> Record:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    choice = rng.randrange(9)
    expect = Expect.EITHER
    if choice == 0:  # the claimed result changed: the replay must disagree
        i = next(i for i, ln in enumerate(lines) if ln.startswith("[Result "))
        lines[i] = '[Result "0 0 99"]' if path.suffix == ".7w" else rng.choice(
            ['[Result "1-0 science"]', '[Result "1/2-1/2"]', '[Result "0-1 political"]'])
        expect, note = Expect.REFUSE, "result changed"
    elif choice == 1:  # a score-sheet number changed
        i = rng.choice([i for i, ln in enumerate(lines) if ln.startswith("[Sheet")])
        lines[i] = lines[i].replace("total=", "total=1", 1)
        expect, note = Expect.REFUSE, "sheet total changed"
    elif choice == 2:
        moves = [i for i, ln in enumerate(lines) if ln and ln[0].isdigit()]
        del lines[rng.choice(moves)]
        note = "a move line deleted"
    elif choice == 3:
        i = rng.randrange(len(lines))
        lines[i] = lines[i][::-1]
        note = "a line reversed"
    elif choice == 4:
        return Record(path.name, _truncate(rng)(text.encode()), Expect.EITHER, "cut short", golden_ok)
    elif choice == 5:
        return Record(path.name, _flip(rng)(text.encode()), Expect.EITHER, "bytes changed", golden_ok)
    elif choice == 6:
        lines.insert(rng.randrange(len(lines)), rng.choice(['[Game "chess"]', "[Round", '[Players ""]', "\x00",
                                                             "1. " + "X" * 10_000, '[Table "99999999999999999999"]']))
        note = "a bad line inserted"
    elif choice == 7:
        return Record(path.name, b"\xef\xbb\xbf" + text.encode(), Expect.ACCEPT if golden_ok else Expect.REFUSE,
                      "UTF-8 BOM", golden_ok)
    else:
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        rng.shuffle(words)
        lines[i] = " ".join(words)
        note = "words of a line shuffled"
    if not golden_ok:
        expect = Expect.REFUSE
    return Record(path.name, "\n".join(lines).encode("utf-8"), expect, note, golden_ok)


# --- running through the CLI ------------------------------------------------------------------------
@dataclass(frozen=True)
class Ran:
    """What one command did: exit code and everything it printed (stdout + stderr)."""

    code: int
    output: str


Invoke = Callable[[Sequence[str], Path], Ran]


def digest(folder: Path, name: str) -> str:
    """The event file's bytes, with its write-ahead log when one holds data."""
    h = hashlib.sha256()
    for suffix in ("", "-wal"):
        p = folder / f"{name}{suffix}"
        if p.exists() and p.stat().st_size:
            h.update(suffix.encode() + p.read_bytes())
    return h.hexdigest()


def crashed(ran: Ran) -> bool:
    return ran.code not in (0, 1, 2) or "Traceback" in ran.output or "Exception ignored" in ran.output


def classify(expect: Expect, ran: Ran, stored_ok: bool | None = None) -> Outcome:
    """The outcome of one run: `stored_ok` says whether what an accepted import stored is
    exactly what the file says (None: nothing to compare)."""
    if crashed(ran):
        return Outcome.CRASH
    if ran.code != 0:
        if not ran.output.strip():
            return Outcome.CRASH  # refused without saying why
        return Outcome.WRONGLY_REFUSED if expect is Expect.ACCEPT else Outcome.REFUSED
    if expect is Expect.REFUSE or stored_ok is False:
        return Outcome.WRONGLY_ACCEPTED
    return Outcome.ACCEPTED


def logical_rows(s: Sheet) -> list[dict[str, object]]:
    """The sheet's data rows by canonical column, as the tool must store them."""
    out = []
    for r in s.rows:
        if all(c in ("", None) for c in _canonical_order(s, r)):
            continue  # blank, or text only in an extra column (a note): not a result line
        row: dict[str, object] = {}
        for h, c in zip(SEVEN_HEADER if s.kind == "7w" else DUEL_HEADER if s.kind == "duel" else ["name"],
                        _canonical_order(s, r)):
            row[h] = c
        out.append(row)
    return out


def _canonical_order(s: Sheet, r: list[Cell]) -> list[Cell]:
    """The row's cells in the base header's order (mutations may rename or append columns)."""
    width = len(SEVEN_HEADER if s.kind == "7w" else DUEL_HEADER if s.kind == "duel" else ["name"])
    return r[:width]


def as_int(c: Cell) -> int:
    if isinstance(c, Xlsx):
        return int(float(c.raw))
    return int(str(c).strip().replace(",0", "").replace(".00", ""))


def norm_name(c: Cell) -> str:
    return " ".join(str(c).split())


def stored_matches(s: Sheet, event: Path) -> bool:
    """Whether the event now holds exactly the sheet's lines (names, numbers) and nothing else."""
    from tourney.core.store import Event

    ev = Event.open(event)
    try:
        if s.kind == "roster":
            from tourney.core.names import name_key

            listed = [norm_name(" ".join(str(c) for c in r)) for r in s.rows if any(str(c).strip() for c in r)]
            # A name given twice (in any case) is registered once, as first written.
            firsts: dict[str, str] = {}
            for n in listed:
                firsts.setdefault(name_key(n), n)
            names = list(firsts.values())
            if s.raw:  # damaged bytes may change a name's letters; no name may be lost or added
                return len(ev.players()) == len(names)
            return sorted(p.name for p in ev.players()) == sorted(names)
        stored = {(t.round, t.table, ln.player): ln for t in ev.results() for ln in t.lines}
        rows = logical_rows(s)
        if len(stored) != len(rows):
            return False
        cats = SEVEN_CATEGORIES if s.kind == "7w" else DUEL_CATEGORIES
        for row in rows:
            line = stored.get((as_int(row["round"]), as_int(row["table"]), norm_name(row["player"])))
            if line is None or not isinstance(line.data, dict):
                return False
            if any(line.data.get(c) != as_int(row[c]) for c in (*cats, "total", "coins")):
                return False
            if s.kind == "7w" and (line.seat != as_int(row["seat"]) or (line.wonder or "") != row["wonder"]):
                return False
        return True
    finally:
        ev.close()


@dataclass(frozen=True)
class Events:
    """Ready-made event files, copied for each run."""

    folder: Path

    @classmethod
    def build(cls, folder: Path, invoke: Invoke) -> Events:
        folder.mkdir(parents=True, exist_ok=True)
        names = folder / "players.csv"
        names.write_text("name\n" + "\n".join(seven_players()) + "\n", encoding="utf-8")
        for args in (["new", "7w.db", "--game", "7wonders", "--seed", "1"], ["players", "import", "7w.db", str(names)],
                     ["new", "duel.db", "--game", "duel", "--seed", "1"], ["players", "add", "duel.db", *DUEL_PLAYERS],
                     ["new", "roster.db", "--game", "7wonders", "--seed", "1"]):
            ran = invoke(args, folder)
            assert ran.code == 0, ran.output
        for db in folder.glob("*.db"):  # fold the write-ahead log in: the copies are whole files
            with sqlite3.connect(db) as conn:
                conn.execute("pragma wal_checkpoint(truncate)")
        return cls(folder)

    def fresh(self, kind: str, target: Path, name: str) -> Path:
        """A copy of the event for one run (a new name each time: an open engine may still hold the last)."""
        src = self.folder / {"7w": "7w.db", "duel": "duel.db", "roster": "roster.db"}[kind]
        dst = target / name
        shutil.copyfile(src, dst)
        return dst


_runs = itertools.count()


def run_sheet(s: Sheet, events: Events, folder: Path, invoke: Invoke, command: str) -> tuple[Outcome, Ran]:
    """Run one sheet through `check` or `results import` (rosters: `players import`) and classify."""
    folder.mkdir(parents=True, exist_ok=True)
    event = events.fresh(s.kind, folder, f"ev{next(_runs)}.db")
    path = folder / f"input.{s.fmt}"
    path.write_bytes(file_bytes(s))
    before = digest(folder, event.name)
    if s.kind == "roster":
        args = ["players", "import", str(event), str(path)]
    elif command == "check":
        args = ["check", str(path), "--event", str(event)]
    else:
        args = ["results", "import", str(event), str(path)]
    ran = invoke(args, folder)
    if crashed(ran):
        return Outcome.CRASH, ran
    changed = digest(folder, event.name) != before
    if ran.code != 0 or command == "check":
        if changed:  # a refusal (or a check) must leave the event exactly as it was
            return Outcome.CRASH, Ran(ran.code, ran.output + "\n[event file changed]")
        return classify(s.expect, ran), ran
    return classify(s.expect, ran, stored_matches(s, event)), ran


def run_record(rec: Record, folder: Path, invoke: Invoke) -> tuple[Outcome, Ran]:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / rec.name
    path.write_bytes(rec.data)
    ran = invoke(["verify", str(path)], folder)
    return classify(rec.expect, ran), ran
