"""7 Wonders engine: trade under the Bonn 2018 clarifications, chains, every board effect,
coins taken when played, military, end scoring.

Each test sets up cities by hand and plays single turns; seats are 0-based here, LEFT is
seat + 1 (clockwise), RIGHT is seat - 1.
"""
from __future__ import annotations

import pytest

from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.record import _parse_move
from rules_engine.sevenwonders.scoring import score


def cid(name: str, age: int | None = None) -> int:
    for a in ((age,) if age else (1, 2, 3)):
        i = g.card_id(name, a)
        if i is not None:
            return i
    raise KeyError(name)


def table(*boards: str, coins: int | None = None) -> g.Game:
    """A game at the start of Age I with boards like "Gizah A"; hands are unused."""
    game = g.Game([d.board(*b.rsplit(" ", 1)) for b in boards])
    game.age = 1
    if coins is not None:
        for c in game.cities:
            c.coins = coins
    return game


def give(game: g.Game, seat: int, *names: str) -> None:
    for n in names:
        game.cities[seat].add_card(g.CARDS[cid(n)])


def stages(game: g.Game, seat: int, k: int) -> None:
    for _ in range(k):
        game.cities[seat].add_stage()


def mv(text: str) -> g.Move:
    return _parse_move("1.1 " + text, 1).move


def turn(game: g.Game, plays: dict[int, str], t: int = 1) -> list[g.Note]:
    """Play one turn with the moves given (seats not named make no move)."""
    before = len(game.notes)
    moves = []
    for seat, text in plays.items():
        m = mv(text)
        own_age = g.card_id(m.card, game.age)  # same-named greys: this age's copy
        moves.append((seat, m, own_age if own_age is not None else cid(m.card)))
    game.play_turn(t, moves)
    return game.notes[before:]


THREE = ("Gizah A", "Rhodos A", "Ephesos A")  # stone, ore, papyrus boards


# --- trade -------------------------------------------------------------------------

def test_buy_two_units_from_one_card_costs_four():
    game = table(*THREE, coins=5)
    give(game, 2, "Sawmill")  # right of seat 0: two wood on one card
    assert turn(game, {0: "build Caravansery (right: wood wood; 4 coins)"}) == []
    assert game.cities[0].coins == 1 and game.cities[2].coins == 9
    assert cid("Caravansery") in game.cities[0].built


def test_cheapest_trade_found_for_self_play():
    game = table(*THREE, coins=5)
    give(game, 2, "Sawmill")
    ok, _, bank, to_left, to_right, trade = game.check(0, mv("build Caravansery"), cid("Caravansery"),
                                                        exact_trade=False)
    assert ok and (bank, to_left, to_right) == (0, 0, 4)
    assert trade == g.Trade((), ("wood", "wood"), 4)


def test_board_resource_can_be_bought():
    game = table(*THREE)
    # Rhodos (seat 1, left of seat 0) prints ore: Barracks costs one ore
    assert turn(game, {0: "build Barracks (left: ore; 2 coins)"}) == []
    assert game.cities[0].coins == 1 and game.cities[1].coins == 5


def test_yellow_production_cannot_be_bought():
    game = table(*THREE, coins=5)
    give(game, 1, "Caravansery")  # any raw, but yellow: not for sale
    notes = turn(game, {0: "build Stockade (left: wood; 2 coins)"})
    assert [n.rule for n in notes] == ["move.illegal"]
    assert "left neighbour can't sell wood" in notes[0].message
    # the house rule: discarded for 3 coins instead
    assert game.cities[0].coins == 8 and game.discards == [cid("Stockade")]


def test_alexandria_stage_resources_cannot_be_bought_but_serve_the_owner():
    game = table("Alexandria B", "Rhodos A", "Ephesos A", coins=5)
    stages(game, 0, 1)  # any raw material, private
    assert [n.rule for n in turn(game, {1: "build Stockade (right: wood; 2 coins)"})] == ["move.illegal"]
    assert turn(game, {0: "build Stockade"}, t=2) == []


