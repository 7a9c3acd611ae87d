"""The organiser desk's players page: codes, check-in, a new code, a drop and the two switches,
each exactly what the command line does (issue 27: every command also on the organiser desk)."""
from __future__ import annotations

import html
import json
import re

from click.testing import CliRunner
from live_event import LiveEvent, build_event
from starlette.testclient import TestClient

from tourney.cli import cli
from tourney.core.store import Event
from tourney.server import app as server_app
from tourney.server import create_app


def tourney(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def logged_in(ev: LiveEvent, lang: str) -> tuple[TestClient, str]:
    client = TestClient(create_app(str(ev.path), lang=lang))
    assert client.post("/desk/login", data={"token": ev.organiser}).status_code == 200
    page = client.get("/desk/players").text
    return client, re.search(r'name="csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def act(client: TestClient, csrf: str, action: str, **form: str) -> str:
    """A button of the players page: the message the page shows after it."""
    page = client.post(f"/desk/organiser/{action}", data={"csrf": csrf, **form}).text
    return html.unescape(re.search(r'<p class="notice" role="status">([^<]*)</p>', page).group(1))  # type: ignore[union-attr]


def test_the_players_page_does_what_the_command_line_does(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    ev = build_event(tmp_path, seated=False)
    client, csrf = logged_in(ev, "en")
    codes = json.loads(tourney("players", "codes", str(ev.path), "--format", "json"))
    page = client.get("/desk/players").text
    assert all(f"<code>{c['code']}</code>" in page for c in codes)  # the codes `players codes` lists
    anna = codes[0]["player"]
    assert act(client, csrf, "switch", setting="check_in", on="on") == "check-in before round 1: on"
    assert "check-in before round 1" in tourney("event", str(ev.path))
    assert act(client, csrf, "checkin", player=anna) == f"checked in: {anna}"
    assert act(client, csrf, "checkin", player=anna) == f"checked in before: {anna}"  # a second tap changes nothing
    listed = json.loads(tourney("players", "list", str(ev.path), "--format", "json"))
    assert [p["player"] for p in listed if p.get("checked_in")] == [anna]
    said = act(client, csrf, "newcode", player=anna)
    new = re.search(r"new code (\w+)", said).group(1)  # type: ignore[union-attr]
    assert new != codes[0]["code"] and said == f"{anna}: new code {new} (the old one no longer works)"
    assert client.post("/api/check-in", json={"player": anna, "code": codes[0]["code"]}).status_code == 403
    assert act(client, csrf, "drop", player=codes[1]["player"]) == f"dropped {codes[1]['player']!r} before round 1"
    dropped = {p.name: p.dropped_after for p in Event.open(ev.path).players()}
    assert dropped[codes[1]["player"]] is not None and dropped[anna] is None
    assert act(client, csrf, "switch", setting="self_report", on="on") == "players report their tables: on"
    assert "players report their tables" in tourney("event", str(ev.path))
    assert act(client, csrf, "drop", player="Nobody At All") == ("no player 'Nobody At All' in this event: see 'tourney "
                                                                  "players list'")


def test_the_players_page_speaks_german_and_is_the_organisers_only(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    ev = build_event(tmp_path, seated=False)
    client, csrf = logged_in(ev, "de")
    page = client.get("/desk/players").text
    assert "Neuer Code" in page and "Einchecken vor Runde 1" in page
    assert act(client, csrf, "switch", setting="check_in", on="on") == "Einchecken vor Runde 1: an"
    volunteer = TestClient(create_app(str(ev.path), lang="de"))
    volunteer.post("/desk/login", data={"token": ev.desk_a})
    assert volunteer.get("/desk/players", follow_redirects=False).status_code == 303  # to the login page
    forged = client.post("/desk/organiser/drop", data={"csrf": "x", "player": "Anna"})
    assert forged.status_code == 403 and forged.text.startswith("ungültiges Formular (CSRF-Prüfung fehlgeschlagen)")
