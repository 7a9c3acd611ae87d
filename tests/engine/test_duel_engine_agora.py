"""Agora: senate, decrees, senators, conspiracies and political supremacy.

Examples follow the Agora rulebook (/work/shared/rules/7wonders-duel-agora.de.txt, quoted in
German where it matters); facts it leaves open (chamber points, layouts, which conspiracies
also move a cube) come from the Board Game Arena implementation (see test_duel_engine_data.py).
"""
from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import duel
from rules_engine.duel import agora as A
from rules_engine.duel import data
from rules_engine.duel import engine as E
from rules_engine.duel.replay import result_tag

CID, WID, TID, KID, DID = E.CARD_ID, E.WONDER_ID, E.TOKEN_ID, A.CONSPIRACY_ID, A.DECREE_ID
DATA = Path(__file__).parents[1] / "data" / "duel"


def fresh(age: int = 1, seed: int = 0, decrees=None) -> A.AgoraGame:
    deal = A.random_agora_deal(random.Random(seed))
    if decrees is not None:
        deal = replace(deal, decrees=tuple(DID[d] for d in decrees))
    g = A.AgoraGame(deal)
    g._start_age(age, 0)
    g.owner = 0
    return g


def give(g, p, *codes):
    for code in codes:
        g._add_card(p, CID[code])
    g.pending.clear()


def control(g, p, *chambers):
    for ch in chambers:
        g.cubes[p][ch] += 1
        g.free_cubes[p] -= 1
    g._senate()


def resolve(g):
    g._next()


# --------------------------------------------------------------------------- set-up
def test_agora_structures_hold_the_senators():
    deal = A.random_agora_deal(random.Random(3))
    assert [len(lay) for lay in deal.layouts] == [25, 25, 23]
    assert [sum(1 for c in lay if c in A.SENATOR_IDS) for lay in deal.layouts] == [5, 5, 3]
    assert len(deal.decrees) == 6 and len(set(deal.conspiracies)) == 16
    assert len(deal.tokens) == 5 and len(deal.box_tokens) == 7


def test_senators_are_seven_politicians_and_six_conspirators():
    pol = [c for c in data.SENATORS if c.senator == "politician"]
    assert len(pol) == 7 and len(data.SENATORS) == 13
    assert sorted(c.section for c in pol) == [1, 1, 2, 2, 2, 3, 3]


# --------------------------------------------------------------------------- senators
def test_senator_cost_is_the_number_already_recruited():
    # "der erste rekrutierte Senator kostet also 0 Münzen, der zweite 1 Münze, der dritte 2"
    g = fresh()
    assert g.card_cost(0, CID["PoliticianL1"]) == (0, 0)
    give(g, 0, "PoliticianL1", "Conspirator1")
    assert g.card_cost(0, CID["PoliticianC1"]) == (2, 0)
    g._add_token(0, TID["Corruption"])
    assert g.card_cost(0, CID["PoliticianC1"]) == (0, 0)


@pytest.mark.parametrize("blues,actions", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3)])
def test_politician_senate_actions_by_blue_cards(blues, actions):
    g = fresh()
    for code in ("Theater", "Altar", "Baths", "Statue", "Temple", "Aqueduct")[:blues]:
        give(g, 0, code)
    g._add_card(0, CID["PoliticianR1"])
    assert g.pending == [(A.P_SENATE, (actions, 3), 0)]


def test_senate_actions_decree_adds_two_blue_cards():
    g = fresh(decrees=["SenateActions", "BlueCoins", "RedCoins", "Shield", "RawTrade", "GoodsTrade"])
    control(g, 0, 1)
    g._add_card(0, CID["PoliticianL2"])
    assert g.pending == [(A.P_SENATE, (2, 1), 0)]


def test_rulebook_politician_example_place_then_move():
    # Example: left politician, 3 blue buildings: 2 senate actions, 1 place and 1 move.
    g = fresh()
    give(g, 0, "Theater", "Altar", "Baths")
    g.slot[g.acc[0]] = CID["PoliticianL1"]
    g.play((E.BUILD, g.acc[0], 0))
    assert g.phase == A.P_SENATE
    places = [m for m in g.legal_moves() if m[0] == A.PLACE]
    assert places == [(A.PLACE, 1, 0), (A.PLACE, 2, 0)]          # only the left section
    g.play((A.PLACE, 2, 0))
    assert g.phase == A.P_SENATE
    assert (A.MOVE, 2, 3) in g.legal_moves() and (A.MOVE, 2, 1) in g.legal_moves()
    g.play((A.MOVE, 2, 3))
    assert g.cubes[0][3] == 1 and g.ctrl[3] == 0 and g.phase == E.P_PLAY and g.cur == 1


