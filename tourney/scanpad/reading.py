"""Reading a photo of a scan pad (`tourney scan`): find the page, check its QR code against the
event, read every lozenge, then decide each value. A reading must pass two checks independent of
each other: the pad's own arithmetic (the categories sum to the total written separately) and the
game's sheet check against the event. A doubtful value (no mark, two marks, a faint one) is filled
in only when exactly one of its candidates passes both; otherwise the table goes to review with
its candidates. Nothing here stores anything: `scan_photos` reads, `import_readings` stores."""
from __future__ import annotations

import enum
import hashlib
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tourney.core.i18n import N_, _
from tourney.scanpad.fields import ChoiceField, NumberField, Role, ScanSheet, Seat, TableValues, Value
from tourney.scanpad.photo import Refusal, load_photo, refuse

if TYPE_CHECKING:
    import numpy as np

    from tourney.core.store import Event
    from tourney.event.checking import SheetGame
    from tourney.event.importing import ImportSummary
    from tourney.scanpad.layout import Lozenge
    from tourney.scanpad.pads import TablePad

#: A lozenge this dark (0 paper, 1 black) is marked; between FAINT and STRONG it is a doubt.
STRONG = 0.30
FAINT = 0.14
#: Beside a mark, a lozenge less than this share of its darkness is no second mark (a rubbed-out
#: smudge, a stray line), however dark: a person fills one lozenge per row.
BESIDE = 0.5
#: The share of a correction box that written ink covers before it counts as used.
CORRECTION_INK = 0.012
#: At most this many readings of a seat, and of a table, are tried against the checks.
SEAT_TRIES = 20_000
TABLE_TRIES = 24


class Status(enum.Enum):
    CLEAN = "clean"      # every value decided, both checks pass
    REVIEW = "review"    # read, but a person must decide something
    REFUSED = "refused"  # not read: not this event's pad, or no pad at all


@dataclass(frozen=True)
class Said:
    """A sentence as data: an English template (a msgid) and its values, rendered on output."""

    template: str
    values: tuple[tuple[str, object], ...] = ()

    def text(self) -> str:
        return _(self.template).format(**dict(self.values))


def said(template: str, **values: object) -> Said:
    return Said(template, tuple(values.items()))


@dataclass(frozen=True)
class Doubt:
    """A value the marks leave open: its candidates (after the checks, when any is left)."""

    seat: int  # 0: the table's own choice
    player: str
    field: str
    candidates: tuple[Value, ...]
    why: Said


@dataclass(frozen=True)
class Reading:
    """One photo, read."""

    file: str
    sha256: str
    status: Status
    round: int | None = None
    table: int | None = None
    reasons: tuple[Said, ...] = ()
    values: TableValues | None = None
    doubts: tuple[Doubt, ...] = ()
    filled: tuple[tuple[int, str, Value], ...] = ()  # (seat, field, value) decided by the checks
    lines: tuple[dict[str, object], ...] = ()        # the game's sheet lines, when clean
    #: With `read_photo(..., crops=True)`: per doubt (seat, field), a JPEG of the straightened
    #: page around its lozenges, for the person who decides (the desk's review).
    crops: tuple[tuple[int, str, bytes], ...] = ()

    def as_json(self) -> dict[str, object]:
        """The reading as `tourney scan --format json` prints it (docs/scan-pad.md)."""
        seats = []
        if self.values is not None:
            for s, values in zip(self.values.seats, self.values.values):
                seats.append({"seat": s.seat, "player": s.player, "values": dict(values)})
        return {"file": self.file, "sha256": self.sha256, "status": self.status.value, "round": self.round,
                "table": self.table, "reasons": [r.text() for r in self.reasons], "seats": seats,
                "table_values": dict(self.values.table_choices) if self.values is not None else {},
                "doubtful": [{"seat": d.seat, "player": d.player, "field": d.field,
                              "candidates": list(d.candidates), "why": d.why.text()} for d in self.doubts],
                "filled_by_checks": [{"seat": s, "field": f, "value": v} for s, f, v in self.filled]}


