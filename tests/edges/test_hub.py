"""The season hub: `tourney hub new / venue / import / season` and `tourney sync -o`, exact
output; a venue's batch applied once (a gap answered with where to resume), only by its own
venue's token; the hub's season report equal to `tourney season` over the files, whatever
order and however often the changes arrived; the same on a PostgreSQL hub."""
from __future__ import annotations

import csv
import json
import re

import pytest

from conftest import EXAMPLE, invoke, line, postgres_event_url, write_sheet
from tourney.core.hubstore import Hub, HubError, Refused
from tourney.core.store import Event, journal


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.output


def refused(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 1, result.output
    return result.output


def token_of(output: str) -> str:
    found = re.fullmatch(r"(?:venue '[^']+' token|Spielort '[^']+', Zugangscode): ([A-Za-z0-9_-]{32})\n", output)
    assert found, output
    return found[1]


def bonn(location: str, *, reveal: bool = True) -> None:
    """The bundled Bonn 2018 qualifier (28 players, 4 rounds)."""
    ok("new", location, "--game", "7wonders", "--seed", "20180318", "--name", "Bonn 2018", "--date", "2018-03-18")
    ok("players", "import", location, str(EXAMPLE / "players.csv"))
    for sheet in ("round1.csv", "round2.csv", "round3.csv", "round4.xlsx"):
        ok("results", "import", location, str(EXAMPLE / sheet))
    if reveal:
        ok("event", location, "--reveal-seed")


def cup(location: str, folder, *, name: str = "Köln Cup", date: str = "2018-05-01", tied: bool = False,
        reveal: bool = True) -> None:
    """A one-round event of nine players, some of them Bonn's (`tied`: all sheets alike, the lot
    ranks them)."""
    ok("new", location, "--game", "7wonders", "--seed", "5", "--name", name, "--rounds", "1", "--date", date)
    ok("players", "add", location, "Marie Neumann", "Rosa Krüger", *[f"P{i}" for i in range(1, 8)])
    ok("seat", location)
    seating = ok("seating", location, "--format", "csv").splitlines()[1:]
    by_seat = {(int(r.split(",")[1]), int(r.split(",")[2])): r.split(",")[3] for r in seating}
    sheet = folder / f"{name}.csv"
    write_sheet(sheet, [line(1, t, s, n, civilian=10 if tied else 3 * s + t) for (t, s), n in sorted(by_seat.items())])
    ok("results", "import", location, str(sheet))
    if reveal:
        ok("event", location, "--reveal-seed")


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_hub_is_made_and_its_venues_added_listed_and_removed(here):
    assert ok("hub", "new", "season.db", "--name", "Qualifiers 2026") == "created hub 'Qualifiers 2026' in season.db\n"
    assert refused("hub", "new", "season.db").endswith(
        "'season.db' already exists: choose another file name for the hub\n")
    assert ok("hub", "venue", "list", "season.db") == "no venues yet: add one with 'tourney hub venue add HUB NAME'\n"
    token = token_of(ok("hub", "venue", "add", "season.db", "  Bonn  Spielt "))
    assert refused("hub", "venue", "add", "season.db", "bonn spielt").endswith(
        "there is already a venue 'Bonn Spielt': choose another name\n")
    listed = ok("hub", "venue", "list", "season.db")
    assert re.fullmatch(r"Bonn Spielt \(added \d{4}-\d\d-\d\dT[\d:]+\+00:00\)\n", listed), listed
    assert token not in listed and token not in (here / "season.db").read_bytes().decode("latin-1")
    assert ok("hub", "venue", "remove", "season.db", "bonn spielt") == (
        "removed venue 'Bonn Spielt': its token writes no more\n")
    assert "removed 20" in ok("hub", "venue", "list", "season.db")
    assert refused("hub", "venue", "remove", "season.db", "Bonn Spielt").endswith(
        "no venue 'Bonn Spielt' on this hub: see 'tourney hub venue list'\n")
    assert refused("hub", "venue", "list", "nohub.db").endswith(
        "no hub 'nohub.db': create one with 'tourney hub new nohub.db'\n")


def test_a_hub_speaks_its_language(here):
    assert ok("hub", "new", "saison.db", "--lang", "de") == "Hub 'saison' in saison.db angelegt\n"
    assert ok("hub", "venue", "list", "saison.db") == (
        "noch keine Spielorte: fügen Sie einen mit 'tourney hub venue add HUB NAME' hinzu\n")


def test_the_hub_keeps_the_circuit_rules_its_report_follows(here):
    """Issue 51, item 5: `tourney hub rules` stores `tourney season`'s circuit options (refused
    as that command refuses them); `hub season` without --spots follows them."""
    ok("hub", "new", "saison.db", "--lang", "de")
    said = invoke("hub", "rules", "saison.db")
    assert said.exit_code == 2 and said.output.endswith(
        "Fehler: der Hub hat keine Regeln der Serie: sie festlegen, z. B. 'tourney hub rules HUB --spots 3'\n")
    said = invoke("hub", "season", "saison.db")
    assert said.exit_code == 2 and "Fehler: der Hub hat keine Regeln der Serie: die Plätze je Turnier" in said.output
    said = invoke("hub", "rules", "saison.db", "--spots", "2", "--spots-by-size", "1,20:2")
    assert said.exit_code == 2 and said.output.endswith(
        "Fehler: --spots und --spots-by-size geben beide die Plätze an: nur eines davon angeben\n")
    assert ok("hub", "rules", "saison.db", "--spots", "2", "--ranking") == (
        "Der Saisonbericht des Hubs folgt: --spots 2 --ranking\n")
    assert ok("hub", "rules", "saison.db") == "Der Saisonbericht des Hubs folgt: --spots 2 --ranking\n"
    said = invoke("hub", "season", "saison.db")
    assert said.exit_code == 2 and "Fehler: noch kein Turnier im Hub ist beendet" in said.output
    assert invoke("hub", "rules", "saison.db", "--clear", "--best", "2").exit_code == 2  # nothing forgotten
    assert ok("hub", "rules", "saison.db") == "Der Saisonbericht des Hubs folgt: --spots 2 --ranking\n"
    assert ok("hub", "rules", "saison.db", "--clear") == (
        "der Hub hat keine Regeln der Serie: jeder Saisonbericht wird mit seinen Plätzen abgefragt\n")
    bonn("bonn.db")
    token = token_of(ok("hub", "venue", "add", "saison.db", "Bonn"))
    ok("sync", "bonn.db", "-o", "bonn.json", "--token", token)
    ok("hub", "import", "saison.db", "bonn.json")
    assert invoke("hub", "season", "saison.db").exit_code == 2
    ok("hub", "rules", "saison.db", "--spots", "2", "--ranking")
    assert ok("hub", "season", "saison.db", "--format", "json") == ok(
        "season", "bonn.db", "--spots", "2", "--ranking", "--format", "json")


def test_a_journal_file_is_imported_once_however_often(here):
    bonn("bonn.db")
    ok("hub", "new", "season.db")
    token = token_of(ok("hub", "venue", "add", "season.db", "Bonn"))
    count = len(entries_of("bonn.db")[1])
    assert ok("sync", "bonn.db", "-o", "bonn.json", "--token", token) == (
        f"wrote bonn.json: {count} changes of 'bonn.db', signed with the venue's token\n")
    assert ok("hub", "import", "season.db", "bonn.json") == (
        f"bonn.json: Bonn: {count} new changes applied, the hub has the event's changes up to {count}\n")
    assert ok("hub", "import", "season.db", "bonn.json", "bonn.json") == (
        f"bonn.json: Bonn: 0 new changes applied, the hub has the event's changes up to {count}\n" * 2)
    assert "bonn.json" in refused("sync", "bonn.db", "-o", "bonn.json", "--token", token)  # not without --force
    assert ok("hub", "season", "season.db", "--spots", "3", "--format", "json") == ok(
        "season", "bonn.db", "--spots", "3", "--format", "json")


def test_the_hubs_season_equals_the_files_whatever_order_and_however_often(here):
    bonn("bonn.db")
    cup("koeln.db", here)
    ok("hub", "new", "season.db")
    a = token_of(ok("hub", "venue", "add", "season.db", "Bonn"))
    b = token_of(ok("hub", "venue", "add", "season.db", "Köln"))
    ok("sync", "koeln.db", "-o", "k1.json", "--token", b)
    ok("results", "import", "koeln.db", str(here / "Köln Cup.csv"), "--correct", "--reason", "again")  # no change
    ok("players", "add", "koeln.db", "Late")  # a change after the first file
    ok("sync", "koeln.db", "-o", "k2.json", "--token", b)
    ok("sync", "bonn.db", "-o", "b.json", "--token", a)
    for file in ("k2.json", "b.json", "k1.json", "b.json", "k2.json"):
        ok("hub", "import", "season.db", file)
    expected = ok("season", "bonn.db", "koeln.db", "--spots", "2", "--format", "json")
    assert ok("hub", "season", "season.db", "--spots", "2", "--format", "json") == expected
    assert [e["event"] for e in json.loads(expected)["events"]] == ["Bonn 2018", "Köln Cup"]


def test_a_report_after_a_change_of_one_event_reads_that_event_again(here):
    """The hub keeps each final event's result by its count of entries: a correction pushed
    afterwards shows in the next report, the other event's result read from memory."""
    bonn("bonn.db")
    cup("koeln.db", here)
    ok("hub", "new", "season.db")
    a = token_of(ok("hub", "venue", "add", "season.db", "Bonn"))
    b = token_of(ok("hub", "venue", "add", "season.db", "Köln"))
    for file, token in (("bonn.db", a), ("koeln.db", b)):
        ok("sync", file, "-o", f"{file}.json", "--token", token)
        ok("hub", "import", "season.db", f"{file}.json")
    before = ok("hub", "season", "season.db", "--spots", "1", "--format", "json")
    assert before == ok("season", "bonn.db", "koeln.db", "--spots", "1", "--format", "json")
    rows = list(csv.reader((here / "Köln Cup.csv").read_text(encoding="utf-8").splitlines()))
    civilian = rows[0].index("civilian")
    last = max(rows[1:], key=lambda r: int(r[civilian]))  # the winner falls behind every other
    first = next(r for r in rows[1:] if r[1] == last[1] and r is not last)
    last[civilian], first[civilian] = first[civilian], last[civilian]
    total = rows[0].index("total")
    for r in (last, first):
        r[total] = str(sum(int(r[rows[0].index(c)]) for c in ("military", "treasury", "wonders", "civilian",
                                                                "commercial", "guilds", "science")))
    write_sheet(here / "again.csv", rows[1:])
    ok("results", "import", "koeln.db", "again.csv", "--correct", "--reason", "swapped")
    ok("sync", "koeln.db", "-o", "k2.json", "--token", b)
    ok("hub", "import", "season.db", "k2.json")
    after = ok("hub", "season", "season.db", "--spots", "1", "--format", "json")
    assert after == ok("season", "bonn.db", "koeln.db", "--spots", "1", "--format", "json") != before


def test_a_final_events_lot_decides_its_ties_on_the_hub_as_at_the_venue_before_its_seed_is_revealed(here):
    """The venue keeps its seed secret after the event: the hub ranks the lot-decided ties by
    the lots the venue sent once the event was final (the replica's seed is unknown)."""
    from tourney.event.standings import in_lot_order

    cup("koeln.db", here, tied=True, reveal=False)
    ok("hub", "new", "season.db")
    token = token_of(ok("hub", "venue", "add", "season.db", "Köln"))
    ok("sync", "koeln.db", "-o", "k.json", "--token", token)
    ok("hub", "import", "season.db", "k.json")
    expected = ok("season", "koeln.db", "--spots", "3", "--format", "json")
    assert ok("hub", "season", "season.db", "--spots", "3", "--format", "json") == expected
    names = ["Marie Neumann", "Rosa Krüger", *[f"P{i}" for i in range(1, 8)]]
    qualified = [q["player"] for q in json.loads(expected)["qualified"]]
    assert qualified == in_lot_order(5, names, str)[:3] != in_lot_order(0, names, str)[:3]
    ok("event", "koeln.db", "--reveal-seed")
    ok("sync", "koeln.db", "-o", "k2.json", "--token", token)
    ok("hub", "import", "season.db", "k2.json")
    assert ok("hub", "season", "season.db", "--spots", "3", "--format", "json") == expected


def test_only_a_venues_own_token_writes_its_events(here):
    bonn("bonn.db")
    ok("hub", "new", "season.db")
    a = token_of(ok("hub", "venue", "add", "season.db", "Bonn"))
    b = token_of(ok("hub", "venue", "add", "season.db", "Köln"))
    ok("sync", "bonn.db", "-o", "a.json", "--token", a)
    ok("sync", "bonn.db", "-o", "b.json", "--token", b)
    ok("hub", "import", "season.db", "a.json")
    assert refused("hub", "import", "season.db", "b.json").endswith(
        "event {} belongs to another venue: a venue's token writes only its own events\n".format(
            json.loads((here / "a.json").read_text())["journal_id"]))
    doc = json.loads((here / "a.json").read_text())
    doc["entries"][0]["data"] = "Bonn 2019"
    (here / "forged.json").write_text(json.dumps(doc))
    assert refused("hub", "import", "season.db", "forged.json").endswith(
        "'forged.json' is not signed by a venue of this hub (or was changed since, or its venue was removed): "
        "write it again with the venue's token\n")
    ok("sync", "bonn.db", "-o", "wrong.json", "--token", "not-a-venue-token")
    assert "is not signed by a venue of this hub" in refused("hub", "import", "season.db", "wrong.json")
    ok("hub", "venue", "remove", "season.db", "Bonn")
    assert "is not signed by a venue of this hub" in refused("hub", "import", "season.db", "a.json")
    (here / "junk.json").write_text("{")
    assert "'junk.json' is not a journal file 'tourney sync -o' writes" in refused(
        "hub", "import", "season.db", "junk.json")


def entries_of(location: str) -> tuple[str, list[journal.Entry]]:
    event = Event.open(location)
    with event.db.read() as conn:
        found = journal.journal_id(conn), journal.entries(conn)
    event.close()
    assert found[0] is not None
    return found  # type: ignore[return-value]


def hub_location(kind: str, folder, request) -> str:
    if kind == "sqlite":
        return str(folder / "season.db")
    return postgres_event_url(request.getfixturevalue("postgres_server"))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_batch_is_applied_once_and_a_gap_answered_with_where_to_resume(kind, here, request):
    bonn("bonn.db")
    jid, found = entries_of("bonn.db")
    made = Hub.create(hub_location(kind, here, request), name="S", lang="en")
    token = made.add_venue("Bonn")
    first = made.apply(token, jid, found[:10])
    assert (first.new, first.acknowledged, first.resume, first.gap) == (10, 10, 11, False)
    gap = made.apply(token, jid, found[15:20])
    assert (gap.new, gap.resume, gap.gap) == (0, 11, True)
    again = made.apply(token, jid, found[5:30])  # half of it the hub has
    assert (again.new, again.acknowledged, again.gap) == (20, 30, False)
    made.apply(token, jid, found[30:])
    [event] = made.events()
    assert made.entries(event.id) == found and event.applied == len(found) and event.venue == "Bonn"
    with pytest.raises(Refused):
        made.apply("wrong", jid, found[:1])
    other = made.add_venue("Köln")
    with pytest.raises(Refused, match="belongs to another venue"):
        made.apply(other, jid, found[-1:])
    with pytest.raises(HubError, match="is not an event's journal id"):
        made.apply(token, "../x", found[:1])
    made.remove_venue("Bonn")
    with pytest.raises(Refused, match="the venue was removed"):
        made.apply(token, jid, found[-1:])
    made.close()


def test_a_hub_in_postgresql_gives_the_files_season(postgres_server, here):
    bonn("bonn.db")
    cup("koeln.db", here)
    url = postgres_event_url(postgres_server)
    assert ok("hub", "new", url, "--name", "PG season").startswith("created hub 'PG season' in postgresql")
    a = token_of(ok("hub", "venue", "add", url, "Bonn"))
    b = token_of(ok("hub", "venue", "add", url, "Köln"))
    ok("sync", "bonn.db", "-o", "b.json", "--token", a)
    ok("sync", "koeln.db", "-o", "k.json", "--token", b)
    ok("hub", "import", url, "k.json", "b.json")
    assert ok("hub", "season", url, "--spots", "1", "--format", "json") == ok(
        "season", "bonn.db", "koeln.db", "--spots", "1", "--format", "json")


def test_the_hub_matches_players_across_venues_with_the_seasons_alias_file(here):
    bonn("bonn.db")
    cup("koeln.db", here)
    ok("players", "rename", "koeln.db", "Marie Neumann", "M. Neumann")  # another spelling at Köln
    ok("players", "rename", "koeln.db", "P1", "Rosa Krueger")  # two at Köln fold alike: shown, not guessed
    (here / "aliases.csv").write_text("alias,name\nM. Neumann,Marie Neumann\n", encoding="utf-8")
    ok("hub", "new", "season.db")
    for venue, event in (("Bonn", "bonn.db"), ("Köln", "koeln.db")):
        token = token_of(ok("hub", "venue", "add", "season.db", venue))
        ok("sync", event, "-o", f"{venue}.json", "--token", token)
        ok("hub", "import", "season.db", f"{venue}.json")
    asked = invoke("hub", "aliases", "season.db")
    assert asked.exit_code == 2 and asked.output.endswith(
        "Error: the hub has no alias file: give one, 'tourney hub aliases HUB FILE'\n")
    assert ok("hub", "aliases", "season.db", "aliases.csv") == (
        "the hub matches the players with 1 alias from aliases.csv\n")
    expected = ok("season", "bonn.db", "koeln.db", "--spots", "1", "--format", "json", "--aliases", "aliases.csv")
    assert ok("hub", "season", "season.db", "--spots", "1", "--format", "json") == expected
    said = json.loads(expected[expected.index("{"):])  # after the warning (stderr) of the ambiguity
    assert expected.startswith("warning: 'Rosa Krueger' and 'Rosa Krüger' in 'Köln Cup' both match") and said[
        "ambiguities"] and "Marie Neumann" in [p["player"] for p in said["players"] if p["events"] == 2]
    assert ok("hub", "aliases", "season.db", "--clear") == "the hub matches the players by their names alone\n"
    assert ok("hub", "season", "season.db", "--spots", "1", "--format", "json") == ok(
        "season", "bonn.db", "koeln.db", "--spots", "1", "--format", "json")
