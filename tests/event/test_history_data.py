"""The event's history as data: each entry stores its action and parameters and is said in the
reader's language; the sentences an older tourney stored (schema version 2) still read, in
any language, and such an event is upgraded in place on both backends."""
from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from conftest import ROOT, invoke
from tourney.core import store
from tourney.core.store import Event
from tourney.event.history import SENTENCES, history, render

OLD = ROOT / "tests" / "data" / "history" / "old-events"
STAMP = 28  # "2026-12-04 19:37:38 +00:00  "


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.output


def said(location: str) -> list[str]:
    """`results history` without its time stamps."""
    return [line[STAMP:] for line in ok("results", "history", location).splitlines()]


@pytest.mark.parametrize("game", ["sevenwonders", "duel"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_event_an_older_tourney_logged_in_english_reads_in_the_reader_language(tmp_path, game, lang):
    """The files were written by the tourney before the change (tests/data/history/make_old_events.py):
    changing the event's language, its earlier entries are said in it."""
    ev = tmp_path / f"{game}.db"
    shutil.copy(OLD / f"{game}.db", ev)
    ok("event", str(ev), "--lang", lang)
    lines = said(str(ev))
    changed = game == "sevenwonders" or lang != "en"  # the Duel event was in English already
    assert lines[:len(lines) - changed] == (OLD / f"{game}-{lang}.txt").read_text(encoding="utf-8").splitlines()
    label = {"en": "language", "fr": "langue"}[lang]  # the setting said in the event's new language
    assert lines[-1].endswith(f": {label} = '{lang}'") == changed
    con = sqlite3.connect(ev)
    assert con.execute("select value from meta where key = 'schema_version'").fetchone() == (str(store.SCHEMA_VERSION),)
    rows = con.execute("select detail, params from history order by id").fetchall()
    con.close()
    old = rows[:len(rows) - changed]
    assert old and all(detail and params is None for detail, params in old)  # the old entries stay as they are
    if changed:
        assert rows[-1][0] == "" and json.loads(rows[-1][1]) == {"changes": [["lang", lang]]}


def test_the_french_history_of_an_old_event_names_its_entries_in_french(tmp_path):
    ev = tmp_path / "old.db"
    shutil.copy(OLD / "sevenwonders.db", ev)
    ok("event", str(ev), "--lang", "fr")
    lines = said(str(ev))
    assert "org a placé la ronde 1 : 8 joueurs à des tables de 4+4" in lines
    assert "org a ajouté 5 minutes à l'horloge : reste 55:00" in lines
    assert "Greta a déclaré la ronde 1, table 2; confirmé par 'Anna', 'Finn', 'Hugo'" in lines
    assert "org a révélé la graine du tirage" in lines


def test_new_entries_are_stored_as_data_and_said_in_the_reader_language(tmp_path, monkeypatch):
    # The commands are the organiser's, in the reader's language, whatever the login name (issue 46, item 8).
    monkeypatch.setenv("LOGNAME", "root")
    ev = str(tmp_path / "new.db")
    ok("new", ev, "--game", "duel", "--seed", "3", "--bye-score", "1/2")
    ok("players", "add", ev, "Anna", "Ben", "Carla")
    ok("seat", ev)
    ok("clock", ev, "start", "1")
    ok("clock", ev, "add", "-5")
    ok("desk", "add", ev, "Boss", "--organiser")
    entries = Event.open(ev).history()
    assert all(e.detail == "" for e in entries)
    bye = str(entries[5].params and entries[5].params["bye"][0])
    assert [(e.action, e.params) for e in entries[1:]] == [
        ("settings", {"note": {"text": "bye worth {value} match points", "params": {"value": "1/2"}}}),
        ("players.add", {"name": "Anna", "round": 1}),
        ("players.add", {"name": "Ben", "round": 1}),
        ("players.add", {"name": "Carla", "round": 1}),
        ("seat", {"round": 1, "pairing": {"term": "Swiss pairing"}, "matches": 1, "bye": [bye]}),
        ("clock.start", {"minutes": 1}),
        ("clock.add", {"minutes": 5, "left": "0:00", "off": True}),
        ("desk.add", {"desk": "Boss", "organiser": True}),
    ]
    english = said(ev)
    assert english[1:] == [
        "the organiser: bye worth 1/2 match points", "the organiser registered 'Anna' from round 1",
        "the organiser registered 'Ben' from round 1", "the organiser registered 'Carla' from round 1",
        f"the organiser seated round 1: Swiss pairing, 1 matches, bye {bye}", "the organiser started the clock: 1 minute",
        "the organiser took 5 minutes off the clock: 0:00 left", "the organiser added desk 'Boss' (organiser)"]
    ok("event", ev, "--lang", "de")
    assert said(ev)[1:9] == [
        "die Turnierleitung: ein Freilos zählt 1/2 Matchpunkte", "die Turnierleitung hat 'Anna' ab Runde 1 angemeldet",
        "die Turnierleitung hat 'Ben' ab Runde 1 angemeldet", "die Turnierleitung hat 'Carla' ab Runde 1 angemeldet",
        f"die Turnierleitung hat Runde 1 ausgelost: Schweizer System, 1 Partien, Freilos {bye}",
        "die Turnierleitung hat die Uhr gestartet: 1 Minute", "die Turnierleitung hat 5 Minuten von der Uhr abgezogen: noch 0:00",
        "die Turnierleitung hat den Eingabeplatz 'Boss' angelegt (Turnierleitung)"]


def test_the_json_history_carries_the_action_and_its_parameters(tmp_path):
    ev = str(tmp_path / "j.db")
    ok("new", ev, "--game", "7wonders", "--seed", "3")
    ok("players", "add", ev, "Zoë")
    [_new, added] = json.loads(ok("results", "history", ev, "--format", "json"))
    assert (added["action"], added["params"], added["text"]) == (
        "players.add", {"name": "Zoë", "round": 1}, f"{added['who']} registered 'Zoë' from round 1")
    old = tmp_path / "old.db"
    shutil.copy(OLD / "sevenwonders.db", old)
    entries = json.loads(ok("results", "history", str(old), "--format", "json"))
    # An entry an older tourney wrote: its sentence, and the parameters read from it.
    assert {k: entries[2][k] for k in ("action", "params", "detail")} == {
        "action": "players.add", "params": {"name": "Anna", "round": 1}, "detail": "'Anna' from round 1"}


def test_every_sentence_is_picked_by_its_own_parameters():
    keys = [(s.action, s.keys) for s in SENTENCES]
    assert len(keys) == len(set(keys))


def test_the_seed_stays_hidden_until_it_is_revealed(tmp_path):
    ev = str(tmp_path / "s.db")
    ok("new", ev, "--game", "7wonders", "--seed", "987654", "--name", "Cup")
    assert said(ev)[0].endswith("seed <seed>")
    assert Event.open(ev).history()[0].params["seed"] == 987654
    ok("players", "add", ev, *"ABCDEFGH")
    ok("seat", ev)
    ok("event", ev, "--reveal-seed")
    assert said(ev)[0].endswith("seed 987654") and said(ev)[-1].endswith(" revealed the draw seed")


def test_an_event_of_schema_version_2_is_upgraded_on_both_backends(backend, tmp_path, monkeypatch):
    """The store adds the history's params column to an older event (ALTER TABLE) and reads
    its English sentences as they were."""
    monkeypatch.chdir(tmp_path)
    ok("new", backend, "--game", "7wonders", "--seed", "5", "--name", "Cup")
    event = Event.open(backend)
    with event.db.begin() as conn:  # back to how a tourney of schema version 2 left it
        conn.execute("ALTER TABLE history DROP COLUMN params")
        conn.execute("DELETE FROM history")
        conn.execute("INSERT INTO history (at, who, action, detail) VALUES ('2026-01-01T10:00:00+00:00', 'org', "
                     "'players.add', '''Anna'' from round 1')")
        conn.execute("UPDATE meta SET value = '2' WHERE \"key\" = 'schema_version'")
    event.close()
    ok("players", "add", backend, "Ben")
    upgraded = Event.open(backend)
    assert upgraded.setting("schema_version") == str(store.SCHEMA_VERSION)
    assert [(e.detail, e.params) for e in upgraded.history()] == [
        ("'Anna' from round 1", None), ("", {"name": "Ben", "round": 1})]
    assert [e.text.removeprefix("the organiser ") if e.text.startswith("the organiser ")
            else e.text.split(" ", 1)[1] for e in history(upgraded)] == [
        "registered 'Anna' from round 1", "registered 'Ben' from round 1"]
    assert render(history(upgraded, player="anna"), "text").count("\n") == 1


def test_a_desk_correction_without_a_reason_is_said_without_one_in_any_language(tmp_path):
    from live_event import build_event, table_rows
    from tourney.event.entry import enter_table
    from tourney.games.registry import find_game

    ev = build_event(tmp_path)
    event, game = Event.open(ev.path), find_game("7wonders")
    enter_table(event, game, 1, 1, table_rows(ev.path, 1, 1), version=None, author="desk A")
    enter_table(event, game, 1, 1, table_rows(ev.path, 1, 1, bump=1), version=1, author="desk B")
    [stored] = [t for t in event.results() if t.table == 1]
    assert (stored.author, stored.reason) == ("desk B", None)  # who corrected it is data, not an English sentence
    last = history(event)[-1]
    assert last.params == {"round": 1, "table": 1, "version": 2, "source": "desk B"} and last.reason is None
    assert last.text.startswith("desk B corrected round 1, table 1 (version 2): civilian ")
    assert "reason" not in last.text
    ok("event", str(ev.path), "--lang", "de")
    assert said(str(ev.path))[-2].startswith("Eingabeplatz B hat Runde 1, Tisch 1 korrigiert (Version 2): Zivil ")


def test_a_removed_sheet_is_stored_as_data_and_said_in_french(tmp_path, monkeypatch):
    from live_event import build_event, table_rows
    from tourney.event.entry import enter_table
    from tourney.games.registry import find_game

    monkeypatch.setenv("LOGNAME", "org")
    ev = build_event(tmp_path)
    event = Event.open(ev.path)
    enter_table(event, find_game("7wonders"), 1, 1, table_rows(ev.path, 1, 1), version=None, author="desk A")
    ok("results", "remove", str(ev.path), "--round", "1", "--table", "1", "--reason", "sheet of round 2")
    last = Event.open(ev.path).history()[-1]
    assert (last.action, last.params, last.detail) == (
        "results.remove", {"round": 1, "table": 1, "removed": 1, "reason": "sheet of round 2"}, "")
    ok("event", str(ev.path), "--lang", "fr")
    assert said(str(ev.path))[-2] == ("l'organisation a retiré la ronde 1, table 1 (la version 1 reste dans l'historique) ; "
                                      "motif : sheet of round 2")
    # Found by the round and by a player of the removed sheet.
    name = str(table_rows(ev.path, 1, 1)[0]["player"])
    assert [e.action for e in history(Event.open(ev.path), player=name)][-1] == "results.remove"
    assert [e.action for e in history(Event.open(ev.path), round_no=1)][-1] == "results.remove"


def test_a_removal_an_older_tourney_logged_reads_as_data():
    from tourney.event.legacylog import legacy_params

    assert legacy_params("results.remove", "round 3, table 5, version 2 from removed: round 2's sheet") == {
        "round": 3, "table": 5, "removed": 1, "reason": "round 2's sheet"}
