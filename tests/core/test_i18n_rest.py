"""The rest of German throughout (issue 13 item 7), exact: the tabular reader's and the sheet
reader's errors, the warnings stored with a table (data said in the event's language, English
text of older event files kept), the Duel player view's result words."""
from __future__ import annotations

import json
import sqlite3

import pytest

from conftest import HEADER, line, looped_games, write_sheet
from openpyxl import load_workbook

from tourney.core import store
from tourney.core.errors import SheetError
from tourney.core.findingtext import finding_text
from tourney.core.i18n import DEFAULT, LANGS, use_language
from tourney.core.tabular import read_tables

NAMES = ("Bauer", "Ärger", "Zoë", "Özdemir")


def german(run, game: str = "7wonders", file: str = "de.db", lang: str = "de") -> None:
    run("new", file, "--game", game, "--seed", "5", "--name", "Cup", "--lang", lang)


def sheet(run, name: str, rows) -> str:
    write_sheet(run.folder / name, rows)
    return name


def four(round_no: int = 1, **changes):
    return [line(round_no, 1, s, n, civilian=c) for s, (n, c) in enumerate(zip(NAMES, (20, 15, 10, 5)), 1)]


# --- the readers' errors ---------------------------------------------------------------------
def test_cell_problems_are_said_in_german_and_stay_english_in_json(run):
    german(run)
    run("players", "add", "de.db", *NAMES)
    rows = four()
    rows[2][HEADER.index("commercial")] = ""
    rows[3][HEADER.index("civilian")] = "x5"
    rows[1][HEADER.index("coins")] = "2000000000"
    name = sheet(run, "r1.csv", rows)
    r = run("results", "import", "de.db", name, ok=None)
    assert (r.exit_code, r.output) == (1, (
        "r1.csv:3: Runde 1, Tisch 1: Fehler: coins muss eine ganze Zahl sein, steht da: '2000000000': höchstens "
        "999,999,999 (Spieler 'Ärger') [cell]\n"
        "r1.csv:4: Runde 1, Tisch 1: Fehler: commercial ist leer: bitte ausfüllen (0 für keine) (Spieler 'Zoë') "
        "[cell.empty]\n"
        "r1.csv:5: Runde 1, Tisch 1: Fehler: civilian muss eine ganze Zahl sein, steht da: 'x5' (Spieler "
        "'Özdemir') [cell]\n"
        "geprüft: 1 Datei: 1 Tisch, 4 Spieler: 3 Fehler, 0 Warnungen: nichts gespeichert\n"))
    found = json.loads(run("check", "--event", "de.db", name, "--format", "json", ok=None).stdout)["findings"]
    assert [f["message"] for f in found] == [
        "coins must be a whole number, got '2000000000': at most 999,999,999 (player 'Ärger')",
        "commercial is empty: fill it in (write 0 for none) (player 'Zoë')",
        "civilian must be a whole number, got 'x5' (player 'Özdemir')"]


def test_a_german_sheet_names_its_own_column(run):
    german(run)
    (run.folder / "de.csv").write_text("Runde;Tisch;Platz;Spieler;Militär;Münzen-Punkte;Weltwunder-Punkte;Zivil;"
                                       "Handel;Gilden;Wissenschaft;Summe;Münzen\n"
                                       "1;1;1;Bauer;0;1;3;;0;0;0;4;3\n", encoding="utf-8")
    r = run("check", "--event", "de.db", "de.csv", ok=None)
    assert "de.csv:2: Runde 1, Tisch 1: Fehler: Zivil ist leer: bitte ausfüllen (0 für keine) (Spieler 'Bauer') " \
           "[cell.empty]\n" in r.output


