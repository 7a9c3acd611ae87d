"""A German or French event speaks its language everywhere a person reads: every command's
output, the written files (XLSX, HTML, PDF), the live pages and the organiser's desk of an event
of each game are swept for English phrases. The phrases come from the English side of the
catalogue (every message's literal text between its placeholders that the language's catalogue
says otherwise), so a new English message is swept for without a list by hand."""
from __future__ import annotations

import io
import re
import shutil
from functools import cache
from pathlib import Path

import openpyxl
import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader
from starlette.testclient import TestClient

from conftest import ROOT, looped_games

from tourney.core.store import Event, add_desk, desks
from tourney.games.registry import game_names
from tourney.server.app import create_app

LOCALE = ROOT / "tourney" / "locale"
EXAMPLES = ROOT / "examples"
#: Words a German text has too: names of games and expansions, and English loanwords.
SAME_IN_GERMAN = {"7 Wonders", "One Card Wonder", "Dominations", "Duel", "Agora", "Swiss", "Buchholz", "Sonneborn"}


@cache
def english_phrases(lang: str = "de") -> tuple[re.Pattern[str], ...]:
    """The literal text of every English message that the language's catalogue says otherwise:
    runs of three words or more between placeholders, and one-word headings (Rank, Lot)."""
    with (LOCALE / lang / "LC_MESSAGES" / "tourney.po").open("rb") as fh:
        catalogue = read_po(fh)
    found: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translated = " ".join(strings)
        for text in ids:
            for part in re.split(r"\{[^}]*\}|%\(\w+\)s|[():;,.!?\[\]\"'·–→=+/]", text):
                words = part.split()
                phrase = " ".join(words)
                if not phrase or phrase in translated or any(phrase in same for same in SAME_IN_GERMAN):
                    continue
                heading = len(words) == 1 and len(phrase) >= 4 and phrase[0].isupper() and phrase.isalpha()
                if len(words) >= 3 or heading:
                    found.add(phrase)
    return tuple(re.compile(rf"(?<![\w-]){re.escape(p)}(?![\w-])") for p in sorted(found))


def english_in(text: str, lang: str = "de") -> list[str]:
    return [p.pattern for p in english_phrases(lang) if p.search(text)]


def xlsx_text(path: Path) -> str:
    wb = openpyxl.load_workbook(path)
    return "\n".join([ws.title for ws in wb.worksheets] + [str(c.value) for ws in wb.worksheets
                                                          for row in ws.iter_rows() for c in row
                                                          if isinstance(c.value, str)])