class Checker(Protocol):
    """The game's sheet check of one table's lines against the event: the errors' texts."""

    def __call__(self, lines: Sequence[Mapping[str, object]]) -> list[str]: ...


# --- from marks to candidates ---------------------------------------------------------------------
@dataclass(frozen=True)
class Marks:
    """The darkness of each option of one row (digit place, sign or choice)."""

    values: tuple[Value, ...]
    darkness: tuple[float, ...]

    @property
    def _floor(self) -> float:
        return max(FAINT, BESIDE * max(self.darkness, default=0.0))

    @property
    def strong(self) -> tuple[Value, ...]:
        return tuple(v for v, d in zip(self.values, self.darkness) if d >= max(STRONG, self._floor))

    @property
    def faint(self) -> tuple[Value, ...]:
        return tuple(v for v, d in zip(self.values, self.darkness) if self._floor <= d < STRONG)

    @property
    def empty(self) -> bool:
        return max(self.darkness, default=0.0) < FAINT


def _number(f: NumberField, places: Mapping[int, Marks]) -> tuple[tuple[int, ...], Said | None]:
    """The candidates of one number and, when more than one, why it is doubtful; () when left
    blank on purpose (an optional field)."""
    digits = [places[p] for p in range(f.places - 1, -1, -1)]
    if all(m.empty for m in digits) and (-1 not in places or places[-1].empty):
        if f.optional:
            return (), None
        return tuple(range(f.low, f.high + 1)), said(N_("nothing marked"))
    why: Said | None = None
    options: list[tuple[int, ...]] = []
    leading = True
    for m in digits:
        strong, faint = m.strong, m.faint
        if leading and m.empty:
            if f.role is not Role.OTHER:
                options.append((0,))  # a leading zero may be left out: the total's arithmetic finds a lost digit
                continue
            # No arithmetic ties this number: a leading row left blank (the pad asks for leading
            # zeros too) may be a forgotten digit, 68 for 168; the game's check may settle it.
            options.append(tuple(int(v or 0) for v in m.values))
            why = why or said(N_("a digit is not marked"))
            continue
        leading = False
        if len(strong) == 1 and not faint:
            options.append((int(strong[0] or 0),))
            continue
        if m.empty:
            options.append(tuple(int(v or 0) for v in m.values))
            why = why or said(N_("a digit is not marked"))
        elif len(strong) > 1:
            options.append(tuple(int(v or 0) for v in strong + faint))
            why = why or said(N_("two marks in one row"))
        else:
            options.append(tuple(int(v or 0) for v in strong + faint))
            why = why or said(N_("a faint mark"))
    signs: tuple[int, ...] = (1,)
    if -1 in places:
        sign = places[-1]
        if sign.strong and not sign.faint:
            signs = (-1,)
        elif sign.faint or sign.strong:
            signs = (1, -1)
            why = why or said(N_("a faint mark"))
    found = set()
    for combo in itertools.product(*options):
        magnitude = int("".join(map(str, combo)))
        for s in signs:
            if f.low <= s * magnitude <= f.high:
                found.add(s * magnitude)
    if not found:
        return (), said(N_("the marks make no number between {low} and {high}"), low=f.low, high=f.high)
    return tuple(sorted(found)), why if len(found) > 1 else None


def _choice(c: ChoiceField, marks: Marks) -> tuple[tuple[Value, ...], Said | None]:
    strong, faint = marks.strong, marks.faint
    if len(strong) == 1 and not faint:
        return strong, None
    if marks.empty:
        if c.blank is not None:
            return (c.blank,), None
        return tuple(marks.values), said(N_("nothing marked"))
    blank: tuple[Value, ...] = (c.blank,) if c.blank is not None and not strong else ()
    return tuple(dict.fromkeys(strong + faint + blank)), said(N_("two marks in one row") if len(strong) > 1
                                                             else N_("a faint mark"))


