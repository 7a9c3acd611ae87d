"""The organiser's everyday messages in a German event (`--lang de`), exact: registration with
a look-alike warning, a roster import, a seating refused as out of date, the change log, the
player view, and the season report."""
from __future__ import annotations

import re

from conftest import line, write_sheet

from tourney.core.i18n import join_and, join_or, use_language


def german(run, file: str = "de.db", name: str = "Bonner Cup", date: str | None = None) -> None:
    run("new", file, "--game", "7wonders", "--seed", "7", "--name", name, "--lang", "de",
        *(["--date", date] if date else []))


def test_players_add_in_german_holds_back_a_look_alike(run):
    german(run)
    assert run("players", "add", "de.db", "Jan Müller", "Anna Schmidt").output == \
        "2 Spieler ab Runde 1 angemeldet: Jan Müller, Anna Schmidt\n"
    r = run("players", "add", "de.db", "Jan Mueller", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: 'Jan Mueller' sieht aus wie der angemeldete Name 'Jan Müller': "
                                          "trotzdem mit --yes anmelden oder die Schreibweise korrigieren\n")
    assert run("players", "add", "de.db", "Jan Mueller", "--yes").output == \
        "1 Spieler ab Runde 1 angemeldet: Jan Mueller\n"
    r = run("players", "add", "de.db", "anna schmidt", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: 'anna schmidt' ist schon angemeldet (als 'Anna Schmidt')\n")
    assert run("players", "rename", "de.db", "Jan Mueller", "Jan Möller").output == \
        "'Jan Mueller' in 'Jan Möller' umbenannt\n"
    assert run("players", "drop", "de.db", "Jan Möller").output == "'Jan Möller' scheidet vor Runde 1 aus\n"


def test_players_import_in_german_lists_the_known_names(run):
    german(run)
    run("players", "add", "de.db", "Anna Schmidt")
    (run.folder / "anmeldung.csv").write_bytes("Vorname;Nachname\nAnna;Schmidt\nZoë;Kästner\nOle;Thießen\n"
                                               "Ole;Thießen\n".encode("cp1252"))
    assert run("players", "import", "de.db", "anmeldung.csv").output == (
        "2 Spieler ab Runde 1 angemeldet\n"
        "doppelt angegeben (einmal angemeldet): Ole Thießen\n"
        "schon angemeldet: Anna Schmidt\n")
    (run.folder / "leer.csv").write_text("Verein\nBonn\n")
    r = run("players", "import", "de.db", "leer.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == ("Fehler: leer.csv:1: keine Spalte 'Name' in der Kopfzeile ['Verein']: die Spalte mit den "
                        "Spielernamen 'Name' nennen oder die Spalten 'Vorname' und 'Nachname' verwenden\n")


def test_an_out_of_date_round_is_refused_in_german(run):
    german(run)
    run("players", "add", "de.db", *(f"Spieler {i}" for i in range(1, 9)))
    run("seat", "de.db")
    run("players", "add", "de.db", "Zoë Kästner")
    run("players", "drop", "de.db", "Spieler 3")
    r = run("seating", "de.db", "--round", "1", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Fehler: der Sitzplan von Runde 1 ist veraltet: 'Zoë Kästner' nachgemeldet, 'Spieler 3' ausgeschieden nach "
        "der Auslosung: mit 'tourney seat de.db --round 1' neu auslosen\n"))
    run("seat", "de.db", "--round", "1")
    run("sheets", "de.db", "--round", "1", "-o", "r1.xlsx")
    r = run("seat", "de.db", "--round", "1", ok=None)
    assert (r.exit_code, r.output) == (1, (
        "Fehler: Runde 1 ist schon gedruckt, die Wertungsbögen liegen womöglich schon auf den Tischen: zum "
        "Neuauslosen --reprint angeben ('tourney seat de.db --round 1 --reprint'), dann neu drucken und die Bögen "
        "der geänderten Tische austauschen\n"))
    r = run("seat", "de.db", "--round", "9", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: Runde 9: die Veranstaltung hat 4 Runden\n")


def _without_times(text: str) -> list[str]:
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d  "
    assert all(re.match(stamp, x) for x in text.splitlines())
    return [re.sub(stamp, "", x) for x in text.splitlines()]


def test_the_history_reads_in_german(run):
    german(run)
    names = ("Bauer", "Ärger", "Zoë Kästner", "Özdemir")
    run("players", "add", "de.db", *names)
    rows = [line(1, 1, s, n, civilian=c) for s, (n, c) in enumerate(zip(names, (20, 15, 10, 5)), 1)]
    write_sheet(run.folder / "r1.csv", rows)
    run("results", "import", "de.db", "r1.csv", "--by", "Ben")
    rows[0] = line(1, 1, 1, "Bauer", civilian=21)
    write_sheet(run.folder / "fix.csv", rows)
    run("results", "import", "de.db", "fix.csv", "--correct", "--reason", "verlesen", "--by", "Ben")
    run("players", "drop", "de.db", "Özdemir")
    run("seat", "de.db")
    who = run("results", "history", "de.db", "--format", "json").output.split('"who": "')[1].split('"')[0]
    log = [x.replace(who, "WER") for x in _without_times(run("results", "history", "de.db").output)]
    assert log == [
        "WER hat die Veranstaltung 'Bonner Cup' angelegt: 7wonders, Wertung bonn, 4 Runden, Startwert <seed>",
        "WER hat die Veranstaltung geändert: Sprache = 'de'",
        "WER hat 'Bauer' ab Runde 1 angemeldet",
        "WER hat 'Ärger' ab Runde 1 angemeldet",
        "WER hat 'Zoë Kästner' ab Runde 1 angemeldet",
        "WER hat 'Özdemir' ab Runde 1 angemeldet",
        "Ben hat Runde 1, Tisch 1 eingetragen, aus r1.csv",
        "Ben hat Runde 1, Tisch 1 korrigiert (Version 2): Zivil Bauer 20 → 21; Summe Bauer "
        + log[7].split("Summe Bauer ")[1].split(";")[0] + "; Grund: verlesen",
        "WER hat 'Özdemir' nach Runde 1 abgemeldet",
        "WER hat Runde 2 ausgelost: 3 Spieler an Tischen zu 3",
    ]
    assert run("results", "history", "de.db", "--round", "3").output == "keine Änderungen\n"


def test_the_player_view_in_german(run):
    german(run)
    run("players", "add", "de.db", "Bauer", "Ärger", "Zoë Kästner")
    assert run("player", "de.db", "bauer").output == "Bauer: noch keine Ergebnisse\nnoch nicht ausgelost\n"
    r = run("player", "de.db", "Baur", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: kein angemeldeter Spieler 'Baur': meinten Sie 'Bauer'?\n")


def _season_event(run, file: str, name: str, date: str, players: list[str]) -> None:
    german(run, file, name, date)
    rows = [line(1, 1, seat, p, civilian=c) for seat, (p, c) in enumerate(zip(players, (12, 10, 8, 6, 4)), 1)]
    write_sheet(run.folder / f"{file}.csv", rows)
    run("event", file, "--rounds", "1")
    run("results", "import", file, f"{file}.csv", "--register")


def test_the_season_report_in_german(run):
    _season_event(run, "koeln.db", "Köln Open", "2018-03-10", ["Anna", "Jörg Müller", "Clara", "Dirk", "Emil"])
    _season_event(run, "bonn.db", "Bonn Spielt", "2018-10-27", ["JOERG MUELLER", "Fritz", "anna", "Gerd", "Clara"])
    assert run("season", "koeln.db", "bonn.db", "--spots", "1", "--lang", "de").output == """\
Saison: 2 Turniere, 1 Platz je Turnier

Turniere (in Auswertungsreihenfolge)
#  Datum       Turnier      Spieler  qualifiziert
1  2018-03-10  Köln Open          5             1
2  2018-10-27  Bonn Spielt        5             1

Qualifiziert
Turnier      Datum       Platz  Spieler
Köln Open    2018-03-10      1  Anna
Bonn Spielt  2018-10-27      1  Jörg Müller

Nachrücker
(keine)

Spieler
Spieler      Turniere  Plätze                        bester  qualifiziert bei
Anna                2  Köln Open: 1, Bonn Spielt: 3       1  Köln Open
Clara               2  Köln Open: 3, Bonn Spielt: 5       3
Dirk                1  Köln Open: 4                       4
Emil                1  Köln Open: 5                       5
Fritz               1  Bonn Spielt: 2                     2
Gerd                1  Bonn Spielt: 4                     4
Jörg Müller         2  Köln Open: 2, Bonn Spielt: 1       1  Bonn Spielt

Hinweise
- die Schreibweisen 'JOERG MUELLER' und 'Jörg Müller' als ein Spieler zusammengeführt, angezeigt als 'Jörg Müller': \
sind es verschiedene Personen, einer von ihnen in einer Alias-Datei einen anderen Namen geben
"""
    german_report = run("season", "koeln.db", "bonn.db", "--spots", "1", "--lang", "de").output
    # Both events are German: so is the report, without --lang; --lang en asks for English.
    assert run("season", "koeln.db", "bonn.db", "--spots", "1").output == german_report
    assert run("season", "koeln.db", "bonn.db", "--spots", "1", "--lang", "en").output.startswith(
        "Season: 2 events, 1 spot per event\n")
    assert run("season", "koeln.db", "bonn.db", "--spots", "1", "-o", "s.xlsx", "--lang", "de").output == \
        "s.xlsx geschrieben: 2 qualifiziert, 0 nachgerückt, 7 Spieler\n"
    r = run("season", "koeln.db", "--spots", "0", "--lang", "de", ok=None)
    assert r.exit_code == 2
    r = run("season", "koeln.db", "koeln.db", "--spots", "1", "--lang", "de", ok=None)
    assert r.exit_code == 2 and "Veranstaltungsdatei 'koeln.db' ist doppelt angegeben (auch als 'koeln.db'); " \
                                "jede Veranstaltung nur einmal angeben" in r.output
    # The CSV keeps its English keys: a machine contract.
    assert run("season", "koeln.db", "bonn.db", "--spots", "1", "--format", "csv", "--lang", "de").output \
        .splitlines()[0] == "event,date,place,player"


def test_lists_are_joined_in_the_current_language():
    assert join_and(["'A'", "'B'", "'C'"]) == "'A', 'B' and 'C'"
    assert join_or(["'A'"]) == "'A'"
    with use_language("de"):
        assert join_and(["'A'", "'B'"]) == "'A' und 'B'"
        assert join_or(["'A'", "'B'", "'C'"]) == "'A', 'B' oder 'C'"


def test_an_existing_file_is_not_overwritten_and_says_so_in_german(run):
    german(run)
    run("players", "add", "de.db", "Bauer", "Ärger", "Zoë Kästner")
    (run.folder / "tabelle.html").write_text("alt")
    r = run("export", "de.db", "-o", "tabelle.html", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: 'tabelle.html' gibt es schon: mit --force ersetzen oder einen "
                                          "anderen Dateinamen wählen\n")
    assert (run.folder / "tabelle.html").read_text() == "alt"


def test_a_usage_mistake_in_a_german_event_is_said_in_german(run):
    german(run)
    r = run("standings", "de.db", "--after-round", "9", ok=None)
    assert (r.exit_code, r.output) == (2, "Aufruf: cli standings [OPTIONS] EVENT\nHilfe: 'cli standings --help'.\n\n"
                                          "Fehler: --after-round 9: noch keine Runde hat Ergebnisse; --after-round "
                                          "weglassen\n")
    # Before an event is open, tourney speaks English (click's own words too).
    r = run("standings", ok=None)
    assert (r.exit_code, r.output.splitlines()[-1]) == (2, "Error: Missing argument 'EVENT'.")


def test_a_season_refuses_an_event_of_another_game(run):
    _season_event(run, "koeln.db", "Köln Open", "2018-03-10", ["Anna", "Jörg Müller", "Clara", "Dirk", "Emil"])
    _season_event(run, "bonn.db", "Bonn Spielt", "2018-10-27", ["JOERG MUELLER", "Fritz", "anna", "Gerd", "Clara"])
    from tourney.demo import run_all

    run_all(run.folder / "demo", lambda _: None, "onecardwonder")  # an evening of the fair
    (run.folder / "demo" / "onecardwonder.db").rename(run.folder / "ocw.db")
    r = run("season", "koeln.db", "ocw.db", "bonn.db", "--spots", "1", ok=None)  # events in two languages
    assert (r.exit_code, r.output) == (1, "Error: 'ocw.db' (One Card Wonder) is not a 7 Wonders event like the "
                                          "others: a season report takes the events of one game; leave it out\n")
    run("event", "ocw.db", "--lang", "de")
    r = run("season", "koeln.db", "ocw.db", "bonn.db", "--spots", "1", ok=None)
    assert (r.exit_code, r.output) == (1, "Fehler: 'ocw.db' (One Card Wonder) ist keine 7 Wonders-Veranstaltung wie "
                                          "die anderen: ein Saisonbericht nimmt die Veranstaltungen eines Spiels; "
                                          "diese weglassen\n")


def test_one_round_and_one_table_take_the_singular(run):
    out = run("new", "one.db", "--game", "7wonders", "--rounds", "1", "--lang", "de", "--seed", "2").output
    assert out == "'one' in one.db angelegt: 7wonders, Wertung bonn, 1 Runde, Fingerabdruck der Auslosung 7a0f046a8d43ab54\n"
    run("players", "add", "one.db", "A", "B", "C", "D", "E")
    assert run("seat", "one.db").output == ("Runde 1: 5 Spieler an 1 Tisch (5)\n"
                                            "Fingerabdruck der Auslosung 7a0f046a8d43ab54 (SHA-256 des geheimen Startwerts)\n")
    assert run("sheets", "one.db", "--round", "1", "-o", "r1.xlsx").output == \
        "r1.xlsx geschrieben: Runde 1, 1 Tisch, 5 Spieler\n"


def test_the_history_names_the_organiser_and_the_desks_in_the_readers_language(run):
    """Issue 46, item 8: the tool's own commands are the organiser's ("die Turnierleitung"), not
    the computer's login name ("root"); a desk is an "Eingabeplatz" wherever it is named (a
    double entry's two desks and its source too)."""
    from tourney.event.history import author_shown, source_shown

    german(run)
    run("players", "add", "de.db", "Anna Schmidt")
    lines = [x.split("  ", 1)[1] for x in run("results", "history", "de.db").output.splitlines()]
    assert lines[0].startswith("die Turnierleitung hat die Veranstaltung 'Bonner Cup' angelegt")
    assert lines[-1] == "die Turnierleitung hat 'Anna Schmidt' ab Runde 1 angemeldet"
    import getpass

    assert all(getpass.getuser() not in x.split() for x in lines)
    with use_language("de"):
        assert author_shown("desk A + desk B") == "Eingabeplatz A + Eingabeplatz B"
        assert source_shown("double entry by desk A and desk B") == (
            "doppelter Erfassung durch Eingabeplatz A und Eingabeplatz B")
        assert source_shown("desk Kasse") == "Eingabeplatz Kasse" and source_shown("r1.csv") == "r1.csv"
    with use_language("fr"):
        assert author_shown("organiser") == "l'organisation" and author_shown("desk A") == "poste A"


def test_a_desk_is_one_word_in_german_never_a_seat():
    """Issue 46, item 8: "Platz" is a seat on the pads (and a rank on the standings); a desk is
    an "Eingabeplatz" in every German message that names one (the conflict screen said "Ein
    anderer Platz hat diesen Tisch zuerst gespeichert")."""
    from babel.messages.pofile import read_po

    from conftest import PO

    with open(PO, "rb") as fh:
        catalogue = read_po(fh, locale="de")
    for m in catalogue:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if any(re.search(r"\bdesks?\b", i) and "tourney desk" not in i for i in ids):
            for s in strings:
                assert not re.search(r"(?<![A-Za-zä])Pl[aä]tz", s), (m.id, s)


def test_one_german_word_per_idea_seat_rank_and_games(run):
    """Issue 46, item 8: "Platz" was a rank on the standings and a seat on the pads, and games
    played were "Spiele" on one page and "Partien" on the next. Now a seat is a "Sitz", a rank
    or a place a "Platz", games played "Partien", in every German message."""
    from babel.messages.pofile import read_po

    from conftest import PO

    with open(PO, "rb") as fh:
        catalogue = read_po(fh, locale="de")
    said = {(m.context, m.id): m.string for m in catalogue if isinstance(m.id, str)}
    for key in ("rank", "Rank", "place", "Place"):
        assert said[(None, key)] == "Platz", key
    assert said[(None, "seat")] == said[(None, "Seat")] == said[("printed", "Seat")] == "Sitz"
    assert said[(None, "games")] == said[(None, "Games")] == said[(None, "games played")] == "Partien"
    for m in catalogue:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if any(re.search(r"\bseats?\b", i) and not re.search(r"\bplaces?\b", i) for i in ids):
            for s in strings:
                assert not re.search(r"(?<![A-Za-zä])Pl[aä]tz", s), (m.id, s)
        if any(re.search(r"\bgames? played\b|after \{games\} games?", i) for i in ids):
            for s in strings:
                assert not re.search(r"\bSpiel(e|en)?\b", s), (m.id, s)
    # The seat column was headed "Platz" on the German sheets printed before: they still import.
    german(run)
    run("players", "add", "de.db", "Anna", "Ben", "Cleo")
    (run.folder / "alt.csv").write_text(
        "Runde;Tisch;Platz;Spieler;Militär;Münzen-Punkte;Weltwunder-Punkte;Zivil;Handel;Gilden;Wissenschaft;"
        "Summe;Münzen\n1;1;1;Anna;0;1;3;12;0;0;0;16;3\n1;1;2;Ben;0;1;3;10;0;0;0;14;3\n"
        "1;1;3;Cleo;0;1;3;8;0;0;0;12;3\n", encoding="utf-8")
    assert run("results", "import", "de.db", "alt.csv").exit_code == 0
    assert "Anna" in run("standings", "de.db").output.splitlines()[3]
