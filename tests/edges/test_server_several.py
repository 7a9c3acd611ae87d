"""`tourney serve EVENT…`: several events on one server, each under /e/<name>/ with its own
pages, desks and API (a desk's token belongs to its event), `/` listing them; a PostgreSQL URL
without ?event= serves every event of its database; one event keeps the plain URLs."""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from live_event import Server, build_event, table_rows, post_json as post

from tourney.core.store import Event
from tourney.event import live


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def two_events(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    return (build_event(tmp_path / "a", at=str(tmp_path / "a" / "herbst.db")),
            build_event(tmp_path / "b", at=str(tmp_path / "b" / "fruehling.db")))


def test_two_event_files_each_under_its_name_with_its_own_desks(tmp_path):
    herbst, fruehling = two_events(tmp_path)
    server = Server(herbst.path, str(fruehling.path), ready="/api/events")
    try:
        status, listed = get(server.url + "/api/events")
        assert status == 200
        assert [(e["name"], e["url"], e["title"]) for e in json.loads(listed)] == [
            ("herbst", "/e/herbst/", "Bonn Spielt live"), ("fruehling", "/e/fruehling/", "Bonn Spielt live")]
        status, index = get(server.url + "/")
        assert status == 200 and 'href="/e/herbst/"' in index and 'href="/e/fruehling/standings"' in index

        rows = table_rows(herbst.path, 1, 1)
        # Herbst's desk stores at Herbst; its token means nothing at Frühling.
        assert post(server.url + "/e/fruehling/api/rounds/1/tables/1/result", {"rows": rows, "version": None},
                    herbst.desk_a)[0] == 401
        status, body = post(server.url + "/e/herbst/api/rounds/1/tables/1/result", {"rows": rows, "version": None},
                            herbst.desk_a)
        assert (status, body) == (201, {"round": 1, "table": 1, "version": 1, "warnings": []})

        status, page = get(server.url + "/e/herbst/standings")
        assert status == 200
        # Every link of the page stays inside the event.
        assert 'href="/e/herbst/static/style.css"' in page and 'src="/e/herbst/static/live.js"' in page
        assert 'data-root="/e/herbst"' in page and 'href="/standings"' not in page
        assert get(server.url + "/e/herbst/api/stamp")[0] == 200
        assert get(server.url + "/standings")[0] == 404  # no event at the root
        # The desk's login form posts to its event and sends the browser back into it.
        status, login = get(server.url + "/e/fruehling/desk/login")
        assert status == 200 and 'action="/e/fruehling/desk/login"' in login
    finally:
        out = server.stop()
    assert server.proc.returncode == 0 and "Traceback" not in out
    assert "serving 2 events at" in out
    assert f"at {server.url}/e/herbst/  (desks: {server.url}/e/herbst/desk" in out
    assert [t.table for t in Event.open(herbst.path).results()] == [1]
    assert Event.open(fruehling.path).results() == []


def test_one_event_keeps_the_plain_addresses(tmp_path):
    ev = build_event(tmp_path)
    server = Server(ev.path)
    try:
        status, page = get(server.url + "/standings")
        assert status == 200 and 'href="/static/style.css"' in page and 'data-root=""' in page
        assert get(server.url + "/api/events")[0] == 404
    finally:
        server.stop()


def test_two_events_of_one_name_are_refused(run, tmp_path):
    herbst, _ = two_events(tmp_path)
    (tmp_path / "c").mkdir()
    other = build_event(tmp_path / "c", at=str(tmp_path / "c" / "herbst.db"))
    r = run("serve", str(herbst.path), str(other.path), "--port", "8999", ok=False)
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"two events are called 'herbst' ({herbst.path} and {other.path})" in r.output


def test_a_postgresql_database_without_event_serves_all_its_events(postgres_server, tmp_path):
    import psycopg

    from tourney.core.database import parse_location

    # A database of its own (the test server's main one holds the other tests' events).
    admin = parse_location(postgres_server + "&event=x").url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("CREATE DATABASE several")
    url = postgres_server.replace("/postgres?", "/several?", 1)
    assert url != postgres_server
    cup = build_event(tmp_path, at=url + "&event=cup")
    league = build_event(tmp_path, at=url + "&event=league")
    live.publish_round(Event.open(cup.path), 1, "test")
    server = Server(url, ready="/api/events")
    try:
        assert [e["name"] for e in json.loads(get(server.url + "/api/events")[1])] == ["cup", "league"]
        status, body = post(server.url + "/e/league/api/rounds/1/tables/2/result",
                            {"rows": table_rows(league.path, 1, 2), "version": None}, league.desk_b)
        assert status == 201, body
        status, seating = get(server.url + "/e/cup/rounds/1")
        assert status == 200 and 'href="/e/cup/rounds/1/tables/1"' in seating
    finally:
        out = server.stop()
    assert "Traceback" not in out
    assert [t.table for t in Event.open(league.path).results()] == [2]
    assert Event.open(cup.path).results() == []


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_browser_page_under_its_event_refreshes_itself(browser, tmp_path, workers):
    herbst, fruehling = two_events(tmp_path)
    live.publish_round(Event.open(fruehling.path), 1, "test")
    server = Server(herbst.path, str(fruehling.path), "--workers", workers, ready="/api/events")
    try:
        page = browser.new_page()
        missing: list[str] = []
        page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
        page.goto(server.url + "/e/fruehling/standings")
        rows = table_rows(fruehling.path, 1, 3)
        status, _ = post(server.url + "/e/fruehling/api/rounds/1/tables/3/result", {"rows": rows, "version": None},
                         fruehling.desk_a)
        assert status == 201
        # The page asks its own event's /api/stamp and shows the new result without a reload.
        page.wait_for_function("name => document.querySelector('#live').innerText.includes(name)",
                               arg=str(rows[0]["player"]), timeout=10_000)
        assert page.url == server.url + "/e/fruehling/standings"
        page.click("nav a[href='/e/fruehling/']")
        page.wait_for_url(server.url + "/e/fruehling/")
        assert missing == []
        page.close()
    finally:
        server.stop()