# --- the checks ---------------------------------------------------------------------------------
def _seat_readings(sheet: ScanSheet, options: Mapping[str, tuple[Value, ...]]) -> tuple[list[dict[str, Value]], bool]:
    """Every reading of one seat its candidates allow that passes the arithmetic (all of them when
    the pad has no total); whether that list is complete (not cut at `SEAT_TRIES`)."""
    keys = list(options)
    total = sheet.total
    parts = [f.key for f in sheet.parts]
    if total is not None and total.key in options:
        # The total follows from the parts: enumerate the parts, look the total up.
        others = [k for k in keys if k != total.key]
        allowed = set(options[total.key])
        out: list[dict[str, Value]] = []
        for n, combo in enumerate(itertools.product(*(options[k] for k in others))):
            if n >= SEAT_TRIES:
                return out, False
            values = dict(zip(others, combo))
            if any(values.get(p) is None for p in parts):
                continue
            s = sum(int(values[p] or 0) for p in parts)
            if s in allowed:
                values[total.key] = s
                out.append(values)
        return out, True
    out = []
    for n, combo in enumerate(itertools.product(*(options[k] for k in keys))):
        if n >= SEAT_TRIES:
            return out, False
        out.append(dict(zip(keys, combo)))
    return out, True


def _decide(sheet: ScanSheet, seats: Sequence[Seat], marks: Mapping[tuple[int, str, int], Marks],
            round_no: int, table: int, checker: Checker
            ) -> tuple[Status, TableValues, tuple[Doubt, ...], tuple[tuple[int, str, Value], ...], tuple[Said, ...],
                       list[dict[str, object]]]:
    doubts: list[Doubt] = []
    reasons: list[Said] = []
    per_seat: list[list[dict[str, Value]]] = []
    first: list[dict[str, Value]] = []
    for s in seats:
        options: dict[str, tuple[Value, ...]] = {}
        for c in sheet.seat_choices:
            got, why = _choice(c, marks[(s.seat, c.key, 0)])
            options[c.key] = got
            if why is not None:
                doubts.append(Doubt(s.seat, s.player, c.key, got, why))
        for f in sheet.numbers:
            places = {p: marks[(s.seat, f.key, p)] for p in [-1, *range(f.places)] if (s.seat, f.key, p) in marks}
            numbers, why = _number(f, places)
            options[f.key] = numbers if numbers else (None,)
            if why is not None:
                doubts.append(Doubt(s.seat, s.player, f.key, numbers, why))
        readings, complete = _seat_readings(sheet, options)
        if not readings:
            reasons.append(said(N_("seat {seat} ({player}): the categories do not add up to the total as marked"),
                                seat=s.seat, player=s.player) if sheet.total is not None and complete else
                           said(N_("seat {seat} ({player}): too many doubtful values to decide"),
                                seat=s.seat, player=s.player))
        per_seat.append(readings)
        first.append({k: (v[0] if len(v) == 1 else None) for k, v in options.items()})
    table_options: dict[str, tuple[Value, ...]] = {}
    for c in sheet.table_choices:
        got, why = _choice(c, marks[(0, c.key, 0)])
        table_options[c.key] = got
        if why is not None:
            doubts.append(Doubt(0, "", c.key, got, why))
    shown = TableValues(round_no, table, tuple(seats), tuple(first),
                        {k: (v[0] if len(v) == 1 else None) for k, v in table_options.items()})
    if reasons:
        return Status.REVIEW, shown, tuple(doubts), (), tuple(reasons), []
    table_readings = [dict(zip(table_options, combo)) for combo in itertools.product(*table_options.values())]
    count = len(table_readings)
    for readings in per_seat:
        count *= len(readings)
    if count > TABLE_TRIES:
        return Status.REVIEW, shown, tuple(doubts), (), (said(N_("too many doubtful values to decide")),), []
    passing: list[tuple[TableValues, list[dict[str, object]]]] = []
    errors: list[str] = []
    for choice in table_readings:
        for combo in itertools.product(*per_seat):
            values = TableValues(round_no, table, tuple(seats), tuple(combo), choice)
            lines = sheet.lines(values)
            found = checker(lines)
            if not found:
                passing.append((values, lines))
            else:
                errors = errors or found
    if len(passing) != 1:
        why = (said(N_("no reading passes the game's sheet check: {errors}"), errors="; ".join(errors[:3]))
               if not passing else said(N_("{n} readings pass both checks: a person must decide"), n=len(passing)))
        return Status.REVIEW, shown, tuple(doubts), (), (why,), []
    values, lines = passing[0]
    filled = tuple((d.seat, d.field, (values.table_choices[d.field] if d.seat == 0 else
                                      values.values[[s.seat for s in seats].index(d.seat)][d.field]))
                   for d in doubts)
    return Status.CLEAN, values, (), filled, (), lines


