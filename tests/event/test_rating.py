"""The season rating's model (issue 30): why Thurstone-Mosteller and not openskill's default
Plackett-Luce (measured on the installed openskill), golden figures for every kind of shared
place so that a change of model or library is a deliberate one, a table's places by the
game's own rules, and the same figures whatever order the events are given in."""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce, ThurstoneMostellerFull

from rules_engine.sevenwonders.sheet import PlayerScore, TableSheet
from tourney.core.errors import SeasonError
from tourney.event.rating import RatedEvent, RatedGame, build_rating, shown, table_outlook
from tourney.event.season import parse_aliases
from tourney.games.sevenwonders.standings import ranking

FIVE = ("A", "B", "C", "D", "E")


def mus(model, places):
    rated = model.rate([[model.rating()] for _ in places], ranks=list(places))
    return [r[0].mu for r in rated]


def test_plackett_luce_gets_shared_places_wrong_and_thurstone_mosteller_full_right():
    # The finding behind the choice of model (openskill issues #155, #173, #201): with places
    # 1, 2, 2, 4, 5 Plackett-Luce moves the 4th exactly as far as the two shared 2nds, and with
    # 1, 1, 3, 4, 5 it ranks the 3rd above the two shared winners. Should an openskill release
    # fix this, this test fails: then compare the models again before switching.
    pl = mus(PlackettLuce(), (1, 2, 2, 4, 5))
    assert pl[1] == pl[2] == pytest.approx(pl[3])
    pl = mus(PlackettLuce(), (1, 1, 3, 4, 5))
    assert pl[2] > pl[0] == pl[1]
    tm = mus(ThurstoneMostellerFull(), (1, 2, 2, 4, 5))
    assert tm[0] > tm[1] == tm[2] > tm[3] > tm[4]
    tm = mus(ThurstoneMostellerFull(), (1, 1, 3, 4, 5))
    assert tm[0] == tm[1] > tm[2] > tm[3] > tm[4]


def one_table(places, names=FIVE):
    names = names[:len(places)]
    report = build_rating([RatedEvent("Cup", None, 0, (RatedGame(1, 1, names, tuple(places)),))])
    return tuple((round(report.skills[n.lower()].mu, 4), round(report.skills[n.lower()].sigma, 4)) for n in names)


#: Golden (mu, sigma) after one game of new players: a change here is a change of the rating.
GOLDEN = {
    (1, 2, 3, 4, 5): ((41.9239, 4.9591), (33.4619, 4.9591), (25.0, 4.9591), (16.5381, 4.9591), (8.0761, 4.9591)),
    (1, 2, 2, 4, 5): ((41.9239, 4.9591), (29.231, 4.2705), (29.231, 4.2705), (16.5381, 4.9591), (8.0761, 4.9591)),
    (1, 1, 3, 4, 5): ((37.6929, 4.2705), (37.6929, 4.2705), (25.0, 4.9591), (16.5381, 4.9591), (8.0761, 4.9591)),
    (1, 2, 3, 3, 3): ((41.9239, 4.9591), (33.4619, 4.9591), (16.5381, 3.447), (16.5381, 3.447), (16.5381, 3.447)),
    (1, 2, 2, 2, 2): ((41.9239, 4.9591), (20.769, 2.3508), (20.769, 2.3508), (20.769, 2.3508), (20.769, 2.3508)),
    (2, 1, 4, 2, 5): ((29.231, 4.2705), (41.9239, 4.9591), (16.5381, 4.9591), (29.231, 4.2705), (8.0761, 4.9591)),
    (1, 2): ((29.231, 7.6313), (20.769, 7.6313)),  # Duel: a win
    (1, 1): ((25.0, 7.2029), (25.0, 7.2029)),  # Duel: a shared victory
}


@pytest.mark.parametrize("places", list(GOLDEN), ids=lambda p: ",".join(map(str, p)))
def test_golden_figures_for_shared_places(places):
    assert one_table(places) == GOLDEN[places]


def test_a_table_where_five_share_a_place_is_not_rated():
    # The library takes five shared places as certain equality: sigma falls to its floor
    # (kappa) in one game and the rating (mu - 3 sigma) would jump from 0 to 24.75; four do not.
    tm = ThurstoneMostellerFull()
    assert [round(r[0].sigma, 4) for r in tm.rate([[tm.rating()] for _ in FIVE], ranks=[1] * 5)] == [0.0833] * 5
    assert [round(r[0].sigma, 4) for r in tm.rate([[tm.rating()] for _ in FIVE[:4]], ranks=[1] * 4)] == [4.0916] * 4
    games = (RatedGame(1, 1, FIVE, (1, 1, 1, 1, 1)), RatedGame(2, 1, FIVE, (1, 2, 3, 4, 5)))
    report = build_rating([RatedEvent("Cup", None, 0, games)])
    assert report.tables == 1
    assert report.notes == ("1 table where 5 or more players shared a place is not rated: the model would take "
                            "them as certainly equal",)
    assert [r.games for r in report.rows] == [1] * 5
    with pytest.raises(SeasonError, match="no stored games to rate"):
        build_rating([RatedEvent("Cup", None, 0, games[:1])])


