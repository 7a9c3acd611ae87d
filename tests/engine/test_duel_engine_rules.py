"""7 Wonders Duel rules: worked examples from the rulebook and every card, wonder and token effect.

The base rulebook (Repos Production, 2015) is quoted where an example comes from it; the
other examples are built here from the rules text and say so.
"""
from __future__ import annotations

import random

import pytest

from rules_engine.duel import data
from rules_engine.duel import engine as E

CID, WID, TID = E.CARD_ID, E.WONDER_ID, E.TOKEN_ID


def fresh(age: int = 1, seed: int = 0) -> E.Game:
    """A game at the start of `age` with a random deal, the draft skipped (no wonders)."""
    g = E.Game(E.random_deal(random.Random(seed)))
    g._start_age(age, 0)
    return g


def give(g: E.Game, p: int, *codes: str) -> None:
    for code in codes:
        g._add_card(p, CID[code])


# --------------------------------------------------------------------------- construction
def test_rulebook_production_example():
    # Rulebook, "Constructing": Antoine produces 1 Stone, 3 Clay and 1 Papyrus; he can build
    # the Baths (1 Stone) or the Garrison (1 Clay) for free, but not the Apothecary (1 Glass)
    # without trading.
    g = fresh()
    give(g, 0, "Quarry", "ClayPool", "Brickyard", "Press")
    assert g.prod[0] == [0, 3, 1, 0, 1]
    assert g.card_cost(0, CID["Baths"]) == (0, 0)
    assert g.card_cost(0, CID["Garrison"]) == (0, 0)
    assert g.card_cost(0, CID["Apothecary"]) == (2, 2)


def test_trade_price_is_two_plus_opponent_brown_and_grey_production():
    g = fresh()
    give(g, 1, "Quarry", "ShelfQuarry")          # opponent produces 3 stone
    assert g.price[0][data.Resource.STONE] == 5
    # Aqueduct needs 3 stone: 3 x 5 coins
    assert g.card_cost(0, CID["Aqueduct"]) == (15, 15)
    give(g, 0, "Quarry")
    assert g.card_cost(0, CID["Aqueduct"]) == (10, 10)


def test_yellow_and_wonder_production_does_not_raise_the_opponent_price():
    g = fresh()
    give(g, 1, "Caravansery", "Forum")
    assert g.price[0] == [2, 2, 2, 2, 2]


def test_fixed_price_cards_set_price_to_one():
    g = fresh()
    give(g, 1, "Quarry", "ShelfQuarry", "Glassworks")
    give(g, 0, "StoneReserve", "CustomsHouse")
    assert g.price[0] == [2, 2, 1, 1, 1]
    give(g, 0, "WoodReserve", "ClayReserve")
    assert g.price[0] == [1, 1, 1, 1, 1]


def test_flexible_production_covers_the_most_expensive_missing_unit():
    g = fresh()
    give(g, 1, "Quarry", "ShelfQuarry")                  # stone costs 5 for player 0
    give(g, 0, "Caravansery")                            # one of wood/clay/stone
    # Horse Breeders: clay + wood (2 + 2): the Caravansery pays one of them
    assert g.card_cost(0, CID["HorseBreeders"]) == (2, 2)
    # Walls: 2 stone at 5: the Caravansery pays one
    assert g.card_cost(0, CID["Walls"]) == (5, 5)
    give(g, 0, "Forum")                                   # glass or papyrus
    assert g.card_cost(0, CID["Obelisk"]) == (5, 5)       # 2 stone + glass


def test_coin_costs_and_chains():
    g = fresh()
    assert g.card_cost(0, CID["Pretorium"]) == (8, 0)
    assert g.card_cost(0, CID["Statue"]) == (4, 4)
    give(g, 0, "Theater")
    assert g.card_cost(0, CID["Statue"]) == (0, 0)      # chained from the Theater (mask)