# --- one photo ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScanContext:
    """What a photo is read against: the event, its game's sheet check and scan pad, and (when
    given) the only round a pad may be of."""

    event: Event
    game: SheetGame
    sheet: ScanSheet
    only_round: int | None = None
    pads: dict[tuple[int, int], TablePad | None] = field(default_factory=dict)  # read once per table

    def pad(self, round_no: int, table: int) -> TablePad | None:
        from tourney.scanpad.pads import table_pads

        if (round_no, table) not in self.pads:
            if round_no not in self.event.seated_rounds():
                self.pads[(round_no, table)] = None
            else:
                found = table_pads(self.event, self.sheet, round_no, {table})
                self.pads[(round_no, table)] = found[0] if found else None
        return self.pads[(round_no, table)]

    def checker(self, name: str) -> Checker:
        from tourney.core.tabular import Rows

        def check(lines: Sequence[Mapping[str, object]]) -> list[str]:
            header = list(dict.fromkeys(k for line in lines for k in line))
            rows = Rows(name, (tuple(header), *(tuple(line.get(k, "") for k in header) for line in lines)))
            report = self.game.parse([rows], self.event)
            self.game.check(report, self.event, register=False, correct=True)
            return [f.render() for f in report.errors]

        return check


def photo_source(file: str, sha256: str) -> str:
    """What the history says a table came from: the photo and its hash, in no language (the
    source is stored as data and shown to every reader as it is)."""
    return f"{file} (sha256 {sha256})"


def read_photo(ctx: ScanContext, data: bytes, file: str, *, crops: bool = False) -> Reading:
    """One photo's reading against the event (never raises for a bad photo); with `crops`, a
    picture of each doubtful value's lozenges."""
    sha = hashlib.sha256(data).hexdigest()
    try:
        return _read(ctx, data, file, sha, crops)
    except Refusal as refusal:
        return Reading(file, sha, Status.REFUSED, reasons=(Said(refusal.reason, refusal.values),))