def test_file_errors_are_said_in_german_and_stay_english_in_json(run):
    german(run)
    (run.folder / "mixed.csv").write_text(",".join(HEADER) + "\n1;1;1;Bauer\n", encoding="utf-8")
    (run.folder / "notes.csv").write_text("Notizen\nTisch 4 kam zu spät\n", encoding="utf-8")
    (run.folder / "r1.numbers").write_bytes(b"PK")
    (run.folder / "r2.ods").write_bytes(b"PK")
    r = run("results", "import", "de.db", "nix.csv", "mixed.csv", "notes.csv", "r1.numbers", "r2.ods", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "nix.csv: Fehler: keine Datei 'nix.csv': den Pfad prüfen [file]\n"
        "mixed.csv: Fehler: mixed.csv:2: diese Zeile trennt ihre Zellen mit ';', die erste Zeile aber mit ',': "
        "die Datei erneut mit einem Trennzeichen speichern (Excel: 'CSV UTF-8') [file]\n"
        "notes.csv: Fehler: notes.csv:1: die erste Zeile ist nicht die Kopfzeile eines Wertungsblatts: sie "
        "braucht die Spalten round, table, seat, player, military, treasury, wonders, civilian, commercial, guilds, "
        "science, total, coins (englische, deutsche oder französische Namen) [file]\n"
        "r1.numbers: Fehler: r1.numbers: unbekannter Dateityp '.numbers': .csv, .xlsx, .ods (LibreOffice) oder .xls "
        "verwenden [file]\n"
        "r2.ods: Fehler: r2.ods: beschädigte Arbeitsmappe (es ist keine ZIP-Datei, wie es jede .ods-Datei ist): in "
        "LibreOffice Calc öffnen und erneut als .ods speichern [file]\n"
        "geprüft: 5 Dateien: 0 Tische, 0 Spieler: 5 Fehler, 0 Warnungen: nichts gespeichert\n"))
    found = json.loads(run("check", "--event", "de.db", "nix.csv", "mixed.csv", "--format", "json",
                           ok=None).stdout)["findings"]
    assert [f["message"] for f in found] == [
        "no file 'nix.csv': check the path",
        "mixed.csv:2: this row separates its cells with ';' but the first row with ',': save the file again "
        "with one separator (Excel: 'CSV UTF-8')"]


def test_the_reader_speaks_the_current_language(tmp_path):
    (tmp_path / "a.xlsx").write_bytes(b"not a zip")
    (tmp_path / "b.csv").write_bytes(b"name\nJ\x94rg M\x84dchen\n")
    with use_language("de"):
        for name, said in (
                ("a.xlsx", "a.xlsx: beschädigte Arbeitsmappe (es ist keine ZIP-Datei, wie es jede .xlsx-Datei "
                           "ist): in Excel öffnen und erneut als .xlsx speichern"),
                ("b.csv", "b.csv ist keine Texttabelle (es sieht nach DOS-Text (cp850) aus: Umlaute werden zu "
                          "Anführungszeichen): als CSV UTF-8 oder XLSX speichern")):
            try:
                read_tables(tmp_path / name)
            except SheetError as exc:
                assert str(exc) == said
                assert finding_text(exc.finding()) == said
                assert exc.finding().message.startswith(name)
                assert "Arbeitsmappe" not in exc.finding().message and "Texttabelle" not in exc.finding().message
            else:
                raise AssertionError(name)


# --- warnings stored with a table ----------------------------------------------------------
def games_warnings(path) -> list[object]:
    ws = load_workbook(path).worksheets[1]  # "Spiele" (German), "Games"
    return [r[-1] for r in ws.iter_rows(min_row=2, values_only=True)]


def test_stored_warnings_are_data_shown_in_the_event_language(run):
    german(run)
    run("players", "add", "de.db", *NAMES)
    run("results", "import", "de.db", sheet(run, "r5.csv", four(5)), "--paper")
    said = "r5.csv:2-5: Runde 5, Tisch 1: Warnung: Runde 5 liegt nach den 4 Runden des Turniers [round.beyond]"
    run("export", "de.db", "-o", "t.xlsx")
    assert games_warnings(run.folder / "t.xlsx") == [said] * 4
    run("export", "de.db", "-o", "en.xlsx", "--lang", "en")
    assert games_warnings(run.folder / "en.xlsx")[0] == \
        "r5.csv:2-5: round 5, table 1: warning: round 5 is beyond the event's 4 rounds [round.beyond]"
    [stored] = [json.loads(w) for (w,) in sqlite3.connect(run.folder / "de.db").execute("select warnings from results")]
    assert stored == [{"rule": "round.beyond", "severity": "warning",
                       "template": "round {round} is beyond the event's {rounds} rounds", "player": None,
                       "params": {"round": 5, "rounds": 4}, "file": "r5.csv", "sheet": None, "rows": [2, 3, 4, 5],
                       "round": 5, "table": 1}]


