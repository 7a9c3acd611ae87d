"""`tourney hub serve` as a real process on 127.0.0.1: venues push with `tourney sync --to`
(batches, resumed where the hub stands), the JSON API answers what the command line says of
the files (`/api/season?spots=K` is `tourney season … --format json`), the pages speak the
hub's language, the push refuses what it must, and /openapi.json describes the routes."""
from __future__ import annotations

import json
import os
import urllib.request

import pytest

from conftest import ROOT
from live_event import Server, post_json
from test_hub import bonn, cup, entries_of, ok, token_of
from test_hub_sync import wait_for
from tourney.core.store import Event
from tourney.event.hubsync import push, sync_state


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture
def season(tmp_path, monkeypatch):
    """A German hub with two venues, served; Bonn's and Köln's events final, Aachen's planned,
    Essen's running round 1."""
    monkeypatch.chdir(tmp_path)
    bonn("bonn.db")
    cup("koeln.db", tmp_path)
    ok("new", "aachen.db", "--game", "7wonders", "--name", "Aachen", "--date", "2018-06-01")
    ok("new", "essen.db", "--game", "7wonders", "--name", "Essen", "--date", "2018-07-01", "--rounds", "2")
    ok("players", "add", "essen.db", *[f"E{i}" for i in range(1, 7)])
    ok("seat", "essen.db")
    ok("hub", "new", "season.db", "--name", "Qualifikation 2018", "--lang", "de")
    tokens = {v: token_of(ok("hub", "venue", "add", "season.db", v)) for v in ("Bonn", "Köln")}
    server = Server("season.db", command=("hub", "serve"), ready="/api/events")
    yield server, tokens
    server.stop()


def test_pushed_events_give_the_files_season_and_their_status(season):
    server, tokens = season
    url = server.url + "/"
    assert ok("sync", "bonn.db", "--to", url, "--token", tokens["Bonn"]) == (
        f"the hub at {url} has all {len(entries_of('bonn.db')[1])} changes of 'bonn.db'\n")
    for event in ("koeln.db", "aachen.db", "essen.db"):
        ok("sync", event, "--to", url, "--token", tokens["Köln"])
    status, text = get(server.url + "/api/events")
    assert status == 200
    assert [(e["name"], e["venue"], e["date"], e["game"], e["status"], e["round"]) for e in json.loads(text)] == [
        ("Bonn 2018", "Bonn", "2018-03-18", "7 Wonders", "final", None),
        ("Köln Cup", "Köln", "2018-05-01", "7 Wonders", "final", None),
        ("Aachen", "Köln", "2018-06-01", "7 Wonders", "planned", None),
        ("Essen", "Köln", "2018-07-01", "7 Wonders", "running", 1)]
    for spots in ("1", "3"):
        status, text = get(server.url + f"/api/season?spots={spots}")
        assert status == 200 and text == ok("season", "bonn.db", "koeln.db", "--spots", spots, "--format", "json")
    status, text = get(server.url + "/api/rating")
    assert status == 200 and text == ok("rating", "bonn.db", "koeln.db", "--format", "json")
    assert get(server.url + "/api/season?spots=0")[0] == 422


def test_the_hubs_circuit_rules_give_the_report_tourney_season_gives_with_them(season):
    """Issue 51, item 5: the circuit rules set on the hub while it serves (spots by the event's
    size, the best N results, a minimum of events) are what `/api/season` and the page follow."""
    server, tokens = season
    ok("sync", "bonn.db", "--to", server.url, "--token", tokens["Bonn"])
    ok("sync", "koeln.db", "--to", server.url, "--token", tokens["Köln"])
    status, text = get(server.url + "/api/season")
    assert status == 422 and json.loads(text) == {
        "error": "?spots=K angeben oder die Regeln der Saison im Hub mit 'tourney hub rules' festlegen",
        "field": "spots"}
    rules = ("--spots-by-size", "1,20:2", "--best", "1", "--min-events", "2")
    assert ok("hub", "rules", "season.db", *rules) == (
        "Der Saisonbericht des Hubs folgt: --spots-by-size 1,20:2 --best 1 --min-events 2\n")
    expected = ok("season", "bonn.db", "koeln.db", *rules, "--format", "json")
    assert json.loads(expected)["events"][0]["spots"] == 2  # Bonn's 28 players: 2 spots; Köln's 9: 1
    assert wait_for(lambda: get(server.url + "/api/season") == (200, expected))
    assert get(server.url + "/api/season?spots=3")[1] == ok("season", "bonn.db", "koeln.db", "--spots", "3",
                                                            "--format", "json")
    status, page = get(server.url + "/season")
    assert status == 200 and "Rangliste" in page, page
    assert ok("hub", "season", "season.db") == ok("season", "bonn.db", "koeln.db", *rules)


