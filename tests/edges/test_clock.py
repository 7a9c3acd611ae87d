"""The round clock and the announcements (issue 27, item 6): `tourney clock` and `tourney announce`
with their exact output in English and German, the history in words, the API
(`/api/announcements`, `/api/clock`, `/api/stamp`) and the organiser desk's buttons. Every change is
one transaction that reads what it changes: asking twice is harmless, two writers both land."""
from __future__ import annotations

import datetime as dt
import os
import re
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from live_event import build_event
from starlette.testclient import TestClient

from tourney.core.store import Event, set_setting
from tourney.event import clock, live
from tourney.server import app as server_app
from tourney.server.app import create_app

START = dt.datetime(2018, 3, 18, 12, 0, tzinfo=dt.UTC)  # 13:00 in Bonn


@pytest.fixture
def later(monkeypatch) -> Iterator[Callable[..., None]]:
    """The clock's "now" stands at START (13:00 local time, Europe/Berlin) until the test moves
    it on: `later(minutes=5)`."""
    moment = [START]
    monkeypatch.setattr(clock, "now", lambda: moment[0])
    zone = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Berlin"
    time.tzset()

    def move(**delta: float) -> None:
        moment[0] += dt.timedelta(**delta)

    yield move
    if zone is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = zone
    time.tzset()


def cup(run, *extra: str) -> None:
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup", *extra)


def said(run, *args: str, code: int = 0) -> str:
    r = run(*args, ok=None)
    assert r.exit_code == code, r.output
    return r.output


def test_the_clock_from_the_command_line(run, later):
    cup(run)
    assert said(run, "clock", "cup.db") == "no clock is running\n"
    assert said(run, "clock", "cup.db", "start", "50") == "clock started: 50 minutes, ends at 13:50\n"
    later(seconds=5)
    # Sent twice (a retry): the clock is not set back.
    assert said(run, "clock", "cup.db", "start", "50") == (
        "the clock runs already with 50 minutes: 49:55 left, ends at 13:50 (to start it again, stop it first)\n")
    later(minutes=10)
    assert said(run, "clock", "cup.db") == "the clock runs: 39:55 left, ends at 13:50\n"
    assert said(run, "clock", "cup.db", "add", "5") == "5 minutes added: 44:55 left, ends at 13:55\n"
    assert said(run, "clock", "cup.db", "add", "-1") == "1 minute taken off: 43:55 left, ends at 13:54\n"
    assert said(run, "clock", "cup.db", "pause") == "clock paused: 43:55 left\n"
    later(minutes=7)  # paused: no time passes on the clock
    assert said(run, "clock", "cup.db", "pause") == "the clock is paused already: 43:55 left\n"
    assert said(run, "clock", "cup.db") == "the clock is paused: 43:55 left\n"
    assert said(run, "clock", "cup.db", "add", "1") == "1 minute added: 44:55 left (paused)\n"
    assert said(run, "clock", "cup.db", "resume") == "clock running again: 44:55 left, ends at 14:02\n"
    assert said(run, "clock", "cup.db", "resume") == "the clock runs already: 44:55 left, ends at 14:02\n"
    later(minutes=50)
    assert said(run, "clock", "cup.db") == "time is up (since 14:02)\n"
    assert said(run, "clock", "cup.db", "pause") == "time is up already: nothing to pause\n"
    # The next round's clock with the same minutes starts afresh once time is up.
    assert said(run, "clock", "cup.db", "start", "50") == "clock started: 50 minutes, ends at 14:57\n"
    assert said(run, "clock", "cup.db", "stop") == "clock stopped\n"
    assert said(run, "clock", "cup.db", "stop") == "the clock is stopped already\n"
    assert Event.open("cup.db").setting("clock") == '{"state": "stopped", "minutes": null, "ends_at": null, ' \
                                                    '"left": null, "changes": 8}'


def test_clock_refusals(run, later):
    cup(run)
    usage = "Usage: cli clock [OPTIONS] EVENT [ACTION] [MINUTES]\n"
    for action in ("pause", "add"):
        out = said(run, "clock", "cup.db", action, *(["5"] if action == "add" else []), code=1)
        assert out == "Error: no clock is running: start one with 'tourney clock cup.db start MINUTES'\n"
    assert said(run, "clock", "cup.db", "resume", code=1) == \
        "Error: no clock to resume: start one with 'tourney clock cup.db start MINUTES'\n"
    refusals = {("start",): "'start' needs the minutes: e.g. 'tourney clock cup.db start 50'",
                ("start", "0"): "0 minutes: give 1 to 1440 minutes",
                ("start", "1441"): "1441 minutes: give 1 to 1440 minutes",
                ("add", "0"): "0 minutes: give 1 to 1440 minutes to add, or -1 to -1440 to take off",
                ("stop", "5"): "'stop' takes no minutes",
                ("wind",): "clock 'wind': say start, add, pause, resume or stop"}
    for args, error in refusals.items():
        out = said(run, "clock", "cup.db", *args, code=2)
        assert out.startswith(usage) and out.endswith(f"\nError: {error}\n"), out
    assert Event.open("cup.db").setting("clock") is None  # nothing was written