def test_an_event_file_of_schema_version_1_is_upgraded_and_keeps_its_english_warnings(run):
    german(run)
    run("players", "add", "de.db", *NAMES)
    run("results", "import", "de.db", sheet(run, "r5.csv", four(5)), "--paper")
    old = "r5.csv:2-5: round 5, table 1: warning: round 5 is beyond the event's 4 rounds [round.beyond]"
    con = sqlite3.connect(run.folder / "de.db")
    con.execute("update results set warnings = ?", (json.dumps([old]),))
    con.execute("update meta set value = '1' where key = 'schema_version'")
    con.commit()
    run("export", "de.db", "-o", "t.xlsx")
    assert games_warnings(run.folder / "t.xlsx") == [old] * 4  # shown as stored
    assert con.execute("select value from meta where key = 'schema_version'").fetchone() == \
        (str(store.SCHEMA_VERSION),)
    assert store.SCHEMA_VERSION == 4


def test_stored_finding_values_keep_their_kind():
    from rules_engine.findings import Joined, Term, error, phrase
    from tourney.event.checking import LocatedFinding, stored_warning_text

    f = LocatedFinding(error("x", "{column}: {parts} for {player!r}", "Zoë", column=Term("coins"),
                             parts=Joined((phrase("{n} blue", n=2), 5), " or "), player="Zoë"), "a.csv", (3,), None, 1, 2)
    data = json.loads(json.dumps(f.stored()))
    assert LocatedFinding.from_stored(data) == f
    with use_language("de"):
        assert stored_warning_text(data) == f.render()
        assert stored_warning_text("as stored") == "as stored"


# --- the Duel player view -------------------------------------------------------------------
DUEL_SHEET = (
    "round,table,player,first,blue,green,yellow,purple,wonders,progress,treasury,military,senate,total,coins,"
    "victory,winner\n"
    "1,1,Eva,1,10,4,3,0,8,0,2,0,3,30,7,,\n"
    "1,1,Dirk,0,4,4,3,0,8,0,2,5,3,29,7,,\n"
    "1,2,Anna,1,10,4,3,0,8,0,2,0,3,30,7,,\n"
    "1,2,Ben,0,10,4,3,0,8,0,2,0,3,30,7,,\n")


def test_the_duel_player_view_says_its_results_in_german_and_english_in_csv_and_json(run):
    german(run, "duel", "d.db")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk", "Eva")
    run("seat", "d.db")
    (run.folder / "r1.csv").write_text(DUEL_SHEET)
    run("results", "import", "d.db", "r1.csv")
    run("seat", "d.db")
    assert run("player", "d.db", "Dirk").output == (
        "Dirk: Platz 5 von 5 nach 1 Partie\n"
        "Runde  Tisch  Sitz  Gegner     SP  SP Gegner  Ergebnis          MP\n"
        "    1      1     2  Eva        29         30  verloren (Zivil)   0\n"
        "    2      3     1  (Freilos)\n")
    assert run("player", "d.db", "Cleo").output.splitlines()[2] == \
        "    1      3     1  (Freilos)                 Freilos    1"
    assert run("player", "d.db", "Anna").output.splitlines()[2] == \
        "    1      2     1  Ben     30         30  unentschieden  0,5"
    assert run("player", "d.db", "Eva", "--format", "csv").output.splitlines()[1] == \
        "1,1,1,Dirk,30,29,won (civilian),1"
    assert json.loads(run("player", "d.db", "Cleo", "--format", "json").output)[0] == {
        "round": 1, "table": 3, "seat": 1, "opponent": "(bye)", "vp": None, "opponent_vp": None, "result": "bye",
        "match_points": 1}
    assert json.loads(run("player", "d.db", "Anna", "--format", "json").output)[0]["match_points"] == 0.5


# --- the seating report, table plans, statistics, records -----------------------------------
def test_the_seating_report_and_the_plan_comparison_in_german(run):
    german(run)
    run("players", "add", "de.db", *(f"P{i:02d}" for i in range(1, 14)))
    assert run("seating", "de.db", "--report").output.splitlines()[:3] == [
        "13 Spieler, 4 Runden: wiederholte Paare nach Tischplan",
        "Plan        Tische          Schranke  geplant  Nachbarn    Startplätze",
        "bonn        5+4+4                 12       14           0            0"]
    r = run("seat", "de.db", "--tables", "5,5,5", ok=None)
    assert r.output == ("Fehler: --tables: Tischplan '5,5,5' setzt 15 Spieler, es spielen aber 13: Größen angeben, "
                        "die zusammen 13 ergeben, oder 'bonn' oder 'dm' verwenden\n")
    run("seat", "de.db", "--all")
    out = run("seating", "de.db", "--report").output.splitlines()
    assert out[:3] == ["13 Spieler, 4 Runden",
                       "Runde  Tische        Wiederholt  Summe  Schranke  Nachbarn    Startplätze",
                       "    1  5+4+4                  0      0         0           0            0"]
    assert out[6].startswith("insgesamt: 14 wiederholte Paare (untere Schranke 12), 0 wiederholte Nachbarn")
    assert "warum Wiederholungen unvermeidlich sind:" in out
    assert ("- Runde 2: ein Tisch mit 5 Spielern nimmt seine Spieler aus nur 3 Tischen von Runde 1, also saßen "
            "einige schon zusammen: mindestens 4 wiederholte Paare in dieser Runde") in out