def test_conspirator_places_anywhere_or_conspires():
    g = fresh()
    g.slot[g.acc[0]] = CID["Conspirator2"]
    g.play((E.BUILD, g.acc[0], 0))
    moves = g.legal_moves()
    assert [m for m in moves if m[0] == A.PLACE] == [(A.PLACE, ch, 0) for ch in range(1, 7)]
    top2 = g.deck[:2]
    keep = [m for m in moves if m[0] == A.CONSPIRE]
    assert len(keep) == 4                                       # keep either, other on top or bottom
    g.play((A.CONSPIRE, top2[1], 1))
    assert g.hand[0] == [top2[1]] and g.deck[-1] == top2[0] and len(g.deck) == 15


def test_organized_crime_keeps_both_conspiracies():
    g = fresh()
    g._add_token(0, TID["OrganizedCrime"])
    top2 = g.deck[:2]
    g.pending.append((A.P_CONSPIRE, None, 0))
    resolve(g)
    assert g.legal_moves() == [(A.CONSPIRE, top2[0], 2)]
    g.play((A.CONSPIRE, top2[0], 2))
    assert g.hand[0] == top2


def test_conspirator_replay_decree():
    g = fresh(decrees=["ConspiratorReplay", "BlueCoins", "RedCoins", "Shield", "RawTrade", "GoodsTrade"])
    control(g, 0, 1)
    g._add_card(0, CID["Conspirator1"])
    assert g.replay


# --------------------------------------------------------------------------- senate
def test_control_needs_a_strict_majority():
    g = fresh()
    control(g, 0, 3)
    assert g.ctrl[3] == 0
    control(g, 1, 3)
    assert g.ctrl[3] == -1                       # equal: nobody controls it


def test_chamber_points():
    g = fresh()
    control(g, 0, 1, 3)
    control(g, 1, 2, 5, 6)
    assert g.sheet(0)["senate"] == 1 + 3
    assert g.sheet(1)["senate"] == 2 + 2 + 1


def test_political_supremacy_with_all_six_chambers():
    g = fresh()
    control(g, 1, 1, 2, 3, 4, 5)
    assert g.winner == -1
    control(g, 1, 6)
    assert g.winner == 1 and g.victory == A.POLITICAL


def test_twelve_cubes_each():
    g = fresh()
    g.free_cubes[0] = 0
    g.pending.append((A.P_PLACE, None, 0))
    resolve(g)
    assert g.phase == E.P_PLAY                   # no cube left: the decision is skipped


# --------------------------------------------------------------------------- decrees
def test_coin_decrees_pay_the_controller_when_anyone_builds():
    g = fresh(age=2, decrees=["BlueCoins", "RedCoins", "WonderCoins", "Shield", "RawTrade", "GoodsTrade"])
    control(g, 0, 1, 2, 3)
    c0, c1 = g.coins
    give(g, 1, "Statue")                          # opponent builds blue: controller takes 2 (age II)
    assert g.coins == [c0 + 2, c1]
    g.unbuilt[1] = [WID["Pyramids"]]
    g._add_wonder(1, WID["Pyramids"])
    assert g.coins[0] == c0 + 4


def test_discount_decree_ignores_one_cost_symbol():
    g = fresh(decrees=["RedDiscount", "BlueCoins", "RedCoins", "Shield", "RawTrade", "GoodsTrade"])
    assert g.card_cost(0, CID["Pretorium"]) == (8, 0)
    control(g, 0, 1)
    assert g.card_cost(0, CID["Pretorium"]) == (0, 0)     # the coin symbol
    assert g.card_cost(0, CID["Walls"]) == (2, 2)         # one of two stones


def test_trade_decrees_never_go_below_one_coin():
    g = fresh(decrees=["RawTrade", "GoodsTrade", "BlueCoins", "RedCoins", "Shield", "SenateActions"])
    give(g, 0, "StoneReserve")
    control(g, 0, 1, 2)
    assert g.price[0] == [1, 1, 1, 1, 1]
    give(g, 1, "Quarry", "Glassworks")
    assert g.price[0] == [1, 1, 1, 2, 1]


def test_wonder_and_discard_decrees():
    g = fresh(decrees=["WonderDiscount", "DiscardCoins", "BlueCoins", "RedCoins", "Shield", "RawTrade"])
    control(g, 0, 1, 2)
    assert g.wonder_cost(0, WID["Pyramids"]) == (6, 6)     # 4 units, 1 waived, 2 each
    c = g.coins[0]
    g.play((E.DISCARD, g.acc[0], 0))
    assert g.coins[0] == c + 4