def test_the_clock_speaks_german(run, later):
    cup(run, "--lang", "de")
    assert said(run, "clock", "cup.db") == "keine Uhr läuft\n"
    assert said(run, "clock", "cup.db", "start", "1") == "Uhr gestartet: 1 Minute, Ende um 13:01\n"
    assert said(run, "clock", "cup.db", "stop") == "Uhr gestoppt\n"
    assert said(run, "clock", "cup.db", "start", "50") == "Uhr gestartet: 50 Minuten, Ende um 13:50\n"
    assert said(run, "clock", "cup.db", "start", "50") == (
        "die Uhr läuft schon mit 50 Minuten: noch 50:00, Ende um 13:50 (um sie neu zu starten, zuerst stoppen)\n")
    later(minutes=20, seconds=30)
    assert said(run, "clock", "cup.db") == "die Uhr läuft: noch 29:30, Ende um 13:50\n"
    assert said(run, "clock", "cup.db", "add", "5") == "5 Minuten dazugegeben: noch 34:30, Ende um 13:55\n"
    assert said(run, "clock", "cup.db", "add", "-2") == "2 Minuten abgezogen: noch 32:30, Ende um 13:53\n"
    assert said(run, "clock", "cup.db", "pause") == "Uhr angehalten: noch 32:30\n"
    assert said(run, "clock", "cup.db", "pause") == "die Uhr ist schon angehalten: noch 32:30\n"
    assert said(run, "clock", "cup.db", "add", "1") == "1 Minute dazugegeben: noch 33:30 (angehalten)\n"
    later(minutes=3)
    assert said(run, "clock", "cup.db", "resume") == "Uhr läuft weiter: noch 33:30, Ende um 13:57\n"
    assert said(run, "clock", "cup.db", "resume") == "die Uhr läuft schon: noch 33:30, Ende um 13:57\n"
    assert said(run, "clock", "cup.db", "stop") == "Uhr gestoppt\n"
    assert said(run, "clock", "cup.db", "stop") == "die Uhr ist schon gestoppt\n"
    assert said(run, "clock", "cup.db", "pause", code=1) == \
        "Fehler: keine Uhr läuft: starten mit 'tourney clock cup.db start MINUTES'\n"
    assert said(run, "clock", "cup.db", "stop", "5", code=2).endswith("Fehler: 'stop' nimmt keine Minuten\n")


def test_announcements_from_the_command_line(run, later):
    cup(run)
    assert said(run, "announce", "cup.db") == "no announcement is shown\n"
    assert said(run, "announce", "cup.db", "Round 3 starts at 14:00") == \
        "shown on every page and the projector: Round 3 starts at 14:00\n"
    later(minutes=2)
    assert said(run, "announce", "cup.db", "  Round 3   starts at 14:00 ") == \
        "shown already (since 13:00): Round 3 starts at 14:00\n"  # sent twice: shown once
    assert said(run, "announce", "cup.db", "<b>Lunch</b> & drinks in the foyer") == \
        "shown on every page and the projector: <b>Lunch</b> & drinks in the foyer\n"
    assert said(run, "announce", "cup.db") == "13:02  <b>Lunch</b> & drinks in the foyer\n13:00  Round 3 starts at 14:00\n"
    assert said(run, "announce", "cup.db", "--clear", "Lunch", code=1) == (
        "Error: no announcement says 'Lunch': shown are '<b>Lunch</b> & drinks in the foyer', 'Round 3 starts at "
        "14:00'\n")
    assert said(run, "announce", "cup.db", "--clear", "Round 3 starts at 14:00") == \
        "taken down: Round 3 starts at 14:00\n"
    assert said(run, "announce", "cup.db", "Doors close at 20:00") == \
        "shown on every page and the projector: Doors close at 20:00\n"
    assert said(run, "announce", "cup.db", "--clear") == \
        "taken down: Doors close at 20:00\ntaken down: <b>Lunch</b> & drinks in the foyer\n"
    assert said(run, "announce", "cup.db", "--clear") == "no announcement is shown: nothing to take down\n"
    assert said(run, "announce", "cup.db", " ", code=2).endswith(
        "Error: the announcement is empty: give its text, e.g. 'tourney announce cup.db \"Round 3 starts at "
        "14:00\"'\n")
    assert said(run, "announce", "cup.db", "x" * 301, code=2).endswith(
        "Error: the announcement has 301 characters: keep it to 300 (one line on the projector)\n")


