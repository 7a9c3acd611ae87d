"""Table-level 7 Wonders sheet checks: every rule with a passing and a failing case, and
the property that sheets of rule-consistent tables always pass."""
import dataclasses
import functools
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.findings import Severity
from rules_engine.sevenwonders import CATEGORIES, PlayerScore, TableSheet, check_sheet
from rules_engine.sevenwonders import checks as c
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.sample import random_table

GUILDS5 = ("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild", "Scientists Guild",
           "Magistrates Guild", "Strategists Guild")


def line(seat, **kw):
    base = dict(military=0, treasury=1, wonders=0, civilian=0, commercial=0, guilds=0, science=0, coins=3)
    base.update(kw)
    base["total"] = sum(base[k] for k in CATEGORIES)
    base.setdefault("player", f"P{seat}")
    return PlayerScore(seat=seat, **base)


def table(*lines, guilds=None):
    return TableSheet(tuple(lines), guilds)


def plain(n, **per_seat):
    """n neutral lines; per_seat maps 'p<seat>' to overrides."""
    return [line(i, **per_seat.get(f"p{i}", {})) for i in range(1, n + 1)]


def rules(sheet):
    return [f.rule for f in check_sheet(sheet)]


def messages(sheet, rule):
    return [f.message for f in check_sheet(sheet) if f.rule == rule]


def test_neutral_table_passes():
    assert check_sheet(table(*plain(5))) == []


# --- wonders ----------------------------------------------------------------------------

def test_wonder_points_reachable_per_board_and_side():
    good = table(line(1, wonder="Gizah", side="A", wonders=15), line(2, wonder="Rhodes", side="B", wonders=7), line(3, wonder="Babylon", side="B", wonders=3))
    assert rules(good) == []
    bad = table(line(1, wonder="Gizah", side="A", wonders=13), *plain(3)[1:])
    assert messages(bad, "wonders.points") == [
        "wonder points 13 for 'P1' can't be reached on Gizah A: stages built in order give 0, 3, 8, 15"]


def test_wonder_points_with_unknown_side_or_board():
    # 13 is Gizah B's third stage: fine when the side is unknown, wrong for a board without it.
    assert rules(table(line(1, wonder="Gizah", wonders=13), *plain(3)[1:])) == []
    assert rules(table(line(1, wonders=20), *plain(3)[1:])) == []
    assert rules(table(line(1, wonders=1), *plain(3)[1:])) == ["wonders.points"]
    assert rules(table(line(1, wonder="Olympia", wonders=13), *plain(3)[1:])) == ["wonders.points"]


def test_stages_column():
    ok = table(line(1, wonder="Gizah", side="B", wonders=13, stages=3), *plain(3)[1:])
    assert rules(ok) == []
    wrong = table(line(1, wonder="Gizah", side="B", wonders=8, stages=3), *plain(3)[1:])
    assert messages(wrong, "wonders.stages") == [
        "wonder points 8 for 'P1' don't match 3 stages built on Gizah B: that gives 13"]
    too_many = table(line(1, wonder="Rhodos", side="B", wonders=7, stages=3), *plain(3)[1:])
    assert messages(too_many, "wonders.stages") == ["'P1' built 3 stages, but Rhodos B has at most 2"]


def test_unknown_wonder_side_and_board_twice():
    assert rules(table(line(1, wonder="Atlantis", side="A"), *plain(3)[1:])) == ["wonder.unknown"]
    assert rules(table(line(1, wonder="Gizah", side="C"), *plain(3)[1:])) == ["wonder.side"]
    twice = table(line(1, wonder="Giza", side="A"), line(2, wonder="Gizah", side="B"), line(3))
    assert messages(twice, "wonder.twice") == [
        "Gizah is played by 'P1' and 'P2': the game has one board of each wonder"]


# --- military ---------------------------------------------------------------------------

def test_every_single_military_total_is_reachable():
    # So the per-player check is the range check of sheet.py; the table checks add the rest.
    reach = {sum(r) for r in itertools.product(*[(0, w, -1) for w in (1, 1, 3, 3, 5, 5)])}
    assert reach == set(range(-6, 19))


def test_military_pairs():
    ok = table(line(1, military=10), line(2, military=-1), line(3, military=-1))
    assert rules(ok) == []
    odd = table(line(1, military=5), line(2, military=1), line(3, military=1))
    assert messages(odd, "military.pairs") == [
        "military doesn't pair up: the table's military adds up to 7, but wins and losses always add up "
        "to an even number; check the military column"]


def test_military_table_range():
    assert rules(table(line(1, military=-1), line(2, military=-1), line(3, military=0))) == ["military.table"]
    assert rules(table(line(1, military=18), line(2, military=18), line(3, military=-6))) == ["military.table"]


def test_military_assignment():
    # A lone win is impossible: whoever has more shields than one neighbour, while everyone
    # else ties, also has more than the other neighbour (the ring of seats closes).
    lone = table(line(1, military=5), line(2, military=-1), line(3, military=0))
    assert rules(lone) == ["military.assignment"]
    assert rules(table(line(1, military=5), line(2, military=-1), line(3), line(4))) == ["military.assignment"]
    assert rules(table(*[line(i, military=4) for i in range(1, 5)])) == []
    ok = table(line(1, military=18), line(2, military=-3), line(3, military=-3))
    assert rules(ok) == []
    msg = messages(table(line(1, military=6), *[line(i, military=-2) for i in (2, 3, 4)]), "military.assignment")
    assert msg == ["no results of the three ages between neighbours give these military points "
                   "('P1' 6, 'P2' -2, 'P3' -2, 'P4' -2, in seat order); check the military column and the seat order"]


def test_military_assignment_names_the_neighbours_that_cant_be():
    # Seven players: 'P3' and 'P4' can't both win all six battles, one of them beats the other.
    totals = (0, -3, 18, 18, -3, 0, 0)
    [f] = [f for f in check_sheet(table(*[line(i, military=m) for i, m in enumerate(totals, 1)]))
           if f.rule == "military.assignment"]
    assert f.player == "P3" and f.message == (
        "military 'P3' 18 and 'P4' 18 can't stand side by side: no results of the three ages between these "
        "neighbours give them, whatever the other seats have; check their military and the seat order")
    # The control: 'P4' beaten by 'P3' in every age (-3) and beating 'P5' in every age (+9).
    control = table(*[line(i, military=m) for i, m in enumerate((0, -3, 18, 6, -3, 0, 0), 1)])
    assert [r for r in rules(control) if r.startswith("military")] == []


@functools.cache
def _brute_force_winners(n: int) -> dict[tuple[int, ...], frozenset[int]]:
    """Every military vector of an n-player table, by trying every age result of every pair,
    with the bit masks of the seats that won a battle in some result that gives it."""
    pairs = [(i, (i + 1) % n) for i in range(n)]
    seen: dict[tuple[int, ...], set[int]] = {}
    for results in itertools.product((1, 0, -1), repeat=3 * n):
        totals = [0] * n
        winners = 0
        ok = True
        for age in d.AGES:
            rs = results[(age - 1) * n: age * n]
            if (1 in rs) != (-1 in rs):
                ok = False  # a ring of wins (or of losses) in one age can't be ordered by shields
                break
            for (i, j), r in zip(pairs, rs):
                if r == 1:
                    totals[i] += d.MILITARY_WIN[age]
                    totals[j] -= 1
                    winners |= 1 << i
                elif r == -1:
                    totals[j] += d.MILITARY_WIN[age]
                    totals[i] -= 1
                    winners |= 1 << j
        if ok:
            seen.setdefault(tuple(totals), set()).add(winners)
    return {v: frozenset(w) for v, w in seen.items()}


