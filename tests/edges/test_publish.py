"""Publishing a round without a browser (issue 27, item 1): `tourney publish`, `seat --publish`,
the API for an organiser's desk, and the hint `seat`, `sheets` and `print` give while a served
event's players can't see the round yet."""
from __future__ import annotations

from live_event import build_event
from starlette.testclient import TestClient

from conftest import seed_line

from tourney.core.store import Event
from tourney.event.live import published_rounds
from tourney.server.app import create_app


def cup(run) -> None:
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    run("players", "add", "cup.db", "Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz", "Greta", "Helmut", "Ida", "Jonas")


def test_publish_from_the_command_line(run):
    cup(run)
    r = run("publish", "cup.db", ok=None)
    assert (r.exit_code, r.output.splitlines()[-1]) == (2, "Error: no round is seated yet: seat one with 'tourney "
                                                           "seat cup.db'")
    run("seat", "cup.db")
    assert run("publish", "cup.db").output == "round 1's seating is published: players see it on their pages\n"
    assert published_rounds(Event.open("cup.db")) == {1}
    assert run("publish", "cup.db", "--round", "1").output == "round 1's seating was published already\n"
    assert run("publish", "cup.db", "--unpublish").output == \
        "round 1's seating is hidden from the players' pages\n"
    assert published_rounds(Event.open("cup.db")) == set()
    r = run("publish", "cup.db", "--round", "3", ok=None)
    assert (r.exit_code, r.output) == (2, "Usage: cli publish [OPTIONS] EVENT\nTry 'cli publish --help' for help.\n\n"
                                          "Error: round 3 is not seated: seat it first\n")
    history = run("results", "history", "cup.db").output
    assert ": round 1 seating published" in history and ": round 1 seating unpublished" in history


def test_seat_publishes_when_asked_and_says_when_a_served_round_is_not_published(run):
    cup(run)
    # No server: no hint.
    assert run("seat", "cup.db").output == "round 1: 10 players at 2 tables (5+5)\n" + seed_line(7)
    run("event", "cup.db", "--url", "http://10.0.0.9:8000")
    out = run("seat", "cup.db", "--round", "1").output
    hint = ("round 1 is not published yet: players see its seating once you run 'tourney publish cup.db --round 1' "
            "(or press Publish on the organiser's desk)\n")
    assert out.endswith(hint)
    assert run("print", "cup.db", "--round", "1", "--what", "seating", "-o", "wall.pdf").output.endswith(hint)
    out = run("seat", "cup.db", "--round", "2", "--publish").output
    assert out.endswith("round 2's seating is published: players see it on their pages\n") and "not published" \
        not in out
    assert published_rounds(Event.open("cup.db")) == {2}


def test_an_organisers_desk_publishes_through_the_api(tmp_path):
    ev = build_event(tmp_path)
    client = TestClient(create_app(str(ev.path)))

    def publish(token: str, body: object = None, round_no: int = 1):
        return client.post(f"/api/rounds/{round_no}/publish", headers={"Authorization": f"Bearer {token}"},
                           json=body)

    assert publish(ev.desk_a).status_code == 403  # a results desk does not publish
    assert published_rounds(Event.open(ev.path)) == set()
    done = publish(ev.organiser)
    assert (done.status_code, done.json()) == (200, {"round": 1, "published": True, "changed": True})
    assert publish(ev.organiser).json()["changed"] is False  # sent twice: changes nothing more
    assert client.get("/api/rounds/1/seating").status_code == 200  # the players see it
    assert publish(ev.organiser, {"published": False}).json() == {"round": 1, "published": False, "changed": True}
    assert client.get("/api/rounds/1/seating").status_code == 404
    assert publish(ev.organiser, {"published": "yes"}).status_code == 422
    assert publish(ev.organiser, round_no=4).status_code == 404
    assert client.post("/api/rounds/1/publish", headers={"Authorization": "Bearer nope"}).status_code == 401