def pdf_text(path: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_the_sweep_finds_english():
    # It can fail: English messages of the catalogue are found, German text is not.
    assert english_in("Rank  Player  Points") and english_in("no results yet")
    assert english_in("Tabelle: noch keine Ergebnisse") == []
    assert english_in("Rank  Player  Points", "fr") and english_in("Classement : pas encore de résultats", "fr") == []


def sweep(run, commands: list[tuple[str, ...]], files: list[str], pages: list[str], event: str,
          lang: str) -> dict[str, list]:
    """Run every command, read every written file and every page: what English each shows."""
    leaks: dict[str, list] = {}
    for args in commands:
        out = run(*args, ok=None).output
        if english_in(out, lang):
            leaks[" ".join(args)] = english_in(out, lang)
    for name in files:
        path = run.folder / name
        text = xlsx_text(path) if name.endswith(".xlsx") else pdf_text(path) if name.endswith(".pdf") else \
            path.read_text(encoding="utf-8")
        if english_in(text, lang):
            leaks[name] = english_in(text, lang)
    client = TestClient(create_app(str(run.folder / event)))
    opened = Event.open(run.folder / event)
    with opened.transaction() as conn:  # a sweep of its own: a desk of its own
        token = add_desk(conn, f"Orga {len(desks(opened)) + 1}", organiser=True)
    for page in pages:
        if page.startswith("/desk"):  # logged in as the organiser's desk
            assert client.post("/desk/login", data={"token": token}).status_code == 200
        body = re.sub(r"<script.*?</script>|<style.*?</style>|<[^>]+>", " ", client.get(page).text, flags=re.S)
        assert page != "/desk" or "/desk/rounds/1/tables/1" in client.get(page).text  # the desk itself, not its login page
        if english_in(body, lang):
            leaks[page] = english_in(body, lang)
    return leaks


@pytest.mark.parametrize("lang", ["de", "fr"])
# Every game of the registry and the toy fifth game of the tests (its messages are in the
# catalogues, as a newcomer's game's are: babel.cfg); it has no bundled example event, so its
# event is played here.
@pytest.mark.parametrize("game", looped_games())
def test_a_german_or_french_event_shows_no_english(run, game, lang, request):
    ev = f"{game}.db"
    if game not in game_names():  # the toy game, registered for this test
        request.getfixturevalue("with_games")
        players = ["Anna Schmidt", "Ben Meyer", "Clara Wagner", "Dirk Koch", "Eva Braun", "Fritz Lang", "Greta Hahn"]
        run("new", ev, "--game", game, "--seed", "5", "--name", "Spielzeug", "--rounds", "2", "--lang", lang)
        run("players", "add", ev, *players)
        run("seat", ev)
        seats = Event.open(run.folder / ev).seats(1)
        (run.folder / "r1.csv").write_text("round,table,seat,player,gold,silver\n" + "".join(
            f"1,{s.table},{s.seat},{s.player},{10 - s.seat},{s.seat % 2}\n" for s in seats), encoding="utf-8")
        sheets = ["r1.csv"]
        player = players[0]
    elif game == "duel":
        from conftest import duel_row, write_duel_sheet

        run("new", ev, "--game", "duel", "--seed", "5", "--name", "Duell-Abend", "--lang", lang, "--option", "agora")
        run("players", "add", ev, "Anna Schmidt", "Ben Meyer", "Clara Wagner", "Dirk Koch")
        run("seat", ev)
        tables = Event.open(run.folder / ev).seats(1)
        by_table: dict[int, list[str]] = {}
        for s in tables:
            by_table.setdefault(s.table, []).append(s.player)
        write_duel_sheet(run.folder / "r1.csv", [row for t, (a, b) in by_table.items() for row in
                                                (duel_row(1, t, a, 1), duel_row(1, t, b, 0, blue=4))])
        sheets = ["r1.csv"]
        player = "Anna Schmidt"
    else:
        folder = EXAMPLES / ("bonn-2018" if game == "7wonders" else game)
        for f in folder.iterdir():
            shutil.copy(f, run.folder / f.name)
        import json

        setup = json.loads((folder / "event.json").read_text(encoding="utf-8"))
        run("new", ev, "--game", game, "--seed", str(setup["seed"]), "--name", setup["name"], "--rounds",
            str(setup["rounds"]), "--date", setup["date"], "--lang", lang)
        run("players", "import", ev, "players.csv")
        sheets = setup["sheets"]
        player = (run.folder / "players.csv").read_text(encoding="utf-8").splitlines()[1].split(",")[0]
    commands = [("check", *sheets, "--event", ev), ("results", "import", ev, *sheets),
                ("clock", ev, "start", "50"), ("clock", ev, "start", "50"), ("clock", ev, "add", "5"),
                ("clock", ev, "pause"), ("clock", ev), ("announce", ev, "Mittagspause bis 13:30"), ("announce", ev),
                ("players", "list", ev), ("standings", ev), ("player", ev, player), ("event", ev),
                ("results", "history", ev), ("seating", ev), ("stats", ev),
                ("export", ev, "-o", "st.xlsx"), ("export", ev, "-o", "st.html"), ("export", ev, "-o", "st.pdf"),
                ("stats", ev, "-o", "stats.xlsx"), ("season", ev, "--spots", "1"),
                ("print", ev, "--round", "1", "-o", "kit.pdf"), ("players", "codes", ev)]
    pages = ["/", "/standings", f"/players/{player}", "/rounds/1", "/projector", "/desk", "/desk/rounds/1/tables/1",
             "/desk/players"]
    leaks = sweep(run, commands, ["st.xlsx", "st.html", "st.pdf", "stats.xlsx", "kit.pdf"], pages, ev, lang)
    assert leaks == {}


def test_a_german_table_reports_and_confirms_in_german(run, monkeypatch):
    """Self-reporting in a German event: the table's page with a waiting report, the organiser's
    pages with a disputed one, the check-in page, the refusals and the history."""
    import json

    from live_event import table_rows

    from tourney.server import app as server_app

    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    ev = "selbst.db"
    run("new", ev, "--game", "7wonders", "--seed", "5", "--name", "Selbstmeldung", "--lang", "de")
    run("players", "add", ev, "Anna Schmidt", "Ben Meyer", "Clara Wagner", "Dirk Koch", "Eva Braun", "Fritz Lang",
        "Greta Hahn", "Hans Vogel", "Ida Roth", "Jan Wolf")
    run("seat", ev, "--publish")
    codes = {c["player"]: c["code"] for c in json.loads(run("players", "codes", ev, "--format", "json").output)}
    client = TestClient(create_app(str(run.folder / ev)))
    rows = [table_rows(run.folder / ev, 1, t) for t in (1, 2)]
    first, other = rows[0][0]["player"], rows[1][0]["player"]
    said = [client.post("/api/rounds/1/tables/1/report", json={"player": first, "code": codes[first],
                                                              "rows": rows[0]}).json()["error"]]  # switched off
    run("event", ev, "--self-report", "on")
    said.append(client.post("/api/rounds/1/tables/1/report", json={"player": first, "code": codes[other],
                                                                  "rows": rows[0]}).json()["error"])
    said.append(client.post("/api/rounds/1/tables/1/report", json={"player": other, "code": codes[other],
                                                                  "rows": rows[0]}).json()["error"])
    rid = client.post("/api/rounds/1/tables/1/report", json={"player": first, "code": codes[first],
                                                            "rows": rows[0]}).json()["report"]
    second = rows[0][1]["player"]
    client.post("/api/rounds/1/tables/1/confirm", json={"player": second, "code": codes[second], "report": rid,
                                                        "agree": True})
    assert english_in("\n".join(said)) == [] and "spielt nicht an Runde 1, Tisch 1" in said[2]
    pages = ["/rounds/1", "/rounds/1/tables/1", "/rounds/1/tables/2", "/desk", "/desk/rounds/1/tables/1"]
    leaks = sweep(run, [], [], pages, ev, "de")
    assert "Bestätigen" in client.get("/rounds/1/tables/1").text
    third = rows[0][2]["player"]
    disputed = client.post("/api/rounds/1/tables/1/confirm", json={"player": third, "code": codes[third],
                                                                   "report": rid, "agree": False}).json()
    assert disputed["error"] == "ein Spieler widerspricht dem Blatt: die Turnierleitung entscheidet"
    client.post("/api/rounds/1/tables/2/report", json={"player": other, "code": codes[other], "to_organiser": True,
                                                       "rows": [dict(r, total=1) for r in rows[1]]})
    leaks.update(sweep(run, [("results", "history", ev), ("event", ev)], [], pages + ["/desk/rounds/1/tables/2"],
                       ev, "de"))
    assert leaks == {}
    run("new", "ein.db", "--game", "7wonders", "--seed", "5", "--lang", "de")
    run("event", "ein.db", "--check-in", "on")
    assert sweep(run, [], [], ["/", "/check-in"], "ein.db", "de") == {}
    assert "Mit deinem Code einchecken" in TestClient(create_app(str(run.folder / "ein.db"))).get("/").text