def _brute_force_military(n):
    """All military vectors of an n-player table."""
    return set(_brute_force_winners(n))


def test_military_search_matches_brute_force_for_three_players():
    truth = _brute_force_military(3)
    for v in itertools.product(range(-6, 19), repeat=3):
        assert c.military_assignment_exists(v) == (v in truth), v


@pytest.mark.parametrize("n", [3, 4])
def test_military_search_with_shieldless_seats_matches_brute_force(n):
    # Seats without shields win no battle: the search starts the ring at the seat whose
    # total splits the fewest ways, so every rotation of the mask must still be exact.
    winners = _brute_force_winners(n)
    rng = random.Random(n)
    vectors = sorted(winners) if n == 3 else rng.sample(sorted(winners), 3000)
    vectors += [tuple(rng.randint(-6, 18) for _ in range(n)) for _ in range(500)]
    for v in vectors:
        for mask in range(1 << n):
            want = any(not w & mask for w in winners.get(v, ()))
            assert c.military_assignment_exists(v, mask) == want, (v, mask)


# --- science ----------------------------------------------------------------------------

def test_science_formula_worked_examples():
    assert c.science_points(1, 1, 1) == 10
    assert c.science_points(3, 2, 1) == 9 + 4 + 1 + 7
    assert c.science_points(2, 2, 1, wild=1) == 4 + 4 + 4 + 14  # the wild makes a second set
    assert c.science_points(4, 0, 0, wild=2) == 36  # squares beat sets here: 6² = 36 > 4²+1+1+7


def test_science_points_reachable():
    assert rules(table(line(1, science=10), line(2, science=26), line(3, science=0))) == []
    bad = table(line(1, science=3), *plain(3)[1:])
    assert messages(bad, "science.points") == [
        "science 3 for 'P1' can't come from up to 4 of each symbol and 1 wild: check the science column"]


def test_science_wild_depends_on_babylon_and_scientists_guild():
    only_two = sorted(c.SCIENCE_REACHABLE[2] - c.SCIENCE_REACHABLE[1])[0]
    babylon = table(line(1, wonder="Babylon", side="A", wonders=3, science=only_two), *plain(3)[1:])
    assert rules(babylon) == []
    # The wild symbol is Babylon A's second stage: with no stage, or only the first, no wild.
    assert rules(table(line(1, wonder="Babylon", side="A", science=only_two), *plain(3)[1:])) == ["science.points"]
    one_stage = table(line(1, wonder="Babylon", side="A", wonders=3, stages=1, science=only_two), *plain(3)[1:])
    assert rules(one_stage) == ["science.points"]
    not_babylon = table(line(1, wonder="Gizah", side="A", science=only_two), *plain(3)[1:])
    assert rules(not_babylon) == ["science.points"]
    only_one = sorted(c.SCIENCE_REACHABLE[1] - c.SCIENCE_REACHABLE[0])[0]
    guild_in_play = table(line(1, wonder="Gizah", side="A", science=only_one), *plain(4)[1:],
                          guilds=("Scientists Guild",) + GUILDS5[:5])
    assert "science.points" not in rules(guild_in_play)
    guild_out = table(line(1, wonder="Gizah", side="A", science=only_one), *plain(4)[1:], guilds=GUILDS5[:4] + (
        "Shipowners Guild", "Philosophers Guild"))
    assert "science.points" in rules(guild_out)


def test_science_symbol_columns():
    ok = table(line(1, science=26, compasses=2, gears=2, tablets=1, wild=1, wonder="Babylon", side="A"),
               line(2, science=0, compasses=0, gears=0, tablets=0, wild=0),
               line(3, science=10, compasses=1, gears=1, tablets=1, wild=0))
    assert rules(ok) == []
    wrong = table(line(1, science=20, compasses=3, gears=2, tablets=1, wild=0),
                  line(2, science=0, compasses=0, gears=0, tablets=0, wild=0),
                  line(3, science=0, compasses=0, gears=0, tablets=0, wild=0))
    assert messages(wrong, "science.formula") == [
        "science for 'P1' should be 21 from 3 compasses, 2 gears, 1 tablets and 0 wild "
        "(squares plus 7 per set), sheet says 20"]
    five = table(line(1, science=25, compasses=5, gears=0, tablets=0, wild=0), *plain(3)[1:])
    assert rules(five) == ["science.symbols"]
    wild = table(line(1, science=1, compasses=0, gears=0, tablets=0, wild=1, wonder="Gizah", side="A"),
                 *plain(3)[1:], guilds=("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild",
                                        "Magistrates Guild"))
    assert messages(wild, "science.wild") == [
        "'P1' has 1 wild symbol, at most 0 possible here: Gizah A has no wild-symbol stage and the Scientists Guild is "
        "not in play"]
    # Babylon without the stage built: the sheet's wonder points say why there is no wild symbol.
    unbuilt = table(line(1, science=1, compasses=0, gears=0, tablets=0, wild=1, wonder="Babylon", side="A", wonders=3,
                         stages=1), *plain(3)[1:], guilds=("Workers Guild", "Spies Guild", "Traders Guild",
                                                           "Builders Guild", "Magistrates Guild"))
    assert messages(unbuilt, "science.wild") == [
        "'P1' has 1 wild symbol, at most 0 possible here: Babylon's wild-symbol stage is not built with wonders 3 and "
        "the Scientists Guild is not in play"]
    two = table(line(1, science=1, compasses=0, gears=0, tablets=0, wild=2, wonder="Babylon", side="A", wonders=3),
                *plain(3)[1:], guilds=("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild",
                                       "Magistrates Guild"))
    assert messages(two, "science.wild") == [
        "'P1' has 2 wild symbols, at most 1 possible here: Babylon's stage and the Scientists Guild is not in play"]


def test_science_split_across_the_decks():
    # Three players' decks hold 4 cards of each symbol. 16 points are 4 of one symbol or 1-2-2; 10
    # are one of each or 3-1-0. Each score alone is possible and the three need 11 of the 12 green
    # cards, but no split of the symbols gives all three (issue 31, item 2).
    guilds = ("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild", "Magistrates Guild")
    spoilt = table(line(1, science=16), line(2, science=16), line(3, science=10), guilds=guilds)
    assert messages(spoilt, "science.split") == [
        "science 'P1' 16 and 'P2' 16 and 'P3' 10 can't all be: however the symbols are placed, together they need "
        "more cards of one symbol than the 3-player decks hold (4 compasses, 4 gears, 4 tablets); check the science "
        "column"]
    # The control: 9 (three tablets) instead of 10 fits beside 4 compasses and 4 gears.
    assert "science.split" not in rules(table(line(1, science=16), line(2, science=16), line(3, science=9),
                                              guilds=guilds))
    # With the Scientists Guild in play a wild symbol could make the 10: no error then.
    assert "science.split" not in rules(table(line(1, science=16), line(2, science=16), line(3, science=10)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(c.SCIENCE_REACHABLE[0] - {0})), min_size=2, max_size=4),
       st.sampled_from(sorted(c._SYMBOL_DECKS)))
