"""Issue 48, item 5: a desk keeps up with a queue from the keyboard alone, in the OS Chromium:
the first field of the pad is ready to type, Enter moves down a player's column and on to the
next player's (the pad's order), Ctrl+Enter saves and opens the next table waiting, "/" finds
a table by its number or a player by name, and the page says which keys do what."""
from __future__ import annotations

from live_event import Server, table_rows

from tourney.core.store import Event
from tourney.event import entry


def _login(browser, server: Server, token: str):
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(server.url + "/desk/login")
    page.fill("input[name=token]", token)
    page.keyboard.press("Enter")
    page.wait_for_url(server.url + "/desk")
    return page


def test_a_desk_types_saves_and_moves_on_without_the_mouse(browser, served):
    ev, server = served
    rows = {int(r["seat"]): r for r in table_rows(ev.path, 1, 1)}
    page = _login(browser, server, ev.desk_a)
    assert "/: find a table or player" in page.inner_text("#keys")
    page.keyboard.press("/")  # the finder: a table's number
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    page.wait_for_url(server.url + "/desk/rounds/1/tables/1")
    page.wait_for_selector("#findinglist li")
    assert "Ctrl+Enter: save, then open the next table waiting" in page.inner_text("#keys")
    visited: list[tuple[int, str]] = []
    for _field in range(200):  # a pad has fewer fields: more means Enter did not move on
        at = page.evaluate("[document.activeElement.id, document.activeElement.name, "
                           "document.activeElement.dataset.seat]")
        if at[0] == "save":
            break
        assert at[1] and (int(at[2]), at[1]) not in visited, (at, visited)
        seat, key = int(at[2]), at[1]
        visited.append((seat, key))
        if key in rows[seat]:  # the wonder and its side stay empty, as a pad without them
            page.keyboard.type(str(rows[seat][key]))
        page.keyboard.press("Enter")
    # The pad's order: each player's column top to bottom, the players in seat order.
    seats = [s for s, _k in visited]
    assert seats == sorted(seats) and set(seats) == set(rows)
    column = [k for s, k in visited if s == seats[0]]
    assert [k for s, k in visited if s == seats[-1]] == column and "total" in column
    page.keyboard.press("Shift+Enter")  # back to the last field
    assert page.evaluate("document.activeElement.dataset.seat") == str(seats[-1])
    page.locator("#findinglist li.ok").wait_for()
    page.keyboard.press("Control+Enter")
    page.wait_for_url(server.url + "/desk/rounds/1/tables/2")  # table 1 stored: on to the next one waiting
    [stored] = Event.open(ev.path).results()
    assert (stored.round, stored.table, stored.author) == (1, 1, "desk A")
    assert [entry.line_cells(ln)["total"] for ln in stored.lines] == [rows[s]["total"] for s in sorted(rows)]
    # "/" finds a player by a part of the name, without accents: their table opens.
    seat = next(s for s in Event.open(ev.path).seats(1) if s.player == "Lukas Schröder")
    page.wait_for_selector("#findinglist li")
    page.keyboard.press("/")
    page.keyboard.type("schroder")
    page.keyboard.press("Enter")
    page.wait_for_url(server.url + f"/desk/rounds/1/tables/{seat.table}")
    page.keyboard.press("/")
    page.keyboard.type("nobody")
    page.keyboard.press("Enter")
    assert page.inner_text("#deskfind-said") == "round 1: no table or player matches nobody"
    page.close()
