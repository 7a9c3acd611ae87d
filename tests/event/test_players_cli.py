"""Registration as organisers do it: look-alike names, re-imports, rename, remove, hostile names."""
from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import line, write_sheet

from tourney.core.store import Event


@pytest.fixture
def ev(run):
    run("new", "ev.db", "--game", "7wonders", "--seed", "7", "--name", "Test Cup")
    return run


def names_in(run, db="ev.db"):
    return [p.name for p in Event.open(run.folder / db).players()]


def test_case_variants_and_decomposed_umlauts_are_one_person(ev):
    assert ev("players", "add", "ev.db", "Jürgen Werner").output == \
        "registered 1 player from round 1: Jürgen Werner\n"
    r = ev("players", "add", "ev.db", "JÜRGEN WERNER", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: 'JÜRGEN WERNER' is already registered (as 'Jürgen Werner')\n")
    r = ev("players", "add", "ev.db", "Ju\u0308rgen Werner", ok=None)  # NFD ü from a roster or a Mac
    assert (r.exit_code, r.output) == (1, "Error: 'Jürgen Werner' is already registered\n")
    assert names_in(ev) == ["Jürgen Werner"]


def test_results_for_a_case_variant_go_to_the_registered_player(ev):
    ev("players", "add", "ev.db", "Jürgen Werner", "Anna", "Ben", "Cleo")
    names = ("JÜRGEN WERNER", "anna", "Ben", "Cleo")
    write_sheet(ev.folder / "r1.csv", [line(1, 1, s, n, civilian=c)
                                       for s, (n, c) in enumerate(zip(names, (20, 15, 10, 5)), 1)])
    ev("results", "import", "ev.db", "r1.csv")
    assert names_in(ev) == ["Jürgen Werner", "Anna", "Ben", "Cleo"]
    rows = json.loads(ev("standings", "ev.db", "--format", "json").output)
    assert [r["player"] for r in rows] == ["Jürgen Werner", "Anna", "Ben", "Cleo"]


@pytest.mark.parametrize("name, shown", [
    ("Ole\x00", r"'Ole\x00' contains a control character (U+0000) at position 4"),
    ("\x1b[31mOle\x1b[0m", r"'\x1b[31mOle\x1b[0m' contains a control character (U+001B) at position 1"),
    ("Ole\u202eenaM", (r"'Ole\u202eenaM' contains an invisible character (U+202E right-to-left override) "
                      "at position 4")),
    ("Ole\u200b", r"'Ole\u200b' contains an invisible character (U+200B zero width space) at position 4"),
])
def test_hostile_names_are_refused_and_nothing_is_stored(ev, name, shown):
    r = ev("players", "add", "ev.db", "Anna", name, ok=None)
    assert (r.exit_code, r.output) == (1, f"Error: the name {shown}: type the name again without it\n")
    assert names_in(ev) == []


def test_a_name_of_100001_characters_is_refused(ev):
    r = ev("players", "add", "ev.db", "a" * 100_001, ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: the name 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'… is 100,001 "
                                          "characters long: a name may have at most 100; shorten it\n"))
    assert ev("players", "add", "ev.db", "a" * 100).exit_code == 0


def test_a_hostile_name_in_a_roster_names_the_file(ev):
    (ev.folder / "r.csv").write_text("name\nAnna\nOle\x1b[2J\n", encoding="utf-8")
    r = ev("players", "import", "ev.db", "r.csv", ok=None)
    # The one tabular reader refuses the control character before any name is read.
    assert (r.exit_code, r.output) == (1, (r"Error: r.csv is not a text table (line 3 holds the control character "
                                          r"'\x1b': it is binary data): save it as CSV UTF-8 or XLSX" "\n"))
    assert names_in(ev) == []