def test_science_split_agrees_with_trying_every_split(scores, n):
    # Every way to give each score its symbols (4 at most of each per city), by brute force.
    options = [[x for x in itertools.product(range(c.MAX_SYMBOL + 1), repeat=3) if c.science_points(*x) == v]
               for v in scores]
    decks = c._SYMBOL_DECKS[n]
    truth = any(all(sum(x[k] for x in pick) <= decks[k] for k in range(3)) for pick in itertools.product(*options))
    assert c._science_fits(tuple(sorted(c._science_triples(v, 0) for v in scores)), decks) == truth
    # As the check asks it (the greedy split first, kept by the players' scores): the same answer.
    assert c._science_splits(tuple(sorted((v, 0) for v in scores)), n) == truth


def test_science_deck_with_columns():
    # Three players: one copy of each green card, so 4 compasses at the whole table.
    lines = [line(i, science=9, compasses=3, gears=0, tablets=0, wild=0) for i in (1, 2)] + [line(3)]
    # The third line has no symbol columns: the other two still over-use the compasses.
    assert messages(table(*lines), "science.deck") == [
        "the table holds 6 compass symbols, but the 3-player decks have only 4 green cards with that symbol"]
    assert rules(table(line(1, science=9, compasses=3, gears=0, tablets=0, wild=0),
                       line(2, science=1, compasses=1, gears=0, tablets=0, wild=0),
                       line(3, science=0, compasses=0, gears=0, tablets=0, wild=0))) == []


def test_science_deck_without_columns():
    # 38 needs at least 7 green cards; three players share 12, so two 38s can't both be.
    need = c.SCIENCE_FEWEST_CARDS[1][38]
    assert need * 2 > c.GREEN_IN_DECK[3] >= need
    gizah, rhodos = dict(wonder="Gizah", side="A"), dict(wonder="Rhodos", side="A")
    assert rules(table(line(1, science=38, **gizah), line(2, science=38, **rhodos), line(3))) == ["science.deck"]
    assert rules(table(line(1, science=38, **gizah), line(2, science=10, **rhodos), line(3))) == []


# --- civilian ---------------------------------------------------------------------------

def test_civilian_points_are_sums_of_distinct_blue_cards():
    assert rules(table(line(1, civilian=53), line(2, civilian=0), line(3, civilian=2))) == []
    one = table(line(1, civilian=1), *plain(3)[1:])
    assert messages(one, "civilian.points") == [
        "civilian 1 for 'P1' is no sum of distinct blue cards of a 3-player game; check the civilian column"]
    # 3 players: no Pawnshop, so 55 is everything and 54 (all but... 1) can't be made.
    assert rules(table(line(1, civilian=54), *plain(3)[1:])) == ["civilian.points"]
    assert rules(table(line(1, civilian=54), *plain(4)[1:])) == []


def test_civilian_table_shares_the_deck():
    total_over = table(line(1, civilian=55), line(2, civilian=2), line(3, civilian=0))
    assert messages(total_over, "civilian.deck") == [
        "the table's civilian points add up to 57, but all blue cards of the 3-player decks are worth 55"]
    # 3 players: the Altar and the Theater exist once each, and no card is worth 1, so
    # three cities can't all score 2 although 6 is far below the deck's 55.
    assert rules(table(line(1, civilian=2), line(2, civilian=2), line(3, civilian=0))) == []
    three_twos = table(line(1, civilian=2), line(2, civilian=2), line(3, civilian=2))
    assert messages(three_twos, "civilian.deck") == [
        "the civilian points (2, 2, 2) need more copies of some blue cards than the 3-player decks hold"]
    # With 5 players there are two Altars and one Theater: fine.
    assert rules(table(*[line(i, civilian=2) for i in (1, 2, 3)], line(4), line(5))) == []


def test_civilian_gap_to_the_whole_deck_must_be_unbuilt_cards():
    # 3 players: the blue cards are worth 55 and none is worth 1, so 54 in all can't happen
    # even though 27 and 27 are each a sum of distinct blue cards.
    gap = table(line(1, civilian=27), line(2, civilian=27), line(3, civilian=0))
    assert messages(gap, "civilian.deck") == [
        "the table's civilian points add up to 54 of the 55 that all blue cards of the 3-player decks are "
        "worth, but no set of unbuilt blue cards is worth the 1 in between"]
    assert rules(table(line(1, civilian=27), line(2, civilian=26), line(3, civilian=0))) == []


def test_civilian_search_decides_a_crowded_7_player_table():
    # Five cities with 2 points each need five cards worth 2; 7 players have two Altars and
    # two Theaters. Taking the most constrained cities first finds this at once.
    crowded = table(*[line(i, civilian=2) for i in range(1, 6)], line(6, civilian=13), line(7, civilian=22))
    assert messages(crowded, "civilian.deck") == [
        "the civilian points (2, 2, 2, 2, 2, 13, 22) need more copies of some blue cards than the 7-player "
        "decks hold"]
    assert c.civilian_table_feasible(7, (2, 2, 2, 2, 13, 22, 0)) is True


def test_an_undecided_civilian_search_is_a_warning(monkeypatch):
    assert c.civilian_table_feasible(7, (2, 3, 4, 13, 14, 20, 22), budget=1) is None  # budget spent
    monkeypatch.setattr(c, "civilian_table_feasible", lambda n, needs: None)
    found = [f for f in check_sheet(table(*plain(5, p1={"civilian": 10}))) if f.rule == "civilian.deck"]
    assert [(f.severity, f.message) for f in found] == [(Severity.WARNING, (
        "the civilian points (10, 0, 0, 0, 0) could not be matched to the 5-player blue cards within the "
        "check's search limit: compare them with the cities"))]


# --- commercial and guilds --------------------------------------------------------------

def test_commercial_upper_bound():
    assert c.commercial_max(3, 3) == 10 + 9 + 3  # no Chamber of Commerce with 3 players
    assert c.commercial_max(3, 3, budget=18) == 18  # every point is a card or a stage
    assert c.commercial_max(5, 3, budget=18) == 2 * 3 + 15  # Chamber: 2 per grey card
    assert rules(table(line(1, commercial=18, wonder="Gizah", side="A"), *plain(3)[1:])) == []
    over = table(line(1, commercial=19, wonder="Gizah", side="A"), *plain(3)[1:])
    assert messages(over, "commercial.max") == [
        "commercial 19 for 'P1' is more than the 18 that Haven, Lighthouse, Chamber of Commerce and Arena "
        "can give (18 cards and stages at most) in a 3-player game; check the commercial column"]
    # Halikarnassos B builds three more cards; the stages column tightens Arena's share.
    assert rules(table(line(1, commercial=21, wonder="Halikarnassos", side="B"), *plain(3)[1:])) == []
    assert rules(table(line(1, commercial=22, wonder="Halikarnassos", side="B", stages=0, wonders=0),
                       *plain(3)[1:])) == ["commercial.max"]


