"""The scan pad's layout: the markers are OpenCV's, every game's pad fits its page with no two
marks touching, and `tourney print --what scanpads` prints one page per table (Duel: per match)
with the QR code the reader checks."""
from __future__ import annotations

import itertools

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.games.dominations.scanpad import scan_sheet as dominations
from tourney.games.duel.scanpad import scan_sheet as duel
from tourney.games.onecardwonder.scanpad import scan_sheet as ocw
from tourney.games.sevenwonders.scanpad import scan_sheet as sevenwonders
from tourney.scanpad.fields import Seat
from tourney.scanpad.layout import (
    MARKER_BITS, MARKER_SIZE, MARKERS, PAGE_W, PITCH, QR_BOX, RX, RY, layout,
)


def test_the_printed_markers_are_opencvs_4x4_markers():
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker, bits in MARKER_BITS.items():
        image = dictionary.generateImageMarker(marker, 6)
        assert tuple("".join("1" if image[r, c] else "0" for c in range(1, 5)) for r in range(1, 5)) == bits


PADS = [(f"7 Wonders, {n} players", sevenwonders(), n) for n in range(3, 8)] + [
    ("Duel", duel(frozenset()), 2), ("Duel with Agora", duel(frozenset({"agora"})), 2),
    ("One Card Wonder, 6 players", ocw(), 6), ("Dominations, 4 players", dominations(), 4)]


@pytest.mark.parametrize("name,sheet,players", PADS, ids=[p[0] for p in PADS])
def test_every_pad_fits_its_page_and_no_two_marks_touch(name, sheet, players):
    seats = [Seat(i, f"Player {i}", "Rhodos", starts=i == 1) for i in range(1, players + 1)]
    pad = layout(sheet, seats)
    bottom_markers = min(y for _m, _x, y in MARKERS if y > 100)
    assert pad.bottom < bottom_markers - 2, pad.bottom
    for z in pad.lozenges:
        assert 8 <= z.x - RX and z.x + RX <= PAGE_W - 8
        assert QR_BOX[1] + QR_BOX[2] < z.y - RY
    for a, b in itertools.combinations(pad.lozenges, 2):
        assert abs(a.x - b.x) >= PITCH - 1e-6 or abs(a.y - b.y) >= PITCH - 1e-6, (a, b)
    for box in pad.seats:
        c = box.correction
        assert not any(c.x <= z.x <= c.x + c.w and c.y - RY <= z.y <= c.y + c.h + RY for z in pad.lozenges)
    # every value of every seat is there: a digit place per power of ten, the sign where it may be negative
    for s in seats:
        for f in sheet.numbers:
            places = {z.place for z in pad.lozenges if z.seat == s.seat and z.field == f.key}
            assert places == set(range(f.places)) | ({-1} if f.signed else set())
    assert MARKER_SIZE == 14.0


def _printed(tmp_path, game: str, players: int, *options: str):
    run = CliRunner()
    db = str(tmp_path / "ev.db")
    extra = [x for o in options for x in ("--option", o)]
    for args in (["new", db, "--game", game, "--seed", "3", *extra], ["players", "add", db,
                                                                        *[f"P{i}" for i in range(players)]],
                 ["seat", db], ["print", db, "--round", "1", "--what", "scanpads", "-o", str(tmp_path / "s.pdf")]):
        result = run.invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game,players,options,pages", [
    ("7wonders", 7, (), 2), ("duel", 4, (), 2), ("duel", 4, ("agora",), 2), ("onecardwonder", 8, (), 2),
    ("dominations", 8, (), 2)])
def test_print_makes_a_page_per_table(tmp_path, game, players, options, pages):
    from pypdf import PdfReader

    assert _printed(tmp_path, game, players, *options).startswith(f"wrote {tmp_path / 's.pdf'}: round 1, {pages} page")
    reader = PdfReader(str(tmp_path / "s.pdf"))
    assert len(reader.pages) == pages
    text = reader.pages[0].extract_text()
    assert "Round 1 · Table 1" in text and "Fill the lozenges dark" in text


def test_after_pads_scan_the_print_kit_has_scan_pads_instead_of_paper_pads(run):
    from pypdf import PdfReader

    run("new", "ev.db", "--game", "7wonders", "--seed", "3")
    run("players", "add", "ev.db", *[f"P{i}" for i in range(8)])
    run("seat", "ev.db")
    assert run("event", "ev.db", "--pads", "scan").output.split(", ")[-1] == "scan pads\n"
    run("print", "ev.db", "--round", "1", "-o", "kit.pdf")
    texts = [page.extract_text() for page in PdfReader(str(run.folder / "kit.pdf")).pages]
    assert sum("Fill the lozenges dark" in t for t in texts) == 2  # a scan pad per table, no paper pad
    assert not any("Signature" in t for t in texts)
    run("event", "ev.db", "--pads", "paper")
    run("print", "ev.db", "--round", "1", "-o", "kit2.pdf")
    texts = [page.extract_text() for page in PdfReader(str(run.folder / "kit2.pdf")).pages]
    assert not any("Fill the lozenges dark" in t for t in texts) and any("Signature" in t for t in texts)


def test_a_reading_says_its_choices_in_the_readers_language_not_as_the_sheet_stores_them():
    # The Duel's victory is stored as "military" (the sheet's data); a German reader reads "Militär".
    from tourney.core.i18n import use_language
    from tourney.games.duel.scanpad import scan_sheet
    from tourney.scanpad.fields import TableValues
    from tourney.scanpad.reading import Doubt, Reading, Status, said
    from tourney.scanpad.text import reading_lines

    sheet = scan_sheet()
    seats = (Seat(1, "Anna", starts=True), Seat(2, "Ben"))
    numbers = {f.key: 1 for f in sheet.numbers}
    values = TableValues(1, 1, seats, ({**numbers, "winner": "1"}, {**numbers, "winner": ""}),
                         {"victory": "military"})
    doubt = Doubt(0, "", "victory", ("", "military"), said("two marks in one row"))
    reading = Reading("p.jpg", "0" * 64, Status.REVIEW, 1, 1, values=values, doubts=(doubt,))
    with use_language("de"):
        lines = reading_lines(reading, sheet)
    assert lines[1].startswith("  1 Anna: Sieger ✓, ")
    assert lines[3] == "  Sieg: Militär"
    assert lines[4].endswith("Kandidaten Zivil, Militär")


def test_a_french_scan_pad_names_the_wonders_as_the_french_boards_do(run):
    # As the paper pads do (WONDER_NAMES_BY_LANG): "Alexandrie", not "Alexandria".
    from pypdf import PdfReader

    from rules_engine.sevenwonders.data import WONDER_NAMES_BY_LANG
    from tourney.core.store import Event

    run("new", "ev.db", "--game", "7wonders", "--seed", "3", "--lang", "fr")
    run("players", "add", "ev.db", *[f"P{i}" for i in range(7)])
    run("seat", "ev.db")
    run("print", "ev.db", "--round", "1", "--what", "scanpads", "-o", "s.pdf")
    drawn = {s.wonder for s in Event.open("ev.db").seats(1)}
    french = WONDER_NAMES_BY_LANG["fr"]
    assert drawn & set(french)  # seven of the seven boards: some have French names
    text = PdfReader(str(run.folder / "s.pdf")).pages[0].extract_text()
    assert all(french.get(w, w) in text for w in drawn)
    assert not any(w in text.split() for w in drawn & set(french))