def test_opponent_chains_decree():
    g = fresh(age=2, decrees=["OpponentChains", "DiscardCoins", "BlueCoins", "RedCoins", "Shield", "RawTrade"])
    give(g, 1, "Theater")
    assert g.card_cost(0, CID["Statue"]) == (4, 4)
    control(g, 0, 1)
    assert g.card_cost(0, CID["Statue"]) == (0, 0)


def test_shield_decree_moves_the_pawn_on_control_changes():
    # gain: 1 towards the opponent; lose: 1 back; the opponent steals it: 2 towards the loser
    g = fresh(decrees=["Shield", "DiscardCoins", "BlueCoins", "RedCoins", "WonderCoins", "RawTrade"])
    control(g, 0, 1)
    assert g.pos == 1
    control(g, 1, 1)
    assert g.pos == 0
    control(g, 1, 1)
    assert g.pos == -1


def test_the_sixth_chamber_wins_politically_before_its_shield_decree_moves_the_pawn():
    # Control "at any time" of all six chambers wins "immediately"; the decree's effect
    # follows the control ("Vous bénéficiez alors de l'effet de son Décret"). So when the
    # sixth chamber holds the Shield decree and its shield would take the pawn into the
    # capital, the game is a political supremacy (it was a military one, and the sheet,
    # senate 12 with victory military, got political.missed: self-play seed 50, game 2042).
    g = fresh(decrees=["Shield", "DiscardCoins", "BlueCoins", "RedCoins", "WonderCoins", "RawTrade"])
    g.pos = data.CAPITAL - 1
    control(g, 0, 2, 3, 4, 5, 6)
    assert g.winner == -1
    control(g, 0, 1)
    assert (g.winner, g.victory, g.pos) == (0, A.POLITICAL, data.CAPITAL - 1)


def test_biased_self_play_game_2042_ends_politically_and_its_sheet_passes():
    from rules_engine.duel.replay import match_sheet, selfplay
    from rules_engine.duel.sheet import check_match

    record = next(selfplay(1, 50, agora=True, bias="military", players=("Anna", "Ben"), first=2041))
    assert record.table == "2042" and record.result == "1-0 political"
    assert [f.message for f in check_match(match_sheet(record))] == []
    assert duel.replay(record).ok


# --------------------------------------------------------------------------- military tokens
def test_agora_military_tokens_give_senate_actions_not_coin_losses():
    g = fresh()
    control(g, 1, 4)
    coins = list(g.coins)
    g._shields(0, 3)
    assert g.coins == coins
    assert g.pending == [(A.P_PLACE, None, 0)]
    g.pending.clear()
    g._shields(0, 3)
    assert g.pending == [(A.P_REMOVE, None, 0), (A.P_MOVE_OPT, None, 0)]


# --------------------------------------------------------------------------- conspiracies
def trigger(g, code, p=0):
    g.hand[p].append(KID[code])
    g.pending.append((A.P_TRIGGER_UNPREPARED, None, p))
    resolve(g)
    g.play((A.TRIGGER, KID[code], 1))


def test_prepare_then_trigger_at_the_start_of_a_later_turn():
    g = fresh()
    g.hand[0] = [KID["Coup"]]
    s = g.acc[0]
    assert (A.PREPARE, s, KID["Coup"]) in g.legal_moves()
    g.play((A.PREPARE, s, KID["Coup"]))
    assert g.prepared[0] == [KID["Coup"]] and g.cur == 1
    assert all(m[0] != A.TRIGGER for m in g.legal_moves())        # not the opponent's
    g.play((E.DISCARD, g.acc[0], 0))
    assert (A.TRIGGER, KID["Coup"], 0) in g.legal_moves()
    g.play((A.TRIGGER, KID["Coup"], 0))
    assert g.pos == 2 and g.phase == E.P_PLAY and g.cur == 0 and g.triggered
    assert all(m[0] != A.TRIGGER for m in g.legal_moves())        # one per turn
    g.play((E.DISCARD, g.acc[0], 0))
    assert g.cur == 1 and not g.triggered


def test_blackmail_takes_half_rounded_up():
    g = fresh()
    g.coins = [0, 7]
    trigger(g, "Blackmail")
    assert g.coins == [4, 3]


def test_embezzlement():
    g = fresh()
    control(g, 0, 1, 2)
    control(g, 1, 3, 4, 5)
    g.coins = [0, 2]
    trigger(g, "Embezzlement")
    assert g.coins == [2, 0]