def test_look_alikes_are_held_back_until_yes(ev):
    ev("players", "add", "ev.db", "Jan Müller", "Anna Schmidt")
    r = ev("players", "add", "ev.db", "Jan Mueller", "Zoë Kästner", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "registered 1 player from round 1: Zoë Kästner\n"
        "held back 1 name that looks like a registered one:\n"
        "  'Jan Mueller' looks like the registered 'Jan Müller'\n"
        "add it anyway with --yes, or fix the spelling\n"))
    r = ev("players", "add", "ev.db", "Müller, Jan", "Anna Schmitt", "jan  müller", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: 'jan müller' is already registered (as 'Jan Müller')\n"
        "2 names look like registered ones and were not added: add them anyway with --yes, or fix the spelling\n"
        "  'Müller, Jan' looks like the registered 'Jan Müller'\n"
        "  'Anna Schmitt' looks like the registered 'Anna Schmidt'\n"))
    assert names_in(ev) == ["Jan Müller", "Anna Schmidt", "Zoë Kästner"]
    assert ev("players", "add", "ev.db", "Jan Mueller", "Anna Schmitt", "--yes").output == \
        "registered 2 players from round 1: Jan Mueller, Anna Schmitt\n"
    r = ev("players", "add", "ev.db", "Jan Muller", ok=None)  # looks like both now
    assert r.output == ("Error: 'Jan Muller' looks like the registered 'Jan Mueller' or 'Jan Müller': add anyway "
                        "with --yes, or fix the spelling\n")


def test_look_alikes_within_one_roster(ev):
    (ev.folder / "r.csv").write_text("name\nJan Müller\nJan Mueller\nBen Neu\n", encoding="utf-8")
    r = ev("players", "import", "ev.db", "r.csv", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "registered 2 players from round 1\n"
        "held back 1 name that looks like a registered one:\n"
        "  'Jan Mueller' looks like the registered 'Jan Müller'\n"
        "add it anyway with --yes, or fix the spelling\n"))
    assert ev("players", "import", "ev.db", "r.csv", "--yes").output == (
        "registered 1 player from round 1\n"
        "already registered: Jan Müller, Ben Neu\n")


def test_a_roster_with_excels_question_marks_gets_the_score_sheets_hint(ev):
    ev("players", "add", "ev.db", "Łukasz Nowak")
    # Excel's "CSV" (Windows-1252) wrote '?' for the letters it could not save.
    (ev.folder / "r.csv").write_text("name\n?ukasz Nowak\nBen Neu\nAgnieszka Ko?odziej\n", encoding="utf-8")
    r = ev("players", "import", "ev.db", "r.csv", "--yes", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "registered 1 player from round 1\n"
        "2 names were not registered: Excel replaced letters it could not save with '?': save the roster as "
        "'CSV UTF-8' or XLSX and import it again\n"
        "  '?ukasz Nowak' (most likely 'Łukasz Nowak')\n"
        "  'Agnieszka Ko?odziej'\n"))
    (ev.folder / "r.csv").write_text("name\n?ukasz Nowak\n", encoding="utf-8")
    r = ev("players", "import", "ev.db", "r.csv", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Error: '?ukasz Nowak' was not registered: Excel replaced letters it could not save with '?': save the "
        "roster as 'CSV UTF-8' or XLSX and import it again; it is most likely 'Łukasz Nowak'\n"))
    assert names_in(ev) == ["Łukasz Nowak", "Ben Neu"]


@pytest.mark.parametrize("registered, typed", [
    ("Jürgen Müller", "Müller Jürgen"),  # first- and last-name columns swapped
    ("Jürgen Müller", "Jurgen Muller"),  # umlauts left out rather than spelled out
    ("Łukasz Nowak", "Lukasz Nowak"),
])
def test_a_roster_with_swapped_columns_or_plain_letters_gets_the_look_alike_warning(ev, registered, typed):
    ev("players", "add", "ev.db", registered)
    (ev.folder / "r.csv").write_text(f"Vorname,Nachname\n{typed.split()[0]},{typed.split()[1]}\nBen,Neu\n",
                                     encoding="utf-8")
    r = ev("players", "import", "ev.db", "r.csv", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "registered 1 player from round 1\n"
        "held back 1 name that looks like a registered one:\n"
        f"  '{typed}' looks like the registered '{registered}'\n"
        "add it anyway with --yes, or fix the spelling\n"))
    assert names_in(ev) == [registered, "Ben Neu"]


def test_reimport_of_a_grown_roster_adds_the_new_names(ev):
    (ev.folder / "r.csv").write_text("name\nAnna\nBen Meyer\n", encoding="utf-8")
    assert ev("players", "import", "ev.db", "r.csv").output == "registered 2 players from round 1\n"
    ev("players", "drop", "ev.db", "Ben Meyer")
    (ev.folder / "r.csv").write_text("name\nAnna\nBen Meyer\nCleo\nanna\nDirk\n", encoding="utf-8")
    assert ev("players", "import", "ev.db", "r.csv").output == (
        "registered 2 players from round 1\n"
        "given twice (registered once): anna\n"
        "already registered: Anna, Ben Meyer\n")
    # A re-import does not bring back a dropped player; typing the name does.
    assert [p.dropped_after for p in Event.open(ev.folder / "ev.db").players()] == [None, 0, None, None]
    assert ev("players", "import", "ev.db", "r.csv").output == (
        "given twice (registered once): anna\n"
        "already registered: Anna, Ben Meyer, Cleo, Dirk\n")
    assert ev("players", "add", "ev.db", "Ben Meyer").output == "re-entered from round 1: Ben Meyer\n"