def test_neighbour_choice_card_sells_one_unit_per_turn():
    game = table(*THREE, coins=9)
    give(game, 1, "Tree Farm")  # wood or clay
    notes = turn(game, {0: "build Stables (left: wood clay; 4 coins)"})
    assert [n.rule for n in notes] == ["move.illegal"]
    game = table(*THREE, coins=9)
    give(game, 1, "Tree Farm", "Clay Pool")
    # seat 0 has Gizah's stone; Stables needs clay wood ore: ore from Rhodos' board
    assert turn(game, {0: "build Stables (left: wood clay ore; 6 coins)"}) == []


@pytest.mark.parametrize("discounts, price", [
    ((), 2),
    (("East Trading Post",), 1),                   # raw from the right neighbour
    (("West Trading Post",), 2),                   # raw from the left only
    (("East Trading Post", "stage:Olympia B"), 1),  # discounts don't stack: never below 1
])
def test_raw_discount_from_the_right(discounts, price):
    boards = ("Olympia B", "Rhodos A", "Gizah A") if any("Olympia" in x for x in discounts) else THREE
    game = table(*boards, coins=5)
    for x in discounts:
        if x.startswith("stage:"):
            stages(game, 0, 1)
        else:
            give(game, 0, x)
    give(game, 2, "Clay Pool")
    assert turn(game, {0: f"build Guard Tower (right: clay; {price} coin{'s' if price > 1 else ''})"}) == []
    assert game.cities[0].coins == 5 - price and game.cities[2].coins == 5 + price


def test_marketplace_discounts_manufactured_goods_from_both_sides():
    game = table(*THREE, coins=5)
    give(game, 0, "Marketplace")
    give(game, 1, "Loom")
    give(game, 2, "Glassworks")
    assert turn(game, {0: "build Apothecary (left: loom; 1 coin)"}) == []
    assert turn(game, {0: "build Workshop (right: glass; 1 coin)"}, t=2) == []


def test_cards_built_this_turn_cannot_be_bought_from():
    game = table(*THREE)
    notes = turn(game, {1: "build Lumber Yard", 0: "build Stockade (left: wood; 2 coins)"})
    assert [n.rule for n in notes] == ["move.illegal"]
    assert turn(game, {0: "build Stockade (left: wood; 2 coins)"}, t=2) == []  # next turn it's there


def test_bought_resources_must_be_used():
    game = table(*THREE, coins=5)
    give(game, 0, "Lumber Yard")
    give(game, 1, "Lumber Yard")
    notes = turn(game, {0: "build Stockade (left: wood; 2 coins)"})
    assert [n.rule for n in notes] == ["move.illegal"]
    assert "bought resources must be used" in notes[0].message


def test_coins_received_this_turn_cannot_be_spent_this_turn():
    game = table(*THREE, coins=0)
    game.cities[1].coins = 2
    give(game, 0, "Lumber Yard")
    give(game, 2, "Clay Pool")
    # seat 1 pays seat 0 (its right) 2 coins; seat 0 has none at the start of the turn
    notes = turn(game, {1: "build Stockade (right: wood; 2 coins)", 0: "build Guard Tower (right: clay; 2 coins)"})
    assert [(n.rule, n.seat) for n in notes] == [("move.illegal", 0)]
    assert game.cities[0].coins == 2 + 3


def test_wrong_trade_total_is_corrected_with_a_warning():
    game = table(*THREE, coins=5)
    give(game, 0, "East Trading Post")
    give(game, 2, "Clay Pool")
    notes = turn(game, {0: "build Guard Tower (right: clay; 2 coins)"})
    assert [n.rule for n in notes] == ["trade.coins"]
    assert game.cities[0].coins == 4


