"""`tourney serve` as a real process on 127.0.0.1: it prints its address, answers the API,
stores a desk's sheet, and stops cleanly on Ctrl-C and on SIGTERM with the sheet kept."""
from __future__ import annotations

import json
import shutil
import signal
import urllib.error
import urllib.request
from pathlib import Path

from live_event import Server, build_event, table_rows

from tourney.core.store import Event


def request(url: str, body: object | None = None, token: str | None = None) -> tuple[int, object]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_serve_answers_stores_and_stops_on_ctrl_c(tmp_path):
    ev = build_event(tmp_path)
    # The hall's address: a poster of 127.0.0.1 would send phones nowhere (issue 46, item 7).
    from click.testing import CliRunner

    from tourney.cli import cli

    assert CliRunner().invoke(cli, ["event", str(ev.path), "--url", "http://10.0.0.9:8000"]).exit_code == 0
    server = Server(ev.path, "--poster", str(tmp_path / "poster.html"))
    try:
        rows = table_rows(ev.path, 1, 1)
        assert request(server.url + "/api/rounds/1/tables/1/result", {"rows": rows, "version": None})[0] == 401
        status, body = request(server.url + "/api/rounds/1/tables/1/result", {"rows": rows, "version": None},
                               ev.desk_a)
        assert (status, body) == (201, {"round": 1, "table": 1, "version": 1, "warnings": []})
        status, standings = request(server.url + "/api/standings")
        assert status == 200 and {r["player"] for r in standings[:5]} == {r["player"] for r in rows}  # type: ignore[index]
    finally:
        out = server.stop()
    assert server.proc.returncode == 0, out
    assert f"at http://127.0.0.1:{server.port}/" in out and ("█" in out or "▀" in out)  # address, QR code
    poster = (tmp_path / "poster.html").read_text()
    assert "wrote poster" in out and "<svg" in poster and "<b>http://10.0.0.9:8000/</b>" in poster
    assert "Traceback" not in out
    [stored] = Event.open(ev.path).results()
    assert stored.author == "desk A"


def test_a_service_managers_stop_leaves_the_event_file_whole(tmp_path):
    """Stopped with SIGTERM (`systemctl stop`, `kill`), uvicorn shuts the app down and then ends
    the process at once, before Python's teardown: the app closes the event's database as it
    shuts down, so SQLite folds its write-ahead log back and the event file alone (copied to a
    stick) holds the sheet just stored."""
    ev = build_event(tmp_path)
    server = Server(ev.path)
    try:
        rows = table_rows(ev.path, 1, 1)
        status, _ = request(server.url + "/api/rounds/1/tables/1/result", {"rows": rows, "version": None}, ev.desk_a)
        assert status == 201
    finally:
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=15)  # (a Ctrl-C meanwhile would tell uvicorn to skip the shutdown)
        out = server.stop()
    assert server.proc.returncode == -signal.SIGTERM and "Traceback" not in out, out
    event_file = Path(ev.path)
    assert sorted(p.name for p in event_file.parent.glob(event_file.name + "*")) == [event_file.name]  # no -wal, -shm
    copy = tmp_path / "stick" / event_file.name
    copy.parent.mkdir()
    shutil.copyfile(event_file, copy)
    [stored] = Event.open(str(copy)).results()
    assert (stored.round, stored.table, stored.author) == (1, 1, "desk A")
