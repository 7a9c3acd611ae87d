"""Issue #46 item 6: after the organiser accepts a disputed report as reported, the desk page
says it was stored (the page reloads to show the table stored)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_event import LiveEvent, Server, post_json, self_reporting, table_rows

from tourney.core.store import Event


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[LiveEvent, Server, dict[str, str]]]:
    ev, codes = self_reporting(tmp_path)
    server = Server(ev.path)
    yield ev, server, codes
    server.stop()


def test_the_desk_says_an_accepted_report_was_stored(browser, served):
    ev, server, codes = served
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    base = f"{server.url}/api/rounds/1/tables/1"
    status, sent = post_json(base + "/report", {"player": players[0], "code": codes[players[0]], "rows": rows})
    assert status == 202 and isinstance(sent, dict)
    status, _ = post_json(base + "/confirm", {"player": players[1], "code": codes[players[1]], "report": sent["report"],
                                         "agree": False})
    assert status == 409  # disputed: with the organiser
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(server.url + "/desk/login")
    page.fill("input[name=token]", ev.organiser)
    page.click("button[type=submit]")
    page.wait_for_url(server.url + "/desk")
    page.goto(server.url + "/desk/rounds/1/tables/1")
    page.click("#report-accept")
    page.wait_for_function("document.getElementById('status').className === 'ok'")
    assert page.inner_text("#status") == "Saved as version 1"
    assert [t.version for t in Event.open(ev.path).results()] == [1]
    page.close()
