"""`tourney scan`: photos of filled scan pads (made from the printed PDF by tests/scanphotos.py,
deterministic seeds) are read clean, stored with --import as `results import` stores sheets, and
every bad photo is refused by name, with its reason, storing nothing."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import scanphotos as sp
from tourney.cli import cli

NAMES = [f"Player {i}" for i in range(1, 13)]


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _event(folder: Path, name: str, seed: str) -> Path:
    db = folder / name
    for args in (("new", str(db), "--game", "7wonders", "--seed", seed, "--name", "Test Cup"),
                 ("players", "add", str(db), *NAMES), ("seat", str(db)),
                 ("print", str(db), "--round", "1", "--what", "scanpads", "-o", str(folder / f"{db.stem}.pdf"))):
        result = _run(*args)
        assert result.exit_code == 0, result.output
    return db


class Pads:
    """An event of three tables of four, its printed scan pads and what each table played."""

    def __init__(self, folder: Path, name: str = "ev.db", seed: str = "7") -> None:
        from tourney.core.store import Event
        from tourney.games.registry import workflow
        from tourney.scanpad.pads import table_pads

        self.db = _event(folder, name, seed)
        self.pdf = (folder / f"{self.db.stem}.pdf").read_bytes()
        event = Event.open(str(self.db))
        self.sheet = workflow("7wonders").scan_sheet(frozenset())
        self.pads = table_pads(event, self.sheet, 1)
        rng = random.Random(f"values:{seed}")
        self.values = [sp.played_values(event, pad, rng) for pad in self.pads]
        self.pages = [sp.rasterise(self.pdf, k, 150) for k in range(len(self.pads))]

    def photo(self, k: int, seed: int, *, sloppy: bool = False, blank: bool = False, leave_out=(), corrections=(),
              **camera: object) -> bytes:
        rng = random.Random(seed)
        page = self.pages[k] if blank else sp.fill(self.pages[k], self.sheet, self.pads[k], self.values[k],
                                                   sp.Pen(sloppy=sloppy), rng, leave_out=leave_out,
                                                   corrections=corrections)
        return sp.photograph(page, sp.Camera(**{"width": 1600, **camera}), rng)  # type: ignore[arg-type]


    def screen(self, k: int, seed: int, *, height: int = 1600, soft: float = 0.0, **camera: object) -> bytes:
        """A photo of a screen showing table k+1's filled pad (`height` screen pixels; `soft`: the lens's blur)."""
        rng = random.Random(seed)
        page = sp.fill(self.pages[k], self.sheet, self.pads[k], self.values[k], sp.Pen(), rng)
        return sp.photograph(sp.on_screen(page, rng, height=height, soft=soft), sp.Camera(**{"width": 1600, "blur": 1.2,
                                                                                  **camera}), rng)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def pads(tmp_path_factory) -> Pads:
    return Pads(tmp_path_factory.mktemp("scan"))


@pytest.fixture
def event(pads, tmp_path, monkeypatch) -> Path:
    """A copy of the event to change, in the test's own folder."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(pads.db, tmp_path / "ev.db")
    return tmp_path / "ev.db"


def _expected_line(pads: Pads, k: int) -> list[str]:
    values = pads.values[k]
    return [f"  {s.seat} {s.player}: Side {v['side']}, Military {v['military']}, Coins {v['treasury']}, "
            f"Wonders {v['wonders']}, Civilian {v['civilian']}, Commercial {v['commercial']}, Guilds {v['guilds']}, "
            f"Science {v['science']}, Total {v['total']}, Coins held {v['coins']}"
            for s, v in zip(values.seats, values.values)]


@pytest.mark.parametrize("turn", [0, 1, 2, 3], ids=["upright", "sideways", "upside-down", "other-way"])
def test_a_careful_pad_reads_clean_whichever_way_the_photo_is_turned(pads, event, turn):
    (event.parent / "IMG_1.jpg").write_bytes(pads.photo(turn % 3, 100 + turn, turn=turn))
    result = _run("scan", str(event), "IMG_1.jpg")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"IMG_1.jpg: round 1, table {turn % 3 + 1}: clean (sha256 ")
    assert lines[1:] == _expected_line(pads, turn % 3)


def test_sloppy_marks_are_read_or_sent_to_review_never_misread(pads, event):
    wrong = 0
    for seed in range(6):
        k = seed % 3
        (event.parent / "p.jpg").write_bytes(pads.photo(k, 200 + seed, sloppy=True))
        got = json.loads(_run("scan", str(event), "p.jpg", "--format", "json").output)[0]
        assert got["status"] in ("clean", "review"), got
        if got["status"] == "clean":
            read = [s["values"] for s in got["seats"]]
            wrong += sum(dict(v) != {**dict(w)} for v, w in zip(read, pads.values[k].values))
    assert wrong == 0


