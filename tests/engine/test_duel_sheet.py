"""7 Wonders Duel match-sheet checks: every rule with a sheet that passes and one that fails.

Rules as in the Agora rulebook (shared/rules/7wonders-duel-agora.de.txt / .fr.txt): chambers
worth 1, 2, 3, 3, 2, 1 with one controller each; all six chambers = political supremacy,
which ends the game at once; a tie goes to blue points, then the victory is shared.
Base-game scoring facts and their sources are in SOURCES below.
"""
from __future__ import annotations

import dataclasses

import pytest

from rules_engine.duel.sheet import (
    CATEGORIES, MatchLine, MatchSheet, Outcome, Victory, check_match, outcome, senate_pairs,
)


def line(player: str, first: bool = False, **kw) -> MatchLine:
    base = dict(blue=10, green=4, yellow=3, purple=0, wonders=8, progress=0, treasury=2, military=0,
                senate=3, coins=7, victory="", winner=None)
    base.update(kw)
    if "total" not in kw:
        base["total"] = sum(base[c] or 0 for c in CATEGORIES)
    return MatchLine(player=player, first=first, **base)


def sheet(a: MatchLine, b: MatchLine) -> MatchSheet:
    return MatchSheet(round=1, table=3, lines=(a, b))


def rules(s: MatchSheet) -> list[str]:
    return [f.rule for f in check_match(s)]


#: Where each base-game scoring fact checked here comes from (two independent sources each).
SOURCES = {
    "military VP are 0, 2, 5 or 10 by the pawn's zone": (
        "English rulebook text, github borisyankov/rulespal data/rulebooks/7_wonders_duel_rulebook.md "
        "(End of game and victory)",
        "a Duel rules summary in a public repository (find_string '0, 2, 5 or 10': 'Military 0, 2, 5 or 10 "
        "by the pawn's final zone')"),
    "treasury: 1 VP per complete set of 3 coins": (
        "rulespal rulebook text (as above)", "bluephonebox.com/?p=395 ('Treasure (3 coins = 1 point)')",
        "playtale.com.ua 7 Wonders Duel page ('Every three unspent coins is another point')"),
    "a tie goes to more blue points, then the victory is shared": (
        "rulespal rulebook text", "shared/rules/7wonders-duel-agora.de.txt and .fr.txt (Spielende / fin)"),
    "a supremacy ends the game at once; military = pawn enters the opponent's capital": (
        "rulespal rulebook text", "shared/rules/7wonders-duel-agora.de.txt ('Die Partie endet sofort')"),
}
#: Disagreements found while checking: (claim, source, what we follow).
DISAGREEMENTS = [
    ("leftover coins score 1 VP per coin", "gamnite.com/rules/7-wonders-duel.html",
     "1 VP per 3 coins, as the rulebook text and two further sources say"),
]


def test_sources_named_and_disagreement_settled():
    assert all(len(v) >= 2 for v in SOURCES.values())
    # The settled rule: 8 coins are worth 2 VP (not 8), so treasury 8 is refused.
    assert rules(sheet(line("Anna", True, coins=8, treasury=8, total=36), line("Ben", blue=4))) == ["treasury"]


GOOD = sheet(line("Anna", True), line("Ben", military=5, blue=4))


def test_a_plausible_sheet_has_no_findings_and_its_outcome():
    assert check_match(GOOD) == []
    # Anna: 10+4+3+8+2+3 = 30; Ben: 4+4+3+8+2+5+3 = 29.
    assert outcome(GOOD) == Outcome(Victory.CIVILIAN, "Anna")


def test_sum():
    bad = sheet(line("Anna", True, total=31), line("Ben"))
    assert [f.message for f in check_match(bad)] == [
        "totals don't add up for 'Anna': categories sum to 30, total says 31"]


def test_negative_and_coins():
    assert rules(sheet(line("Anna", True, green=-1), line("Ben"))) == ["negative"]
    assert rules(sheet(line("Anna", True, coins=-3, treasury=0), line("Ben"))) == ["coins.negative"]


@pytest.mark.parametrize("coins,treasury,ok", [(7, 2, True), (8, 2, True), (9, 3, True), (9, 2, False),
                                               (2, 1, False), (0, 0, True)])
