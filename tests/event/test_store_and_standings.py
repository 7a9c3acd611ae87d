"""Store safety (all or nothing), standings as a total order, the lot, and the golden demo."""
from __future__ import annotations

import sqlite3
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conftest import EXAMPLE, ROOT, line, write_sheet
from rules_engine.sevenwonders import PlayerScore
from tourney.core import store
from tourney.event.setup import create_event
from tourney.outputs.export import to_csv
from tourney.event.players import add_players
from tourney.event.importing import import_results
from tourney.games.sevenwonders.schemes import BONN
from tourney.games.sevenwonders.standings import GAME, SevenWondersLine
from tourney.games.tablegame.model import rank_players
from tourney.event.standings import in_lot_order, lot_key, ranked_by_lot
from tourney.core.store import Event, EventInfo, Player
from tourney.games.registry import workflow

W7 = workflow("7wonders")


def make_event(tmp_path: Path) -> Event:
    create_event(str(tmp_path / "ev.db"), game=W7, scheme="bonn", rounds=4, seed=3, name="T", date=None)
    event = Event.open(tmp_path / "ev.db")
    add_players(event, [f"P{i}" for i in range(1, 10)])
    return event


def test_crash_in_the_middle_of_an_import_leaves_the_event_as_before(tmp_path, monkeypatch):
    event = make_event(tmp_path)
    rows = [line(1, 1, s, f"P{s}") for s in range(1, 6)] + [line(1, 2, s, f"P{s + 5}") for s in range(1, 5)]
    sheet = write_sheet(tmp_path / "r1.csv", rows)
    dump_before = "\n".join(sqlite3.connect(tmp_path / "ev.db").iterdump())
    real = store.store_results

    def crash_after_writing_the_tables(*args, **kwargs):
        real(*args, **kwargs)  # both tables are written inside the transaction, then the power goes
        raise RuntimeError("power cut")

    monkeypatch.setattr(store, "store_results", crash_after_writing_the_tables)
    with pytest.raises(RuntimeError):
        import_results(event, W7, [sheet])
    assert "\n".join(sqlite3.connect(tmp_path / "ev.db").iterdump()) == dump_before
    monkeypatch.setattr(store, "store_results", real)
    assert len(import_results(event, W7, [sheet]).tables) == 2


def test_event_file_settings(tmp_path):
    event = make_event(tmp_path)
    con = sqlite3.connect(tmp_path / "ev.db")
    assert con.execute("pragma journal_mode").fetchone() == ("wal",)
    assert dict(con.execute("select key, value from meta"))["schema_version"] == str(store.SCHEMA_VERSION)
    con.execute("update meta set value = '99' where key = 'schema_version'")
    con.commit()
    from tourney.core.errors import EventError
    with pytest.raises(EventError, match="schema version 99"):
        Event.open(tmp_path / "ev.db")
    del event


def test_lot_is_reproducible_and_independent_of_late_entries():
    names = ["Anna", "Ben", "Cleo"]
    before = sorted(names, key=lambda n: lot_key(5, n))
    after = sorted(names + ["Zoe"], key=lambda n: lot_key(5, n))
    assert [n for n in after if n != "Zoe"] == before
    assert lot_key(5, "ANNA") == lot_key(5, "anna")


def drawn(seed: int, lots: tuple[tuple[str, str], ...] = ()) -> EventInfo:
    """An event drawn from `seed` (on a hub's replica: with the `lots` its venue sent)."""
    return EventInfo("Cup", "7wonders", "bonn", 1, seed, None, "2026-01-01T00:00:00+00:00", lots=lots)


def test_the_lots_a_venue_sent_rank_a_replicas_players_not_its_unknown_seed():
    ps = [Player(i, n, 1, None) for i, n in enumerate(["Anna", "Ben", "Cleo", "Dora"], 1)]
    venue = in_lot_order(5, ps, lambda p: p.name)
    assert venue != in_lot_order(0, ps, lambda p: p.name)  # a replica's seed is 0 until revealed
    sent = tuple((p.name.casefold(), lot_key(5, p.name)) for p in ps)
    assert ranked_by_lot(drawn(0, sent), ps, lambda p: p.name) == venue
    assert ranked_by_lot(drawn(5), ps, lambda p: p.name) == venue


def games_for(players, data):
    return [SevenWondersLine(1, 1, PlayerScore(i + 1, p.name, 0, 0, 0, vp, 0, 0, 0, vp, c), 1, F(pts),
                             {"share": F(share, 100)})
            for i, (p, (pts, share, vp, c)) in enumerate(zip(players, data))]


