"""Issue #46 item 3 in a real browser: the second desk's conflict screen shows the stored sheet
and its own entry side by side as the pad has them (the pad's lines in its order and words, a
column per player), the differing cells marked, every word in the event's language; the very
numbers stored already are no conflict."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from live_event import Server, build_event, desk_table_page, table_rows, type_sheet

from tourney.cli import cli
from tourney.core.store import Event
from tourney.event import live


@pytest.fixture
def german(tmp_path):
    ev = build_event(tmp_path)
    assert CliRunner().invoke(cli, ["event", str(ev.path), "--lang", "de"]).exit_code == 0
    live.publish_round(Event.open(ev.path), 1, "test")
    server = Server(ev.path)
    yield ev, server
    server.stop()


def two_desks_save(browser, server: Server, ev, table: int, first_rows, second_rows):
    """Desks A and B open one table, type their rows; A saves, then B: their pages."""
    first = desk_table_page(browser, server, ev.desk_a, table)
    second = desk_table_page(browser, server, ev.desk_b, table)
    type_sheet(first, first_rows)
    type_sheet(second, second_rows)
    first.click("#save")
    first.locator("#status.ok").wait_for()
    second.click("#save")
    return first, second


def test_the_conflict_screen_shows_both_versions_as_the_pad_in_german(browser, german):
    ev, server = german
    rows, other = table_rows(ev.path, 1, 3), table_rows(ev.path, 1, 3, bump=1)
    first, second = two_desks_save(browser, server, ev, 3, rows, other)
    second.locator("#conflict").wait_for()
    status = second.inner_text("#conflictsaid")
    assert status.startswith("Runde 1, Tisch 3: ein anderer Eingabeplatz hat Version 1 gespeichert") and \
        "stored version" not in status
    for side, typed in (("#stored", rows), ("#mine", other)):
        grid = second.locator(f"{side} table.versions")
        heads = grid.locator("tr").first.locator("th").all_inner_texts()
        assert heads[1:] == [str(r["player"]) for r in rows]  # a column per player, in seat order
        labels = grid.locator("tr th[scope=row]").all_inner_texts()
        # The pad's lines in the pad's order and words (the desk form's own rows above it).
        form_labels = second.locator("#sheet table").first.locator("tbody th").all_inner_texts()
        assert [x for x in labels if x in form_labels] == [x for x in form_labels if x in labels]
        assert "Zivil" in labels and "Seite" not in labels  # a line empty in both versions is left out
        civil = grid.locator("tr", has=second.locator("th[scope=row]", has_text="Zivil")).locator("td")
        assert civil.all_inner_texts() == [str(r["civilian"]) for r in typed]
        assert civil.first.get_attribute("class") == "differs"
    second.screenshot(path=str(__import__("pathlib").Path(__file__).resolve().parents[2] / "docs"
                               / "live-desk-conflict.png"), full_page=True)
    first.close()
    second.close()


def test_the_same_numbers_from_a_second_desk_are_saved_without_a_conflict(browser, german):
    ev, server = german
    rows = table_rows(ev.path, 1, 4)
    first, second = two_desks_save(browser, server, ev, 4, rows, rows)
    second.locator("#status.ok").wait_for()
    assert second.locator("#conflict").is_hidden()
    assert [t.version for t in Event.open(ev.path).results()] == [1]
    first.close()
    second.close()