def test_announcements_speak_german_but_keep_the_organisers_words(run, later):
    cup(run, "--lang", "de")
    assert said(run, "announce", "cup.db") == "keine Ansage wird gezeigt\n"
    assert said(run, "announce", "cup.db", "Mittagspause bis 13:30") == \
        "auf jeder Seite und dem Beamer gezeigt: Mittagspause bis 13:30\n"
    assert said(run, "announce", "cup.db", "Mittagspause bis 13:30") == \
        "wird schon gezeigt (seit 13:00): Mittagspause bis 13:30\n"
    assert said(run, "announce", "cup.db", "Lunch until 13:30") == \
        "auf jeder Seite und dem Beamer gezeigt: Lunch until 13:30\n"  # not translated: the organiser's text
    assert said(run, "announce", "cup.db", "--clear") == \
        "abgenommen: Lunch until 13:30\nabgenommen: Mittagspause bis 13:30\n"
    assert said(run, "announce", "cup.db", "--clear") == "keine Ansage wird gezeigt: nichts abzunehmen\n"
    assert said(run, "announce", "cup.db", "", code=2).endswith(
        "Fehler: die Ansage ist leer: ihren Text angeben, z. B. 'tourney announce cup.db \"Runde 3 beginnt um "
        "14:00\"'\n")