def test_import_of_20000_names_and_again(ev):
    """Registration is one query and one bulk insert, and look-alikes are found through an
    index: 20,000 names take seconds (quadratic, it took minutes)."""
    roster = [f"Spieler {i:05d}" for i in range(20_000)]
    (ev.folder / "big.csv").write_text("name\n" + "\n".join(roster) + "\n", encoding="utf-8")
    assert ev("players", "import", "ev.db", "big.csv").output == "registered 20000 players from round 1\n"
    (ev.folder / "big.csv").write_text("name\n" + "\n".join(roster) + "\nZoë\n", encoding="utf-8")
    out = ev("players", "import", "ev.db", "big.csv").output
    assert out.startswith("registered 1 player from round 1\nalready registered: Spieler 00000, Spieler 00001, ")
    assert len(names_in(ev)) == 20_001


def four_with_results(run):
    run("players", "add", "ev.db", "Anna", "Ben", "Cleo", "Dirk", "Eve")
    names = ("Anna", "Ben", "Cleo", "Dirk")
    write_sheet(run.folder / "r1.csv", [line(1, 1, s, n, civilian=c)
                                        for s, (n, c) in enumerate(zip(names, (20, 15, 10, 5)), 1)])
    run("results", "import", "ev.db", "r1.csv")


def test_rename_follows_everywhere_and_history_keeps_both(ev):
    four_with_results(ev)
    assert ev("players", "rename", "ev.db", "ben", "Benedikt Meyer").output == \
        "renamed 'Ben' to 'Benedikt Meyer'\n"
    rows = json.loads(ev("standings", "ev.db", "--format", "json").output)
    assert [r["player"] for r in rows] == ["Anna", "Benedikt Meyer", "Cleo", "Dirk", "Eve"]
    assert "Benedikt Meyer" in ev("seating", "ev.db", "--round", "1").output
    history = ev("results", "history", "ev.db").output
    assert " registered 'Ben' from round 1\n" in history
    assert history.endswith(" renamed 'Ben' to 'Benedikt Meyer'\n")
    # The season report reads the names from the event.
    ev("event", "ev.db", "--rounds", "1")
    season = ev("season", "ev.db", "--spots", "1").output
    assert "Benedikt Meyer" in season and "Ben " not in season


def test_rename_refuses_another_players_name(ev):
    four_with_results(ev)
    r = ev("players", "rename", "ev.db", "Ben", "ANNA", ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: can't rename 'Ben' to 'ANNA': that is another registered "
                                          "player ('Anna'); choose a different name\n"))
    r = ev("players", "rename", "ev.db", "Nobody", "X", ok=None)
    assert (r.exit_code, r.output) == (1, "Error: no player 'Nobody' in this event: see 'tourney players list'\n")
    r = ev("players", "rename", "ev.db", "Ben", "Ben\x1b[2J", ok=None)
    assert r.exit_code == 1 and "contains a control character (U+001B)" in r.output
    assert ev("players", "rename", "ev.db", "ben", "BEN").output == "renamed 'Ben' to 'BEN'\n"  # case fix


def test_rename_updates_names_stored_in_draws(run):
    run("new", "rr.db", "--game", "duel", "--scheme", "roundrobin", "--rounds", "3", "--seed", "3")
    run("players", "add", "rr.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "rr.db")
    run("players", "rename", "rr.db", "Ben", "Benedikt")
    draw = next(d for d in Event.open(run.folder / "rr.db").draws() if d.kind == "roundrobin")
    assert sorted(draw.payload) == ["Anna", "Benedikt", "Cleo", "Dirk"]  # type: ignore[type-var]
    run("seat", "rr.db", "--round", "2")  # the renamed player is no late entry


def test_remove_only_without_results(ev):
    four_with_results(ev)
    r = ev("players", "remove", "ev.db", "Ben", ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: 'Ben' has results (round 1, table 1): a player who played can't "
                                          "be removed; use 'tourney players drop' so they play no further "
                                          "rounds\n"))
    assert ev("players", "remove", "ev.db", "eve").output == "removed 'Eve'\n"
    assert names_in(ev) == ["Anna", "Ben", "Cleo", "Dirk"]
    assert ev("results", "history", "ev.db").output.endswith(" removed 'Eve'\n")