def test_missing_resources_or_coins_become_a_discard():
    game = table(*THREE, coins=0)
    # Stockade needs wood nobody has; Tree Farm costs a coin seat 1 doesn't have
    notes = turn(game, {0: "build Stockade", 1: "build Tree Farm"})
    assert [n.rule for n in notes] == ["move.illegal", "move.illegal"]
    assert "the resources for Stockade are missing" in notes[0].message
    assert "Tree Farm costs 1 coin, the city has 0" in notes[1].message
    assert [c.coins for c in game.cities] == [3, 3, 0]
    assert game.discards == [cid("Stockade"), cid("Tree Farm")]


def test_baths_on_gizah_is_free_of_trade():
    game = table(*THREE)
    assert turn(game, {0: "build Baths"}) == []


# --- chains ------------------------------------------------------------------------

def test_chain_builds_for_free_and_a_trade_is_then_superfluous():
    game = table(*THREE, coins=0)
    game.age = 2
    give(game, 0, "Baths")
    assert turn(game, {0: "build Aqueduct"}) == []
    game = table(*THREE, coins=9)
    game.age = 2
    give(game, 0, "Baths")
    give(game, 1, "Quarry")
    notes = turn(game, {0: "build Aqueduct (left: stone stone; 4 coins)"})
    assert [n.rule for n in notes] == ["move.illegal"]


def test_duplicate_building_is_discarded():
    game = table(*THREE)
    give(game, 0, "Loom")
    game.age = 2
    notes = turn(game, {0: "build Loom"})
    assert [n.rule for n in notes] == ["build.duplicate"]
    assert game.cities[0].coins == 6


# --- coins when played ----------------------------------------------------------------

def test_tavern_and_commercial_coins_count_when_played():
    game = table(*THREE)
    assert turn(game, {0: "build Tavern"}) == []
    assert game.cities[0].coins == 8


def test_vineyard_counts_neighbours_cards_of_earlier_turns_only():
    game = table(*THREE, coins=0)
    game.age = 2
    give(game, 0, "Lumber Yard")
    give(game, 1, "Ore Vein", "Clay Pit")
    give(game, 2, "Stone Pit")
    # the right neighbour builds a brown card in the same turn: not counted
    game.cities[2].coins = 1
    assert turn(game, {0: "build Vineyard", 2: "build Sawmill"}) == []
    assert game.cities[0].coins == 1 + 2 + 1


def test_lighthouse_counts_itself_for_coins_and_points():
    game = table(*THREE, coins=0)
    game.age = 3
    give(game, 0, "Tavern", "Caravansery")
    assert turn(game, {0: "build Lighthouse"}) == []  # chain from Caravansery
    assert game.cities[0].coins == 3
    line = score(game).players[0]
    assert line.commercial == 3


def test_chamber_of_commerce_and_craftsmens_guild_pay_two_per_grey_card():
    game = table(*THREE, coins=0)
    game.age = 3
    give(game, 0, "Loom", "Glassworks", "Press", "Clay Pool", "Brickyard")
    give(game, 1, "Glassworks", "Press")
    give(game, 2, "Loom")
    assert turn(game, {0: "build Chamber of Commerce"}) == []
    assert game.cities[0].coins == 6
    give(game, 0, "Craftsmens Guild")
    line = score(game).players[0]
    assert line.commercial == 6 and line.guilds == 2 * 3


def test_arena_pays_three_coins_per_stage():
    game = table(*THREE, coins=0)
    game.age = 3
    stages(game, 0, 2)
    give(game, 0, "Dispensary")
    assert turn(game, {0: "build Arena"}) == []
    assert game.cities[0].coins == 6 and score(game).players[0].commercial == 2


# --- boards ------------------------------------------------------------------------

def test_rhodos_shields_count_in_military():
    game = table("Rhodos B", "Gizah A", "Ephesos A", coins=0)
    game.age = 1
    stages(game, 0, 1)
    give(game, 1, "Stockade")
    game.military()
    # 1 shield each against seat 1 (tie), 1 against 0 with seat 2 (a win); seat 2 loses to both
    assert game.cities[0].tokens == [1] and game.cities[2].tokens == [-1, -1]
    sheet = score(game)
    assert sheet.players[0].wonders == 3