def test_a_digit_left_unmarked_is_filled_in_only_because_one_candidate_passes_both_checks(pads, event):
    civilian = pads.values[0].values[1]["civilian"]
    (event.parent / "u.jpg").write_bytes(pads.photo(0, 11, leave_out=((2, "civilian", 0),)))
    result = _run("scan", str(event), "u.jpg")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:5] == _expected_line(pads, 0)
    assert lines[5:] == [f"  filled by the checks: seat 2, Civilian = {civilian}"]


def test_a_used_correction_box_sends_the_table_to_review(pads, event):
    player = pads.values[2].seats[0].player
    (event.parent / "c.jpg").write_bytes(pads.photo(2, 12, corrections=(1,)))
    result = _run("scan", str(event), "c.jpg", "--import")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("c.jpg: round 1, table 3: to review (sha256 ")
    assert lines[1] == f"  seat 1 ({player}): the correction box is used: read it and type the number"
    assert "stored" not in result.output


def test_values_the_checks_cannot_settle_go_to_review_with_their_doubts(pads, event):
    # the coins held are summed into nothing: with the units of two seats' coins left out, several readings pass
    (event.parent / "d.jpg").write_bytes(pads.photo(1, 13, leave_out=((1, "coins", 0), (2, "coins", 0))))
    got = json.loads(_run("scan", str(event), "d.jpg", "--format", "json").output)[0]
    assert got["status"] == "review"
    assert [(d["seat"], d["field"], d["why"]) for d in got["doubtful"]] == [(1, "coins", "a digit is not marked"),
                                                                          (2, "coins", "a digit is not marked")]
    assert got["filled_by_checks"] == []


def test_json_output_names_the_photo_its_hash_and_every_value(pads, event):
    import hashlib

    photo = pads.photo(0, 5)
    (event.parent / "a.jpg").write_bytes(photo)
    result = _run("scan", str(event), "a.jpg", "--format", "json")
    assert result.exit_code == 0
    [got] = json.loads(result.output)
    assert got["file"] == "a.jpg" and got["sha256"] == hashlib.sha256(photo).hexdigest()
    assert (got["status"], got["round"], got["table"], got["reasons"], got["doubtful"]) == ("clean", 1, 1, [], [])
    assert [s["values"] for s in got["seats"]] == [dict(v) for v in pads.values[0].values]


def test_an_event_in_postgresql_keeps_its_photos_in_its_database(pads, event, postgres_server):
    """Issue #49: an event kept in PostgreSQL has no folder beside it; its photos are kept in its
    database, where every worker of the live server and the command line find them."""
    import hashlib

    from conftest import postgres_event_url
    from tourney.core.store import Event
    from tourney.scanpad.reading import photo_kept

    url = postgres_event_url(postgres_server, "scan-photos")
    assert _run("copy", str(event), url).exit_code == 0
    photo = pads.photo(1, 6)
    (event.parent / "t2.jpg").write_bytes(photo)
    result = _run("scan", url, "t2.jpg", "--import")
    assert result.exit_code == 0, result.output
    sha = hashlib.sha256(photo).hexdigest()
    there = Event.open(url)
    assert there.photo(sha) == (".jpg", photo) and photo_kept(there, sha) and not photo_kept(there, "0" * 64)
    assert f"entered round 1, table 2 from t2.jpg (sha256 {sha})\n" in _run("results", "history", url).output
    assert not list(event.parent.glob("*-photos"))
    # The same photo again is kept once (the table unchanged).
    assert _run("scan", url, "t2.jpg", "--import").exit_code == 0
    assert Event.open(url).photo(sha) == (".jpg", photo)
    # Copied back to a file, the photo comes along in the file; an event file's folder goes
    # into the database's table when it is copied there.
    assert _run("copy", url, str(event.parent / "back.db")).exit_code == 0
    assert photo_kept(Event.open(event.parent / "back.db"), sha)
    assert _run("scan", str(event), "t2.jpg", "--import").exit_code == 0  # kept beside ev.db
    other = postgres_event_url(postgres_server, "scan-photos-2")
    assert _run("copy", str(event), other).exit_code == 0
    assert Event.open(other).photo(sha) == (".jpg", photo)


def test_import_stores_the_clean_tables_as_results_import_does_and_keeps_the_photo(pads, event):
    import hashlib

    photo = pads.photo(1, 6)
    (event.parent / "t2.jpg").write_bytes(photo)
    (event.parent / "junk.jpg").write_bytes(b"not a photo")
    result = _run("scan", str(event), "t2.jpg", "junk.jpg", "--import")
    assert result.exit_code == 1  # one photo was refused
    assert result.output.splitlines()[-2:] == ["stored round 1, table 2", "1 table stored"]
    sha = hashlib.sha256(photo).hexdigest()
    assert (event.parent / "ev-photos" / f"{sha}.jpg").read_bytes() == photo
    history = _run("results", "history", str(event)).output
    assert f"entered round 1, table 2 from t2.jpg (sha256 {sha})\n" in history
    standings = _run("standings", str(event)).output
    assert pads.values[1].seats[0].player in standings
    again = _run("scan", str(event), "t2.jpg", "--import")  # the same lines again: stored as they are
    assert again.exit_code == 0
    assert again.output.splitlines()[-2:] == ["round 1, table 2 unchanged: nothing stored", "0 tables stored, 1 unchanged"]


