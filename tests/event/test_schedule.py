"""Seating schedules: table plans, the optimiser's guarantees, bounds and the report."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.core.errors import PlanError
from tourney.event.schedule import (
    Quality,
    bonn_plan,
    lower_bound,
    plan_schedule,
    quality,
    render_report,
    round_bounds,
    schedule_report,
    table_plan,
)
from tourney.core.store import Event


def test_same_seed_same_schedule_other_seed_other_schedule():
    a = plan_schedule(range(23), 4, seed=7)
    assert a == plan_schedule(range(23), 4, seed=7)
    assert a != plan_schedule(range(23), 4, seed=8)


@pytest.mark.parametrize("n", [16, 21, 22] + list(range(23, 50)))
def test_four_bonn_rounds_without_repeat_opponents(n):
    s = plan_schedule(range(n), 4, seed=n)
    assert quality(s).pairs == 0


@pytest.mark.parametrize("n, most", [(12, 13), (13, 14), (14, 17), (15, 23), (17, 3), (18, 6), (19, 9), (20, 12)])
def test_forced_repeats_stay_at_the_quality_goals(n, most):
    s = plan_schedule(range(n), 4, seed=1)
    assert quality(s).pairs <= most


@pytest.mark.parametrize("n", [17, 18, 19, 20])
def test_small_fields_reach_the_pigeonhole_bound(n):
    s = plan_schedule(range(n), 4, seed=3)
    assert quality(s).pairs == lower_bound([bonn_plan(n)] * 4, n) == 3 * (n - 16)


def test_forty_players_eight_repeat_free_rounds():
    s = plan_schedule(range(40), 8, plan=[5] * 8, seed=0)
    assert quality(s).pairs == 0
    assert all(sorted(len(t) for t in rnd) == [5] * 8 for rnd in s)


def test_no_repeated_neighbours_or_start_seats_when_avoidable():
    # 16 players, 4 tables, 4 rounds: 16 start seats for 16 players.
    assert plan_schedule(range(16), 4, seed=2) and quality(plan_schedule(range(16), 4, seed=2)) == Quality(0, 0, 0)
    assert quality(plan_schedule(range(21), 4, seed=2)) == Quality(0, 0, 0)


def test_fixed_rounds_never_change_and_drops_and_late_entries_replan_the_rest():
    players = list(range(101, 124))
    full = plan_schedule(players, 4, seed=5)
    after_drop = [p for p in players if p != 110]
    again = plan_schedule(after_drop, 4, fixed=full[:2], seed=5)
    assert again[:2] == full[:2]
    for rnd in again[2:]:
        assert sorted(p for t in rnd for p in t) == sorted(after_drop)
        assert sorted(len(t) for t in rnd) == sorted(bonn_plan(22))
    late = plan_schedule(players + [200, 201], 4, fixed=full[:1], seed=5)
    assert late[0] == full[0]
    assert sorted(p for t in late[3] for p in t) == sorted(players + [200, 201])
    assert plan_schedule(players, 2, fixed=full[:2]) == full[:2]


def test_fixed_history_counts_against_new_rounds():
    # Round 1 given: a 16-player round 2 can avoid every pair of it.
    r1 = tuple(tuple(range(i, i + 4)) for i in range(0, 16, 4))
    s = plan_schedule(range(16), 2, fixed=[r1], seed=0)
    assert quality(s).pairs == 0


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=3, max_value=40), rounds=st.integers(min_value=1, max_value=5),
       seed=st.integers(min_value=0, max_value=10**6), plan=st.sampled_from(["bonn", "dm"]))
def test_every_player_seated_once_per_round_at_plan_sized_tables(n, rounds, seed, plan):
    try:
        sizes = table_plan(n, plan)
    except PlanError:
        return
    s = plan_schedule(range(n), rounds, plan=plan, seed=seed, budget=2_000)
    assert len(s) == rounds
    for rnd in s:
        assert sorted(p for t in rnd for p in t) == list(range(n))
        assert tuple(len(t) for t in rnd) == sizes  # numbered largest table first


def test_quality_counts_extra_meetings_neighbours_and_starts():
    s = (((1, 2, 3, 4),), ((1, 2, 3, 4),), ((1, 3, 2, 4),))
    # 6 pairs repeat twice; neighbours 12-23-34-41 twice, then 13,32,24,41: 41 again, 13 & 24 were
    # never neighbours in a 4-cycle, 32 again; player 1 starts three times.
    assert quality(s) == Quality(pairs=12, neighbours=4 + 2, starts=2)


def test_bounds_counting_and_pigeonhole():
    # 12 players at 4+4+4: every round after the first has a table of 4 from 3 tables.
    b = round_bounds([(4, 4, 4)] * 4, 12)
    assert [x.pigeonhole for x in b] == [0, 3, 3, 3]
    assert [x.cumulative for x in b] == [0, 3, 6, 9]
    assert b[-1].counting == 6  # 12 opponents each, 11 others: 12 * 1 / 2
    assert lower_bound([(5,) * 8] * 10, 40) == 20  # 10 rounds: 40 opponents, 39 others
    assert lower_bound([(5,) * 8] * 8, 40) == 0


def test_report_text_names_repeats_and_reasons():
    s = plan_schedule(range(13), 4, seed=1)
    rep = schedule_report(s)
    assert rep.quality == quality(s)
    assert rep.bound == 12
    assert sum(r.pairs for r in rep.rounds) == rep.quality.pairs
    text = render_report(rep, {p: f"P{p}" for p in range(13)})
    lines = text.splitlines()
    assert lines[0] == "13 players, 4 rounds"
    assert lines[1] == "round  tables        repeats  total  bound  neighbours  starts"
    assert lines[2] == "    1  5+4+4               0      0      0           0       0"
    assert f"total: {rep.quality.pairs} repeated pairs (lower bound 12)" in text
    assert ("- round 2: a table of 5 draws its players from only 3 tables of round 1, so some of them "
            "sat together before: at least 4 repeated pairs in this round") in lines
    first = next(l for l in lines if l.startswith("round 2 repeats: "))
    assert first.count("&") == rep.rounds[1].pairs and "P" in first


def test_counting_reason_when_opponents_run_out():
    rep = schedule_report(plan_schedule(range(12), 4, seed=0))
    assert str(rep.reasons[0]) == ("each player meets at least 3+3+3+3 = 12 opponents in 4 rounds but only "
                              "11 others are playing: at least 6 repeated pairs")


# --- the commands: tourney seat / seating --------------------------------------------------

#: What `seat` says after seating round 1 of an event with seed 3: the seed's fingerprint.
FINGERPRINT_LINE = "draw fingerprint 8025b3294a7a81ac (SHA-256 of the secret seed)\n"


def _event(run, n, seed="3"):
    run("new", "ev.db", "--game", "7wonders", "--seed", seed, "--name", "Cup")
    run("players", "add", "ev.db", *[f"P{i:02d}" for i in range(1, n + 1)])


def _rounds(run):
    data = json.loads(run("seating", "ev.db", "--format", "json").output)
    out = {}
    for s in data:
        out.setdefault(s["round"], {}).setdefault(s["table"], []).append(s["player"])
    return out


def test_seat_all_gives_a_repeat_free_schedule_with_draws(run):
    _event(run, 23)
    assert run("seat", "ev.db", "--all").output == "".join(
        f"round {r}: 23 players at 5 tables (5+5+5+4+4)\n" for r in (1, 2, 3, 4)) + FINGERPRINT_LINE
    report = run("seating", "ev.db", "--report").output.splitlines()
    assert report[0] == "23 players, 4 rounds"
    assert report[-1] == "total: 0 repeated pairs (lower bound 0), 0 repeated neighbours, 0 repeated start seats"
    text = run("seating", "ev.db", "--round", "2").output.splitlines()
    assert text[-2].startswith("round 2 wonders: ") and len(text[-2].split(", ")) == 7
    assert text[-1].startswith("round 2 guilds: ") and len(text[-1].split(", ")) == 7
    first = text[-2].removeprefix("round 2 wonders: ").split(", ")
    rows = [line.split() for line in text[1:-2]]
    assert all(row[4] == first[int(row[2]) - 1] for row in rows)  # seat i has wonder i


def test_seating_one_round_at_a_time_equals_all_at_once(run):
    _event(run, 17)
    for _ in range(4):
        run("seat", "ev.db")
    one_by_one = _rounds(run)
    run("new", "b.db", "--game", "7wonders", "--seed", "3", "--name", "Cup")
    run("players", "add", "b.db", *[f"P{i:02d}" for i in range(1, 18)])
    run("seat", "b.db", "--all")
    data = json.loads(run("seating", "b.db", "--format", "json").output)
    at_once = {}
    for s in data:
        at_once.setdefault(s["round"], {}).setdefault(s["table"], []).append(s["player"])
    assert one_by_one == at_once


def test_late_entry_is_seated_in_the_rounds_not_printed(run):
    _event(run, 16)
    run("seat", "ev.db", "--all")
    run("sheets", "ev.db", "--round", "1", "-o", "r1.xlsx")
    round1 = _rounds(run)[1]
    run("players", "add", "ev.db", "Late")
    out = run("seat", "ev.db").output
    assert out == "".join(f"round {r}: 17 players at 4 tables (5+4+4+4)\n" for r in (2, 3, 4))
    # Round 1 keeps its printed seating, which now says it is out of date (Late is not in it).
    r = run("seating", "ev.db", "--round", "1", ok=None)
    assert r.exit_code == 1 and "round 1's seating is out of date: 'Late' joined after it was printed" in r.output
    seats: dict[int, dict[int, list[str]]] = {}
    for s in Event.open("ev.db").seats():
        seats.setdefault(s.round, {}).setdefault(s.table, []).append(s.player)
    assert seats[1] == round1
    assert all("Late" in [p for t in seats[r].values() for p in t] for r in (2, 3, 4))


def test_seat_with_explicit_tables_and_bad_plans(run):
    _event(run, 14)
    assert run("seat", "ev.db", "--round", "1", "--tables", "dm").output == \
        "round 1: 14 players at 4 tables (4+4+3+3)\n" + FINGERPRINT_LINE
    # The plan is kept: re-seating without --tables keeps tables of 4 and 3.
    assert run("seat", "ev.db", "--all").output == "".join(
        f"round {r}: 14 players at 4 tables (4+4+3+3)\n" for r in (2, 3, 4))
    assert run("seat", "ev.db", "--round", "2").output == "round 2: 14 players at 4 tables (4+4+3+3)\n"
    r = run("seat", "ev.db", "--round", "1", "--tables", "5,5", ok=None)
    assert r.exit_code == 1
    assert r.output == ("Error: --tables: table plan '5,5' seats 10 players but 14 are playing: give sizes "
                        "that add up to 14, or use 'bonn' or 'dm'\n")


def test_report_before_seating_compares_the_table_plans(run):
    _event(run, 13)
    assert run("seating", "ev.db", "--report").output == (
        "13 players, 4 rounds: repeated pairs by table plan\n"
        "plan        tables          bound  planned  neighbours  starts\n"
        "bonn        5+4+4              12       14           0       0\n"
        "dm          4+3+3+3             0        0           0       3\n"
        "no seating yet: seat the rounds with 'tourney seat EVENT --all [--tables PLAN]'\n")
    run("new", "empty.db", "--game", "7wonders", "--seed", "1")
    assert run("seating", "empty.db", "--report").output == "no seating yet: seat a round with 'tourney seat EVENT'\n"


def test_compare_plans_reports_plans_that_do_not_fit():
    from tourney.event.schedule import compare_plans

    bonn, dm = compare_plans(5, 2)
    assert bonn.sizes == dm.sizes == (5,)  # 4s and 3s can't seat 5: dm plays one table of 5 too
    assert bonn.bound == 10 and bonn.planned == Quality(10, 0, 0)  # the second order is the pentagram
    for option in compare_plans(2, 2):
        assert option.sizes is None and option.problem == "cannot seat 2 players: 7 Wonders needs at least 3 at a table"


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25])
def test_finite_fields_for_the_constructions(q):
    from tourney.event.schedule.constructions import finite_field

    add, mul = finite_field(q)
    for a in range(q):
        assert sorted(add[a]) == list(range(q))
        if a:
            assert sorted(mul[a]) == list(range(q))  # every non-zero element is invertible
        for b in range(q):
            assert mul[a][b] == mul[b][a]
            assert all(mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]] for c in range(q))


@pytest.mark.parametrize("n, rounds", [(22, 5), (25, 5), (16, 4), (35, 7), (45, 9)])
def test_constructions_reach_as_many_repeat_free_rounds_as_tables(n, rounds):
    assert quality(plan_schedule(range(n), rounds, seed=0)).pairs == 0


@settings(max_examples=20, deadline=None)
@given(n=st.integers(min_value=9, max_value=30), played=st.integers(min_value=1, max_value=3),
       drop=st.integers(min_value=0, max_value=2), late=st.integers(min_value=0, max_value=2),
       seed=st.integers(min_value=0, max_value=1000))
def test_fixed_rounds_are_kept_and_the_rest_seats_exactly_the_current_players(n, played, drop, late, seed):
    first = plan_schedule(range(n), played, seed=seed, budget=1_000)
    players = list(range(drop, n)) + list(range(100, 100 + late))
    s = plan_schedule(players, 4, fixed=first, seed=seed, budget=1_000)
    assert s[:played] == first
    for rnd in s[played:]:
        assert sorted(p for t in rnd for p in t) == sorted(players)
        assert tuple(len(t) for t in rnd) == bonn_plan(len(players))


def test_reseating_a_round_unchanged_still_reports_it(run):
    _event(run, 13)
    run("seat", "ev.db", "--all")
    before = _rounds(run)
    assert run("seat", "ev.db", "--round", "3").output == "round 3: 13 players at 3 tables (5+4+4)\n"
    assert _rounds(run) == before
    r = run("seat", "ev.db", "--round", "5", ok=None)
    assert r.exit_code == 1 and r.output == "Error: round 5: the event has 4 rounds\n"