def test_the_pages_speak_the_hubs_language_for_phones_and_the_projector(season):
    server, tokens = season
    for event in ("koeln.db", "essen.db", "aachen.db"):
        ok("sync", event, "--to", server.url, "--token", tokens["Köln"])
    status, page = get(server.url + "/")
    assert status == 200 and '<html lang="de">' in page and 'name="viewport"' in page
    assert "<h1>Qualifikation 2018</h1>" in page
    assert "<td>Köln Cup</a></td>" not in page and ">Köln Cup</a></td><td>Köln</td><td>2018-05-01</td>" in page
    assert "<td>beendet</td>" in page and "<td>läuft, Runde 1</td>" in page and "<td>geplant</td>" in page
    status, page = get(server.url + "/events/2")  # Essen (the second to arrive): its seating, no results yet
    assert status == 200 and "<h3>Runde 1</h3>" in page and "Tisch 1" in page and "E1" in page
    status, page = get(server.url + "/season?spots=1")
    assert status == 200 and "Köln Cup" in page
    assert get(server.url + "/rating")[0] == 200


def test_the_push_refuses_other_venues_and_answers_a_gap_with_where_to_resume(season):
    server, tokens = season
    jid, found = entries_of("bonn.db")
    batch = [e.as_json() for e in found]
    api = server.url + "/api/push"
    assert post_json(api, {"journal_id": jid, "entries": batch[:5]}, tokens["Bonn"]) == (
        200, {"applied": 5, "acknowledged": 5, "resume": 6, "gap": False})
    assert post_json(api, {"journal_id": jid, "entries": batch[9:12]}, tokens["Bonn"]) == (
        200, {"applied": 0, "acknowledged": 5, "resume": 6, "gap": True})
    status, said = post_json(api, {"journal_id": jid, "entries": batch[5:6]}, tokens["Köln"])
    assert status == 403 and said == {"error": f"Turnier {jid} gehört einem anderen Spielort: der Zugangscode eines "
                                               "Spielorts schreibt nur dessen eigene Turniere"}
    assert post_json(api, {"journal_id": jid, "entries": batch[5:6]}, "wrong")[0] == 401
    assert post_json(api, {"journal_id": jid, "entries": batch[5:6]})[0] == 401
    status, said = post_json(api, {"journal_id": jid, "entries": [{**batch[5], "seq": "6"}]}, tokens["Bonn"])
    assert status == 422 and said["field"] == "entries/0/seq"
    # The venue's push starts where the hub stands (5), in batches, and remembers it.
    event = Event.open("bonn.db")
    state = push(event, server.url, tokens["Bonn"], batch=7)
    assert state.acknowledged == len(found) and state.waiting == 0 and sync_state(event).contact
    event.close()


def test_the_hubs_openapi_document_describes_its_routes(season):
    server, _tokens = season
    status, text = get(server.url + "/openapi.json")
    doc = json.loads(text)
    assert status == 200 and {"/api/push", "/api/events", "/api/season", "/api/rating"} <= set(doc["paths"])
    assert doc["paths"]["/api/push"]["post"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Push"}
    assert "Pushed" in doc["components"]["schemas"] and "PushEntry" in doc["components"]["schemas"]
    if os.environ.get("UPDATE_GOLDEN"):
        (ROOT / "docs" / "hub-openapi.json").write_text(text, encoding="utf-8")
    assert (ROOT / "docs" / "hub-openapi.json").read_text(encoding="utf-8") == text, "UPDATE_GOLDEN=1 writes it anew"


def test_an_address_guessing_venue_tokens_waits_as_a_desk_would(season):
    """Issue 51: wrong venue tokens are counted per address in the hub's database; past the
    limit the address is answered 429 with Retry-After, its next token not even looked at."""
    from urllib.error import HTTPError

    from tourney.core.store.sessions import WRONG_TRIES

    server, tokens = season
    jid, found = entries_of("bonn.db")
    body = {"journal_id": jid, "entries": [e.as_json() for e in found[:1]]}
    api = server.url + "/api/push"
    assert [post_json(api, body, f"guess-{i}")[0] for i in range(WRONG_TRIES)] == [401] * WRONG_TRIES
    request = urllib.request.Request(api, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {tokens['Bonn']}"})
    with pytest.raises(HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 429 and 0 < int(refused.value.headers["Retry-After"]) <= 60
    assert json.loads(refused.value.read())["error"].startswith("zu viele falsche")


def test_a_push_builds_the_answers_asked_for_before_it_is_answered(tmp_path, monkeypatch):
    """The worker that takes a push builds anew what the phones asked for lately (their next
    request finds it built, none of them waits for a build); one asked for long ago is not."""
    from starlette.responses import Response

    from tourney.core.hubstore import Hub
    from tourney.games.registry import workflow
    from tourney.server.routes import hub as routes

    monkeypatch.chdir(tmp_path)
    cup("koeln.db", tmp_path)
    ok("hub", "new", "season.db")
    token = token_of(ok("hub", "venue", "add", "season.db", "Köln"))
    hub = Hub.open("season.db")
    site = routes.HubSite(hub, workflow, "en", "season")
    builds: list[str] = []

    def build(name: str):  # type: ignore[no-untyped-def]
        def answer() -> Response:
            builds.append(name)
            return Response(f"{name} at {len(hub.events())} events")
        return answer

    site.cached(("season",), build("season"))
    site.cached(("old",), build("old"))
    site.builders[("old",)] = (build("old"), site.builders[("old",)][1] - routes.KEEP_WARM)
    jid, found = entries_of("koeln.db")
    hub.apply(token, jid, found)
    site.warm()
    assert builds == ["season", "old", "season"]
    assert site.cached(("season",), build("season")).body == b"season at 1 events"  # built by the push
    assert builds == ["season", "old", "season"]
    hub.close()