def test_extortion_takes_an_unbuilt_wonder():
    g = fresh()
    g.unbuilt = [[], [WID["Sphinx"]]]
    trigger(g, "Extortion")
    g.play((A.TAKE_WONDER, WID["Sphinx"], 0))
    assert g.unbuilt == [[WID["Sphinx"]], []]


def test_sabotage_loses_the_wonder_and_its_production():
    g = fresh()
    g.unbuilt[1] = [WID["Piraeus"]]
    g._add_wonder(1, WID["Piraeus"])
    g.replay = False
    assert g.flex[1][2] == 1 and g.sheet(1)["wonders"] == 2
    trigger(g, "Sabotage")
    g.play((A.SABOTAGE, WID["Piraeus"], 0))
    assert g.flex[1][2] == 0 and g.sheet(1)["wonders"] == 0


def test_foreclosure_moves_production():
    g = fresh()
    give(g, 1, "Quarry")
    assert g.price[0][2] == 3
    trigger(g, "Foreclosure")
    g.play((A.TAKE_CARD, CID["Quarry"], 0))
    assert g.prod[0][2] == 1 and g.prod[1][2] == 0 and g.price[0][2] == 2 and g.price[1][2] == 3


def test_coercion_swaps_cards_of_the_same_colour():
    g = fresh()
    give(g, 1, "Palace")
    give(g, 0, "Altar")
    trigger(g, "Coercion")
    g.play((A.TAKE_CARD, CID["Palace"], 0))
    assert g.legal_moves() == [(A.GIVE_CARD, CID["Altar"], 0)]
    g.play((A.GIVE_CARD, CID["Altar"], 0))
    assert g.city == [[CID["Palace"]], [CID["Altar"]]]


def test_obscurantism_locks_an_opponents_law_token():
    g = fresh()
    g._add_token(1, TID["Law"])
    assert g.nsci[1] == 1
    trigger(g, "Obscurantism")
    g.play((A.LOCK, TID["Law"], 1))
    assert g.nsci[1] == 0 and TID["Law"] in g.locked


def test_treason_offers_the_removed_cards_of_the_ages_so_far():
    g = fresh(age=2)
    trigger(g, "Treason")
    offered = {m[1] for m in g.legal_moves()}
    assert offered == set(g.deal.removed[0]) | set(g.deal.removed[1])


def test_property_fraud_offers_the_last_row_without_senators():
    g = fresh(age=1)
    trigger(g, "PropertyFraud")
    offered = [m[2] for m in g.legal_moves()]
    last = A.LAST_ROW[0]
    assert set(offered) == {s for s in last if g.slot[s] not in A.SENATOR_IDS}


def test_turn_of_events_discards_one_or_two_cards():
    g = fresh()
    trigger(g, "TurnOfEvents")
    assert g.phase == A.P_STRUCT_DISCARD and (A.END, 0, 0) not in g.legal_moves()
    g.play((A.STRUCT_DISCARD, g.acc[0], 0))
    assert g.phase == A.P_STRUCT_DISCARD_OPT and (A.END, 0, 0) in g.legal_moves()
    assert len(g.discarded) == 1


def test_insider_influence_moves_a_decree_under_another():
    g = fresh(decrees=["Shield", "DiscardCoins", "BlueCoins", "RedCoins", "WonderCoins", "RawTrade"])
    control(g, 0, 3)
    assert g.pos == 0
    trigger(g, "InsiderInfluence")
    g.play((A.MOVE_DECREE, 1, 3))
    assert g.decrees[1] == [] and g.decrees[3] == [DID["BlueCoins"], DID["Shield"]]
    assert g.pos == 1                              # the shield decree is now controlled


def test_espionage_takes_a_token_from_the_box():
    g = fresh()
    trigger(g, "Espionage")
    assert sorted(m[1] for m in g.legal_moves()) == sorted(g.box)
    t = g.box[0]
    g.play((E.TOKEN, t, 0))
    assert t in g.tokens[0] and t not in g.box


# --------------------------------------------------------------------------- wonders
def test_curia_julia_and_knossos_when_drafted():
    deal = A.random_agora_deal(random.Random(0))
    deal = replace(deal, wonders=(WID["CuriaJulia"], WID["Knossos"]) + tuple(
        w for w in range(12) if w not in ())[:6])
    g = A.AgoraGame(deal)
    g.play((E.DRAFT, WID["CuriaJulia"], 0))
    assert g.phase == A.P_CONSPIRE and g.cur == 0
    g.play(g.legal_moves()[0])
    assert len(g.hand[0]) == 1 and g.phase == E.P_DRAFT and g.cur == 1
    g.play((E.DRAFT, WID["Knossos"], 0))
    assert g.phase == A.P_PLACE and g.cur == 1


