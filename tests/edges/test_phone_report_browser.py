"""Issue #46 item 4: the table's page on a 390 px phone. Only one or two player columns fit:
the row labels stay in view as the columns scroll, a bar of the seats brings any player's
column beside them at once (and choosing who reports does), and every confirmer sees their
own numbers beside their code field without scrolling. Tables of 7 and of 5."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_event import LiveEvent, Server, self_reporting, table_rows, type_sheet

PHONE_390 = {"width": 390, "height": 844}
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[LiveEvent, Server, dict[str, str]]]:
    """The Bonn event seated as tables of 7, 6, 5 and 5, players reporting their tables."""
    ev, codes = self_reporting(tmp_path, tables="7,6,5,5")
    server = Server(ev.path)
    yield ev, server, codes
    server.stop()


def phone(browser, url: str):
    context = browser.new_context(viewport=PHONE_390, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url)
    return page


def box(page, selector: str) -> dict[str, float]:
    return page.locator(selector).first.evaluate("el => { const r = el.getBoundingClientRect(); "
                                                 "return {left: r.left, right: r.right}; }")


def in_view_beside_the_labels(page, grid: str, seat: int) -> bool:
    label, column = box(page, f"{grid} th[scope=row]"), box(page, f"{grid} th.player[data-seat='{seat}']")
    return label["left"] >= 0 and column["left"] >= label["right"] - 1 and column["right"] <= PHONE_390["width"]


@pytest.mark.parametrize("table", [1, 3])  # 7 players, 5 players
def test_the_reporter_reaches_any_column_with_the_labels_in_view(browser, served, table):
    ev, server, codes = served
    rows = table_rows(ev.path, 1, table)
    assert len(rows) == (7 if table == 1 else 5)
    last = rows[-1]
    page = phone(browser, f"{server.url}/rounds/1/tables/{table}")
    page.click("#start-report")
    page.select_option("#reporter", str(last["player"]))  # the reporter's own column comes first
    grid = "#sheet .scroll"
    page.wait_for_function(f"document.querySelector(\"{grid}\").scrollLeft > 0 || "
                           f"document.querySelector(\"{grid}\").scrollWidth <= {PHONE_390['width']}")
    assert in_view_beside_the_labels(page, grid, int(last["seat"]))
    # Any other seat at once, from the bar above the grid.
    page.locator("#sheet p.seatbar button[data-seat='2']").click()
    assert in_view_beside_the_labels(page, grid, 2)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]  # the page itself: no
    page.context.close()


def test_confirmers_see_their_own_numbers_without_scrolling_at_a_table_of_7(browser, served):
    ev, server, codes = served
    rows = table_rows(ev.path, 1, 1)
    reporter = str(rows[0]["player"])
    page = phone(browser, f"{server.url}/rounds/1/tables/1")
    page.click("#start-report")
    page.select_option("#reporter", reporter)
    page.fill("#reporter-code", codes[reporter])
    type_sheet(page, rows)
    page.locator("#findinglist li.ok").wait_for()
    page.click("#send")
    page.locator("#report").wait_for()
    page.context.close()
    for row in rows[1:]:
        name = str(row["player"])
        mine = phone(browser, f"{server.url}/rounds/1/tables/1")
        said = mine.locator(f"li.answer[data-player='{name}'] p.mine")
        text = said.inner_text()
        assert f"Civilian {row['civilian']}" in text and f"Total {row['total']}" in text
        where = said.evaluate("el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; }")
        assert where[0] >= 0 and where[1] <= PHONE_390["width"]
        # Typing the code brings their column of the reported grid beside the labels too.
        mine.locator(f"form.confirm[data-player='{name}'] input[name=code]").focus()
        assert in_view_beside_the_labels(mine, "#report .scroll", int(row["seat"]))
        if row is rows[-1]:
            mine.screenshot(path=str(DOCS / "live-confirm-390.png"))
        mine.context.close()
