"""Regenerate scanpad-photo.jpg: a phone photo of round 4, table 1's scan pad, filled in with the
bundled sheet's values, which `tourney demo` reads. The page is the real printed PDF, rasterised;
the marks and the camera are simulated (tests/scanphotos.py), from a fixed seed. Run:
    .venv/bin/python examples/bonn-2018/make_scan_photo.py
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

import scanphotos as sp  # noqa: E402
from tourney.core.store import Event  # noqa: E402
from tourney.demo import run_demo  # noqa: E402
from tourney.games.registry import workflow  # noqa: E402
from tourney.scanpad.fields import TableValues  # noqa: E402
from tourney.scanpad.pads import table_pads  # noqa: E402
from tourney.scanpad.render import render_scan_pads  # noqa: E402

ROUND, TABLE = 4, 1
KEYS = ("side", "military", "treasury", "wonders", "civilian", "commercial", "guilds", "science", "total", "coins")


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    run_demo(folder, lambda _line: None)
    event = Event.open(str(folder / "bonn-2018.db"))
    game = workflow("7wonders")
    sheet = game.scan_sheet(frozenset())
    [pad] = table_pads(event, sheet, ROUND, {TABLE})
    report = game.parse([HERE / "round4.xlsx"])
    [table] = [t for t in report.tables if t.table == TABLE]
    by_player = {row.player: row.values for row in table.rows}
    values = TableValues(ROUND, TABLE, pad.seats, tuple({k: by_player[s.player].get(k) for k in KEYS}
                                                        for s in pad.seats), {})
    pdf = render_scan_pads([pad], sheet, event.info().name, "de").data
    rng = random.Random("tourney demo scan photo")
    marked = sp.fill(sp.rasterise(pdf, 0, 200), sheet, pad, values, sp.Pen(), rng)
    photo = sp.photograph(marked, sp.Camera(width=1800, turn=2, quality=80), rng)
    (HERE / "scanpad-photo.jpg").write_bytes(photo)
    print(f"wrote {HERE / 'scanpad-photo.jpg'}: {len(photo) // 1024} KB")


if __name__ == "__main__":
    main()