def test_curia_julia_built():
    g = fresh()
    g.unbuilt[0] = [WID["CuriaJulia"]]
    g.hand[0] = [KID["Coup"]]
    c = g.coins[0]
    g._add_wonder(0, WID["CuriaJulia"])
    resolve(g)
    assert g.coins[0] == c + 6 and g.replay
    assert g.legal_moves() == [(A.TRIGGER, KID["Coup"], 1), (A.END, 0, 0)]


def test_knossos_built():
    g = fresh()
    g.unbuilt[0] = [WID["Knossos"]]
    g._add_wonder(0, WID["Knossos"])
    resolve(g)
    assert g.phase == A.P_PLACE
    assert g.sheet(0)["wonders"] == 3


# --------------------------------------------------------------------------- records
@pytest.mark.parametrize("name", ["agora-political", "agora-civilian"])
def test_agora_golden_records(name):
    with open(DATA / f"{name}.txt", encoding="utf-8") as handle:
        (record,) = duel.read_records(handle)
    verdict = duel.replay(record)
    assert verdict.ok, verdict.findings
    assert verdict.sheet == record.sheets
    buf = io.StringIO()
    duel.write_records([record], buf)
    assert buf.getvalue() == (DATA / f"{name}.txt").read_text(encoding="utf-8")


def test_agora_political_golden_game_ends_with_six_chambers():
    with open(DATA / "agora-political.txt", encoding="utf-8") as handle:
        (record,) = duel.read_records(handle)
    verdict = duel.replay(record)
    assert result_tag(verdict.outcome) == "1-0 political" and verdict.sheet[0].senate == 12


def test_agora_illegal_choice_is_reported():
    with open(DATA / "agora-political.txt", encoding="utf-8") as handle:
        (record,) = duel.read_records(handle)
    moves = list(record.moves)
    assert moves[3] == "Knossos i6"
    moves[3] = "Knossos i9"
    msg = duel.replay(replace(record, moves=tuple(moves))).findings[0].message
    assert msg == ("move 4, Carla Diaz: 'i9' is not possible: place an influence cube "
                   "(one of i1, i2, i3, i4, i5, i6)")


def test_random_agora_games_keep_the_invariants():
    records = list(duel.selfplay(150, 31, agora=True))
    buf = io.StringIO()
    duel.write_records(records, buf)
    assert list(duel.read_records(io.StringIO(buf.getvalue()))) == records
    for r in records:
        verdict = duel.replay(r)
        assert verdict.ok, (r.tags, verdict.findings)
        assert all(s.coins >= 0 for s in verdict.sheet)
    for i in range(150):
        rng = random.Random(i)
        g = A.AgoraGame(A.random_agora_deal(rng))
        while g.phase != E.P_OVER:
            options = g.legal_moves()
            assert options
            g.play(options[rng.randrange(len(options))])
            assert min(g.coins) >= 0 and 0 <= min(g.free_cubes) and max(g.free_cubes) <= 12
        assert g.victory in ("civilian", "military", "science", "political")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=500),
       st.sampled_from(["i1", "m1-2", "x3", ".", "+Law", "-Palace", "^Baths", "c:Coup>top", "!Coup",
                        "d1-2", "#Law", "<Sphinx", ">Altar", "PoliticianL1"]))
def test_corrupted_agora_moves_give_findings_not_exceptions(seed, k, extra):
    (record,) = duel.selfplay(1, seed, agora=True)
    moves = list(record.moves)
    k %= len(moves)
    moves[k] = f"{moves[k]} {extra}"
    verdict = duel.replay(replace(record, moves=tuple(moves)))
    assert verdict.ok or all(f.message for f in verdict.findings)


@pytest.mark.parametrize("agora", [False, True])
def test_playable_agrees_with_the_legal_moves(agora):
    """The replay's fast path (`Game.playable`) accepts exactly the card moves `legal_moves`
    lists, at every turn of random games, base and Agora (decrees and senators change costs)."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        g = A.AgoraGame(A.random_agora_deal(rng)) if agora else E.Game(E.random_deal(rng))
        while g.phase != E.P_OVER:
            options = g.legal_moves()
            if g.phase == E.P_PLAY:
                listed = {m for m in options if m[0] in (E.BUILD, E.DISCARD, E.WONDER)}
                every = {(kind, s, w) for s in g.acc for kind, w in
                         [(E.BUILD, 0), (E.DISCARD, 0)] + [(E.WONDER, w) for w in range(len(E.WONDERS))]}
                assert {m for m in every if g.playable(m)} == listed
                checked += 1
            g.play(options[int(rng.random() * len(options))])
    assert checked > 1000