def sheet(*vp_coins):
    return TableSheet(tuple(PlayerScore(i, f"P{i}", 0, coins // 3, 0, vp - coins // 3, 0, 0, 0, vp, coins)
                            for i, (vp, coins) in enumerate(vp_coins, 1)))


def test_seven_wonders_places_by_vp_then_coins_shared_only_on_both_equal():
    assert ranking(sheet((50, 3), (48, 9), (48, 4), (48, 4), (30, 0))) == (1, 2, 3, 3, 5)
    assert ranking(sheet((40, 6), (40, 6), (40, 7))) == (2, 2, 1)


def event(name, date, games, order=0):
    return RatedEvent(name, None if date is None else datetime.date.fromisoformat(date), order, tuple(games))


def test_events_are_rated_by_date_and_each_by_round_and_table_whatever_the_order_given():
    early = event("Köln", "2018-03-10", [RatedGame(2, 1, ("Anna", "Ben"), (2, 1)),
                                         RatedGame(1, 1, ("Anna", "Ben"), (1, 2))])
    late = event("Bonn", "2018-10-27", [RatedGame(1, 1, ("ANNA", "Cleo", "Ben"), (1, 2, 2))], order=1)
    one = build_rating([early, late])
    other = build_rating([event("Bonn", "2018-10-27", late.games), event("Köln", "2018-03-10", reversed(early.games),
                                                                          order=1)])
    assert one == other
    assert one.events == ("Köln", "Bonn")
    assert [(r.rank, r.player, r.games, r.events) for r in one.rows] == [
        (1, "Anna", 3, 2), (2, "Ben", 3, 2), (3, "Cleo", 1, 1)]
    # The change over the last event: this event's effect; Cleo's first event is all of hers.
    cleo = one.rows[2]
    assert cleo.change == cleo.rating == shown(cleo.skill.rating) == Decimal("3.39")
    [before] = [r for r in build_rating([early]).rows if r.player == "Anna"]
    assert one.rows[0].change == shown(one.rows[0].skill.rating - before.skill.rating) != 0


def test_aliases_and_names_that_match_twice_in_one_event():
    games = [RatedGame(1, 1, ("Jörg Müller", "Joerg Mueller", "Anna"), (1, 2, 3))]
    report = build_rating([event("Cup", None, games)])
    assert sorted(r.player for r in report.rows) == ["Anna", "Joerg Mueller (Cup)", "Jörg Müller (Cup)"]
    assert "kept apart as different players" in report.notes[0]
    aliases = parse_aliases("alias,name\nJ. M.,Jörg Müller\n")
    merged = build_rating([event("A", None, [RatedGame(1, 1, ("J. M.", "Anna"), (1, 2))]),
                           event("B", None, [RatedGame(1, 1, ("JOERG MUELLER", "Anna"), (1, 2))], order=1)], aliases)
    assert [(r.player, r.games, r.events) for r in merged.rows] == [("Jörg Müller", 2, 2), ("Anna", 2, 2)]


def test_plain_letter_spellings_are_one_player_shown_with_the_fullest_spelling_and_noted():
    first = event("A", "2019-01-05", [RatedGame(1, 1, ("Lukasz Nowak", "Aenne Boehm", "Kim"), (1, 2, 3))])
    second = event("B", "2019-02-05", [RatedGame(1, 1, ("Änne Böhm", "Łukasz Nowak", "kim"), (1, 2, 3))], order=1)
    report = build_rating([first, second])
    assert sorted((r.player, r.games, r.events) for r in report.rows) == [
        ("Kim", 2, 2), ("Änne Böhm", 2, 2), ("Łukasz Nowak", 2, 2)]
    assert report.notes == (
        "joined the spellings 'Lukasz Nowak' and 'Łukasz Nowak' as one player, shown as 'Łukasz Nowak': if they "
        "are different people, give one of them another name in an alias file",
        "joined the spellings 'Aenne Boehm' and 'Änne Böhm' as one player, shown as 'Änne Böhm': if they "
        "are different people, give one of them another name in an alias file")


def test_equal_shown_ratings_share_a_rank():
    report = build_rating([event("Cup", None, [RatedGame(1, 1, ("Anna", "Ben", "Cleo"), (1, 1, 3))])])
    assert [(r.rank, r.player) for r in report.rows] == [(1, "Anna"), (1, "Ben"), (3, "Cleo")]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(0, 7), min_size=2, max_size=5, unique=True), min_size=1, max_size=12),
       st.randoms(use_true_random=False))
def test_the_same_games_in_any_order_of_events_give_the_same_rating(tables, rnd):
    names = [f"P{i}" for i in range(8)]
    events = []
    for i, seats in enumerate(tables):
        places = tuple(1 + sum(o < s for o in seats) for s in seats)  # by seat number: a fixed order
        events.append(event(f"E{i}", f"2020-01-{i + 1:02d}", [RatedGame(1, 1, tuple(names[s] for s in seats),
                                                                          places)], order=i))
    shuffled = list(events)
    rnd.shuffle(shuffled)
    assert build_rating(events) == build_rating([RatedEvent(e.name, e.date, k, e.games)
                                                 for k, e in enumerate(shuffled)])


def test_expected_places_add_up_and_favour_the_stronger():
    games = [RatedGame(r, 1, ("Anna", "Ben", "Cleo"), (1, 2, 3)) for r in range(1, 4)]
    report = build_rating([event("Cup", None, games)])
    outlook = table_outlook(report, 4, ["cleo", "Newcomer", "ANNA"])
    places = [e.place for e in outlook.players]
    assert [e.player for e in outlook.players] == ["cleo", "Newcomer", "ANNA"]
    assert places[2] < places[1] < places[0]
    assert float(sum(places)) == pytest.approx(1 + 2 + 3, abs=0.15)  # each shown to one decimal
    assert outlook.players[1].rating is None  # not rated yet
    assert outlook.strength == shown((report.skills["anna"].rating + report.skills["cleo"].rating + 0) / 3)
