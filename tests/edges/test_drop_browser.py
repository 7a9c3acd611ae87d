"""Issue #46 item 6: a player drops out from their own phone, with their code and a second
step: typing the word the page shows, in the event's language (not an English "DROP")."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from live_event import LiveEvent, Server, build_event

from tourney.cli import cli
from tourney.core.store import Event
from tourney.event import live
from tourney.event.players import player_codes

PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def german(tmp_path) -> Iterator[tuple[LiveEvent, Server, dict[str, str]]]:
    ev = build_event(tmp_path)
    assert CliRunner().invoke(cli, ["event", str(ev.path), "--lang", "de"]).exit_code == 0
    event = Event.open(ev.path)
    live.publish_round(event, 1, "test")
    codes = dict(player_codes(event))
    server = Server(ev.path)
    yield ev, server, codes
    server.stop()


def test_a_player_drops_out_from_their_own_page_in_german(browser, german):
    ev, server, codes = german
    name = "Lukas Schröder"
    page = browser.new_context(viewport=PHONE_390, is_mobile=True).new_page()
    page.goto(f"{server.url}/players/{name}")
    page.click("text=Aus dem Turnier aussteigen")
    page.locator("#drop[data-ready]").wait_for()
    assert page.input_value("input[name=player]") == name  # from their own page
    page.fill("input[name=code]", codes[name])
    page.click("#drop-next")
    step = page.locator("#drop-confirm")
    step.wait_for()
    assert "Zum Bestätigen AUSSTEIGEN eintippen" in step.inner_text()
    assert Event.open(ev.path).players_named([name])[0].dropped_after is None  # the first tap sends nothing
    page.fill("input[name=confirm]", "DROP")
    page.click("#drop-next")
    page.locator("#drop-status.error").wait_for()
    assert page.inner_text("#drop-status") == "Zum Bestätigen AUSSTEIGEN genau so eintippen, wie es hier steht."
    assert Event.open(ev.path).players_named([name])[0].dropped_after is None
    page.fill("input[name=confirm]", "aussteigen")
    page.click("#drop-next")
    page.locator("#drop-status.ok").wait_for()
    # Seated in the published round 1: they leave after it, and their table's sheet counts.
    table = next(s.table for s in Event.open(ev.path).seats(1) if s.player == name)
    assert page.inner_text("#drop-status") == (
        f"Lukas Schröder: du steigst nach Runde 1 aus: in Runde 1, die schon bekanntgegeben ist, sitzt du an Tisch "
        f"{table}. Bitte spiel sie noch (der Spielbericht deines Tisches zählt mit dir); wenn du nicht kannst, sag es "
        f"der Turnierleitung.")
    assert Event.open(ev.path).players_named([name])[0].dropped_after == 1
    page.context.close()


def test_the_api_takes_the_word_of_the_events_language(tmp_path):
    from starlette.testclient import TestClient

    from tourney.server.app import create_app

    ev = build_event(tmp_path)
    assert CliRunner().invoke(cli, ["event", str(ev.path), "--lang", "fr"]).exit_code == 0
    codes = dict(player_codes(Event.open(ev.path)))
    client = TestClient(create_app(str(ev.path)))
    name = "Lukas Schröder"
    refused = client.post("/api/drop", json={"player": name, "code": codes[name], "confirm": "oui"})
    assert (refused.status_code, refused.json()["error"]) == (
        422, 'tapez ABANDON pour confirmer votre abandon (l\'API accepte aussi "confirm": "drop")')
    done = client.post("/api/drop", json={"player": name, "code": codes[name], "confirm": "abandon"})
    assert (done.status_code, done.json()) == (200, {"player": name, "dropped_after": 0, "table": None})