def test_rhodos_a_second_stage_gives_two_shields():
    game = table("Rhodos A", "Gizah A", "Ephesos A")
    stages(game, 0, 2)
    assert game.cities[0].shields == 2


def test_ephesos_b_stage_coins_taken_when_built():
    game = table("Ephesos B", "Gizah A", "Rhodos A", coins=0)
    give(game, 0, "Stone Pit")
    notes = turn(game, {0: "stage Altar"})
    assert [n.message for n in notes] == ["stage Altar: the resources for stage 1 of Ephesos B are missing; "
                                          "the card is discarded for 3 coins instead"]
    give(game, 0, "Quarry")
    game.cities[0].coins = 0
    assert turn(game, {0: "stage Altar"}, t=2) == []
    assert game.cities[0].coins == 4 and game.cities[0].stages == 1


def test_military_points_per_age():
    game = table(*THREE)
    give(game, 0, "Stockade")
    for age in (1, 2, 3):
        game.age = age
        game.military()
    assert game.cities[0].tokens == [1, 1, 3, 3, 5, 5]
    assert game.cities[1].tokens == [-1, -1, -1] and game.cities[1].defeats == 3


def _deal(game: g.Game, age: int, hands: list[list[str]]) -> list[list[int]]:
    return [[cid(n, age) for n in h] for h in hands]


class Script:
    """A chooser playing fixed moves: {(age, turn, seat): text}; default: discard the first card."""

    def __init__(self, plays: dict[tuple[int, int, int], str], picks: dict[tuple[int, int], tuple[str, ...]] = {}):
        self.plays = plays
        self.picks = picks

    def move(self, game, turn, seat):
        text = self.plays.get((game.age, turn, seat))
        if text is None:
            return None if turn == 7 else g.Move(g.Verb.DISCARD, g.CARDS[game.hands[seat][0]].name)
        return mv(text)

    def discard_builds(self, game, turn, seat, move):
        return self.picks.get((game.age, turn), ())


AGE1_HANDS = [
    ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Clay Pit", "Timber Yard", "Loom"],
    ["Glassworks", "Press", "Baths", "Altar", "Theater", "East Trading Post", "West Trading Post"],
    ["Marketplace", "Stockade", "Barracks", "Guard Tower", "Apothecary", "Workshop", "Scriptorium"],
]


def test_passing_direction_age_one_left():
    game = table(*THREE)
    seen = []

    class Watch(Script):
        def move(self, game, turn, seat):
            if seat == 1:
                seen.append(sorted(g.CARDS[c].name for c in game.hands[1]))
            return super().move(game, turn, seat)

    game.play_age(1, _deal(game, 1, AGE1_HANDS), Watch({}))
    # turn 2: seat 1 holds what seat 0 (its right) passed on, minus the discarded first card
    assert seen[1] == sorted(AGE1_HANDS[0][1:])
    assert len(game.discards) == 21


def test_passing_direction_age_two_right():
    game = table(*THREE)
    hands = [["Sawmill", "Quarry", "Brickyard", "Foundry", "Loom", "Glassworks", "Press"],
             ["Aqueduct", "Temple", "Statue", "Courthouse", "Forum", "Caravansery", "Vineyard"],
             ["Walls", "Stables", "Archery Range", "Dispensary", "Laboratory", "Library", "School"]]
    seen = []

    class Watch(Script):
        def move(self, game, turn, seat):
            if seat == 1 and turn == 2:
                seen.append(sorted(g.CARDS[c].name for c in game.hands[1]))
            return super().move(game, turn, seat)

    game.play_age(2, _deal(game, 2, hands), Watch({}))
    assert seen == [sorted(hands[2][1:])]