def test_building_through_a_chain_with_urbanism_gives_four_coins():
    g = fresh(2)
    give(g, 0, "Theater")
    g._add_token(0, TID["Urbanism"])
    assert g.coins[0] == 7 + 6
    g.slot[g.acc[0]] = CID["Statue"]
    g.play((E.BUILD, g.acc[0], 0))
    assert g.coins[0] == 13 + 4


def test_discard_gives_two_coins_plus_one_per_yellow_card():
    g = fresh()
    give(g, 0, "Tavern", "WoodReserve")
    before = g.coins[0]
    g.play((E.DISCARD, g.acc[0], 0))
    assert g.coins[0] == before + 2 + 2


def test_economy_gives_the_trade_money_to_its_owner():
    g = fresh()
    g._add_token(1, TID["Economy"])
    g.slot[g.acc[0]] = CID["Aqueduct"]                    # 3 stone at 2 = 6 coins of trade
    g.coins[0] = 7
    g.play((E.BUILD, g.acc[0], 0))
    assert g.coins == [1, 7 + 6]


def test_economy_does_not_pay_the_card_coin_cost():
    g = fresh()
    g._add_token(1, TID["Economy"])
    g.slot[g.acc[0]] = CID["StonePit"]
    g.play((E.BUILD, g.acc[0], 0))
    assert g.coins == [6, 7]


def test_masonry_and_architecture_waive_two_resources():
    g = fresh(3)
    g._add_token(0, TID["Masonry"])
    # Palace: clay, stone, wood, 2 glass = 5 units at 2: Masonry waives 2
    assert g.card_cost(0, CID["Palace"]) == (6, 6)
    assert g.card_cost(0, CID["Arsenal"]) == (10, 10)   # red: no discount
    g._add_token(0, TID["Architecture"])
    assert g.wonder_cost(0, WID["Pyramids"]) == (4, 4)   # 3 stone + papyrus, 2 waived


# --------------------------------------------------------------------------- structures
@pytest.mark.parametrize("age,accessible", [(1, 6), (2, 2), (3, 2)])
def test_structure_bottom_row_is_accessible(age, accessible):
    g = fresh(age)
    assert len(g.acc) == accessible
    assert g.left == 20


def test_taking_both_covering_cards_frees_a_card():
    g = fresh(1)
    # Age I: slots 14..19 bottom row; slot 9 (row 4, first) is covered by 14 and 15
    assert 9 not in g.acc
    g.play((E.DISCARD, 14, 0))
    assert 9 not in g.acc
    g.play((E.DISCARD, 15, 0))
    assert 9 in g.acc


def test_age_iii_middle_row_cards_each_lie_on_two_cards():
    _, covers, face_up, slots = E.STRUCT[2]
    assert slots[9:11] == ((3, -2), (3, 2))
    assert [len(covers[s]) for s in (9, 10)] == [2, 2]
    assert face_up[9] is False and face_up[11] is True


# --------------------------------------------------------------------------- military
def test_looting_tokens_and_military_points():
    g = fresh()
    g.coins[1] = 10
    g._shields(0, 3)
    assert g.coins[1] == 8                  # 2-coin token at 3
    g._shields(0, 2)
    assert g.coins[1] == 8
    g._shields(0, 1)
    assert g.coins[1] == 3                  # 5-coin token at 6
    g._shields(1, 2)                        # pawn back to 4: tokens are not returned
    g._shields(0, 2)
    assert g.coins[1] == 3
    assert g.sheet(0)["military"] == 10 and g.sheet(1)["military"] == 0


def test_looting_never_makes_coins_negative():
    g = fresh()
    g.coins[0] = 1
    g._shields(1, 6)
    assert g.coins[0] == 0


@pytest.mark.parametrize("pos,vp", [(0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10), (8, 10)])
def test_military_points_by_zone(pos, vp):
    g = fresh()
    g.pos = -pos
    assert g.sheet(1)["military"] == vp
    assert g.sheet(0)["military"] == 0