def test_city_builds_at_most_18_cards_and_stages():
    # 3 players: civilian 55 takes all 12 blue cards; science 38 needs 7 green ones (one wild).
    assert c.fewest_blue(3)[55] == 12 and c.SCIENCE_FEWEST_CARDS[1][38] == 7  # 3, 2, 2 and a wild
    gizah = dict(wonder="Gizah", side="A")
    assert rules(table(line(1, civilian=55, science=26, **gizah), *plain(3)[1:])) == []
    crowded = table(line(1, civilian=55, science=38, **gizah), *plain(3)[1:])
    assert messages(crowded, "city.cards") == [
        "'P1' needs at least 19 cards and stages (12 blue for civilian 55, 7 green for science 38, "
        "0 stages for wonder points 0), but a city builds at most 18 on Gizah A; check the categories"]
    # Babylon B plays the seventh card of each age: room for 21.
    assert "city.cards" not in rules(table(line(1, civilian=55, science=38, wonder="Babylon", side="B",
                                                wonders=3), *plain(3)[1:]))


def test_guild_names_and_count():
    assert rules(table(*plain(5), guilds=GUILDS5)) == []
    assert rules(table(*plain(5), guilds=GUILDS5[:6])) == ["guilds.count"]
    assert check_sheet(table(*plain(5), guilds=GUILDS5[:6]))[0].severity is Severity.WARNING
    assert rules(table(*plain(5), guilds=GUILDS5[:6] + ("Thieves Guild",))) == ["guilds.unknown"]
    assert rules(table(*plain(5), guilds=GUILDS5[:6] + ("Spies Guild",))) == ["guilds.twice"]


def test_guild_points_need_guilds_in_play():
    scientists_only = ("Scientists Guild",)
    sheet = table(line(1, guilds=1), *plain(2)[1:], line(3), guilds=scientists_only)
    assert "guilds.max" in rules(sheet)  # the Scientists Guild scores in science, never here
    assert "guilds.max" not in rules(table(line(1, guilds=1), *plain(3)[1:], guilds=("Spies Guild",)))


def test_guild_points_upper_bound_per_player():
    # Strategists only: the neighbours' defeat tokens; at 18 a city has none, at 13 one.
    strategists = ("Strategists Guild",)
    boards = [dict(wonder=w, side="A") for w in ("Gizah", "Rhodos", "Ephesos")]
    sheet = table(line(1, guilds=2, military=-6, **boards[0]), line(2, military=18, **boards[1]),
                  line(3, military=13, **boards[2]), guilds=strategists)
    assert messages(sheet, "guilds.max") == [
        "guild points 2 for 'P1' are more than the 1 the guilds in play can give at this table; "
        "check the guilds column"]
    fine = table(line(1, guilds=2, military=-6, **boards[0]), line(2, military=18, **boards[1]),
                 line(3, military=-6, **boards[2]), guilds=strategists)
    assert messages(fine, "guilds.max") == []


def test_guild_points_table_bound():
    # One Spies Guild: at 3 players every red card is in the decks once, so two neighbours
    # hold at most the 9 red names between them (not 2 x 9).
    one = ("Spies Guild",)
    b = [dict(wonder=w, side="B") for w in ("Gizah", "Rhodos", "Ephesos")]
    assert rules(table(line(1, guilds=9, **b[0]), line(2, **b[1]), line(3, **b[2]), guilds=one)) == ["guilds.count"]
    assert "guilds.max" in rules(table(line(1, guilds=10, **b[0]), line(2, **b[1]), line(3, **b[2]), guilds=one))
    both = table(line(1, guilds=5, **b[0]), line(2, guilds=5, **b[1]), line(3, **b[2]), guilds=one)
    # Olympia B could copy it: then 10 is possible.
    olympia = table(line(1, guilds=5, **b[0]), line(2, guilds=5, wonder="Olympia", side="B", wonders=5),
                    line(3, **b[2]), guilds=one)
    assert messages(olympia, "guilds.table") == []
    # ... but only once its third stage can be built: 5 points with 2 stages is not enough.
    no_copy = table(line(1, guilds=5, **b[0]), line(2, guilds=5, wonder="Olympia", side="B", wonders=5, stages=2),
                    line(3, **b[2]), guilds=one)
    assert messages(no_copy, "guilds.table") != []
    assert messages(both, "guilds.table") == [
        "the table's guild points add up to 10, but each guild card exists once and together they "
        "give at most 9 here"]


# --- properties -------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 7), boards=st.booleans(), guilds=st.booleans(),
       symbols=st.booleans(), stages=st.booleans())
def test_rule_consistent_tables_always_pass(seed, players, boards, guilds, symbols, stages):
    sheet = random_table(seed, players, known_boards=boards, known_guilds=guilds,
                         symbol_columns=symbols, stage_column=stages)
    assert check_sheet(sheet) == []


def test_random_tables_are_reproducible():
    assert random_table(7, 5) == random_table(7, 5)
    assert random_table(7, 5) != random_table(8, 5)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 4))
def test_a_military_slip_is_caught(seed, seat):
    sheet = random_table(seed, 5)
    lines = list(sheet.players)
    p = lines[seat]
    bumped = p.military + 1 if p.military < 18 else p.military - 1
    lines[seat] = line(p.seat, player=p.player, **{k: getattr(p, k) for k in CATEGORIES if k != "military"},
                       military=bumped, coins=p.coins)
    assert "military.pairs" in rules(TableSheet(tuple(lines), sheet.guilds))


def test_undecidable_parts_stay_silent():
    # No board, no guild list, no columns: only what the numbers alone decide is reported.
    assert rules(table(line(1, wonders=20, science=43, guilds=30), line(2), line(3))) == []


def test_checks_are_registered_once():
    from rules_engine.sevenwonders.sheet import TABLE_CHECKS
    assert TABLE_CHECKS.count(c.check_rules) == 1
    assert c.check_military(table(line(1, military=1), line(2), line(3))) != []


def test_military_search_matches_brute_force_for_four_players():
    truth = _brute_force_military(4)
    for v in truth:
        assert c.military_assignment_exists(v), v
    rng = random.Random(4)
    for _ in range(3000):
        v = tuple(rng.randint(-6, 18) for _ in range(4))
        assert c.military_assignment_exists(v) == (v in truth), v


def test_every_rule_is_documented():
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "sheet-checks.md").read_text()
    source = (root / "rules_engine" / "sevenwonders" / "checks.py").read_text()
    used = set(re.findall(r'(?:error|warning)\("([a-z.]+)"', source))
    assert len(used) >= 18
    for rule in used:
        assert f"`{rule}`" in doc, rule