class KeepToTheEnd(Script):
    """Seat 0 discards its first card in turns 1-5, builds a stage in turn 6 and discards
    its seventh card in turn 7 (if asked); everyone else discards."""

    def move(self, game, turn, seat):
        names = [g.CARDS[c].name for c in game.hands[seat]]
        if seat == 0 and turn == 6:
            return mv(f"stage {names[0]}")
        if seat == 0 and turn == 7:
            return mv(f"discard {names[0]}")
        return super().move(game, turn, seat)


def test_babylon_b_plays_the_seventh_card_once_the_stage_is_built():
    game = table("Babylon B", "Gizah A", "Rhodos A", coins=9)
    give(game, 0, "Glassworks", "Lumber Yard", "Timber Yard")  # stage 2 costs glass wood wood
    stages(game, 0, 1)
    game.play_age(1, _deal(game, 1, AGE1_HANDS), KeepToTheEnd({}))
    c = game.cities[0]
    # the stage built in turn 6 already works for this age's seventh card
    assert c.stages == 2 and c.last_card
    assert [(t, m.verb) for t, s, m in game.moves[0] if s == 0][-2:] == [(6, g.Verb.STAGE), (7, g.Verb.DISCARD)]
    assert c.coins == 9 + 5 * 3 + 3
    assert len(game.discards) == 6 + 2 * 7


def test_babylon_without_the_stage_discards_the_seventh_card():
    game = table("Babylon B", "Gizah A", "Rhodos A")
    game.play_age(1, _deal(game, 1, AGE1_HANDS), Script({}))
    assert not [m for t, s, m in game.moves[0] if t == 7]
    assert game.cities[0].coins == 3 + 6 * 3 and len(game.discards) == 21


def test_babylon_science_wild_symbol_scores_best():
    game = table("Babylon A", "Gizah A", "Rhodos A")
    give(game, 0, "Apothecary", "Workshop")
    stages(game, 0, 2)
    line = score(game).players[0]
    assert line.wild == 1 and line.science == 1 + 1 + 1 + 7


def test_halikarnassos_builds_from_the_discard_pile_at_the_end_of_the_turn():
    game = table("Halikarnassos A", "Gizah A", "Rhodos A", coins=0)
    stages(game, 0, 1)
    give(game, 0, "Ore Vein", "Foundry")
    game.age = 2

    moves = [(0, mv("stage Sawmill"), cid("Sawmill", 2)), (1, mv("discard Temple"), cid("Temple", 2))]
    result = game.play_turn(3, moves)
    assert [(seat, hali) for seat, _, _, hali in result] == [(0, True), (1, False)]
    # Temple, discarded in this same turn, can be built for free
    assert game.build_from_discard(3, 0, ("Temple",)) == ("Temple",)
    assert cid("Temple", 2) in game.cities[0].built and cid("Temple", 2) not in game.discards


def test_halikarnassos_b_uses_the_discard_at_consecutive_stages():
    game = table("Halikarnassos B", "Gizah A", "Rhodos A", coins=3)
    give(game, 0, "Ore Vein", "Foundry", "Clay Pit", "Brickyard")
    hands = AGE1_HANDS

    class Hali(Script):
        def move(self, game, turn, seat):
            names = [g.CARDS[c].name for c in game.hands[seat]]
            if seat == 0 and turn in (2, 3):
                return mv(f"stage {names[0]}")
            return super().move(game, turn, seat)

        def discard_builds(self, game, turn, seat, move):
            names = game.cities[seat].names
            options = sorted({g.CARDS[c].name for c in game.discards if g.CARDS[c].name_id not in names})
            return (options[0],)

    game.play_age(1, _deal(game, 1, hands), Hali({}))
    c = game.cities[0]
    assert c.stages == 2
    picked = [m.from_discard for t, s, m in game.moves[0] if s == 0 and m.verb is g.Verb.STAGE]
    assert [len(p) for p in picked] == [1, 1]
    assert all(cid(p[0], 1) in c.built for p in picked)
    assert score(game).players[0].wonders == 3