def test_military_supremacy_at_the_capital():
    g = fresh()
    give(g, 0, "Pretorium", "Arsenal", "Walls")
    assert g.pos == 8 and g.winner == -1
    give(g, 0, "GuardTower")
    assert g.winner == 0 and g.victory == E.MILITARY


def test_strategy_adds_a_shield_to_red_buildings_only():
    g = fresh()
    g._add_token(0, TID["Strategy"])
    give(g, 0, "Walls")
    assert g.pos == 3
    g.unbuilt[0] = [WID["Colossus"]]
    g._add_wonder(0, WID["Colossus"])
    assert g.pos == 5


# --------------------------------------------------------------------------- science
def test_a_pair_of_symbols_lets_the_player_take_a_token():
    g = fresh()
    give(g, 0, "Scriptorium", "Library")
    assert g.pending == [(E.P_TOKEN, None)]


def test_six_different_symbols_win_by_science():
    g = fresh()
    give(g, 0, "Apothecary", "Workshop", "Scriptorium", "Pharmacist", "Academy")
    assert g.winner == -1
    g._add_token(0, TID["Law"])          # the scales symbol
    assert g.winner == 0 and g.victory == E.SCIENCE


def test_every_science_symbol_is_on_two_green_cards():
    from collections import Counter
    counts = Counter(c.science for c in data.AGE_CARDS if c.science is not None)
    assert set(counts.values()) == {2} and len(counts) == 6


# --------------------------------------------------------------------------- yellow and guilds
def test_age_iii_commercial_coins():
    g = fresh(3)
    give(g, 0, "LumberYard", "Sawmill", "Glassworks", "GuardTower", "Tavern")
    c0 = g.coins[0]
    give(g, 0, "Port")                   # 2 per brown card
    assert g.coins[0] == c0 + 4
    give(g, 0, "ChamberOfCommerce")      # 3 per grey
    assert g.coins[0] == c0 + 4 + 3
    give(g, 0, "Armory")                 # 1 per red
    assert g.coins[0] == c0 + 4 + 3 + 1
    give(g, 0, "Lighthouse")             # 1 per yellow, itself included: Tavern, Port, CoC, Armory, itself
    assert g.coins[0] == c0 + 8 + 5
    g.built[0] = [WID["Pyramids"], WID["Sphinx"]]
    give(g, 0, "Arena")                  # 2 per wonder
    assert g.coins[0] == c0 + 13 + 4


def test_tavern_and_brewery_coins():
    g = fresh()
    give(g, 0, "Tavern")
    give(g, 1, "Brewery")
    assert g.coins == [11, 13]


@pytest.mark.parametrize("guild,mine,theirs,coins,vp", [
    ("MerchantsGuild", ["Tavern"], ["Tavern", "Brewery"], 2, 2),
    ("ShipownersGuild", ["Quarry", "Press"], ["Quarry"], 2, 2),
    ("MagistratesGuild", ["Baths"], ["Altar", "Theater", "Statue"], 3, 3),
    ("ScientistsGuild", ["Workshop", "Library"], [], 2, 2),
    ("TacticiansGuild", ["GuardTower"], ["Walls", "Stable"], 2, 2),
])
def test_guilds_count_the_city_with_the_most(guild, mine, theirs, coins, vp):
    g = fresh(3)
    give(g, 0, *mine)
    give(g, 1, *theirs)
    g.pending.clear()
    before = g.coins[0]
    give(g, 0, guild)
    assert g.coins[0] - before == coins
    assert g.sheet(0)["purple"] == vp


def test_builders_and_moneylenders_guilds():
    g = fresh(3)
    g.built = [[WID["Pyramids"]], [WID["Sphinx"], WID["Colossus"], WID["Piraeus"]]]
    before = g.coins[0]
    give(g, 0, "BuildersGuild", "MoneylendersGuild")
    assert g.coins[0] == before          # neither gives coins
    g.coins = [4, 17]
    assert g.sheet(0)["purple"] == 2 * 3 + 17 // 3


