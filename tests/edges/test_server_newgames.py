"""The live pages and desks for One Card Wonder and Dominations events: seating, standings,
rounds and player pages, the desk form with the game's sheet columns, findings, saving."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from starlette.testclient import TestClient

from tourney.event import live
from tourney.cli import cli
from tourney.server import app as server_app
from tourney.server import create_app
from tourney.core.store import Event


def row_for(game: str, seat: int, player: str) -> dict[str, object]:
    """A valid sheet row: seat 1 wins / leads."""
    if game == "onecardwonder":
        return {"seat": seat, "player": player, "stages": 10 if seat == 1 else 4 + seat, "buildings": 3,
                "winner": 1 if seat == 1 else 0}
    return {"seat": seat, "player": player, "vp": 150 - 10 * seat, "initiative": seat, "objectives": 2}


def broken(game: str, rows: list[dict[str, object]]) -> tuple[list[dict[str, object]], str]:
    """The rows with one mistake, and the words of the finding it gives."""
    bad = [dict(r) for r in rows]
    if game == "onecardwonder":
        bad[1]["winner"] = 1
        return bad, "winner"
    bad[1]["initiative"] = 1
    return bad, "initiative"


@pytest.fixture(params=["onecardwonder", "dominations"])
def served(request, tmp_path, monkeypatch):
    game = request.param
    path = str(tmp_path / f"{game}.db")
    runner = CliRunner()
    for args in (["new", path, "--game", game, "--seed", "5", "--name", f"{game} cup"],
                 ["players", "import", path, str(ROOT / "examples" / game / "players.csv")],
                 ["seat", path, "--round", "1"]):
        assert runner.invoke(cli, args).exit_code == 0
    token = runner.invoke(cli, ["desk", "add", path, "A"]).output.split("token: ")[1].strip()
    live.publish_round(Event.open(path), 1, "test")
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    return game, Path(path), token, TestClient(create_app(path))


def test_pages_desk_form_findings_and_saving(served):
    game, path, token, client = served
    event = Event.open(path)
    seats = event.seats(1)
    table1 = [s for s in seats if s.table == 1]
    home = client.get("/")
    assert home.status_code == 200 and all(s.player in home.text for s in seats)
    assert client.get("/rounds/1").status_code == 200
    assert "No results yet." in client.get("/standings").text

    client.post("/desk/login", data={"token": token})
    form = client.get("/desk/rounds/1/tables/1").text
    names = re.findall(r'<input name="(\w+)"', form)
    columns = [c for c in ("stages", "buildings", "winner") if game == "onecardwonder"] or ["vp", "initiative",
                                                                                            "objectives"]
    assert all(c in names for c in columns), names
    csrf = re.search(r'name="csrf" content="([^"]+)"', form).group(1)  # type: ignore[union-attr]

    rows = [row_for(game, s.seat, s.player) for s in table1]
    bad, words = broken(game, rows)
    checked = client.post("/api/rounds/1/tables/1/check", json={"rows": bad, "version": None},
                          headers={"X-CSRF-Token": csrf}).json()
    assert checked["ok"] is False and any(words in f["message"] for f in checked["findings"]), checked
    saved = client.post("/api/rounds/1/tables/1/result", json={"rows": rows, "version": None},
                        headers={"Authorization": f"Bearer {token}"})
    assert saved.status_code == 201, saved.json()
    [stored] = Event.open(path).results()
    assert stored.author == "desk A" and [ln.player for ln in stored.lines] == [s.player for s in table1]

    standings = client.get("/standings").text
    assert all(s.player in standings for s in table1)
    assert client.get("/api/standings").json()[0]["player"] == table1[0].player  # seat 1 won its table
    me = client.get(f"/players/{table1[0].player}")
    assert me.status_code == 200
    score = rows[0]["stages"] if game == "onecardwonder" else rows[0]["vp"]
    assert f"<td>{score}</td>" in me.text  # the round's result on the player's page
    assert "entered" in client.get("/").text