def test_halikarnassos_cannot_take_a_duplicate_or_a_missing_card():
    game = table("Halikarnassos A", "Gizah A", "Rhodos A")
    give(game, 0, "Loom")
    game.discards = [cid("Loom", 1)]
    assert game.build_from_discard(1, 0, ("Loom",)) == ()
    assert game.build_from_discard(1, 0, ("Palace",)) == ()
    assert [n.rule for n in game.notes] == ["build.duplicate", "discard.missing"]


def test_olympia_a_builds_one_card_free_per_age():
    game = table("Olympia A", "Gizah A", "Rhodos A", coins=0)
    stages(game, 0, 2)
    game.age = 3
    assert turn(game, {0: "free Palace"}) == []
    notes = turn(game, {0: "free Pantheon"}, t=2)
    assert [n.rule for n in notes] == ["move.illegal"] and "already used" in notes[0].message
    game.age = 2  # (a new age: the power is there again)
    assert turn(game, {0: "free Statue"}, t=1) == []


def test_olympia_a_without_the_stage_cannot_build_free():
    game = table("Olympia A", "Gizah A", "Rhodos A")
    stages(game, 0, 1)
    assert [n.rule for n in turn(game, {0: "free Stockade"})] == ["move.illegal"]


def test_olympia_b_copies_a_guild_that_is_not_purple_for_shipowners():
    game = table("Olympia B", "Gizah A", "Rhodos A")
    stages(game, 0, 3)
    give(game, 0, "Lumber Yard", "Loom", "Shipowners Guild")
    give(game, 1, "Magistrates Guild", "Altar")
    give(game, 2, "Workers Guild", "Stone Pit", "Clay Pool")
    # Shipowners: brown + grey + purple of its own = 1 + 1 + 1 (the copy is not purple)
    # copy options: Magistrates (blue of neighbours: 1), Workers (brown of neighbours: 2)
    line = score(game).players[0]
    assert game.cities[0].copied == "Workers Guild"
    assert line.guilds == 3 + 2


def test_olympia_b_copying_the_scientists_guild_gives_a_wild_symbol():
    game = table("Olympia B", "Gizah A", "Rhodos A")
    stages(game, 0, 3)
    give(game, 0, "Apothecary", "Workshop")
    give(game, 1, "Scientists Guild")
    line = score(game).players[0]
    assert game.cities[0].copied == "Scientists Guild" and line.science == 10 and line.wild == 1


def test_gizah_b_four_stages():
    game = table("Gizah B", "Olympia A", "Rhodos A")
    stages(game, 0, 4)
    assert score(game).players[0].wonders == 20


def test_strategists_and_builders_guilds():
    game = table(*THREE)
    stages(game, 0, 1)
    stages(game, 1, 2)
    stages(game, 2, 3)
    game.cities[1].defeats = 2
    game.cities[2].defeats = 1
    give(game, 0, "Strategists Guild", "Builders Guild")
    assert score(game).players[0].guilds == 3 + 6


def test_babylon_b_power_lasts_for_the_later_ages():
    import random

    game = table("Babylon B", "Gizah A", "Rhodos A")
    stages(game, 0, 2)  # built in Age I: works at the end of every age from then on
    rng = random.Random(5)

    class SellSeventh(Script):
        def move(self, game, turn, seat):
            if turn == 7:
                return mv(f"discard {g.CARDS[game.hands[seat][0]].name}")
            return super().move(game, turn, seat)

    for age in (1, 2, 3):
        deck = g.deck(age, 3, ("Workers Guild", "Spies Guild", "Traders Guild", "Builders Guild", "Magistrates Guild"))
        rng.shuffle(deck)
        game.play_age(age, [deck[k * 7:(k + 1) * 7] for k in range(3)], SellSeventh({}))
    assert [[(t, s) for t, s, m in age if t == 7] for age in game.moves] == [[(7, 0)]] * 3
    assert game.cities[0].coins == 3 + 3 * 7 * 3