# --------------------------------------------------------------------------- wonders
def test_appian_way():
    g = fresh()
    g.unbuilt[0] = [WID["AppianWay"]]
    g.coins = [0, 2]
    g._add_wonder(0, WID["AppianWay"])
    assert g.coins == [3, 0] and g.replay
    assert g.sheet(0)["wonders"] == 3


def test_circus_maximus_and_statue_of_zeus_destroy_a_card():
    g = fresh()
    give(g, 1, "Glassworks", "Quarry")
    g.unbuilt[0] = [WID["CircusMaximus"], WID["StatueOfZeus"]]
    g._add_wonder(0, WID["CircusMaximus"])
    assert g.pos == 1 and g.pending == [(E.P_DESTROY, data.Colour.GREY)]
    g._next()
    assert g.legal_moves() == [(E.DESTROY, CID["Glassworks"], 0)]
    g.play((E.DESTROY, CID["Glassworks"], 0))
    assert g.city[1] == [CID["Quarry"]] and CID["Glassworks"] in g.discarded
    assert g.price[0][data.Resource.GLASS] == 2


def test_statue_of_zeus_with_no_brown_card_to_destroy():
    g = fresh()
    g.unbuilt[0] = [WID["StatueOfZeus"]]
    g._add_wonder(0, WID["StatueOfZeus"])
    g._next()
    assert g.phase == E.P_PLAY and g.pos == 1


def test_great_library_draws_from_the_box():
    g = fresh()
    g.unbuilt[0] = [WID["GreatLibrary"]]
    g._add_wonder(0, WID["GreatLibrary"])
    g._next()
    assert g.phase == E.P_LIBRARY
    assert [m[1] for m in g.legal_moves()] == list(g.deal.library)
    assert set(g.deal.library) <= set(g.deal.box_tokens)


def test_mausoleum_builds_a_discarded_card_for_free():
    g = fresh()
    g.discarded = [CID["Library"]]
    give(g, 0, "Scriptorium")
    g.unbuilt[0] = [WID["Mausoleum"]]
    g.coins[0] = 0
    g._add_wonder(0, WID["Mausoleum"])
    g._next()
    g.play((E.RESURRECT, CID["Library"], 0))
    assert CID["Library"] in g.city[0] and g.coins[0] == 0
    assert g.phase == E.P_TOKEN                # the Library made a pair


@pytest.mark.parametrize("code,coins,vp,replay", [
    ("HangingGardens", 6, 3, True), ("TempleOfArtemis", 12, 0, True), ("Sphinx", 0, 6, True),
    ("Pyramids", 0, 9, False), ("Piraeus", 0, 2, True), ("GreatLighthouse", 0, 4, False),
    ("Colossus", 0, 3, False),
])
def test_wonder_coins_points_and_replay(code, coins, vp, replay):
    g = fresh()
    g.unbuilt[0] = [WID[code]]
    g._add_wonder(0, WID[code])
    assert g.coins[0] == 7 + coins
    assert g.sheet(0)["wonders"] == vp
    assert g.replay is replay


def test_theology_makes_every_wonder_replay():
    g = fresh()
    g._add_token(0, TID["Theology"])
    g.unbuilt[0] = [WID["Pyramids"]]
    g._add_wonder(0, WID["Pyramids"])
    assert g.replay


def test_wonder_production_counts_for_costs():
    g = fresh()
    g.unbuilt[0] = [WID["Piraeus"], WID["GreatLighthouse"]]
    g._add_wonder(0, WID["Piraeus"])
    g._add_wonder(0, WID["GreatLighthouse"])
    assert g.card_cost(0, CID["Baths"]) == (0, 0)
    assert g.card_cost(0, CID["Apothecary"]) == (0, 0)