def test_broken_seating_does_not_invent_military_or_guild_errors():
    # Seats 1, 1, 3: sheet.py reports the seats; the ring-based checks stay silent.
    lines = [line(1, military=5), line(1, player="Q", military=-1), line(3, military=0, guilds=12)]
    assert rules(TableSheet(tuple(lines), ("Strategists Guild",) * 1)) == ["seats", "guilds.count"]


def test_misspelt_guild_list_is_reported_not_trusted():
    sheet = table(line(1, guilds=18), line(2), line(3), guilds=("Spies Gild", "Workers Guild", "Traders Guild",
                                                                 "Builders Guild", "Magistrates Guild"))
    assert rules(sheet) == ["guilds.unknown"]


# --- issue 18: the blind spots ------------------------------------------------------------

ALL_BLUE_5 = 58  # the 13 blue cards of a 5-player game: 4 of Age I, 4 of Age II, 5 of Age III


def test_coins_have_a_ceiling():
    # 999 coins can't come from the bank: 3 to start, 3 per discard, yellow cards and stages.
    rich = table(line(1, coins=999, treasury=333), *plain(3)[1:])
    assert rules(rich) == ["coins.max"]
    assert messages(rich, "coins.max")[0].startswith("the table holds 1005 coins ('P1' has 999), but the bank "
                                                     "hands out at most ")
    assert rules(table(line(1, coins=60, treasury=20), *plain(3)[1:])) == []


