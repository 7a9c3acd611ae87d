"""Players in the loop, as they use it (issue 27, item 7): real phones (Chromium at phone size,
one browser context each) on the live server started as a real process. Five phones of one
7 Wonders table report and confirm its sheet; a player disputes; a sheet with a rule error is
reported; 20 players check in and round 1 is seated with them."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from conftest import HEADER, write_sheet
from live_event import PHONE, Server, build_event, desk_page, table_rows, type_sheet

from tourney.cli import cli
from tourney.core.store import Event, sheet_reports
from tourney.event.history import history
from tourney.event.players import player_codes
from tourney.event.setup import update_event
from tourney.games.registry import find_game

DOCS = Path(__file__).resolve().parents[2] / "docs"


def phone(browser, url: str):
    """A player's own phone: a browser context of its own (no shared cookies or storage)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url)
    return page


def report_from_phone(browser, server: Server, table: int, reporter: str, code: str, rows):
    """The reporter's phone: the table's page, 'report this table's result', name and code, the
    sheet typed in the pad's layout; returns the page with the findings shown."""
    page = phone(browser, f"{server.url}/rounds/1/tables/{table}")
    page.click("#start-report")
    page.select_option("#reporter", reporter)
    page.fill("#reporter-code", code)
    type_sheet(page, rows)
    return page


def answer(page, player: str, code: str, button: str) -> None:
    page.locator("#tablepage[data-ready]").wait_for()  # the page's script is running (after a reload)
    row = page.locator(f"form.confirm[data-player='{player}']")
    row.locator("input[name=code]").fill(code)
    row.locator(f"button.{button}").click()


def test_five_phones_of_a_table_report_and_confirm_its_sheet(browser, reporting_served, tmp_path):
    ev, server, codes = reporting_served
    rows = table_rows(ev.path, 1, 1)
    players = [str(r["player"]) for r in rows]
    first = report_from_phone(browser, server, 1, players[0], codes[players[0]], rows)
    first.locator("#findinglist li.ok").wait_for()  # the rules engine found nothing as they typed
    first.click("#send")
    first.locator("#report").wait_for()
    assert first.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    for i, player in enumerate(players[1:], 1):
        mine = phone(browser, f"{server.url}/rounds/1/tables/1")
        assert f"Reported by {players[0]}" in mine.inner_text("#report h2")
        cells = mine.locator("table.reported td.value[data-key=civilian]").all_inner_texts()
        assert cells == [str(r["civilian"]) for r in rows]  # the reported numbers, as on the pad
        if i == 2:
            mine.screenshot(path=str(DOCS / "live-report.png"), full_page=True)
        answer(mine, player, codes[player].lower(), "agree")
        if i < len(players) - 1:
            mine.locator(f"li.answer[data-player='{player}'] .tag.ok").wait_for()
        else:
            mine.locator("#stored").wait_for()
        mine.context.close()
    first.locator("#stored").wait_for(timeout=10_000)  # the reporter's phone reloads by itself when idle
    first.context.close()

    (tmp_path / "twin").mkdir()
    twin = build_event(tmp_path / "twin")
    sheet = write_sheet(tmp_path / "t1.csv", [[1, 1] + [r.get(c, "") for c in HEADER[2:]] for r in rows])
    assert CliRunner().invoke(cli, ["results", "import", str(twin.path), str(sheet)]).exit_code == 0

    def stored(path):
        return [(t.round, t.table, t.version, t.warnings, t.lines) for t in Event.open(path).results()]

    assert stored(ev.path) == stored(twin.path)
    [line] = [h.text for h in history(Event.open(ev.path)) if h.action == "results.import"]
    assert line.startswith(f"{players[0]} reported round 1, table 1; confirmed by ")
    assert all(repr(p) in line for p in players[1:])