def test_treasury_is_coins_div_3(coins, treasury, ok):
    s = sheet(line("Anna", True, coins=coins, treasury=treasury), line("Ben"))
    assert ("treasury" not in rules(s)) is ok


@pytest.mark.parametrize("m", [0, 2, 5, 10])
def test_military_values_allowed(m):
    assert rules(sheet(line("Anna", True, military=m), line("Ben"))) == []


@pytest.mark.parametrize("m", [1, 3, 6, 9, 12, -2])
def test_military_values_refused(m):
    assert rules(sheet(line("Anna", True, military=m), line("Ben"))) == ["military.value"]


def test_military_for_one_player_only():
    assert rules(sheet(line("Anna", True, military=2), line("Ben", military=2))) == ["military.both"]


def test_senate_pairs_are_disjoint_chambers():
    pairs = senate_pairs()
    # Every split of the 12 chamber points is possible, nothing beyond 12 together.
    assert {(a, b) for a in range(13) for b in range(13) if a + b <= 12} == set(pairs)


def test_senate_values_and_chambers():
    assert rules(sheet(line("Anna", True, senate=13), line("Ben", senate=0))) == ["senate.value"]
    assert rules(sheet(line("Anna", True, senate=7), line("Ben", senate=6))) == ["senate.chambers"]
    assert rules(sheet(line("Anna", True, senate=7), line("Ben", senate=5))) == []
    # No Agora: senate empty on both rows.
    assert rules(sheet(line("Anna", True, senate=None), line("Ben", senate=None))) == []


def test_exactly_one_first_player():
    assert rules(sheet(line("Anna", True), line("Ben", True))) == ["first"]
    assert rules(sheet(line("Anna"), line("Ben"))) == ["first"]
    assert rules(sheet(line("Anna"), line("Ben", True))) == []


def test_two_rows_two_players():
    assert rules(MatchSheet(1, 1, (line("Anna", True),))) == ["match.rows"]
    assert rules(sheet(line("Anna", True), line("anna"))) == ["player.twice"]


def test_victory_value_and_rows():
    assert rules(sheet(line("Anna", True, victory="points"), line("Ben", victory="points"))) == ["victory.value"]
    assert rules(sheet(line("Anna", True, victory="civilian"), line("Ben", victory="military"))) == ["victory.rows"]
    assert rules(sheet(line("Anna", True, victory="Civilian"), line("Ben", victory="civilian "))) == []


def test_civilian_tie_goes_to_blue_then_is_shared():
    a = line("Anna", True, blue=6, green=8)           # 30 total, 6 blue
    b = line("Ben", blue=7, green=7)                  # 30 total, 7 blue
    assert outcome(sheet(a, b)) == Outcome(Victory.CIVILIAN, "Ben")
    c = line("Ben", blue=6, green=8)
    draw = outcome(sheet(a, c))
    assert draw.is_draw and draw.winner is None


def test_civilian_winner_column_must_agree():
    ok = sheet(line("Anna", True, winner="anna"), line("Ben", winner="Anna", blue=4))
    assert rules(ok) == []
    wrong = sheet(line("Anna", True, winner="Ben"), line("Ben", winner="Ben", blue=4))
    assert [f.message for f in check_match(wrong)] == [
        "winner says 'Ben' but 'Anna' has the higher total: fix the points or the winner"]
    tie = sheet(line("Anna", True, winner="Anna"), line("Ben", winner="Anna", blue=10))
    assert rules(tie) == ["winner.civilian"]


def test_winner_rows_and_unknown():
    assert rules(sheet(line("Anna", True, winner="Anna"), line("Ben", winner="Ben"))) == ["winner.rows"]
    assert rules(sheet(line("Anna", True, winner="Cleo"), line("Ben", winner="Cleo"))) == ["winner.unknown"]


def mil(**kw):
    return dict(victory="military", **kw)


def test_military_supremacy():
    good = sheet(line("Anna", True, military=10, **mil()), line("Ben", blue=30, **mil()))
    assert rules(good) == []
    # The loser may have more points: a supremacy ends the game regardless.
    assert outcome(good) == Outcome(Victory.MILITARY, "Anna")
    loser_has_military = sheet(line("Anna", True, military=10, **mil(winner="Anna")),
                               line("Ben", military=2, **mil(winner="Anna")))
    assert "military.supremacy" in rules(loser_has_military)
    assert rules(loser_has_military).count("military.both") == 1
    short = sheet(line("Anna", True, military=5, **mil(winner="Anna")), line("Ben", **mil(winner="Anna")))
    assert rules(short) == ["military.supremacy"]
    unnamed = sheet(line("Anna", True, military=5, **mil()), line("Ben", **mil()))
    assert rules(unnamed) == ["winner.missing"]