def _read(ctx: ScanContext, data: bytes, file: str, sha: str, crops: bool = False) -> Reading:
    from tourney.event.drawproof import fingerprint, short
    from tourney.scanpad.code import FINGERPRINT_DIGITS, parse_code
    from tourney.scanpad.optical import crop_around, find_page, ink_in, lozenge_darkness, read_qr

    rgb = load_photo(data)
    try:
        page = find_page(rgb)
        text = read_qr(page)
    except Refusal:
        _not_a_screen(rgb)
        raise
    if text is None:
        _not_a_screen(rgb)
        raise refuse(N_("the page's QR code cannot be read: photograph the pad again, sharp and well lit"))
    code = parse_code(text)
    if code is None:
        raise refuse(N_("not a scan pad: its QR code is not one tourney prints"))
    info = ctx.event.info()
    ours = short(fingerprint(info.seed))[:FINGERPRINT_DIGITS].upper()
    if code.fingerprint != ours:
        raise refuse(N_("a pad of another event (draw fingerprint {theirs}, this event's is {ours})"),
                     theirs=code.fingerprint, ours=ours)
    if not code.signed_by(int(info.seed)):
        raise refuse(N_("the QR code is not signed with this event's secret: a damaged or forged pad"))
    from tourney.scanpad.layout import LAYOUT_VERSION

    if code.layout != LAYOUT_VERSION:
        raise refuse(N_("printed with scan-pad layout {theirs}, this tourney reads layout {ours}: print the pad "
                        "again"), theirs=code.layout, ours=LAYOUT_VERSION)
    if ctx.only_round is not None and code.round != ctx.only_round:
        raise refuse(N_("a pad of round {theirs}, not of round {ours}"), theirs=code.round, ours=ctx.only_round)
    pad = ctx.pad(code.round, code.table)
    if pad is None:
        raise refuse(N_("round {round} has no table {table} now"), round=code.round, table=code.table)
    if pad.code.seating != code.seating:
        raise refuse(N_("printed for an older seating of round {round}, table {table}: print its pad again "
                        "('tourney print EVENT --round {round} --what scanpads')"), round=code.round, table=code.table)
    lozenges = pad.layout.lozenges
    dark = lozenge_darkness(page, lozenges)
    if float(dark.max(initial=0.0)) < FAINT:
        raise refuse(N_("the pad of round {round}, table {table} is blank: nothing is marked"),
                     round=code.round, table=code.table)
    marks = _marks(lozenges, dark)
    status, values, doubts, filled, reasons, lines = _decide(
        ctx.sheet, pad.seats, marks, code.round, code.table, ctx.checker(photo_source(file, sha)))
    ink = ink_in(page, [b.correction for b in pad.layout.seats])
    corrected = [b.seat for b, used in zip(pad.layout.seats, ink) if used > CORRECTION_INK]
    if corrected:
        status = Status.REVIEW
        reasons = (*reasons, *(said(N_("seat {seat} ({player}): the correction box is used: read it and type the "
                                       "number"), seat=s.seat, player=s.player) for s in corrected))
        lines = []
    pictures = tuple((d.seat, d.field, crop_around(page, [z for z in lozenges if (z.seat, z.field) == (d.seat,
                                                                                                         d.field)]))
                     for d in doubts) if crops else ()
    return Reading(file, sha, status, code.round, code.table, reasons, values, doubts, filled, tuple(lines),
                   pictures)


def _not_a_screen(rgb: np.ndarray) -> None:
    """A photo the page can't be read from: refused as a photo of a screen when a screen's pixel
    grid covers it (a readable photo of a screen is read as any other; the checks guard it)."""
    from tourney.scanpad.optical import SCREEN_PATTERN, screen_pattern

    if screen_pattern(rgb) >= SCREEN_PATTERN:
        raise refuse(N_("a photo of a screen: the screen's pixels make a pattern over the page that hides its "
                        "marks: photograph the printed pad itself, or send the photo the screen shows"))


def _marks(lozenges: Sequence[Lozenge], dark: np.ndarray) -> dict[tuple[int, str, int], Marks]:
    """The lozenges' darkness by row: (seat, field, digit place; -1 the sign, 0 a choice)."""
    rows: dict[tuple[int, str, int], list[tuple[Value, float]]] = {}
    for z, d in zip(lozenges, dark.tolist()):
        place = 0 if isinstance(z.value, str) or z.seat == 0 else z.place
        if z.place == -1:
            place = -1
        rows.setdefault((z.seat, z.field, place), []).append((z.value, float(d)))
    return {k: Marks(tuple(v for v, _ in row), tuple(d for _, d in row)) for k, row in rows.items()}


def scan_photos(ctx: ScanContext, paths: Sequence[str | Path]) -> Iterator[Reading]:
    """Each photo's reading, in order; a file that cannot be read is refused by name."""
    for path in paths:
        p = Path(path)
        try:
            data = p.read_bytes()
        except OSError as exc:
            yield Reading(p.name, "", Status.REFUSED,
                          reasons=(said(N_("cannot read the file: {error}"), error=exc.strerror or str(exc)),))
            continue
        yield read_photo(ctx, data, p.name)


_SHA256 = re.compile(r"[0-9a-f]{64}")


