"""Issue #46 item 6: after the organiser accepts a disputed report as reported, the desk page
says it was stored (the page reloads to show the table stored)."""
from __future__ import annotations


from live_event import desk_page, post_json, table_rows

from tourney.core.store import Event


def test_the_desk_says_an_accepted_report_was_stored(browser, reporting_served):
    ev, server, codes = reporting_served
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    base = f"{server.url}/api/rounds/1/tables/1"
    status, sent = post_json(base + "/report", {"player": players[0], "code": codes[players[0]], "rows": rows})
    assert status == 202 and isinstance(sent, dict)
    status, _ = post_json(base + "/confirm", {"player": players[1], "code": codes[players[1]], "report": sent["report"],
                                         "agree": False})
    assert status == 409  # disputed: with the organiser
    page = desk_page(browser, server, ev.organiser)
    page.goto(server.url + "/desk/rounds/1/tables/1")
    page.click("#report-accept")
    page.wait_for_function("document.getElementById('status').className === 'ok'")
    assert page.inner_text("#status") == "Saved as version 1"
    assert [t.version for t in Event.open(ev.path).results()] == [1]
    page.close()