def test_science_supremacy_needs_a_named_winner():
    s = dict(victory="science")
    assert rules(sheet(line("Anna", True, **s), line("Ben", **s))) == ["winner.missing"]
    good = sheet(line("Anna", True, winner="Ben", **s), line("Ben", winner="Ben", **s))
    assert rules(good) == [] and outcome(good) == Outcome(Victory.SCIENCE, "Ben")


def test_political_supremacy():
    p = dict(victory="political")
    good = sheet(line("Anna", True, senate=0, **p), line("Ben", senate=12, **p))
    assert rules(good) == [] and outcome(good).winner == "Ben"
    named_wrong = sheet(line("Anna", True, senate=0, winner="Anna", **p),
                        line("Ben", senate=12, winner="Anna", **p))
    assert "political" in rules(named_wrong)
    short = sheet(line("Anna", True, senate=9, winner="Anna", **p), line("Ben", senate=0, winner="Anna", **p))
    assert rules(short) == ["political"]


def test_all_six_chambers_without_political_victory():
    assert rules(sheet(line("Anna", True, senate=12), line("Ben", senate=0))) == ["political.missed"]
    sci = dict(victory="science", winner="Ben")
    assert rules(sheet(line("Anna", True, senate=12, **sci), line("Ben", senate=0, **sci))) == ["political.missed"]


def test_findings_name_the_player():
    f = check_match(sheet(line("Anna", True), line("Ben", treasury=5, total=29)))
    assert [(x.rule, x.player) for x in f] == [("sum", "Ben"), ("treasury", "Ben")]


def test_outcome_refuses_a_bad_sheet():
    with pytest.raises(ValueError):
        outcome(sheet(line("Anna", True, victory="x"), line("Ben", victory="x")))


def test_sheet_values_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        GOOD.lines[0].total = 3  # type: ignore[misc]


@pytest.mark.parametrize("agora", [False, True])
def test_sheets_of_random_legal_games_pass_and_agree_with_the_result(agora):
    # Cross-check with the game engine: the final sheets of self-played games (random legal
    # moves) are accepted, and the winner the sheet implies is the engine's winner.
    from rules_engine.duel import selfplay

    seen = set()
    for rec in selfplay(120, 7, agora=agora, players=("Anna", "Ben")):
        head, victory = rec.result.split()
        winner = {"1-0": "Anna", "0-1": "Ben", "1/2-1/2": None}[head]
        named = winner if victory != "civilian" else None
        lines = tuple(
            MatchLine(player=name, first=(i == 0), senate=s.senate if agora else None, total=s.total,
                      coins=s.coins, victory=victory, winner=named,
                      **{c: getattr(s, c) for c in CATEGORIES if c != "senate"})
            for i, (name, s) in enumerate(zip(("Anna", "Ben"), rec.sheets)))
        s = sheet(*lines)
        assert check_match(s) == [], (rec.result, rec.sheets)
        assert outcome(s) == Outcome(Victory(victory), winner)
        seen.add(victory)
    assert "military" in seen  # supremacies are among the games checked


def test_military_supremacy_winner_may_write_0_as_online_games_do():
    # Board Game Arena writes 0 for the winner: the game ends before scoring.
    bga = sheet(line("Anna", True, military=0, **mil(winner="Anna")), line("Ben", blue=30, **mil(winner="Anna")))
    assert rules(bga) == [] and outcome(bga) == Outcome(Victory.MILITARY, "Anna")
    two = sheet(line("Anna", True, military=2, **mil(winner="Anna")), line("Ben", **mil(winner="Anna")))
    assert rules(two) == ["military.supremacy"]


def test_duel_sheet_points_come_from_the_duel_data():
    from rules_engine.duel import data
    from rules_engine.duel import sheet as ds
    assert ds.MILITARY_POINTS == (0, 2, 5, 10) and ds.CHAMBER_POINTS == data.CHAMBER_VP == (1, 2, 3, 3, 2, 1)