def photo_folder(event: Event) -> Path | None:
    """Where an event kept in a file keeps the photos its tables were read from: beside it
    (None: an event kept in PostgreSQL, which keeps them in its database)."""
    where = Path(event.location)
    return where.parent / f"{where.stem}-photos" if where.is_file() else None


def photo_kept(event: Event, sha256: str) -> bool:
    """Whether the photo with this hash is kept with the event (`keep_photo`)."""
    if not _SHA256.fullmatch(sha256):
        return False
    folder = photo_folder(event)
    # An event file copied from PostgreSQL (`tourney copy`) brought its photos in its table.
    return (folder is not None and any(folder.glob(f"{sha256}.*"))) or event.photo(sha256) is not None


def carry_photos(source: Event, target: Event) -> int:
    """After `tourney copy` of an event file to PostgreSQL: its photos from the folder beside
    the file into the database's table (the other way the table's rows came with the copy).
    Returns how many were carried."""
    from tourney.core import store

    folder, there = photo_folder(source), photo_folder(target)
    if folder is None or there is not None or not folder.is_dir():
        return 0
    carried = 0
    for path in sorted(folder.iterdir()):
        if path.is_file() and _SHA256.fullmatch(path.stem):
            with target.transaction() as conn:
                carried += store.keep_photo(conn, path.stem, path.suffix.lower() or ".jpg", path.read_bytes())
    return carried


def distinct_tables(readings: Sequence[Reading]) -> list[Reading]:
    """The readings to store, in order: of photos of one table that read alike (the pad taken
    twice, a file named twice) the first only. Photos of one table that read differently all
    stay: the import refuses the table twice, naming both photos."""
    first: dict[tuple[int | None, int | None], Reading] = {}
    out = []
    for r in readings:
        seen = first.setdefault((r.round, r.table), r)
        if seen is not r and seen.lines == r.lines:
            continue
        out.append(r)
    return out


def import_readings(ctx: ScanContext, readings: Sequence[Reading], photos: Mapping[str, bytes],
                    author: str | None = None) -> ImportSummary:
    """Keep each photo (`photos`: its bytes by SHA-256) with the event, then store the clean
    readings exactly as `results import` stores sheets (one transaction, one new version each,
    the history naming the photo and its hash). The photos go first: a photo that can't be kept
    (an OutputError that says why) stores nothing, and a table is never stored without its
    photo; a photo kept for a table the checks then refuse (ImportRefused: nothing stored) is
    named by its hash, and is the one kept when the table is read again."""
    from tourney.core.tabular import Rows
    from tourney.event.importing import import_results

    for r in readings:
        keep_photo(ctx.event, r, photos[r.sha256])
    sources = []
    for r in distinct_tables(readings):
        header = list(dict.fromkeys(k for line in r.lines for k in line))
        sources.append(Rows(photo_source(r.file, r.sha256),
                            (tuple(header), *(tuple(line.get(k, "") for k in header) for line in r.lines))))
    return import_results(ctx.event, ctx.game, sources, author=author)


def keep_photo(event: Event, reading: Reading, data: bytes) -> None:
    """Keep the photo a table was read from with the event (`photo_folder`), named by its hash:
    the same photo twice is kept once, and a photo never replaces another. A folder that can't
    be made is an OutputError that says why."""
    from tourney.core.errors import write_failed
    from tourney.core.outfile import atomic

    folder = photo_folder(event)
    given = Path(reading.file).suffix.lower()  # the file's kind, from a name a phone or a desk gave
    suffix = given if re.fullmatch(r"\.[a-z0-9]{1,8}", given) else ".jpg"
    if folder is None:  # an event in PostgreSQL: in its database, for every worker and the command line
        from tourney.core import store

        with event.transaction() as conn:
            store.keep_photo(conn, reading.sha256, suffix, data)
        return
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise write_failed(folder, exc) from None
    target = folder / f"{reading.sha256}{suffix}"
    if not target.exists():
        with atomic(target) as tmp:
            tmp.write_bytes(data)