def test_two_photos_of_one_table_that_read_alike_store_it_once_with_the_other_tables(pads, event):
    # A pad photographed twice (or the same file named twice) is one sheet, not a table of eight.
    (event.parent / "a.jpg").write_bytes(pads.photo(0, 5))
    (event.parent / "b.jpg").write_bytes(pads.photo(0, 6))
    (event.parent / "c.jpg").write_bytes(pads.photo(1, 7))
    result = _run("scan", str(event), "a.jpg", "b.jpg", "c.jpg", "a.jpg", "--import")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-3:] == ["stored round 1, table 1", "stored round 1, table 2", "2 tables stored"]
    history = _run("results", "history", str(event)).output
    assert history.count("entered round 1, table 1 from a.jpg (sha256") == 1
    assert "b.jpg" not in history


def test_the_history_names_the_photo_and_its_hash_in_no_language(pads, event):
    # A German history says where a table came from with no English words in it.
    import hashlib

    photo = pads.photo(2, 8)
    (event.parent / "IMG_7.jpg").write_bytes(photo)
    assert _run("event", str(event), "--lang", "de").exit_code == 0
    assert _run("scan", str(event), "IMG_7.jpg", "--import").exit_code == 0
    history = _run("results", "history", str(event)).output.splitlines()
    sha = hashlib.sha256(photo).hexdigest()
    assert history[-1].endswith(f"hat Runde 1, Tisch 3 eingetragen, aus IMG_7.jpg (sha256 {sha})")


