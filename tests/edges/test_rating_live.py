"""The player's page on the live server (a real process on 127.0.0.1) shows the expected place
at each published table from a rating of earlier events stored in the event (issue 30), the
same figures `tourney seating --report` prints; without a stored rating it shows none."""
from __future__ import annotations

import html
import re
import time
import urllib.parse
import urllib.request

from click.testing import CliRunner
from live_event import Server, build_event

from tourney.cli import cli
from tourney.core.store import Event
from tourney.demo import EXAMPLE, run_demo
from tourney.event import live


def page(server: Server, player: str) -> str:
    with urllib.request.urlopen(f"{server.url}/players/{urllib.parse.quote(player)}", timeout=10) as response:
        return html.unescape(response.read().decode("utf-8"))


def test_the_player_page_shows_the_expected_place_from_a_stored_rating(tmp_path):
    ev = build_event(tmp_path)  # the Bonn 2018 roster, round 1 seated
    run_demo(tmp_path / "demo", lambda text: None, EXAMPLE)  # the same players' earlier event
    live.publish_round(Event.open(ev.path), 1, "test")
    seat = next(s for s in Event.open(ev.path).seats(1) if s.table == 2)
    server = Server(ev.path)
    try:
        assert "Expected places" not in page(server, seat.player)
        stored = CliRunner().invoke(cli, ["rating", str(tmp_path / "demo" / "bonn-2018.db"), "--into", str(ev.path)])
        assert stored.exit_code == 0, stored.output
        deadline = time.monotonic() + 60  # the page is rebuilt once the change stamp has settled
        while "Expected places" not in (shown := page(server, seat.player)) and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        server.stop()
    report = CliRunner().invoke(cli, ["seating", str(ev.path), "--report"]).output
    row = next(r for r in report.splitlines() if re.match(r"\s*1\s+2\s", r))
    strength, expected = row.split(maxsplit=3)[2:]
    place = dict(p.rsplit(" ", 1) for p in expected.split(", "))[seat.player]
    size = len(expected.split(", "))
    assert "Expected places from the rating of 1 earlier event (Bonn Spielt 2018 (example))" in shown
    assert f"round 1, table 2: expected place {place} of {size} (table strength {strength})" in shown