def test_tiebreak_chain_points_share_vp_coins_lot():
    ps = [Player(i, n, 1, None) for i, n in enumerate(["A", "B", "C", "D", "E"], 1)]
    data = [(5, 20, 40, 3), (5, 25, 40, 3), (5, 25, 45, 3), (5, 25, 45, 9), (6, 1, 1, 0)]
    rows, _ = rank_players(GAME, ps, games_for(ps, data), GAME.chain(BONN), drawn(1))
    assert [r.player for r in rows] == ["E", "D", "C", "B", "A"]
    # Fully equal players are ordered by their lot.
    tied = [(5, 20, 40, 3)] * 5
    rows, lots = rank_players(GAME, ps, games_for(ps, tied), GAME.chain(BONN), drawn(1))
    assert [r.player for r in rows] == lots
    assert [r.lot for r in rows] == [1, 2, 3, 4, 5]


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 16), st.integers(0, 100), st.integers(0, 80), st.integers(0, 20)),
                min_size=2, max_size=12), st.integers(0, 10**6))
def test_standings_are_a_total_order(data, seed):
    ps = [Player(i, f"P{i}", 1, None) for i in range(len(data))]
    rows, _ = rank_players(GAME, ps, games_for(ps, data), GAME.chain(BONN), drawn(seed))
    keys = [(r.points, r.values["share"], r.values["vp"], r.values["coins"], -r.lot) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))


def test_after_round_only_counts_earlier_rounds(tmp_path):
    event = make_event(tmp_path)
    r1 = write_sheet(tmp_path / "r1.csv", [line(1, 1, s, f"P{s}", civilian=2 * s) for s in range(1, 5)])
    r2 = write_sheet(tmp_path / "r2.csv", [line(2, 1, s, f"P{s}", civilian=10 - s) for s in range(1, 5)])
    import_results(event, W7, [r1, r2])
    after1 = W7.standings(event, after_round=1)
    assert after1.rows[0].player == "P4" and after1.rows[0].games == 1
    full = W7.standings(event)
    assert sum(r.games for r in full.rows) == 8


def test_demo_event_standings_match_the_golden_file(tmp_path):
    from tourney.demo import run_demo

    out: list[str] = []
    run_demo(tmp_path / "demo", out.append)
    standings = W7.standings(Event.open(tmp_path / "demo" / "bonn-2018.db"))
    golden = ROOT / "tests" / "golden" / "bonn-2018-standings.csv"
    assert to_csv(standings) == golden.read_text(encoding="utf-8")
    assert (tmp_path / "demo" / "standings.xlsx").is_file()
    # 23 players, four rounds at 5+5+5+4+4: every game counted.
    assert sum(r.games for r in standings.rows) == 92
    per_table: dict[tuple[int, int], F] = {}
    for g in standings.games:
        per_table[(g.round, g.table)] = per_table.get((g.round, g.table), F(0)) + g.points
    # Tables of 5 hand out 16; tables of 4 hand out 16 minus the virtual player's points.
    assert all(v == 16 for (r, t), v in per_table.items() if t <= 3)
    assert all(v < 16 for (r, t), v in per_table.items() if t > 3)
    assert EXAMPLE.is_dir()


def test_demo_tables_with_shared_places_worked_by_hand(tmp_path):
    from tourney.demo import run_demo

    run_demo(tmp_path / "demo", lambda s: None)
    games = {(g.round, g.table, g.player): g for g in W7.standings(Event.open(tmp_path / "demo" / "bonn-2018.db")).games}
    # Round 4, table 5: VP 49, 40, 41, 40, virtual 42.5 → 6, (2+1)/2, 3, (2+1)/2.
    assert [games[(4, 5, p)].points for p in ("Simon Hofmann", "Uwe Lange", "Clara Wagner", "Katrin Wolf")] \
        == [6, F(3, 2), 3, F(3, 2)]
    assert games[(4, 5, "Simon Hofmann")].share == F(49) / F(425, 2)
    # Round 2, table 4: VP 32, 38, 51, 31, virtual 38 ties Katrin: (4+3)/2 each.
    assert [games[(2, 4, p)].points for p in ("Jonas Klein", "Katrin Wolf", "Marie Neumann", "Eva Schulz")] \
        == [2, F(7, 2), 6, 1]
    # Round 1, table 3: two players tie on 35 for places 3 and 4 at a table of five.
    assert games[(1, 3, "Jürgen Werner")].points == games[(1, 3, "Olga Zimmermann")].points == F(5, 2)
