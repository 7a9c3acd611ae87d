"""The live server reads the event's language as the event changes: `tourney event --lang de`
while serving turns the pages, the API's messages and the desks' refusals German at the next
change, in every worker, without a restart; `tourney serve --lang` keeps its language."""
from __future__ import annotations

from live_event import build_event, table_rows
from starlette.testclient import TestClient

from tourney.core.store import Event
from tourney.event.setup import update_event
from tourney.games.registry import find_game
from tourney.server import app as server_app
from tourney.server import create_app


def test_the_pages_follow_a_language_changed_while_serving(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    ev = build_event(tmp_path)
    client = TestClient(create_app(str(ev.path)))
    fixed = TestClient(create_app(str(ev.path), lang="fr"))
    assert '<html lang="en"' in client.get("/standings").text
    # The command line changes the language in another process's connection.
    update_event(Event.open(ev.path), lang="de", game=find_game("7wonders"))
    assert '<html lang="de"' in client.get("/standings").text
    assert '<html lang="fr"' in fixed.get("/standings").text  # serve --lang fr stays French
    said = client.post("/api/rounds/1/tables/1/result", json={"rows": [], "version": None,
                                                               "photo": {"sha256": "0" * 64, "file": "x.jpg"}},
                       headers={"Authorization": f"Bearer {ev.desk_a}"})
    assert said.status_code == 422 and said.json()["error"].startswith("Foto x.jpg: kein Foto"), said.json()


def test_a_language_changed_between_two_saves_is_read_again(tmp_path, monkeypatch):
    # The server carries the language past its own saves without reading the settings again;
    # a change by the command line in between moves the stamp by more than its own save.
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    ev = build_event(tmp_path)
    client = TestClient(create_app(str(ev.path)))
    desk = {"Authorization": f"Bearer {ev.desk_a}"}
    refused = {"rows": [], "version": None, "photo": {"sha256": "0" * 64, "file": "x.jpg"}}
    assert client.post("/api/rounds/1/tables/1/result", json={"rows": table_rows(ev.path, 1, 1), "version": None},
                       headers=desk).status_code == 201
    assert client.post("/api/rounds/1/tables/2/result", json=refused,
                       headers=desk).json()["error"].startswith("photo x.jpg: no photo")
    update_event(Event.open(ev.path), lang="de", game=find_game("7wonders"))
    assert client.post("/api/rounds/1/tables/2/result", json={"rows": table_rows(ev.path, 1, 2), "version": None},
                       headers=desk).status_code == 201
    assert client.post("/api/rounds/1/tables/3/result", json=refused,
                       headers=desk).json()["error"].startswith("Foto x.jpg: kein Foto")
    assert '<html lang="de"' in client.get("/standings").text