def test_coins_ceiling_counts_the_plays_the_points_need():
    # A blue card built is a play that gave no coins: the same coins pass with fewer blue cards.
    def cap(sheet):
        t = c._table(sheet)
        return sum(c.coins_max(t, i) for i in range(t.n))

    def city(civilian, coins):
        return [line(1, civilian=civilian, coins=coins, treasury=coins // 3), line(2), line(3)]

    heavy_cap = cap(table(*city(30, 3)))
    assert heavy_cap < cap(table(*city(0, 3)))
    coins = heavy_cap - 6 + 1  # one coin more than the heavy table can hold
    assert rules(table(*city(30, coins))) == ["coins.max"]
    assert rules(table(*city(0, coins))) == []


def test_cards_must_fit_into_the_ages():
    # All 13 blue cards (five of Age III) plus a commercial point (an Age III yellow card)
    # and a guild point: 7 Age III cards for 6 Age III turns, though 15 plays fit in 18.
    bad = table(line(1, wonder="Gizah", side="A", civilian=ALL_BLUE_5, commercial=1, guilds=1), *plain(5)[1:],
                guilds=None)
    assert "city.ages" in rules(bad) and "city.cards" not in rules(bad)
    assert messages(bad, "city.ages") == [
        "'P1' can't fit its cards into the three ages: the civilian, science and other points need at the least "
        "4 Age I, 4 Age II and 7 Age III cards (blue, green, a yellow card for commercial, a guild), 1 more than "
        "the six turns of each age (plus the board's extra builds) and the stages allow on Gizah A; check the "
        "categories"]
    ok = table(line(1, wonder="Gizah", side="A", civilian=ALL_BLUE_5, commercial=1), *plain(5)[1:])
    assert "city.ages" not in rules(ok)


def test_a_discard_build_takes_an_age_iii_turn_for_an_age_iii_card():
    # Halikarnassos builds a card from the discard pile on the turn its stage is built, a card
    # of that age or an earlier one: 7 Age III cards (the five blue, a commercial card, a
    # guild) still need 7 Age III turns, on either side (issue 50, item 3).
    guilds = ("Builders Guild", "Workers Guild", "Spies Guild", "Traders Guild", "Scientists Guild",
              "Magistrates Guild", "Strategists Guild")
    for side, wonders in (("A", 3), ("B", 3)):  # A: stages 1-2 (the second builds); B: 2 or 3 stages, each builds
        hali = table(line(1, wonder="Halikarnassos", side=side, wonders=wonders, civilian=ALL_BLUE_5, commercial=1,
                          guilds=1), *plain(5)[1:], guilds=guilds)
        assert [f.message for f in check_sheet(hali)] == [
            f"'P1' can't fit its cards into the three ages: the civilian, science and other points need at the "
            f"least 4 Age I, 4 Age II and 7 Age III cards (blue, green, a yellow card for commercial, a guild), but "
            f"Halikarnassos {side} builds a card from the discard pile on the turn of its stage, a card of that age "
            f"or an earlier one: Age III cards still take Age III turns, at most 6, and Age II and III cards at "
            f"most 12; check the categories"]
        # Six Age III cards fit.
        assert rules(table(line(1, wonder="Halikarnassos", side=side, wonders=wonders, civilian=ALL_BLUE_5,
                                commercial=1), *plain(5)[1:], guilds=guilds)) == []
    # A guild from the discard pile takes an Age III turn too: Halikarnassos B adds no guild.
    assert c._extra_builds(d.board("Halikarnassos", "B")) == 0 and c._extra_builds(d.board("Babylon", "B")) == 1


def test_four_age_three_compasses_and_all_age_three_blue_cards():
    # Compasses 4 need Lodge and Academy (Age III) at 5 players besides Apothecary and
    # Dispensary; with all five Age III blue cards that is 7 Age III cards.
    syms = dict(compasses=4, gears=0, tablets=0, wild=0, science=16)
    bad = table(line(1, wonder="Gizah", side="A", civilian=ALL_BLUE_5, **syms), *plain(5)[1:])
    assert "city.ages" in rules(bad)
    ok = table(line(1, wonder="Gizah", side="A", civilian=ALL_BLUE_5 - 8, **syms), *plain(5)[1:])  # no Palace
    assert "city.ages" not in rules(ok)


def _full_city(**kw):
    """18 plays all needed: all 13 blue cards and 5 green cards, Gizah A, no stage."""
    base = dict(wonder="Gizah", side="A", civilian=ALL_BLUE_5, compasses=2, gears=2, tablets=1, wild=0,
                science=16)
    base.update(kw)
    return line(1, **base)


def test_the_scientists_guild_wild_symbol_costs_a_card():
    # A full city can't also build the Scientists Guild for a wild symbol.
    wild = dict(compasses=2, gears=2, tablets=1, wild=1, science=26)
    bad = table(_full_city(**wild), *plain(5)[1:], guilds=None)
    assert rules(bad) == ["science.guild"]
    assert messages(bad, "science.guild") == [
        "'P1' needs a wild science symbol that only the Scientists Guild can give here, but the guild is an "
        "Age III card and the city's plays are all needed for its other points; check the science column"]
    # On Babylon A with its wild stage (built with a card) the symbol costs a stage instead; with
    # one green card fewer the guild fits.
    fewer = dict(compasses=2, gears=1, tablets=1, wild=1, science=18)
    assert rules(table(_full_city(**fewer), *plain(5)[1:])) == []


def test_a_military_win_needs_shields():
    others = [line(2, military=-2), line(3), line(4, military=1), line(5)]  # P1 and P4 win in Age I
    bad = table(_full_city(military=1), *others)
    assert "military.shields" in rules(bad)
    assert messages(bad, "military.shields") == [
        "'P1' has military 1, so won a battle, but has no shields: no red card fits among the plays its other "
        "points need, and no stage of Gizah A gives shields; check the categories"]
    # One blue card fewer leaves a play for a red card; Rhodos' stages give shields.
    assert rules(table(_full_city(military=1, civilian=ALL_BLUE_5 - 2), *others)) == []
    assert rules(table(_full_city(military=1, civilian=ALL_BLUE_5 - 2, wonder="Rhodos", side="B", wonders=3),
                       *others)) == []


def test_military_points_that_need_a_shieldless_win_are_refused():
    # (0, -2, 0, 0, 2) in seat order needs seat 1 to win a battle (+1, -1) although its total is 0.
    totals = (0, -2, 0, 0, 2)
    assert c.military_assignment_exists(totals) and not c.military_assignment_exists(totals, 1)
    others = [line(i, military=m) for i, m in enumerate(totals[1:], 2)]
    assert messages(table(_full_city(), *others), "military.shields") == [
        "these military points need a battle won by 'P1', who can't have shields (every play is needed for "
        "the other points, no shield stage); check the military column and the categories"]
    assert rules(table(_full_city(civilian=ALL_BLUE_5 - 2), *others)) == []


def test_guild_points_count_what_the_neighbours_sheets_allow():
    # Neighbours without civilian or science points hold no blue or green cards.
    in_play = ("Magistrates Guild", "Philosophers Guild", "Builders Guild")
    boards = dict(side="A")  # stages give points on every A side: no points, no stages
    bad = table(line(1, wonder="Gizah", guilds=2, **boards), line(2, wonder="Rhodos", **boards),
                line(3, wonder="Ephesos", **boards), guilds=in_play)
    assert "guilds.max" in rules(bad)
    ok = table(line(1, wonder="Gizah", guilds=2, **boards), line(2, wonder="Rhodos", civilian=5, **boards),
               line(3, wonder="Ephesos", science=1, **boards), guilds=in_play)
    assert "guilds.max" not in rules(ok)


def test_guild_points_count_the_copies_in_the_decks():
    # At 3 players every brown card is in the decks once: two neighbours hold at most 10.
    assert c.PAIR_CAP[(d.Colour.BROWN, 3)] == 10
    assert "guilds.max" in rules(table(line(1, guilds=11), *plain(3)[1:], guilds=("Workers Guild",)))
    assert "guilds.max" not in rules(table(line(1, guilds=10), *plain(3)[1:], guilds=("Workers Guild",)))


def test_a_stage_without_points_counts_for_the_builders_guild():
    # Wonder points 0 do not mean no stages: Alexandria B's first two stages give none.
    sheet = table(line(1, guilds=2), line(2, wonder="Alexandria", side="B"), *plain(3)[2:],
                  guilds=("Builders Guild",))
    assert "guilds.max" not in rules(sheet)
    a_sides = table(line(1, guilds=2, wonder="Gizah", side="A"), line(2, wonder="Alexandria", side="A"),
                    line(3, wonder="Rhodos", side="A"), guilds=("Builders Guild",))
    assert "guilds.max" in rules(a_sides)


def test_guilds_in_play_read_in_german_too():
    from rules_engine.sevenwonders.sheet import split_guilds
    assert split_guilds("Gilde der Händler; Spies Guild, ") == ("Gilde der Händler", "Spies Guild")
    assert split_guilds(" – ") is None and split_guilds(None) is None
    german = table(line(1, guilds=10), *plain(3)[1:], guilds=("Gilde der Arbeiter",))
    assert rules(german) == ["guilds.count"]
    assert "guilds.max" in rules(table(line(1, guilds=11), *plain(3)[1:], guilds=("Gilde der Arbeiter",)))


def test_the_blue_card_tables_are_built_on_first_use_not_at_import():
    """Importing the checks builds none of the blue-card tables (~30 ms that every command
    loading the 7 Wonders rules paid); checking a sheet builds the one of its player count."""
    import subprocess
    import sys

    script = ("from rules_engine.sevenwonders import checks as c, check_sheet\n"
              "from rules_engine.sevenwonders.sample import random_table\n"
              "print(c.blue_tables.cache_info().currsize, c.blue_need.cache_info().currsize)\n"
              "check_sheet(random_table(1, 4))\n"
              "print(c.blue_tables.cache_info().currsize, c.blue_need.cache_info().currsize)\n")
    from conftest import ROOT

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60,
                          cwd=ROOT)
    assert done.stdout.split("\n") == ["0 0", "1 1", ""]


# --- issue 31, item 3: the plays commercial and Shipowners points take -------------------

def _one_play_left(**kw):
    """Gizah A with every play but one needed: 12 of the 13 blue cards (no Altar or Theater)
    and five green cards."""
    return _full_city(**{"civilian": ALL_BLUE_5 - 2, **kw})


def test_one_commercial_card_alone_gives_what_it_counts_of_itself_or_the_stages():
    # Derived from the card data: the Lighthouse counts itself (1), the Arena 1 per stage
    # built, Haven and Chamber of Commerce nothing without brown or grey cards.
    assert [x.name for x in c.COMMERCIAL_CARDS[3]] == ["Haven", "Lighthouse", "Arena"]
    assert [x.name for x in c.COMMERCIAL_CARDS[4]] == ["Haven", "Lighthouse", "Chamber of Commerce", "Arena"]
    assert [c.one_card_commercial(5, k) for k in range(5)] == [1, 1, 2, 3, 4]
    assert [c.commercial_plays(5, v, 0) for v in (0, 1, 2, 9)] == [0, 1, 2, 2]
    assert [c.commercial_plays(5, v, 3) for v in (2, 3, 4)] == [1, 1, 2]


def test_commercial_points_above_one_card_need_a_second_play():
    bad = table(_one_play_left(commercial=2), *plain(5)[1:])
    assert [f.message for f in check_sheet(bad)] == [
        "commercial 2 for 'P1' needs two plays, but its other points leave one: a commercial card alone gives "
        "at most 1 (the Lighthouse counts itself, the Arena 1 per stage, 0 at most on Gizah A), more needs "
        "another card it counts; check the commercial column"]
    assert rules(table(_one_play_left(commercial=1), *plain(5)[1:])) == []  # the Lighthouse alone
    # The Arena counts stages: with two stages built (two plays, Gizah A wonders 8) one card
    # gives 2, not 3.
    arena = dict(wonders=8, civilian=ALL_BLUE_5 - 2 - 3 - 3)  # three blue cards fewer: three plays
    assert rules(table(_one_play_left(commercial=2, **arena), *plain(5)[1:])) == []
    assert rules(table(_one_play_left(commercial=3, **arena), *plain(5)[1:])) == ["commercial.plays"]


SHIP_GUILDS = ("Shipowners Guild", "Magistrates Guild", "Philosophers Guild", "Builders Guild", "Scientists Guild")
ALL_BLUE_3 = 55  # the 12 blue cards of a 3-player game: 3 of Age I, 4 of Age II, 5 of Age III


def _ship_table(guilds, civilian=ALL_BLUE_3, military=0):
    """Three players, the guilds in play worth nothing to P1 but the Shipowners Guild (the
    neighbours hold no blue or green card, no stage); P1 needs all its plays but the guild's:
    every blue card and five green cards (Ages I and II), the guild the sixth Age III card."""
    sides = dict(side="A")
    p1 = line(1, wonder="Gizah", civilian=civilian, compasses=2, gears=2, tablets=1, wild=0, science=16,
              guilds=guilds, military=military, **sides)
    return table(p1, line(2, wonder="Rhodos", military=-2 * military, **sides),
                 line(3, wonder="Ephesos", military=military, **sides), guilds=SHIP_GUILDS)


def test_the_shipowners_guild_counts_only_the_cards_the_other_points_leave_plays_for():
    assert [f.message for f in check_sheet(_ship_table(2))] == [
        "guild points 2 for 'P1' are more than the 1 the guilds in play can give, the Shipowners Guild at most 1: "
        "it counts the city's own brown, grey and purple cards, and its other points leave plays for only that "
        "many of them (purple cards only in Age III); check the guilds column"]
    assert rules(_ship_table(1)) == []  # the guild itself
    # One blue card fewer (Altar, Age I): a play for a brown or grey card ...
    assert rules(_ship_table(2, civilian=ALL_BLUE_3 - 2)) == []
    # ... unless a won battle takes it for a red card (Gizah has no shield stage).
    assert rules(_ship_table(2, civilian=ALL_BLUE_3 - 2, military=1)) == ["guilds.shipowners"]
    assert rules(_ship_table(1, civilian=ALL_BLUE_3 - 2, military=1)) == []


def _wild_ship_table(guilds, **kw):
    """Three players, the guilds of `_ship_table`; P1 (Gizah A, no stage) has 50 civilian
    points (blue cards 2/3/5, 3/4/4 or 1/4/5 by age) and no green card: its science 1 is the
    wild symbol alone, which without a Babylon stage is the Scientists Guild."""
    p1 = line(1, wonder="Gizah", side="A", civilian=50, compasses=0, gears=0, tablets=0, wild=1, science=1,
              guilds=guilds, **kw)
    return table(p1, line(2, wonder="Rhodos", side="A"), line(3, wonder="Ephesos", side="A"), guilds=SHIP_GUILDS)


def test_the_scientists_guild_behind_a_wild_symbol_takes_the_age_three_turn_the_shipowners_guild_needs():
    # Issue 50, class 4. Blue cards 2/3/5 fill Age III with the Shipowners Guild (5 + 1), so
    # the Scientists Guild (the wild symbol) would be a seventh Age III card: the blue cards
    # must be 3/4/4, and 11 blue cards and 2 guilds leave Ages I and II 3 + 2 turns for brown
    # and grey cards: at most 5 + 2 purple (both guilds) = 7. Taking the wild symbol for free
    # gave 2/3/5 and 7 brown and grey cards: 8.
    assert c.shipowners_most(3, True, 0, False, 5, False, "Gizah", "A", 0, None, 50, 1, 0, 0, 0, 1) == 7
    assert [f.message for f in check_sheet(_wild_ship_table(8))] == [
        "guild points 8 for 'P1' are more than the 7 the guilds in play can give, the Shipowners Guild at most 7: "
        "it counts the city's own brown, grey and purple cards, and its other points leave plays for only that "
        "many of them (purple cards only in Age III, where the Scientists Guild behind its wild symbol takes a "
        "turn of its own); check the guilds column"]
    assert rules(_wild_ship_table(7)) == []  # the control: 3/4/4 blue, both guilds, 5 brown and grey cards
    # Without the symbol columns science 1 may be one green card instead: it takes an Age I
    # or II turn, so 8 is still too many (the general message: the guild is not a must).
    p1, *others = _wild_ship_table(8).players
    bare = table(dataclasses.replace(p1, compasses=None, gears=None, tablets=None, wild=None), *others,
                 guilds=SHIP_GUILDS)
    assert rules(bare) == ["guilds.shipowners"]
    assert "Scientists Guild" not in check_sheet(bare)[0].message
    assert rules(table(dataclasses.replace(p1, compasses=None, gears=None, tablets=None, wild=None, guilds=7,
                                           total=p1.total - 1), *others, guilds=SHIP_GUILDS)) == []


def test_shipowners_cards_go_on_the_turns_of_their_ages():
    # Brown and grey cards exist in Ages I and II, guilds in Age III (from the card data):
    # six free Age III turns hold guilds only, six free Age I and II turns no guild.
    groups = c._ship_groups(3, 4)
    assert groups == ((c.NAMES[(d.Colour.BROWN, 3)] + c.NAMES[(d.Colour.GREY, 3)], frozenset({1, 2})),
                      (4, frozenset({3})))
    assert c._most_counted(groups, {1: 0, 2: 0, 3: 6}, 0, 6) == 4
    assert c._most_counted(groups, {1: 3, 2: 3, 3: 0}, 0, 6) == 6
    assert c._most_counted(groups, {1: 0, 2: 0, 3: 6}, 1, 7) == 5  # a discard build takes any age
    # ... but on a stage's turn: a guild from the discard pile takes an Age III turn (issue 50, item 3).
    assert c._most_counted(((0, frozenset({1, 2})), (6, frozenset({3}))), {1: 0, 2: 0, 3: 5}, 1, 7) == 5


# --- issue 50: what the table's cards, turns and neighbours allow together ---------------

STRATEGISTS_IN_PLAY = ("Strategists Guild", "Magistrates Guild", "Philosophers Guild", "Builders Guild",
                       "Scientists Guild")


def _strategists_table(guilds, military):
    """Three players; the guilds in play give P1 nothing but the Strategists Guild (the
    neighbours hold no blue or green card and no stage)."""
    sides = dict(side="A")
    return table(line(1, wonder="Gizah", guilds=guilds, military=military[0], **sides),
                 line(2, wonder="Rhodos", military=military[1], **sides),
                 line(3, wonder="Ephesos", military=military[2], **sides), guilds=STRATEGISTS_IN_PLAY)


def test_the_neighbours_defeat_tokens_come_from_the_whole_tables_battles():
    # Derived from the card data: the guilds that count the neighbours' defeat tokens.
    assert [(d.GUILD_NAMES[k], per) for k, per in c.DEFEAT_GUILDS] == [("Strategists Guild", 1)]
    # Each neighbour's total alone allows 4 tokens at -1 (a won Age II battle, four lost), but
    # at (2, -1, -1) the table's military adds up to 0: only Age I battles were decided, one
    # lost by each neighbour.
    assert c.MAX_DEFEATS[-1] == 4 and c.most_defeats((2, -1, -1), frozenset({1, 2})) == 2
    assert c.most_defeats((0, 0, 0), frozenset({1, 2})) == 0  # every battle a draw
    assert c.most_defeats((1, 0, 0), frozenset({1, 2})) is None  # military.pairs says why
    bad = _strategists_table(3, (2, -1, -1))
    assert [f.message for f in check_sheet(bad)][:1] == [
        "guild points 3 for 'P1' are more than the 2 the guilds in play can give: the Strategists Guild counts "
        "the neighbours' defeat tokens, and the battles that give the table's military ('P1' 2, 'P2' -1, "
        "'P3' -1, in seat order) give 'P2' and 'P3' at most 2 together; check the guilds and military columns"]
    assert rules(_strategists_table(2, (2, -1, -1))) == []
    assert rules(_strategists_table(1, (0, 0, 0))) == ["guilds.strategists"]
    assert rules(_strategists_table(0, (0, 0, 0))) == []


def _brute_force_defeats(n, seats):
    """Per military totals of an n-player ring: the most defeat tokens of the two `seats`
    together, over every result of every pair and age whose ages can come from shields."""
    best = {}
    for results in itertools.product((1, 0, -1), repeat=3 * n):
        totals, losses, won, lost = [0] * n, [0] * n, 0, 0
        for k in range(n):
            for age in d.AGES:
                r, bit, after = results[3 * k + age - 1], 1 << (age - 1), (k + 1) % n
                if r == 1:
                    totals[k] += d.MILITARY_WIN[age]
                    totals[after] -= 1
                    losses[after] += 1
                    won |= bit
                elif r == -1:
                    totals[after] += d.MILITARY_WIN[age]
                    totals[k] -= 1
                    losses[k] += 1
                    lost |= bit
        if won == lost:
            key = tuple(totals)
            best[key] = max(best.get(key, 0), sum(losses[i] for i in seats))
    return best


def test_the_most_defeat_tokens_agree_with_trying_every_result():
    for seats in ({1, 2}, {0, 1}, {0, 2}):
        best = _brute_force_defeats(3, seats)
        assert all(c.most_defeats(totals, frozenset(seats)) == v for totals, v in best.items())
    assert c.most_defeats((5, 5, -1), frozenset({1, 2})) is None and (5, 5, -1) not in best


def test_the_tables_commercial_points_share_the_decks_scoring_yellow_cards():
    # Derived from the card data (copies sourced in test_sevenwonders_data.py): at 3 players
    # one Haven, one Lighthouse and one Arena score commercial points, the Arena only per stage.
    assert [(x.name, c._COPIES[3][x.name]) for x in c.COMMERCIAL_CARDS[3]] == [
        ("Haven", 1), ("Lighthouse", 1), ("Arena", 1)]
    sides = dict(side="A")  # wonder points 0 on an A side: no stage built

    def three(first_wonders):
        return table(line(1, wonder="Gizah", commercial=1, wonders=first_wonders, **sides),
                     line(2, wonder="Rhodos", commercial=1, **sides), line(3, wonder="Ephesos", commercial=1, **sides))

    assert [f.message for f in check_sheet(three(0))] == [
        "commercial 'P1' 1 and 'P2' 1 and 'P3' 1 can't all be: a city scores commercial points only with its own "
        "Haven, Lighthouse, Chamber of Commerce or Arena (the Arena only with stages built), each once, and the "
        "3-player decks hold 1 Haven, 1 Lighthouse, 1 Arena; check the commercial column and the wonder points"]
    assert rules(three(3)) == []  # one stage built: P1's Arena gives 1
    # Two cities without stages: one Haven and one Lighthouse are enough, unless one city
    # needs both (a Haven gives at most one point per brown card name).
    assert c.commercial_table_feasible_for(3, ((1, 0), (1, 0)))
    assert not c.commercial_table_feasible_for(3, ((1, 0), (c.NAMES[(d.Colour.BROWN, 3)] + 1, 0)))


def test_the_military_message_names_the_battle_that_cant_stand_alone():
    # Issue 50, item 9: at (1, -1, 0, 0, 0, 0) every pair of neighbours fits on its own; only
    # the ring is at fault, since the one Age I battle would be won round the ring one way only.
    totals = (1, -1, 0, 0, 0, 0)
    assert c._impossible_neighbours(totals) == () and c.lone_battles(totals) == ((0, 1, 1),)
    bad = table(*(line(i, military=m) for i, m in enumerate(totals, 1)))
    assert [f.message for f in check_sheet(bad)] == [
        "these military points ('P1' 1, 'P2' -1, 'P3' 0, 'P4' 0, 'P5' 0, 'P6' 0, in seat order) need 'P1' "
        "beating 'P2' in Age I, which can't stand alone: in each age a battle won round the ring one way needs one "
        "won the other way (nobody out-shields their next neighbour all the way round); check the military column "
        "and the seat order"]
    # P1 beating both neighbours in Age I: one won each way round the ring.
    assert rules(table(*(line(i, military=m) for i, m in enumerate((2, -1, 0, 0, 0, -1), 1)))) == []
    two = table(*(line(i, military=m) for i, m in enumerate((1, -1, 1, -1, 0, 0), 1)))
    assert messages(two, "military.assignment")[0].split(", which")[0].endswith(
        "need 'P1' beating 'P2' in Age I and 'P3' beating 'P4' in Age I")


def _olympia_table(neighbour_commercial, **olympia):
    """Seven players: Olympia B with its copy stage (seat 1) needs all 18 plays with the copy
    free: every blue card, three stages and two green cards. Its neighbours need every play
    or every Age III turn: P2 every blue card and five green cards; P7 Gizah B's four stages
    and twelve green cards (five of Age III) and, with commercial points, an Age III yellow card."""
    every_blue = max(c.CIVILIAN_REACHABLE[7])  # at 7 players two copies of every blue card
    base = dict(wonder="Olympia", side="B", stages=3, wonders=5, civilian=every_blue, compasses=1, gears=1,
                tablets=0, wild=0, science=2)
    base.update(olympia)
    return table(line(1, **base),
                 line(2, wonder="Rhodos", side="A", civilian=every_blue, compasses=2, gears=2, tablets=1, wild=0,
                      science=16),
                 *(line(i) for i in range(3, 7)),
                 line(7, wonder="Gizah", side="B", wonders=20, stages=4, commercial=neighbour_commercial,
                      compasses=4, gears=4, tablets=4, wild=0, science=76))


def test_olympia_b_copies_only_a_guild_a_neighbour_can_hold():
    # Issue 50, item 2: the copy costs Olympia no card, but a neighbour must have built the
    # guild: here neither scores guild points nor has an Age III turn left for one.
    assert [f.message for f in check_sheet(_olympia_table(1, guilds=1))] == [
        "'P1' on Olympia B needs to copy a guild for its guild points, but neither neighbour can hold one: 'P2' "
        "and 'P7' score no guild points, and the cards their points need leave them no Age III turn for a guild; "
        "check the guilds, science and neighbours' columns"]
    # The Scientists Guild's wild symbol the same way (Olympia is no Babylon).
    wild = dict(wild=1, science=10)
    assert [f.message for f in check_sheet(_olympia_table(1, **wild))] == [
        "'P1' on Olympia B needs to copy a guild for its science, but neither neighbour can hold one: 'P2' and "
        "'P7' score no guild points, and the cards their points need leave them no Age III turn for a guild; "
        "check the guilds, science and neighbours' columns"]
    # Without commercial points P7 has an Age III turn left for the guild Olympia copies.
    assert rules(_olympia_table(0, guilds=1)) == [] and rules(_olympia_table(0, **wild)) == []
