"""`tourney serve EVENT --sync URL --token T`: the live server pushes every change to the hub
in the background, backing off while the hub is down and resuming when it is back; the
organiser desk says how many changes wait and when the hub was last reached, from what the
event stores (a real hub and a real event server, both on 127.0.0.1)."""
from __future__ import annotations

import datetime
import http.cookiejar
import json
import re
import time
import urllib.parse
import urllib.request

from live_event import Server, build_event, free_port
from test_hub import entries_of, ok, token_of
from tourney.core.store import Event
from tourney.event.hubsync import sync_state

#: A bound for a busy machine: the loops end as soon as what they wait for is there.
PATIENCE = 120


def hub_changes(url: str) -> int:
    with urllib.request.urlopen(url + "/api/events", timeout=30) as answer:
        found = json.loads(answer.read())
    return sum(e["changes"] for e in found)


def wait_for(what, *, patience: float = PATIENCE):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + patience
    while True:
        value = what()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


def desk_line(server: Server, token: str) -> str:
    """The organiser desk's hub line, as a logged-in organiser's page shows it."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(server.url + "/desk/login", data=urllib.parse.urlencode({"token": token}).encode(), timeout=30)
    page = opener.open(server.url + "/desk", timeout=30).read().decode()
    found = re.search(r'<p class="notice" id="hub-sync">([^<]*)</p>', page)
    assert found, page
    return found[1]


def test_the_live_server_pushes_in_the_background_and_the_desk_says_how_it_stands(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    live = build_event(tmp_path)
    ok("hub", "new", "season.db")
    token = token_of(ok("hub", "venue", "add", "season.db", "Bonn"))
    hub_port = free_port()
    hub = Server("season.db", command=("hub", "serve"), ready="/api/events", port=hub_port)
    event_server = Server(live.path, "--sync", hub.url, "--token", token)
    try:
        last = entries_of(str(live.path))[1][-1].seq
        assert wait_for(lambda: hub_changes(hub.url) == last)
        ok("players", "add", str(live.path), "Late Comer")  # a change while the server runs
        last += 1
        assert wait_for(lambda: hub_changes(hub.url) == last)
        contact = sync_state(Event.open(live.path)).contact
        assert contact is not None
        at = datetime.datetime.fromisoformat(contact).astimezone().strftime("%H:%M")
        assert wait_for(lambda: desk_line(event_server, live.organiser) in (
            f"hub: 0 changes waiting, last contact {at}",
            f"hub: 0 changes waiting, last contact {sync_time(live.path)}"))
        hub.stop()  # the hub goes down: the changes wait in the event, the desk says so
        ok("players", "add", str(live.path), "Zora Quist")
        ok("players", "add", str(live.path), "Yannick Berg")
        assert wait_for(lambda: desk_line(event_server, live.organiser).startswith("hub: 2 changes waiting, last contact "))
        hub = Server("season.db", command=("hub", "serve"), ready="/api/events", port=hub_port)
        assert wait_for(lambda: hub_changes(hub.url) == last + 2)
        assert wait_for(lambda: desk_line(event_server, live.organiser).startswith("hub: 0 changes waiting"))
    finally:
        out = event_server.stop()
        if hub.proc.poll() is None:
            hub.stop()
    assert f"pushing the changes to the hub at {hub.url} in the background" in out


def sync_time(path) -> str:  # type: ignore[no-untyped-def]
    contact = sync_state(Event.open(path)).contact
    return datetime.datetime.fromisoformat(contact).astimezone().strftime("%H:%M") if contact else ""