def test_the_seventh_wonder_sends_the_eighth_back_to_the_box():
    g = fresh()
    ws = list(range(8))
    g.unbuilt = [ws[:4], ws[4:]]
    for w in ws[:4]:
        g._add_wonder(0, w)
    for w in ws[4:7]:
        g._add_wonder(1, w)
    assert g.unbuilt == [[], []] and g.removed_wonders == [7]
    assert all(m[0] != E.WONDER for m in g.legal_moves())


def test_replay_is_lost_at_the_end_of_an_age():
    g = fresh()
    g.unbuilt[1] = [WID["Sphinx"]]
    g.coins[1] = 30
    while g.left > 1:
        g.play((E.DISCARD, g.acc[0], 0))
    assert g.cur == 1
    g.play((E.WONDER, g.acc[0], WID["Sphinx"]))
    assert g.phase == E.P_START and g.age == 2 and not g.replay


# --------------------------------------------------------------------------- progress tokens
@pytest.mark.parametrize("code,coins,vp", [("Agriculture", 6, 4), ("Philosophy", 0, 7), ("Urbanism", 6, 0),
                                           ("Mathematics", 0, 3)])
def test_token_coins_and_points(code, coins, vp):
    g = fresh()
    g._add_token(0, TID[code])
    assert g.coins[0] == 7 + coins
    assert g.sheet(0)["progress"] == vp


def test_mathematics_counts_every_token_including_itself():
    g = fresh()
    for code in ("Mathematics", "Law", "Economy"):
        g._add_token(0, TID[code])
    assert g.sheet(0)["progress"] == 9


# --------------------------------------------------------------------------- turns and ages
def test_weaker_player_chooses_who_starts_the_next_age():
    g = fresh()
    g.pos = 2                              # player 0 leads: player 1 decides
    while g.age == 1:
        g.play((E.DISCARD, g.acc[0], 0))
    assert g.phase == E.P_START and g.cur == 1 and g.age == 2


def test_last_player_chooses_when_the_pawn_is_in_the_middle():
    g = fresh()
    while g.age == 1:
        g.play((E.DISCARD, g.acc[0], 0))
    assert g.cur == 1 and g.phase == E.P_START                      # 20 cards alternate: player 1 took the last


def test_draft_order_is_a_b_b_a_then_b_a_a_b():
    g = E.Game(E.random_deal(random.Random(1)))
    order = []
    while g.phase == E.P_DRAFT:
        order.append(g.cur)
        g.play(g.legal_moves()[0])
    assert order == [0, 1, 1, 0, 1, 0, 0, 1]
    assert len(g.unbuilt[0]) == len(g.unbuilt[1]) == 4 and g.cur == 0 and g.age == 1


def test_civilian_tie_goes_to_more_blue_points_then_shared():
    g = fresh(3)
    g.coins = [0, 0]
    give(g, 0, "Palace")                   # 7 blue points
    give(g, 1, "Obelisk")                  # 5 blue points
    g.unbuilt[1] = [WID["Piraeus"]]
    g._add_wonder(1, WID["Piraeus"])       # + 2 wonder points: 7 - 7
    assert g.sheet(0)["total"] == g.sheet(1)["total"] == 7
    assert g._civilian_winner() == 0       # more blue points


def test_civilian_tie_with_equal_blue_points_is_shared():
    g = fresh(3)
    g.coins = [0, 0]
    give(g, 0, "Palace")
    give(g, 1, "TownHall")
    assert g._civilian_winner() == 2


def test_cannot_afford_message_names_needs_production_trade_and_coins():
    g = fresh(2)
    give(g, 0, "Quarry")                     # has 1 stone
    give(g, 1, "ShelfQuarry")                # stone costs 2 + 2 = 4 for player 0
    g.coins[0] = 5
    g.slot[g.acc[0]] = CID["Aqueduct"]
    assert str(g.why_illegal((E.BUILD, CID["Aqueduct"], 0))) == (
        "cannot afford 'Aqueduct': needs 3 stone, has 1, trade costs 8, has 5 coins")
