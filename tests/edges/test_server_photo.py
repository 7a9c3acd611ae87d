"""Issue #49 item 3: `POST /api/rounds/{n}/tables/{t}/photo` on a real `tourney serve` (uvicorn on
127.0.0.1). A desk gets the photo's reading (the sheet filled in, doubts with their candidates and
a crop of the page, the findings of a typed sheet), the photo kept with the event, nothing else
stored until the desk saves; a player's clean photo is the table's report, which the others
confirm; the same request twice (Idempotency-Key) is answered once; every bad photo, an upload
too large and a wrong code are refused with their reason, storing nothing."""
from __future__ import annotations

import base64
import hashlib
import json
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_event import LiveEvent, Server, post_json
from livepads import LivePads, b64, other_event_photo

import scanphotos as sp

from tourney.server.body import PHOTO_BYTES

URL = "/api/rounds/1/tables/{t}/photo"


@pytest.fixture(scope="module")
def live(tmp_path_factory) -> LivePads:
    return LivePads(tmp_path_factory.mktemp("livepads"))


@pytest.fixture
def served(live, tmp_path) -> Iterator[tuple[LiveEvent, Server]]:
    ev = live.fresh(tmp_path / "event")
    server = Server(ev.path)
    yield ev, server
    server.stop()


def send(server: Server, t: int, body: dict, token: str | None = None, key: str | None = None,
         raw: bytes | None = None) -> tuple[int, dict, dict[str, str]]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {}),
               **({"Idempotency-Key": key} if key else {})}
    req = urllib.request.Request(server.url + URL.format(t=t), data=raw if raw is not None else json.dumps(body).encode(),
                                 method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, json.loads(resp.read()), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), dict(exc.headers)


