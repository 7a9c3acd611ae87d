"""A real browser (the OS's Chromium through Playwright) on the live server started as a real
process: a phone finds its seat, a desk types a sheet and fixes a finding, the standings page
changes without a reload, and two desks conflict. Screenshots go to docs/ for the README."""
from __future__ import annotations

from pathlib import Path

from live_event import PHONE, Server, build_event, desk_page, table_rows, type_sheet

from tourney.event import entry
from tourney.core.store import Event

DOCS = Path(__file__).resolve().parents[2] / "docs"


def desk_form(browser, server: Server, token: str, table: int):
    """The desk's form of one table, reached as a volunteer does: from the desk's list."""
    page = desk_page(browser, server, token)
    page.click(f"a[href='/desk/rounds/1/tables/{table}']")
    page.wait_for_selector("#findinglist li")
    return page


def test_phone_player_finds_their_seat(browser, served):
    ev, server = served
    seat = next(s for s in Event.open(ev.path).seats(1) if s.player == "Lukas Schröder")
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(server.url + "/")
    page.fill("#find", "lukas schroder")  # no umlaut, lower case
    mine = page.locator(".seat.me")
    assert mine.count() == 1 and "Lukas Schröder" in mine.inner_text()
    visible = page.locator(".table:visible")
    assert visible.count() == 1
    assert visible.locator("h2").inner_text().startswith(f"Table {seat.table}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    page.screenshot(path=str(DOCS / "live-phone.png"))
    page.close()


def test_desk_types_sees_a_finding_fixes_it_and_saves(browser, served):
    ev, server = served
    rows = table_rows(ev.path, 1, 1)
    page = desk_form(browser, server, ev.desk_a, 1)
    wrong = [dict(r) for r in rows]
    wrong[1]["total"] = int(rows[1]["total"]) + 1  # type: ignore[call-overload]
    type_sheet(page, wrong)
    finding = page.locator("#findinglist li.error", has_text="totals don't add up")
    finding.wait_for()
    assert page.locator("#findinglist li").count() == 1 and str(rows[1]["player"]) in finding.inner_text()
    # The player's column is marked, nobody else's.
    bad = page.locator("input.bad")
    assert bad.count() > 0 and {bad.nth(i).get_attribute("data-seat") for i in range(bad.count())} == \
        {str(rows[1]["seat"])}
    page.screenshot(path=str(DOCS / "live-desk.png"), full_page=True)
    page.fill(f"input[name=total][data-seat='{rows[1]['seat']}']", str(rows[1]["total"]))
    page.locator("#findinglist li.ok").wait_for()
    page.click("#save")
    page.locator("#status.ok").wait_for()
    assert "version 1" in page.inner_text("#status")
    [stored] = Event.open(ev.path).results()
    assert [entry.line_cells(ln)["total"] for ln in stored.lines] == [r["total"] for r in rows]
    assert stored.author == "desk A"
    page.close()


def test_standings_page_changes_without_reload(browser, served):
    ev, server = served
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/standings")
    first_row = page.locator("table.standings tbody tr").first
    assert page.locator("p.notice").inner_text() == "No results yet."  # no ranking by lot alone
    page.evaluate("window.notReloaded = true")
    desk = desk_form(browser, server, ev.desk_a, 2)
    rows = table_rows(ev.path, 1, 2)
    type_sheet(desk, rows)
    desk.click("#save")
    desk.locator("#status.ok").wait_for()
    best = max(rows, key=lambda r: int(r["total"]))  # type: ignore[arg-type]
    page.wait_for_function("(document.querySelector('table.standings tbody td:last-child') || {}).textContent "
                           "== '1'", timeout=10_000)  # games played, the handout's last column
    assert str(best["player"]) in first_row.inner_text()
    assert page.evaluate("window.notReloaded") is True
    page.close()
    desk.close()


def test_two_desks_saving_the_same_table_conflict(browser, served):
    ev, server = served
    first = desk_form(browser, server, ev.desk_a, 3)
    second = desk_form(browser, server, ev.desk_b, 3)
    rows = table_rows(ev.path, 1, 3)
    other = table_rows(ev.path, 1, 3, bump=1)
    type_sheet(first, rows)
    type_sheet(second, other)
    first.click("#save")
    first.locator("#status.ok").wait_for()
    second.click("#save")
    second.locator("#conflict").wait_for()
    assert "v1 · desk A" in second.inner_text("#storedv")
    assert str(rows[0]["total"]) in second.inner_text("#stored")
    assert str(other[0]["total"]) in second.inner_text("#mine")
    [stored] = Event.open(ev.path).results()
    assert stored.version == 1 and stored.author == "desk A"  # never a silent overwrite
    # Having seen the stored version, the second desk may replace it deliberately.
    second.fill("#reason", "re-counted civilian")
    second.click("#save")
    second.locator("#status.ok").wait_for()
    assert Event.open(ev.path).results()[0].version == 2
    first.close()
    second.close()


def test_blind_double_entry_mismatch_goes_to_the_organiser(browser, served):
    ev, server = served
    from tourney.event.setup import update_event
    from tourney.games.registry import find_game

    update_event(Event.open(ev.path), double_entry=True, game=find_game("7wonders"))
    rows, other = table_rows(ev.path, 1, 4), table_rows(ev.path, 1, 4, bump=1)
    first = desk_form(browser, server, ev.desk_a, 4)
    type_sheet(first, rows)
    first.click("#save")
    first.locator("#status.ok", has_text="Held until a second desk's entry agrees").wait_for()
    second = desk_form(browser, server, ev.desk_b, 4)
    type_sheet(second, other)
    second.click("#save")
    second.locator("#status.error", has_text="differs from another desk's").wait_for()
    assert second.locator("#conflict").is_hidden()  # blind: desk B never sees desk A's numbers
    assert Event.open(ev.path).results() == []

    organiser = desk_form(browser, server, ev.organiser, 4)
    compare = organiser.locator("#compare")
    assert compare.locator("th").all_inner_texts()[-2:] == ["Desk A", "Desk B"]
    first_seat = compare.locator("tbody tr").first.locator("td").all_inner_texts()
    assert first_seat == ["1", str(rows[0]["player"]), "Civilian", str(rows[0]["civilian"]), str(other[0]["civilian"])]
    organiser.screenshot(path=str(DOCS / "live-double-entry.png"), clip={"x": 0, "y": 0, "width": 1100, "height": 520})
    organiser.click("button:has-text('Accept the entry of desk A')")
    organiser.wait_for_url(server.url + "/desk?msg=*")
    assert "round 1, table 4: stored version 1" in organiser.inner_text("p.notice[role=status]")
    [stored] = Event.open(ev.path).results()
    assert stored.author == "desk A" and [entry.line_cells(ln)["total"] for ln in stored.lines] == [
        r["total"] for r in rows]
    for page in (first, second, organiser):
        page.close()


def test_a_german_desk_form_is_laid_out_like_the_pad(browser, tmp_path):
    """Rows in the pad's order with its German labels, a column per player in seat order; empty
    fields counted in one line; findings name the pad's label; the total follows the rows."""
    ev = build_event(tmp_path)
    server = Server(ev.path, "--lang", "de")
    try:
        page = desk_form(browser, server, ev.desk_a, 1)
        labels = page.locator("table.pad:not(.optional) th[scope=row]").all_inner_texts()
        assert labels == ["Weltwunder", "Seite", "Militär", "Münzen", "Weltwunder-Punkte", "Zivil", "Handel",
                          "Gilden", "Wissenschaft", "Summe", "Münzen am Ende"]
        seats = [s for s in Event.open(ev.path).seats(1) if s.table == 1]
        heads = page.locator("table.pad:not(.optional) th.player").all_inner_texts()
        assert [h.split("\n")[-1] for h in heads] == [s.player for s in seats]
        empty = 9 * len(seats)  # the required rows: categories, total, coins
        page.locator("#findinglist li.empty", has_text=f"noch {empty} Felder leer").wait_for()
        assert page.locator("#findinglist li").count() == 1
        for key, value in (("military", "1"), ("treasury", "2"), ("wonders", "3"), ("civilian", "x")):
            page.fill(f"input[name={key}][data-seat='1']", value)
        page.locator("#findinglist li.error", has_text="Zivil muss eine ganze Zahl sein").wait_for()
        page.fill("input[name=civilian][data-seat='1']", "4")
        for key in ("commercial", "guilds", "science"):
            page.fill(f"input[name={key}][data-seat='1']", "0")
        assert page.get_attribute("input[name=total][data-seat='1']", "placeholder") == "10"
        page.close()
    finally:
        server.stop()