def test_a_player_on_a_removed_sheet_is_kept_for_the_history_and_told_so(ev):
    four_with_results(ev)
    ev("results", "remove", "ev.db", "--round", "1", "--table", "1", "--reason", "wrong event")
    r = ev("players", "remove", "ev.db", "Ben", ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: 'Ben' is on an earlier version of round 1, table 1, which the "
                                          "history keeps: a player named there can't be removed; use 'tourney "
                                          "players drop' so they play no further rounds\n"))
    assert names_in(ev) == ["Anna", "Ben", "Cleo", "Dirk", "Eve"]


def test_remove_from_a_seated_round_and_refused_once_printed(ev):
    ev("players", "add", "ev.db", "Anna", "Ben", "Cleo", "Dirk", "Eve", "Finn")
    ev("seat", "ev.db", "--tables", "3,3")
    assert ev("players", "remove", "ev.db", "Finn").output == (
        "removed 'Finn'\n"
        "round 1 was seated with them: re-seat it with 'tourney seat ev.db --round 1'\n")
    r = ev("seating", "ev.db", ok=None)  # a seat is empty now: shown only once re-seated
    assert (r.exit_code, r.output) == (1, ("Error: round 1's seating is out of date: removed 'Finn' after it was "
                                          "seated: re-seat it with 'tourney seat ev.db --round 1'\n"))
    ev("seat", "ev.db", "--round", "1", "--tables", "5")
    assert "Finn" not in ev("seating", "ev.db").output
    ev("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    r = ev("players", "remove", "ev.db", "Eve", ok=None)
    assert (r.exit_code, r.output) == (1, ("Error: 'Eve' is seated in round 1, whose sheets are printed: use "
                                          "'tourney players drop' instead\n"))


def test_list_sorts_german_and_escapes_old_hostile_names(ev):
    ev("players", "add", "ev.db", "Zoë", "Yves", "Bauer", "Ärger", "anna")
    with sqlite3.connect(ev.folder / "ev.db") as db:  # an event file from before names were checked
        db.execute("insert into players (name, added_at, joined_round) values (?, '', 1)", ("Ole\x1b[2J\u202e",))
    assert ev("players", "list", "ev.db").output == (
        "Player            First round  Dropped after\n"
        "anna                        1\n"
        "Ärger                       1\n"
        "Bauer                       1\n"
        "Ole\\x1b[2J\\u202e            1\n"
        "Yves                        1\n"
        "Zoë                         1\n"
        "6 players, 6 active\n")


def test_sheet_names_match_decomposed_and_hostile_ones_are_not_registered(ev):
    ev("players", "add", "ev.db", "Jürgen Werner", "Anna", "Ben")
    # NFD ü from a Mac; a zero-width space (control characters are refused by the reader itself)
    names = ("Ju\u0308rgen Werner", "Anna", "Ben", "Cleo\u200b")
    write_sheet(ev.folder / "r1.csv", [line(1, 1, s, n, civilian=c)
                                       for s, (n, c) in enumerate(zip(names, (20, 15, 10, 5)), 1)])
    r = ev("results", "import", "ev.db", "r1.csv", "--register", ok=None)
    assert (r.exit_code, r.output) == (1, (
        r"r1.csv:5: round 1, table 1: error: the name 'Cleo\u200b' contains an invisible character "
        "(U+200B zero width space) at position 5: type the name again without it [player.name]\n"
        "checked 1 file: 1 table, 4 players: 1 error, 0 warnings: nothing stored\n"))
    write_sheet(ev.folder / "r1.csv", [line(1, 1, s, n, civilian=c)
                                       for s, (n, c) in enumerate(zip(names[:3], (20, 15, 10)), 1)])
    ev("results", "import", "ev.db", "r1.csv")
    assert names_in(ev) == ["Jürgen Werner", "Anna", "Ben"]
    assert json.loads(ev("standings", "ev.db", "--format", "json").output)[0]["player"] == "Jürgen Werner"