def test_statistics_of_a_german_event_speak_german(run):
    german(run)
    run("players", "add", "de.db", *NAMES)
    run("results", "import", "de.db", sheet(run, "r1.csv", four()))
    out = run("stats", "de.db").output.splitlines()
    assert out[:4] == ["Cup · 7 Wonders-Statistik · 1 Turnier", "", "Sitzplätze", "----------"]
    assert "(Sitz 1 ist der Startspieler, dann im Uhrzeigersinn)" in out
    # Column headings in words of the event's language; CSV keeps the keys.
    assert out[4] == "Sitz  n  Siege  Siegquote %  SP im Mittel  Punkte im Mittel  Platz im Mittel  Hinweis"
    assert "kleine Stichprobe (n < 5)" in "\n".join(out)
    assert run("stats", "de.db", "--format", "csv", "--section", "seats").output.startswith("seat,n,wins,win_rate")
    assert "Hinweis: die Blätter erfassen keine Weltwunder: keine Statistik nach Weltwunder und Seite" in out
    assert run("stats", "de.db", "-o", "s.html").output == "s.html geschrieben: 6 Tabellen, 2 Diagramme\n"
    page = (run.folder / "s.html").read_text()
    assert '<html lang="de">' in page and "<title>Cup – Statistik</title>" in page
    # Chart titles and axis labels follow the event's language.
    for words in ("Verteilung der Punkte", "Siegpunkte", "Kategorie-Mittel: Sieger gegen das Feld",
                  "mittlere Siegpunkte", "Münzen-Punkte"):
        assert words in page, words
    # JSON keys stay English.
    assert set(json.loads(run("stats", "de.db", "--format", "json").output)["sections"]) >= {"seats", "categories"}


def test_record_file_errors_follow_the_current_language(tmp_path):
    from tourney.event.records import RecordFileError, detect_game

    (tmp_path / "g.txt").write_text("[Event \"x\"]\n\n1. a\n", encoding="utf-8")
    with use_language("de"):
        try:
            detect_game(tmp_path / "g.txt")
        except RecordFileError as exc:
            assert str(exc) == (f'{tmp_path / "g.txt"}:1: kein [Game "..."]-Tag im Kopf der ersten Partie: '
                                '[Game "duel"] (oder einen anderen Spielnamen) ergänzen')
        else:
            raise AssertionError("no error")


# --- printed words: the header rows are the import vocabulary ----------------------------------
def vocabularies():
    """Every vocabulary a reader uses: the roster's, each game's sheet (the registry's games and
    the toy fifth game) and One Card Wonder's card list."""
    from toygame import TOY
    from tourney.core.vocabulary import ROSTER
    from tourney.games.onecardwonder import catalogue
    from tourney.games.registry import GAMES

    return {"roster": ROSTER, **{game.name: game.sheet_format().words for game in (*GAMES, TOY)},
            "card list": catalogue.WORDS}


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != DEFAULT])
def test_every_column_has_a_printed_label_in_every_language(lang):
    for name, words in vocabularies().items():
        unlabelled = [w.column for w in words.words if lang not in w.labels()]
        assert not unlabelled, f"{name}: give {unlabelled} a {lang!r} label (tourney/core/vocabulary.py Word)"


def test_no_header_spelling_stands_for_two_columns():
    from tourney.core.vocabulary import _bare, _FOLD, header_key

    for name, words in vocabularies().items():
        seen: dict[str, str] = {}
        for w in words.words:
            for spelling in (w.column, *w.labels().values(), *w.spellings):
                key = header_key(spelling)
                for k in {key, key.translate(_FOLD), _bare(key)}:
                    assert seen.setdefault(k, w.column) == w.column, (name, k, seen[k], w.column)