def test_photos_that_cannot_be_kept_store_nothing_and_say_why(pads, event):
    # The photos are the tables' evidence: kept first, so a folder that can't be made (a file
    # of its name is in the way) refuses the import with a message, nothing stored, no traceback.
    (event.parent / "ev-photos").write_text("in the way")
    (event.parent / "t2.jpg").write_bytes(pads.photo(1, 6))
    result = CliRunner().invoke(cli, ["scan", str(event), "t2.jpg", "--import"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert "can't write" in result.output and "ev-photos" in result.output
    assert "entered round 1" not in _run("results", "history", str(event)).output


SCREEN = ("a photo of a screen: the screen's pixels make a pattern over the page that hides its marks: photograph "
          "the printed pad itself, or send the photo the screen shows")
BAD = {
    "not-a-pad.png": (lambda pads: sp.noise_png(),
                      "no scan pad in the photo (none of its corner markers): photograph the whole printed pad"),
    "half.jpg": (lambda pads: sp.half(pads.photo(0, 9, width=2400)),
                 "only 2 of the page's 4 corner markers are in the photo: photograph the whole page"),
    "blank.jpg": (lambda pads: pads.photo(0, 9, blank=True),
                  "the pad of round 1, table 1 is blank: nothing is marked"),
    "cut.jpg": (lambda pads: pads.photo(0, 9)[:30000],
                "the image is damaged or cut short (a truncated file): send the photo again"),
    "bomb.png": (lambda pads: sp.bomb_png(), "more than the 50 megapixels a photo may have: send a smaller one"),
    "huge.jpg": (lambda pads: sp.huge_jpeg(), "more than the 50 megapixels a photo may have: send a smaller one"),
    "notes.txt": (lambda pads: b"round 1, table 1: Anna 45\n", "not an image: send a JPEG or PNG photo of the pad"),
    "screen.jpg": (lambda pads: pads.screen(0, 9), SCREEN),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_photo_is_refused_by_name_with_its_reason_and_nothing_is_stored(pads, event, name):
    make, reason = BAD[name]
    (event.parent / name).write_bytes(make(pads))
    before = event.read_bytes()
    result = _run("scan", str(event), name, "--import")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{name}: refused (sha256 ") and lines[1:] == [f"  {reason}"], result.output
    assert event.read_bytes() == before and not (event.parent / "ev-photos").exists()


def test_a_photo_of_a_screen_is_read_when_its_marks_show_and_refused_as_one_when_its_pattern_hides_them(pads, event):
    # A screen whose pixel grid the lens blurs away (a camera close to it): its pad reads as on paper; the
    # QR code's MAC and the two checks guard it as they guard a photo of paper.
    for height, width in ((1100, 3000), (1600, 1600), (2000, 2400)):
        (event.parent / "soft.jpg").write_bytes(pads.screen(1, 14, height=height, width=width, soft=0.6))
        result = _run("scan", str(event), "soft.jpg")
        assert result.exit_code == 0, (height, width, result.output)
        assert result.output.splitlines()[1:5] == _expected_line(pads, 1)
    # Sharp, the screen's grid beats against the camera's into moiré over the whole page: refused as a screen.
    for height, width in ((1600, 1600), (1600, 3000), (1300, 2000)):
        (event.parent / "moire.jpg").write_bytes(pads.screen(1, 14, height=height, width=width))
        result = _run("scan", str(event), "moire.jpg")
        assert result.exit_code == 1
        assert result.output.splitlines()[1:] == [f"  {SCREEN}"], (height, width, result.output)


def test_paper_photos_show_no_screen_pattern(pads):
    """The screen's refusal is said only of photos far from any photo of paper: the same pads photographed
    with every camera of the benchmark measure a tenth of the threshold or less."""
    import cv2
    import numpy as np

    from tourney.scanpad.optical import SCREEN_PATTERN, screen_pattern

    rng = random.Random(3)
    for n in range(8):
        cam = {"width": rng.choice([1600, 2400, 3000, 4000]), "turn": rng.randrange(4), "blur": rng.choice([0.5, 1.8]),
               "noise": rng.choice([2.0, 8.0]), "quality": rng.randrange(70, 93)}
        photo = pads.photo(n % 3, 40 + n, sloppy=n % 2 == 1, **cam)
        rgb = cv2.cvtColor(cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
        assert screen_pattern(rgb) < SCREEN_PATTERN / 2, cam
    for height, width in ((1600, 1600), (2000, 3000)):
        data = pads.screen(0, 9, height=height, width=width)
        rgb = cv2.cvtColor(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
        assert screen_pattern(rgb) > SCREEN_PATTERN * 1.5


def test_a_pad_of_another_event_is_refused(pads, event, tmp_path):
    (tmp_path / "other").mkdir()
    other = Pads(tmp_path / "other", "other.db", seed="8")
    (tmp_path / "o.jpg").write_bytes(other.photo(0, 3))
    result = _run("scan", str(event), "o.jpg")
    assert result.exit_code == 1
    assert result.output.splitlines()[1].startswith("  a pad of another event (draw fingerprint ")


def test_a_pad_of_another_round_is_refused_when_the_round_is_given(pads, event):
    (event.parent / "r1.jpg").write_bytes(pads.photo(2, 4))
    result = _run("scan", str(event), "r1.jpg", "--round", "2")
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == ["  a pad of round 1, not of round 2"]


def test_a_refusal_is_said_in_the_events_language(pads, event):
    (event.parent / "notes.txt").write_bytes(b"hello")
    result = _run("scan", str(event), "notes.txt", "--lang", "de")
    assert result.exit_code == 1
    assert result.output.splitlines()[1] == "  kein Bild: schicke ein JPEG- oder PNG-Foto des Blocks"


def test_the_layout_command_prints_the_geometry_the_pad_was_printed_from(pads, event):
    result = _run("scan", str(event), "--layout", "--round", "1", "--table", "2")
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    assert (got["page"], got["units"], got["layout_version"]) == ({"width": 210.0, "height": 297.0}, "mm", 1)
    assert [m["id"] for m in got["markers"]] == [0, 1, 2, 3]
    assert got["qr"] == {"x": 154.0, "y": 3.0, "size": 32.0}
    assert [s["player"] for s in got["seats"]] == [s.player for s in pads.pads[1].seats]
    first = got["lozenges"][0]
    assert set(first) == {"seat", "field", "place", "value", "digit", "x", "y", "rx", "ry"}
    military = [z for z in got["lozenges"] if z["seat"] == 1 and z["field"] == "military"]
    assert [(z["place"], z["digit"]) for z in military] == [(-1, "−"), (1, "0"), (1, "1")] + [
        (0, str(d)) for d in range(10)]


def test_a_leading_zero_left_unmarked_is_filled_in_when_the_checks_settle_it(pads, event):
    # Coins held are summed into nothing, but the sheet check ties them to the coin points
    # (coins div 3): a seat's tens row of coins left blank is settled by that check alone.
    k, seat = next((k, s.seat) for k, v in enumerate(pads.values) for s, row in zip(v.seats, v.values)
                   if row["coins"] < 10)
    coins = dict(zip((s.seat for s in pads.values[k].seats), pads.values[k].values))[seat]["coins"]
    (event.parent / "z.jpg").write_bytes(pads.photo(k, 14, leave_out=((seat, "coins", 1),)))
    result = _run("scan", str(event), "z.jpg")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:-1] == _expected_line(pads, k)
    assert lines[-1] == f"  filled by the checks: seat {seat}, Coins held = {coins}"