def stored_tables(path) -> list[tuple[int, int, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT round, table_no, version FROM results ORDER BY id").fetchall()


def reports_of(path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT round, table_no, status FROM reports ORDER BY id").fetchall()


def kept_photos(ev: LiveEvent) -> list[str]:
    folder = Path(ev.path).parent / "live-photos"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_desk_gets_the_sheet_read_from_the_photo_and_stores_it_with_its_save(live, served):
    ev, server = served
    photo = live.photo(1, 21)
    sha = hashlib.sha256(photo).hexdigest()
    status, got, _h = send(server, 2, {"photo": b64(photo), "name": "IMG_2041.jpg"}, ev.desk_a, key="k-1")
    assert status == 200, got
    assert (got["file"], got["sha256"], got["status"], got["round"], got["table"]) == ("IMG_2041.jpg", sha, "clean",
                                                                                       1, 2)
    assert got["rows"] == live.rows(1) and got["doubtful"] == [] and got["reasons"] == []
    assert [f for f in got["findings"] if f["severity"] == "error"] == []
    # Read, not stored: the photo is kept with the event, the table waits for the desk's save.
    assert kept_photos(ev) == [f"{sha}.jpg"] and stored_tables(ev.path) == []
    again = send(server, 2, {"photo": b64(photo), "name": "IMG_2041.jpg"}, ev.desk_a, key="k-1")
    assert again[:2] == (200, got) and again[2].get("idempotent-replayed") == "true"
    # A photo the event does not keep is not named: refused, nothing stored.
    status, refused = post_json(server.url + "/api/rounds/1/tables/2/result",
                                {"rows": got["rows"], "version": None, "photo": {"sha256": "0" * 64, "file": "x.jpg"}},
                                ev.desk_a)
    assert status == 422 and refused["error"].startswith("photo x.jpg: no photo with this SHA-256 is kept with the "
                                                         "event"), refused
    assert stored_tables(ev.path) == []
    status, saved = post_json(server.url + "/api/rounds/1/tables/2/result",
                              {"rows": got["rows"], "version": None, "photo": {"sha256": sha, "file": got["file"]}},
                              ev.desk_a)
    assert status == 201, saved
    assert stored_tables(ev.path) == [(1, 2, 1)]
    # The history names the photo the desk's sheet was read from, and its hash.
    with sqlite3.connect(ev.path) as db:
        [(source,)] = db.execute("SELECT source FROM results").fetchall()
    assert source == f"IMG_2041.jpg (sha256 {sha})"
    from click.testing import CliRunner

    from tourney.cli import cli

    said = CliRunner().invoke(cli, ["results", "history", str(ev.path)]).output.splitlines()[-1]
    assert said.endswith(f"desk A entered round 1, table 2 from IMG_2041.jpg (sha256 {sha})"), said


def test_a_doubtful_value_comes_with_its_candidates_and_a_crop_of_the_photo(live, served):
    ev, server = served
    # The coins held are summed into nothing: with their units left out, several readings pass.
    photo = live.photo(0, 22, leave_out=((1, "coins", 0), (2, "coins", 0)))
    status, got, _h = send(server, 1, {"photo": b64(photo)}, ev.desk_a)
    assert status == 200, got
    assert got["status"] == "review" and got["file"] == "photo"
    assert [(d["seat"], d["field"], d["label"], d["why"]) for d in got["doubtful"]] == [
        (1, "coins", "Coins held", "a digit is not marked"), (2, "coins", "Coins held", "a digit is not marked")]
    coins = live.values[0].values[0]["coins"]
    assert coins in got["doubtful"][0]["candidates"] and len(got["doubtful"][0]["candidates"]) > 1
    for d in got["doubtful"]:
        assert d["crop"].startswith("data:image/jpeg;base64,")
        assert base64.b64decode(d["crop"].split(",", 1)[1])[:3] == b"\xff\xd8\xff"  # a JPEG
    assert [r["coins"] for r in got["rows"][:2]] == ["", ""]  # left for the desk to type
    assert [f["rule"] for f in got["findings"] if f["severity"] == "error"]  # the typed sheet's findings: empty cells
    assert stored_tables(ev.path) == []


def test_a_players_clean_photo_is_the_tables_report_which_the_others_confirm(live, served):
    ev, server = served
    rows = live.rows(2)
    players = [str(r["player"]) for r in rows]
    photo = live.photo(2, 23)
    body = {"photo": b64(photo), "player": players[0], "code": live.codes[players[0]]}
    status, got, _h = send(server, 3, body, key="p-1")
    assert status == 202, got
    assert got["status"] == "waiting" and got["waiting_for"] == players[1:]
    assert send(server, 3, body, key="p-1")[:2] == (202, got)  # resent over the hall's Wi-Fi: reported once
    assert reports_of(ev.path) == [(1, 3, "waiting")]
    assert kept_photos(ev) == [f"{hashlib.sha256(photo).hexdigest()}.jpg"]
    for p in players[1:]:
        status, answer = post_json(server.url + "/api/rounds/1/tables/3/confirm",
                                   {"player": p, "code": live.codes[p], "report": got["report"], "agree": True})
    assert status == 201, answer
    assert stored_tables(ev.path) == [(1, 3, 1)]


def test_a_players_photo_to_review_comes_back_read_and_nothing_is_reported(live, served):
    ev, server = served
    player = str(live.rows(0)[0]["player"])
    photo = live.photo(0, 24, leave_out=((1, "coins", 0), (2, "coins", 0)))
    status, got, _h = send(server, 1, {"photo": b64(photo), "player": player, "code": live.codes[player]})
    assert status == 200 and got["status"] == "review"
    assert reports_of(ev.path) == [] and kept_photos(ev) == []


def test_a_wrong_code_or_another_tables_player_is_refused_before_the_photo_is_read(live, served):
    ev, server = served
    player = str(live.rows(0)[0]["player"])
    body = {"photo": b64(b"not even an image"), "player": player, "code": "WRONG1"}
    status, got, _h = send(server, 1, body)
    assert status == 403 and "code" in got["error"]
    status, got, _h = send(server, 2, {**body, "code": live.codes[player]})
    assert status == 403 and got["error"] == (f"{player} does not play at round 1, table 2: open your own table's "
                                              "page")
    status, got, _h = send(server, 1, {"photo": b64(b"x")})  # neither a desk nor a player
    assert (status, got["field"]) == (422, "player")


def test_a_photo_of_another_tables_pad_is_refused_by_name(live, served):
    ev, server = served
    status, got, _h = send(server, 1, {"photo": b64(live.photo(1, 25)), "name": "t2.jpg"}, ev.desk_a)
    assert status == 422
    assert got["error"] == "t2.jpg: a pad of round 1, table 2, not of table 1: send it from the page of table 2"
    assert kept_photos(ev) == [] and stored_tables(ev.path) == []


def test_an_upload_too_large_is_refused_before_it_is_read_whole(live, served):
    import http.client

    ev, server = served
    size = PHOTO_BYTES // 3 * 4 + 128 * 1024
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.putrequest("POST", URL.format(t=1))
    for name, value in (("Content-Type", "application/json"), ("Authorization", f"Bearer {ev.desk_a}"),
                        ("Content-Length", str(size))):
        conn.putheader(name, value)
    conn.endheaders(b'{"photo": "' + b"A" * 65536)  # the answer comes before the rest is sent
    answer = conn.getresponse()
    got = json.loads(answer.read())
    conn.close()
    assert answer.status == 413
    assert got["error"] == ("the photo is larger than 12 MB: send a smaller JPEG (the page makes a phone's photo "
                            "smaller before sending it)")
    status, got, _h = send(server, 1, {"photo": "not base64!"}, ev.desk_a)
    assert (status, got["field"]) == (422, "photo")
    status, got, _h = send(server, 99, {"photo": b64(b"x")}, ev.desk_a)
    assert status == 404 and got["error"] == "round 1 has no table 99"


def test_a_refusal_is_said_in_the_events_language(live, tmp_path):
    ev = live.fresh(tmp_path / "de")
    server = Server(ev.path, "--lang", "de")
    try:
        status, got, _h = send(server, 1, {"photo": b64(b"hello"), "name": "notiz.txt"}, ev.desk_a)
    finally:
        server.stop()
    assert status == 422 and got["error"] == "notiz.txt: kein Bild: schicke ein JPEG- oder PNG-Foto des Blocks"


SCREEN = ("a photo of a screen: the screen's pixels make a pattern over the page that hides its marks: photograph "
          "the printed pad itself, or send the photo the screen shows")
TOO_MANY = "more than the 50 megapixels a photo may have: send a smaller one"
#: Issue 49 item 5's bad photos, each through the route: (round, how it is made, the reason said).
BAD = {
    "not-a-pad.png": (1, lambda live, folder: sp.noise_png(),
                      "no scan pad in the photo (none of its corner markers): photograph the whole printed pad"),
    "other-event.jpg": (1, lambda live, folder: other_event_photo(folder), "a pad of another event (draw fingerprint "),
    "other-round.jpg": (2, lambda live, folder: live.photo(0, 9), "a pad of round 1, not of round 2"),
    "half.jpg": (1, lambda live, folder: sp.half(live.photo(0, 9, width=2400)),
                 "only 2 of the page's 4 corner markers are in the photo: photograph the whole page"),
    "blank.jpg": (1, lambda live, folder: live.photo(0, 9, blank=True),
                  "the pad of round 1, table 1 is blank: nothing is marked"),
    "screen.jpg": (1, lambda live, folder: live.screen(0, 9), SCREEN),
    "cut.jpg": (1, lambda live, folder: live.photo(0, 9)[:30000],
                "the image is damaged or cut short (a truncated file): send the photo again"),
    "bomb.png": (1, lambda live, folder: sp.bomb_png(), TOO_MANY),
    "huge.jpg": (1, lambda live, folder: sp.huge_jpeg(), TOO_MANY),
    "notes.txt": (1, lambda live, folder: b"round 1, table 1: Anna 45\n",
                  "not an image: send a JPEG or PNG photo of the pad"),
}


@pytest.fixture(scope="module")
def two_rounds(live, tmp_path_factory) -> Iterator[tuple[LiveEvent, Server]]:
    """The event with round 1 stored and round 2 seated, served (one server for every bad photo)."""
    from click.testing import CliRunner
    from live_event import table_rows

    from tourney.cli import cli

    ev = live.fresh(tmp_path_factory.mktemp("two-rounds"))
    server = Server(ev.path)
    for k in range(len(live.pads)):
        status, _got = post_json(server.url + f"/api/rounds/1/tables/{k + 1}/result",
                                 {"rows": table_rows(ev.path, 1, k + 1), "version": None}, ev.desk_a)
        assert status == 201
    result = CliRunner().invoke(cli, ["seat", str(ev.path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    yield ev, server
    server.stop()


@pytest.mark.parametrize("name", list(BAD))
def test_every_bad_photo_is_refused_by_name_with_its_reason_and_nothing_is_stored(live, two_rounds, name,
                                                                                    tmp_path):
    ev, server = two_rounds
    round_no, make, reason = BAD[name]
    before = stored_tables(ev.path)
    req = urllib.request.Request(server.url + f"/api/rounds/{round_no}/tables/1/photo", method="POST",
                                 data=json.dumps({"photo": b64(make(live, tmp_path)), "name": name}).encode(),
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {ev.desk_a}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(req, timeout=60)
    got = json.loads(refused.value.read())
    assert refused.value.code == 422
    assert got["error"].startswith(f"{name}: {reason}"), got
    assert stored_tables(ev.path) == before and kept_photos(ev) == [] and reports_of(ev.path) == []