@pytest.mark.parametrize("game", looped_games())
@pytest.mark.parametrize(("lang", "round_word", "player_word"), [("de", "Runde", "Spieler"), ("fr", "Ronde", "Joueur")])
def test_every_games_printed_header_is_accepted_by_its_reader(run, with_games, game, lang, round_word, player_word):
    from tourney.core.sheetio import read_sheet_file

    names = ("Anna", "Ben", "Cleo", "Dirk")
    flow = with_games[game]
    german(run, game, f"{game}.db", lang)
    run("players", "add", f"{game}.db", *names)
    run("seat", f"{game}.db")
    run("sheets", f"{game}.db", "--round", "1", "-o", f"{game}.xlsx")
    fmt = flow.sheet_format
    headers = []
    for table in read_tables(run.folder / f"{game}.xlsx"):
        row = next((r for r in table.rows if fmt.header_map(list(r.cells))), None)
        if row is not None:
            headers.append(row.cells)
            assert all(fmt.canonical(c) for c in row.cells), (game, table.sheet, row.cells)
    assert headers and all(round_word in h and player_word in h for h in headers), game
    assert sorted({r.player for r in read_sheet_file(run.folder / f"{game}.xlsx", fmt)}) == list(names), game


def test_the_printed_words_around_the_sheets_follow_the_language(run):
    german(run, "duel", "d.db")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo")
    run("seat", "d.db")
    assert run("pairings", "d.db").output == (
        "Runde 1 nach Tisch\n"
        "Tisch  Beginnt  Gegner\n"
        "    1  Ben      Anna\n"
        "    2  Cleo     Freilos\n")
    assert run("pairings", "d.db", "--by", "name").output.splitlines()[:4] == [
        "Runde 1 nach Name", "Spieler  Tisch  Gegner", "Anna         1  Ben", "Ben          1  Anna  (du beginnst)"]
    run("sheets", "d.db", "--round", "1", "-o", "d.xlsx")
    wb = load_workbook(run.folder / "d.xlsx")
    assert wb.sheetnames == ["Nach Tisch", "Nach Name", "Tisch 1"]
    assert wb["Tisch 1"]["A1"].value == "Cup · Runde 1 · Tisch 1"
    assert wb["Nach Tisch"]["A3"].value == "Tisch"
    german(run, "onecardwonder", "o.db")
    run("players", "add", "o.db", "Anna", "Ben", "Cleo")
    run("seat", "o.db")
    run("sheets", "o.db", "--round", "1", "-o", "o.xlsx")
    wb = load_workbook(run.folder / "o.xlsx")
    assert wb.sheetnames == ["Spieler", "Tisch 1"]
    assert wb["Tisch 1"]["A2"].value.startswith("Sitz 1 beginnt. Bauabschnitte: am Ende vollendete")
    assert [c.value for c in wb["Spieler"][3]] == ["Name", "Tisch", "Sitz"]


def test_a_table_games_workbook_speaks_german_with_its_stored_warnings(run):
    german(run, "onecardwonder", "o.db")
    run("players", "add", "o.db", "Anna", "Ben", "Cleo")
    (run.folder / "r5.csv").write_text("round,table,seat,player,wonder,stages,buildings,winner\n"
                                       "5,1,1,Anna,,3,4,1\n5,1,2,Cleo,,1,2,0\n5,1,3,Ben,,2,3,0\n")
    run("results", "import", "o.db", "r5.csv", "--paper")
    run("export", "o.db", "-o", "o.xlsx")
    wb = load_workbook(run.folder / "o.xlsx")
    # One word per idea (issue 46, item 8): "Platz" is a rank or a place, "Sitz" a seat, "Partien" games.
    assert wb.sheetnames == ["Tabelle", "Partien", "Spieler", "Auslosungen", "tourney-draws"]
    assert [c.value for c in wb["Tabelle"][1]] == ["Platz", "Spieler", "Punkte", "Siege", "Bauabschnitte", "Los",
                                                   "Partien", "Ausgeschieden nach"]
    assert [c.value for c in wb["Partien"][1]] == ["Runde", "Tisch", "Sitz", "Spieler", "Wunder", "Bauabschnitte",
                                                   "Gebäude", "Sieger", "Platz", "Spielpunkte", "Warnungen"]
    assert wb["Partien"]["K2"].value == \
        "r5.csv:2-4: Runde 5, Tisch 1: Warnung: Runde 5 liegt nach den 4 Runden des Turniers [round.beyond]"
    run("export", "o.db", "-o", "o.html")
    page = (run.folder / "o.html").read_text()
    assert "<title>Cup – Tabelle</title>" in page
    assert ("<p>Bei Gleichstand: Spielpunkte, dann gewonnene Partien (Wunder vollendet), dann Summe der vollendeten "
            "Bauabschnitte, dann gezogenes Los (1 = bestes).</p>") in page
