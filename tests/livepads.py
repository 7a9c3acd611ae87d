"""The live-server event of tests/live_event.py (Bonn 2018, players reporting their tables, round 1
published) with its round's scan pads printed, and photos of them filled in (tests/scanphotos.py:
the printed PDF rasterised, pen marks, a phone camera), for the photo route's tests."""
from __future__ import annotations

import base64
import random
import shutil
from pathlib import Path

from click.testing import CliRunner
from live_event import LiveEvent, self_reporting

import scanphotos as sp
from tourney.cli import cli
from tourney.core.store import Event
from tourney.games.registry import workflow
from tourney.scanpad.pads import table_pads


class LivePads:
    """The event (to copy for each test: `fresh`), its codes, its pads and what each table played."""

    def __init__(self, folder: Path) -> None:
        self.ev, self.codes = self_reporting(folder)
        pdf = folder / "pads.pdf"
        result = CliRunner().invoke(cli, ["print", str(self.ev.path), "--round", "1", "--what", "scanpads", "-o",
                                          str(pdf)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        event = Event.open(self.ev.path)
        self.sheet = workflow("7wonders").scan_sheet(frozenset())
        self.pads = table_pads(event, self.sheet, 1)
        rng = random.Random("live values")
        self.values = [sp.played_values(event, pad, rng) for pad in self.pads]
        event.close()
        self.pages = [sp.rasterise(pdf.read_bytes(), k, 150) for k in range(len(self.pads))]

    def fresh(self, folder: Path) -> LiveEvent:
        """A copy of the event in `folder` (its photos are kept beside it)."""
        folder.mkdir(exist_ok=True)
        path = folder / "live.db"
        shutil.copy(self.ev.path, path)
        return LiveEvent(path, self.ev.organiser, self.ev.desk_a, self.ev.desk_b)

    def photo(self, k: int, seed: int, *, leave_out=(), blank: bool = False, width: int = 1600) -> bytes:
        """A photo of table k+1's pad, filled in with what it played (`leave_out`: rows left unmarked)."""
        rng = random.Random(seed)
        page = self.pages[k] if blank else sp.fill(self.pages[k], self.sheet, self.pads[k], self.values[k], sp.Pen(),
                                                   rng, leave_out=leave_out)
        return sp.photograph(page, sp.Camera(width=width), rng)

    def screen(self, k: int, seed: int, *, height: int = 1600, width: int = 1600) -> bytes:
        """A photo of a screen showing table k+1's filled pad, its pixel grid beating into moiré."""
        rng = random.Random(seed)
        page = sp.fill(self.pages[k], self.sheet, self.pads[k], self.values[k], sp.Pen(), rng)
        return sp.photograph(sp.on_screen(page, rng, height=height), sp.Camera(width=width, blur=1.2), rng)

    def rows(self, k: int) -> list[dict[str, object]]:
        """Table k+1's sheet as its players filled the pad, as the route answers it."""
        v = self.values[k]
        return [{"seat": s.seat, "player": s.player, "wonder": s.board, **values} for s, values in zip(v.seats, v.values)]


def other_event_photo(folder: Path) -> bytes:
    """A photo of a filled pad of another event (another seed, other players)."""
    run = CliRunner()
    db, pdf = folder / "other.db", folder / "other.pdf"
    for args in (["new", str(db), "--game", "7wonders", "--seed", "8", "--name", "Other Cup"],
                 ["players", "add", str(db), *[f"Other {i}" for i in range(1, 9)]], ["seat", str(db)],
                 ["print", str(db), "--round", "1", "--what", "scanpads", "-o", str(pdf)]):
        result = run.invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
    event = Event.open(str(db))
    sheet = workflow("7wonders").scan_sheet(frozenset())
    pad = table_pads(event, sheet, 1)[0]
    rng = random.Random(8)
    page = sp.fill(sp.rasterise(pdf.read_bytes(), 0, 150), sheet, pad, sp.played_values(event, pad, rng), sp.Pen(), rng)
    event.close()
    return sp.photograph(page, sp.Camera(width=1600), rng)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()
