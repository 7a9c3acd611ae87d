"""Issue #49 item 3, in Chromium: the desk photographs a table's scan pad on the table's page; the
form fills in as read, the values the marks leave open are marked, each shown beside a crop of
the photo with its candidates; the desk types them and stores the table with one save. The
screenshot of the review is docs/scan-review.png (the README shows it). On a player's phone, the
photo of the pad becomes the table's report."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_event import LiveEvent, Server, desk_table_page
from livepads import LivePads

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[LivePads, LiveEvent, Server]]:
    (tmp_path / "pads").mkdir()
    live = LivePads(tmp_path / "pads")
    ev = live.fresh(tmp_path / "event")
    server = Server(ev.path)
    yield live, ev, server
    server.stop()


def test_the_desk_reviews_a_photographed_pad_beside_crops_of_the_photo_and_saves_it(browser, served, tmp_path):
    live, ev, server = served
    photo = tmp_path / "IMG_2041.jpg"
    photo.write_bytes(live.photo(0, 31, leave_out=((1, "coins", 0), (2, "coins", 0)), width=2400))
    values = live.values[0]
    page = desk_table_page(browser, server, ev.desk_a, 1)
    page.set_input_files("#photo-input", str(photo))
    page.locator("#doubts li.doubt").nth(1).wait_for()
    assert page.locator("#photo-status").inner_text() == ("Read from the photo IMG_2041.jpg: check the marked values, "
                                                          "then save.")
    # The form as read: every value the marks decide filled in, the two doubtful ones marked and left blank.
    for s, v in zip(values.seats, values.values):
        assert page.input_value(f"input[name=civilian][data-seat='{s.seat}']") == str(v["civilian"])
        assert page.input_value(f"input[name=total][data-seat='{s.seat}']") == str(v["total"])
    marked = page.locator("input.doubt")
    assert [(m.get_attribute("name"), m.get_attribute("data-seat")) for m in marked.all()] == [("coins", "1"),
                                                                                              ("coins", "2")]
    items = page.locator("#doubts li.doubt")
    first = items.nth(0).inner_text()
    assert first.startswith(f"Coins held · {values.seats[0].player}: a digit is not marked. Could be: ")
    assert str(values.values[0]["coins"]) in first.split("Could be: ")[1].split(", ")
    # Each beside a crop of the photo around its marks, shown (decoded) by the browser.
    assert items.locator("img").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth > 40)") == [True,
                                                                                                        True]
    page.screenshot(path=str(DOCS / "scan-review.png"), full_page=True)
    for s, v in list(zip(values.seats, values.values))[:2]:
        page.fill(f"input[name=coins][data-seat='{s.seat}']", str(v["coins"]))
    page.locator("#findinglist li.ok").wait_for()
    page.click("#save")
    page.locator("#status.ok").wait_for()
    assert page.locator("#status").inner_text() == "Saved as version 1"
    with sqlite3.connect(ev.path) as db:
        assert db.execute("SELECT round, table_no, version FROM results").fetchall() == [(1, 1, 1)]
    page.close()


def test_a_players_photo_of_the_pad_becomes_the_tables_report_on_their_phone(browser, served, tmp_path):
    live, ev, server = served
    photo = tmp_path / "pad.jpg"
    photo.write_bytes(live.photo(1, 32, width=3000))
    players = [s.player for s in live.values[1].seats]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server.url + "/rounds/1/tables/2")
    page.click("#start-photo")
    page.select_option("#reporter", players[0])
    page.fill("#reporter-code", live.codes[players[0]])
    page.set_input_files("#photo-input", str(photo))  # made smaller on the phone, sent through the outbox
    page.locator("#report").wait_for()  # the page reloads with the table's report, read from the photo
    assert page.locator("#report h2").inner_text() == f"Reported by {players[0]}"
    answers = page.locator("li.answer form.confirm")
    assert [a.get_attribute("data-player") for a in answers.all()] == players[1:]
    context.close()