def history_lines(run) -> list[str]:
    return [line.split("  ", 1)[1] for line in said(run, "results", "history", "cup.db").splitlines()[1:]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_clock_and_announcements_in_the_history(run, later, lang):
    cup(run, "--lang", lang)
    for args in (("clock", "cup.db", "start", "1"), ("clock", "cup.db", "start", "50"),
                 ("clock", "cup.db", "start", "50"), ("clock", "cup.db", "add", "5"), ("clock", "cup.db", "add", "-1"),
                 ("clock", "cup.db", "pause"), ("clock", "cup.db", "resume"), ("clock", "cup.db", "stop"),
                 ("clock", "cup.db", "stop"), ("announce", "cup.db", "Round 2 at 14:00 {sharp}"),
                 ("announce", "cup.db", "Round 2 at 14:00 {sharp}"), ("announce", "cup.db", "--clear")):
        said(run, *args)
    # The organiser, in the reader's language: not the computer's login name (issue 46, item 8).
    who = {"en": "the organiser", "de": "die Turnierleitung"}[lang]
    english = [f"{who} started the clock: 1 minute", f"{who} started the clock: 50 minutes",
               f"{who} added 5 minutes to the clock: 55:00 left", f"{who} took 1 minute off the clock: 54:00 left",
               f"{who} paused the clock: 54:00 left", f"{who} resumed the clock: 54:00 left",
               f"{who} stopped the clock", f"{who} announced: Round 2 at 14:00 {{sharp}}",
               f"{who} took down the announcement: Round 2 at 14:00 {{sharp}}"]
    german = [f"{who} hat die Uhr gestartet: 1 Minute", f"{who} hat die Uhr gestartet: 50 Minuten",
              f"{who} hat 5 Minuten auf die Uhr gegeben: noch 55:00",
              f"{who} hat 1 Minute von der Uhr abgezogen: noch 54:00",
              f"{who} hat die Uhr angehalten: noch 54:00", f"{who} hat die Uhr weiterlaufen lassen: noch 54:00",
              f"{who} hat die Uhr gestoppt", f"{who} hat angesagt: Round 2 at 14:00 {{sharp}}",
              f"{who} hat die Ansage abgenommen: Round 2 at 14:00 {{sharp}}"]
    assert history_lines(run)[-9:] == (english if lang == "en" else german)  # asked twice: logged once


def test_two_organisers_announcing_at_once_both_land(tmp_path):
    path = tmp_path / "ev.db"
    from tourney.event.setup import create_event
    from tourney.games.registry import find_game

    create_event(str(path), game=find_game("7wonders"), scheme="bonn", rounds=4, seed=1, name="x", date=None)
    texts = [f"note {i}" for i in range(8)]
    threads = [threading.Thread(target=clock.announce, args=(Event.open(path), t, "desk")) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(a.text for a in clock.announcements(Event.open(path))) == texts


def test_the_clock_on_both_backends(backend, later):
    from tourney.event.setup import create_event
    from tourney.games.registry import find_game

    create_event(backend, game=find_game("7wonders"), scheme="bonn", rounds=4, seed=1, name="x", date=None)
    ev = Event.open(backend)
    assert clock.start_clock(ev, 30, "a").changed and not clock.start_clock(ev, 30, "a").changed
    later(minutes=10)
    assert clock.pause_clock(ev, "a").after.left == 20 * 60
    assert clock.resume_clock(ev, "a").after.ends_at == START + dt.timedelta(minutes=30)
    assert clock.announce(ev, "hello", "a")[1] and not clock.announce(ev, "hello", "a")[1]
    assert [a.as_json() for a in clock.announcements(ev)] == [{"text": "hello", "at": "2018-03-18T12:10:00+00:00"}]
    assert [h.action for h in ev.history()][-4:] == ["clock.start", "clock.pause", "clock.resume", "announce"]


def test_a_running_round_timer_of_old_is_read_as_the_clock(tmp_path, later):
    ev = build_event(tmp_path)
    event = Event.open(ev.path)
    with event.transaction() as conn:
        set_setting(conn, "timer_end", (START + dt.timedelta(minutes=20)).isoformat())
    assert clock.read_clock(event).seconds_left() == 20 * 60
    assert live.timer_end(event) == "2018-03-18T12:20:00+00:00"
    assert clock.pause_clock(event, "a").after.left == 20 * 60
    assert event.setting("timer_end") is None and live.timer_end(event) == ""  # paused: no end
    assert live.start_timer(event, 0, "a") == "" and clock.read_clock(event).state == "stopped"


# --- the live server -------------------------------------------------------------------------
@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    ev = build_event(tmp_path)
    live.publish_round(Event.open(ev.path), 1, "test")
    return ev, TestClient(create_app(str(ev.path)))


def test_the_api_says_the_announcements_and_the_clock(client, later):
    ev, c = client
    assert c.get("/api/announcements").json() == []
    empty = c.get("/api/stamp")
    assert empty.json()["clock"] == {"state": "stopped", "minutes": None, "ends_at": None, "left": None,
                                     "changes": 0}
    assert abs(int(empty.headers["x-now"]) / 1000 - time.time()) < 60  # the server's clock, for the phones
    event = Event.open(ev.path)
    clock.announce(event, "Round 2 at 14:00", "test")
    later(minutes=1)
    clock.announce(event, "<script>alert(1)</script> Lunch", "test")
    got = c.get("/api/announcements")
    assert got.json() == [{"text": "<script>alert(1)</script> Lunch", "at": "2018-03-18T12:01:00+00:00"},
                          {"text": "Round 2 at 14:00", "at": "2018-03-18T12:00:00+00:00"}]  # newest first
    assert c.get("/api/announcements", headers={"if-none-match": got.headers["etag"]}).status_code == 304
    clock.start_clock(event, 50, "test")
    later(minutes=10)
    assert c.get("/api/clock").json() == {"state": "running", "minutes": 50, "ends_at": "2018-03-18T12:51:00+00:00",
                                          "left": None, "changes": 1, "seconds_left": 2400}
    stamp = c.get("/api/stamp").json()
    assert stamp["timer_end"] == "2018-03-18T12:51:00+00:00" and stamp["clock"]["state"] == "running"
    assert [a["time"] for a in stamp["announcements"]] == ["13:01", "13:00"]  # the hall's time of day
    clock.pause_clock(event, "test")
    assert c.get("/api/clock").json()["left"] == 2400 and c.get("/api/stamp").json()["timer_end"] == ""
    # Every page shows them, the organiser's text escaped.
    for page in ("/", "/rounds/1", "/standings", "/players/Anna%20Schmidt", "/projector"):
        html = c.get(page).text
        assert 'id="clock" class="clock" data-state="paused"' in html and 'data-left="2400"' in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt; Lunch" in html and "<script>alert(1)" not in html
    assert c.get("/", headers={"x-fragment": "1"}).text.count('id="clock"') == 0  # the page's live part only


def test_the_pages_say_the_time_left_in_the_events_language(client):
    ev, c = client
    assert 'data-say-left="{time} left" data-say-paused="{time} left, paused" data-say-up="Time is up"' in \
        c.get("/").text
    german = TestClient(create_app(str(ev.path), lang="de")).get("/projector").text
    assert 'data-say-left="noch {time}" data-say-paused="noch {time}, angehalten" data-say-up="Die Zeit ist um"' \
        in german and ">Rundenuhr<" in german


def desk(c: TestClient, token: str) -> str:
    page = c.post("/desk/login", data={"token": token}).text
    return re.search(r'name="csrf" value="([^"]+)"', page)[1]  # type: ignore[index]


def status(response) -> str:
    return re.search(r'role="status">([^<]*)<', response.text)[1]  # type: ignore[index]


def test_the_organisers_desk_runs_the_clock_and_the_announcements(client, later):
    ev, c = client
    csrf = desk(c, ev.organiser)

    def clock_button(**form: str) -> str:
        return status(c.post("/desk/organiser/clock", data={"csrf": csrf, **form}))

    assert clock_button(op="pause") == "no clock is running: start one with &#39;tourney clock " \
                                       f"{ev.path} start MINUTES&#39;"
    assert clock_button(op="start", minutes="50") == "clock started: 50 minutes, ends at 13:50"
    assert clock_button(op="start", minutes="50").startswith("the clock runs already with 50 minutes")
    page = c.get("/desk").text
    seen = re.search(r'name="seen" value="(\d+)"', page)[1]  # type: ignore[index]
    assert clock_button(op="add", minutes="5", seen=seen) == "5 minutes added: 55:00 left, ends at 13:55"
    # The same click arriving twice (the form's clock moved since): added once.
    assert clock_button(op="add", minutes="5", seen=seen) == \
        "the clock changed meanwhile: nothing added (the clock runs: 55:00 left, ends at 13:55)"
    assert clock_button(op="pause") == "clock paused: 55:00 left"
    assert clock_button(op="resume") == "clock running again: 55:00 left, ends at 13:55"
    assert clock_button(op="start", minutes="many") == "give the minutes as a whole number (e.g. 50)"
    assert clock_button(op="stop") == "clock stopped"
    assert clock_button(op="stop") == "the clock is stopped already"

    def announce(action: str, **form: str) -> str:
        return status(c.post(f"/desk/organiser/{action}", data={"csrf": csrf, **form}))

    assert announce("announce", text="Round 2 at 14:00") == "shown on every page and the projector: Round 2 at 14:00"
    assert announce("announce", text="Round 2 at 14:00") == "shown already (since 13:00): Round 2 at 14:00"
    assert announce("announce", text="Lunch <now>") == "shown on every page and the projector: Lunch &lt;now&gt;"
    assert 'name="text" value="Lunch &lt;now&gt;"' in c.get("/desk").text  # its Take down button
    assert announce("unannounce", text="Lunch <now>") == "taken down: Lunch &lt;now&gt;"
    assert announce("unannounce") == "taken down: Round 2 at 14:00"
    assert announce("unannounce") == "no announcement is shown: nothing to take down"
    assert [h.who for h in Event.open(ev.path).history()][-1] == "desk Org"
    # The round timer's button of old still starts the clock.
    assert "timer 50 minutes" in c.post("/desk/organiser/timer", data={"csrf": csrf, "minutes": "50"}).text
    assert c.get("/api/clock").json()["state"] == "running"


def test_only_the_organisers_desk_sets_the_clock(client):
    ev, c = client
    csrf = desk(c, ev.desk_a)
    for action, form in (("clock", {"op": "start", "minutes": "50"}), ("announce", {"text": "hi"})):
        r = c.post(f"/desk/organiser/{action}", data={"csrf": csrf, **form}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/desk/login"
    assert "Round clock</h3>" not in c.get("/desk").text
    event = Event.open(ev.path)
    assert clock.read_clock(event).state == "stopped" and clock.announcements(event) == []


def test_the_german_desk_says_what_the_clock_did(client, later):
    ev, _c = client
    german = TestClient(create_app(str(ev.path), lang="de"))
    csrf = desk(german, ev.organiser)
    answer = german.post("/desk/organiser/clock", data={"csrf": csrf, "op": "start", "minutes": "45"})
    assert status(answer) == "Uhr gestartet: 45 Minuten, Ende um 13:45"
    assert ">Uhr starten<" in answer.text and ">Ansagen<" in answer.text
    answer = german.post("/desk/organiser/announce", data={"csrf": csrf, "text": "Pause bis 13:30"})
    assert status(answer) == "auf jeder Seite und dem Beamer gezeigt: Pause bis 13:30"