def test_a_player_disputes_and_the_organiser_decides(browser, reporting_served):
    ev, server, codes = reporting_served
    rows = table_rows(ev.path, 1, 2)
    players = [str(r["player"]) for r in rows]
    first = report_from_phone(browser, server, 2, players[1], codes[players[1]], rows)
    first.locator("#findinglist li.ok").wait_for()
    first.click("#send")
    first.locator("#report").wait_for()
    # One phone passed round: the first player confirms, the next disputes (asked twice).
    answer(first, players[0], codes[players[0]], "agree")
    first.locator(f"li.answer[data-player='{players[0]}'] .tag.ok").wait_for()
    answer(first, players[2], codes[players[2]], "dispute")
    assert first.inner_text(f"form.confirm[data-player='{players[2]}'] button.dispute") == (
        "Tap again to dispute: the organiser then decides")
    first.click(f"form.confirm[data-player='{players[2]}'] button.dispute")
    first.locator("#report-state", has_text=f"Disputed by {players[2]}: the organiser decides.").wait_for()
    assert first.locator("form.confirm").count() == 0 and first.locator("#start-report").count() == 0
    assert Event.open(ev.path).results() == []

    desk = desk_page(browser, server, ev.organiser)
    queue = desk.locator("section.reportqueue")
    assert f"disputed by {players[2]} (reported by {players[1]})" in queue.inner_text()
    queue.locator("a").click()
    desk.wait_for_selector("#findinglist li")  # the form's script is running
    legend = desk.locator("#report dl.legend").inner_text()
    assert players[0] in legend and players[2] in legend
    desk.click("#report-edit")
    assert desk.input_value("input[name=civilian][data-seat='3']") == str(rows[2]["civilian"])
    desk.fill("input[name=civilian][data-seat='3']", str(int(rows[2]["civilian"]) + 1))  # type: ignore[call-overload]
    desk.fill("input[name=total][data-seat='3']", str(int(rows[2]["total"]) + 1))  # type: ignore[call-overload]
    desk.locator("#findinglist li.ok").wait_for()
    assert desk.inner_text("#save") == "Accept with my changes"
    desk.click("#save")
    desk.locator("#report").wait_for(state="detached")
    [table] = Event.open(ev.path).results()
    assert table.author == "desk Org" and table.lines[2].data["civilian"] == int(rows[2]["civilian"]) + 1  # type: ignore[call-overload, index]
    first.locator("#stored").wait_for(timeout=10_000)
    first.context.close()
    desk.close()


def test_a_sheet_with_a_rule_error_goes_to_the_organiser_only_when_sent(browser, reporting_served):
    ev, server, codes = reporting_served
    rows = table_rows(ev.path, 1, 3)
    players = [str(r["player"]) for r in rows]
    bad = [dict(r) for r in rows]
    bad[1]["total"] = int(rows[1]["total"]) + 2  # type: ignore[call-overload]
    page = report_from_phone(browser, server, 3, players[0], codes[players[0]], bad)
    page.locator("#findinglist li.error", has_text="totals don't add up").wait_for()  # as they type
    page.click("#send")
    page.locator("#status.error", has_text="The sheet has rule errors").wait_for()
    page.locator("#to-organiser:visible").wait_for()
    assert sheet_reports(Event.open(ev.path)) == []  # refused: nothing held, the player may correct it
    page.click("#to-organiser")
    page.locator("#report-state", has_text="The sheet has rule errors: the organiser decides.").wait_for()
    assert Event.open(ev.path).results() == []
    [held] = sheet_reports(Event.open(ev.path))
    assert held.status == "errors" and held.reporter == players[0]
    desk = desk_page(browser, server, ev.organiser)
    assert "rule errors" in desk.inner_text("section.reportqueue")
    desk.goto(server.url + "/desk/rounds/1/tables/3")
    assert "totals don't add up" in desk.inner_text("#report ul.reportfindings")
    desk.close()
    page.context.close()


def test_twenty_players_check_in_on_their_phones_then_round_one_is_seated(browser, tmp_path):
    ev = build_event(tmp_path, seated=False)
    event = Event.open(ev.path)
    update_event(event, check_in=True, game=find_game("7wonders"))
    codes = player_codes(event)
    here, absent = codes[:20], codes[20:]
    server = Server(ev.path)
    try:
        phones = [phone(browser, server.url + "/") for _ in range(4)]  # passed round at the door
        for i, (name, code) in enumerate(here):
            page = phones[i % 4]
            page.goto(server.url + "/")
            page.click("a[href='/check-in']")
            page.locator("form.checkin[data-ready]").wait_for()
            page.fill("input[name=player]", name.lower())
            page.fill("input[name=code]", code)
            page.click("form.checkin button")
            page.locator("#checkin-status.ok", has_text=f"{name}: you are checked in.").wait_for()
        page.fill("input[name=player]", here[0][0])
        page.fill("input[name=code]", absent[0][1])
        page.click("form.checkin button")
        page.locator("#checkin-status.error", has_text="name and code don't match").wait_for()

        seated = CliRunner().invoke(cli, ["seat", str(ev.path), "--publish"])
        assert seated.exit_code == 0, seated.output
        assert "round 1: 20 players at 4 tables (5+5+5+5)" in seated.output
        assert "not checked in" in seated.output and all(name in seated.output for name, _code in absent)
        assert {s.player for s in Event.open(ev.path).seats(1)} == {name for name, _code in here}
        page.goto(server.url + "/")
        page.fill("#find", here[7][0])
        assert page.locator(".seat.me").count() == 1
        assert page.locator("a[href='/check-in']").count() == 0
        for p in phones:
            p.context.close()
    finally:
        server.stop()
