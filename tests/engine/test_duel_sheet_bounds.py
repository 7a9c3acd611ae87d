"""Duel sheet bounds from the card list (issue 31, item 1): each rule with a sheet the rules make
impossible and its minimally different legal control, the bounds derived from
rules_engine/duel/data.py, and biased self-play that pushes them without a false error.

Card values (blue, green, yellow points, symbols, wonder points, token points) come from
data.py, whose two sources per card are in test_duel_engine_data.py. The game facts the bounds
rest on, with two independent public sources each, are in SOURCES.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.duel import bounds, data
from rules_engine.duel.sheet import CATEGORIES, MatchLine, MatchSheet, check_match
from test_duel_sheet import line, rules, sheet

RULESPAL = "English rulebook text, github borisyankov/rulespal data/rulebooks/7_wonders_duel_rulebook.md"
BGA = "Board Game Arena implementation, github koenheltzel/bga-sevenwondersduel (modules/php)"
AGORA = "Agora rulebook, German and French, /work/shared/rules/7wonders-duel-agora.de.txt / .fr.txt"
SOURCES = {
    "each Age and Guild card exists once (the card list)": (
        "source A of test_duel_engine_data.py (dagosg/7wonders cfg_cards*.tcl), one entry per card",
        "source B of test_duel_engine_data.py (JavaScript rules file), one entry per card",
        RULESPAL + " (contents: 23 + 23 + 20 Age cards, 7 Guild cards)"),
    "each player has four wonders; only seven wonders are built in a game": (
        RULESPAL + " ('Wonders Selection Phase', '7 Wonders, not one more!')",
        "lottespeelt.nl/review/7-wonders-duel ('when one player has built 4 wonders the other player can only "
        "built three')",
        "BoardGameGeek description, as on topdeckgames.com.au/products/7-wonders-duel ('Each player also starts "
        "with four wonder cards ... Only seven wonders can be built')"),
    "Agora: Extortion takes an unbuilt wonder of the opponent; Espionage takes a progress token from the box": (
        AGORA + " ('Volez à votre adversaire 1 carte Merveille non construite', 'Prenez secrètement tous les "
                "jetons Progrès écartés en début de partie et choisissez-en 1')",
        BGA + " (States/TakeUnconstructedWonderTrait.php, States/ChooseProgressTokenFromBoxTrait.php)"),
    "five progress tokens on the board; the Great Library keeps 1 of 3 drawn from the box": (
        RULESPAL + " (Preparation 4; The Great Library)",
        BGA + " (Wonder::setProgressTokenFromBox: 'Randomly draw 3 Progress tokens ... Choose one')",
        "geekyhobbies.com 7 Wonders Duel rules ('randomly place five of them face up on the top of the board')"),
    "Mathematics: 3 VP per progress token held, itself included; Agriculture 4 VP; Philosophy 7 VP": (
        RULESPAL + " (Progress Token descriptions)",
        BGA + " (Material.php: Mathematics text 'including itself', Philosophy setVictoryPoints(7))"),
    "science supremacy: six different symbols, on green cards and the Law token; it ends the game at once": (
        RULESPAL + " (Science & Progress: 'scientific symbols are found on the scientific Buildings (green cards) "
                   "and on a Progress token'; Law: 'This token is worth a scientific symbol')",
        "playtale.com.ua 7 Wonders Duel page ('collect 6 different symbols on the green buildings and progress "
        "tokens')",
        "photokensho.net 'A not very tactical guide to Seven Wonders Duel part 3' (6 different, Law is a wild)"),
    "base game: a progress token only for a pair of identical scientific symbols (each symbol is on two green "
    "cards) or from the Great Library; the Law token is one of the six symbols": (
        RULESPAL + " (Science & Progress: a pair of identical symbols lets the player choose a Progress token; "
                   "The Great Library; Law: 'This token is worth a scientific symbol')",
        BGA + " (modules/php Building.php: '${player_name} gathered a pair of identical scientific symbols, and "
              "may now choose a Progress token'; Wonder::setProgressTokenFromBox for the Great Library)"),
    "guilds score by the city with the most; Builders 2 VP per wonder, Moneylenders 1 VP per 3 coins; "
    "three guilds go into Age III": (
        RULESPAL + " (Guild cards; Preparation: 'randomly draw 3 Guild cards')",
        BGA + " (Building.php setGuildRewardWonders / setGuildRewardCoinTriplets texts)",
        "geekyhobbies.com 7 Wonders Duel rules ('Randomly choose three Guild cards and add them to the Age III "
        "deck')"),
}


def test_every_fact_has_two_sources():
    assert all(len(v) >= 2 for v in SOURCES.values())


def base(player: str, first: bool = False, **kw) -> MatchLine:
    """A row of a game without Agora (no senate)."""
    return line(player, first, senate=None, **kw)


# --------------------------------------------------------------------- derived, not typed in
def test_bounds_come_from_the_card_data():
    blue = [c.vp for c in data.AGE_CARDS if c.colour is data.Colour.BLUE]
    assert bounds.deck(data.Colour.BLUE).most == sum(blue) == 67
    assert bounds.deck(data.Colour.GREEN).most == 18 and bounds.deck(data.Colour.YELLOW).most == 15
    w = bounds.wonders(False)
    assert (w.per_player, w.best_one, w.best_table) == (4, 23, 32)          # 9+6+4+4; the best seven
    wa = bounds.wonders(True)
    assert (wa.per_player, wa.best_one) == (5, 26)                           # Extortion's fifth wonder
    assert bounds.progress(False).tokens == 6 and bounds.progress(True).tokens == 7
    assert max(bounds.progress(False).values()) == 4 + 7 + 3 * 6
    assert bounds.guild_floor() == 14 + 13       # Tacticians (red cards), Shipowners (brown and grey)
    g = bounds.green()
    assert g.least_science == 4      # Scriptorium 0, Pharmacist 0, Workshop 1, Apothecary 1, University 2 + Law
    assert g.most_free == 18 - 2     # every green card but the cheapest symbol's pair


def test_importing_computes_nothing():
    code = ("import rules_engine.duel.sheet as s, rules_engine.duel.bounds as b; "
            "print(b.green.cache_info().currsize, b.deck.cache_info().currsize, b.wonders.cache_info().currsize)")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root)}).stdout
    assert out.split() == ["0", "0", "0"]


# --------------------------------------------------------------------- each rule: impossible / control
def test_colour_points_from_a_deck_where_each_card_exists_once():
    # Yellow points come only from Age III's five 3-point cards.
    assert rules(sheet(line("Anna", True, yellow=4), line("Ben"))) == ["cards.deck"]
    assert rules(sheet(line("Anna", True, yellow=6), line("Ben"))) == []
    # Blue: 67 points in the whole deck.
    assert rules(sheet(line("Anna", True, blue=40), line("Ben", blue=30))) == ["cards.deck"]
    assert rules(sheet(line("Anna", True, blue=40), line("Ben", blue=27))) == []
    # Blue 1 or 2: the cheapest blue card is worth 3.
    assert rules(sheet(line("Anna", True, blue=2), line("Ben"))) == ["cards.deck"]
    assert rules(sheet(line("Anna", True, blue=3), line("Ben"))) == []
    # Green: 18 points in the deck.
    assert rules(sheet(line("Anna", True, green=10), line("Ben", green=9))) == ["cards.deck"]
    assert rules(sheet(line("Anna", True, green=10), line("Ben", green=8))) == []


def test_first_line_names_the_cause():
    (f,) = check_match(sheet(line("Anna", True, yellow=4), line("Ben")))
    assert f.message == ("yellow 4 for 'Anna': no set of the deck's yellow cards adds up to 4 (each card exists "
                         "once; they give 3, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0)")
    assert f.player == "Anna"


def test_science_supremacy_needs_the_cheapest_six_symbols():
    sci = dict(victory="science", winner="Anna")
    (f,) = check_match(sheet(line("Anna", True, green=3, **sci), line("Ben", **sci)))
    assert f.rule == "science.green"
    assert f.message.startswith("'Anna' won by science supremacy with green 3: six different symbols need at "
                                "least 4 green points")
    assert rules(sheet(line("Anna", True, green=4, **sci), line("Ben", **sci))) == []
    # The winner's cheapest six symbols leave the loser's cards: 4 and 14 would give the loser six too.
    assert rules(sheet(line("Anna", True, green=4, **sci), line("Ben", green=14, **sci))) == ["science.green"]
    assert rules(sheet(line("Anna", True, green=4, **sci), line("Ben", green=13, **sci))) == []


def test_green_points_that_need_six_symbols_are_a_science_supremacy():
    (f,) = check_match(sheet(line("Anna", True, green=17), line("Ben", green=0)))
    assert f.rule == "science.green" and f.message.startswith("green 17 for 'Anna': that many green points need")
    assert rules(sheet(line("Anna", True, green=16), line("Ben", green=0))) == []
    assert rules(sheet(line("Anna", True, green=17, victory="science", winner="Anna"),
                       line("Ben", green=0, victory="science", winner="Anna"))) == []


def test_wonders_four_per_player_seven_per_table():
    assert rules(sheet(base("Anna", True, wonders=24), base("Ben"))) == ["wonders.bound"]
    assert rules(sheet(base("Anna", True, wonders=23), base("Ben"))) == []
    # With Agora, Extortion takes a fifth wonder (Knossos adds 3 points to the pool).
    assert rules(sheet(line("Anna", True, wonders=26), line("Ben", wonders=6))) == []
    assert rules(sheet(line("Anna", True, wonders=27), line("Ben", wonders=6))) == ["wonders.bound"]
    # Anna's five (9, 6, 4, 4, 3) leave Ben two wonders of the rest: 3 + 3 = 6, not 8.
    assert rules(sheet(line("Anna", True, wonders=26), line("Ben", wonders=8))) == ["wonders.bound"]
    (f,) = check_match(sheet(base("Anna", True, wonders=23), base("Ben", wonders=10)))
    assert f.rule == "wonders.bound"
    assert f.message == ("wonders 23 for 'Anna' and 10 for 'Ben': only 7 wonders are built in a game, worth "
                         "at most 32 together")
    assert rules(sheet(base("Anna", True, wonders=23), base("Ben", wonders=9))) == []
    assert rules(sheet(base("Anna", True, wonders=1), base("Ben"))) == ["wonders.bound"]
    assert rules(sheet(base("Anna", True, wonders=2), base("Ben"))) == []


def test_progress_points_only_from_sets_of_tokens():
    assert rules(sheet(line("Anna", True, progress=5), line("Ben"))) == ["progress.value"]
    assert rules(sheet(line("Anna", True, progress=6), line("Ben"))) == []         # Mathematics and one more
    assert rules(sheet(base("Anna", True, progress=30), base("Ben"))) == ["progress.value"]
    # Six tokens: five pairs of identical symbols (green 12) and the Great Library (wonders 4).
    six = dict(green=12, wonders=4)
    assert rules(sheet(base("Anna", True, progress=29, **six), base("Ben"))) == []
    assert rules(sheet(line("Anna", True, progress=32), line("Ben"))) == []        # Agora: Espionage, 7 tokens
    # 29 takes six tokens with Agriculture: none is left for the other player.
    (f,) = check_match(sheet(base("Anna", True, progress=29, **six), base("Ben", progress=3)))
    assert f.rule == "progress.value" and "a game hands out at most 6" in f.message
    assert rules(sheet(base("Anna", True, progress=29, **six), base("Ben", progress=0))) == []


def test_guilds_bounded_by_the_three_in_play_and_the_sheet():
    # Without Agora, on these rows: Tacticians 14, Shipowners 13, Merchants 9 (Anna's 3 yellow points
    # allow one 3-point card and the eight 0-point yellow cards), Builders 8: at most 36 together.
    (f,) = check_match(sheet(base("Anna", True, purple=20), base("Ben", purple=17)))
    assert f.rule == "guilds.bound"
    assert f.message.startswith("purple 20 for 'Anna' and 17 for 'Ben': only 3 guilds are in play, and by this "
                                "sheet's other points and coins the best 3 give at most 36")
    assert rules(sheet(base("Anna", True, purple=20), base("Ben", purple=16))) == []
    # The Moneylenders count the richest city's coins: 120 coins make them worth 40.
    rich = dict(coins=120, treasury=40)
    assert rules(sheet(base("Anna", True, purple=30, **rich), base("Ben", purple=27))) == []


# --------------------------------------------------------------------- no false errors
def _sheet_of(g, agora: bool) -> MatchSheet:
    from rules_engine.duel import engine as E

    victory = {E.CIVILIAN: "civilian", E.MILITARY: "military", E.SCIENCE: "science"}.get(g.victory, "political")
    names = ("Anna", "Ben")
    winner = None if g.winner == 2 or victory == "civilian" else names[g.winner]
    lines = []
    for p in (0, 1):
        s = g.sheet(p)
        lines.append(MatchLine(player=names[p], first=p == 0, senate=s["senate"] if agora else None,
                               total=s["total"], coins=s["coins"], victory=victory, winner=winner,
                               **{c: s[c] for c in CATEGORIES if c != "senate"}))
    return MatchSheet(1, 1, tuple(lines))


@pytest.mark.parametrize("agora", [False, True])
def test_biased_self_play_reaches_the_bounds_without_a_false_error(agora):
    """Games that favour wonders and one colour (random legal moves otherwise) end with sheets
    near the bounds; every one passes. (A few thousand such games of each kind were run while
    writing the bounds, issue 31; the test keeps a sample.)"""
    from rules_engine.duel import agora as A
    from rules_engine.duel import engine as E

    top = {c: 0 for c in ("blue", "green", "wonders", "purple")}
    for i in range(150):
        rng = random.Random(1000 + i)
        g = A.AgoraGame(A.random_agora_deal(rng)) if agora else E.Game(E.random_deal(rng))
        favour = rng.choice([E.GREEN, E.BLUE, E.YELLOW, E.PURPLE])
        while g.phase != E.P_OVER:
            options = g.legal_moves()
            weights = [30 if k == E.WONDER else
                       (40 if E.C_COLOUR[g.slot[a]] == favour else 5) if k == E.BUILD and g.phase == E.P_PLAY else 1
                       for k, a, _ in options]
            g.play(rng.choices(options, weights)[0])
        s = _sheet_of(g, agora)
        assert check_match(s) == [], s
        for c in top:
            top[c] = max(top[c], *(ln.points(c) for ln in s.lines))
    assert top["wonders"] >= 18 and top["blue"] >= 40


@pytest.mark.parametrize("agora", [False, True])
def test_the_fast_path_agrees_with_the_full_checks(agora):
    """The check first looks every pair up in one table per game kind and only then builds
    findings: both must give the same verdict (random values around the bounds)."""
    from rules_engine.duel import sheet as ds

    rng = random.Random(31)
    for _ in range(3000):
        vals = [{"blue": rng.randint(-1, 70), "green": rng.randint(-1, 19), "yellow": rng.randint(-1, 16),
                 "wonders": rng.randint(-1, 34), "progress": rng.randint(-1, 33), "purple": rng.randint(-1, 45),
                 "coins": rng.randint(0, 60)} for _ in range(2)]
        a, b = (MatchLine(p, p == "Anna", v["blue"], v["green"], v["yellow"], v["purple"], v["wonders"],
                          v["progress"], 0, 0, 0 if agora else None, 0, v["coins"])
                for p, v in zip(("Anna", "Ben"), vals))
        for result in (None, ds.Outcome(ds.Victory.SCIENCE, rng.choice(("Anna", "Ben")))):
            science = result.winner if result is not None else None
            full = (ds._deck_checks(a, b, science, agora) + ds._wonder_checks(a, b, agora)
                    + ds._progress_checks(a, b, agora) + ds._guild_checks(a, b, agora))
            assert ds._bound_checks(a, b, result) == full


# --------------------------------------------------------------------- issue 50, item 6
def test_progress_tokens_come_from_pairs_of_symbols_and_the_great_library():
    # Derived from the card data: each pair of identical symbols holds at least 2 green points
    # (Scriptorium 0 + Library 2, Apothecary 1 + School 1, ...), and the Great Library is a
    # 4-point wonder.
    pair_points = {}
    for c in data.AGE_CARDS:
        if c.science is not None:
            pair_points[c.science] = pair_points.get(c.science, 0) + c.vp
    assert min(pair_points.values()) == 2 and bounds.green_pairs()[:5] == (0, 0, 1, 1, 2)
    assert [w.vp for w in data.WONDERS if w.special == "library"] == [4] and 4 in bounds.library_wonders()
    assert bounds.least_tokens()[4] == 1 and bounds.least_tokens()[11] == 2  # Agriculture; and Philosophy
    # Agriculture's 4 points are a token: green 0 and wonders 3 give none.
    bad = sheet(base("Anna", True, progress=4, green=0, wonders=3), base("Ben"))
    assert [f.message for f in check_match(bad)][:1] == [
        "progress 4 for 'Anna' takes at least 1 progress token, but a player gets one for each pair of identical "
        "science symbols and one from the Great Library: green 0 allow 0 pairs, and the Great Library is not among "
        "wonders 3; check the progress, green and wonders columns"]
    assert rules(sheet(base("Anna", True, progress=4, green=2, wonders=3), base("Ben"))) == []  # a pair
    assert rules(sheet(base("Anna", True, progress=4, green=0, wonders=4), base("Ben"))) == []  # the Library
    # Agora's Espionage takes a token from the box: not bounded this way.
    assert rules(sheet(line("Anna", True, progress=4, green=0, wonders=3), line("Ben"))) == []


def test_law_in_a_science_supremacy_needs_a_pair_or_the_great_library():
    sci = dict(victory="science", winner="Anna")
    # Green 4 is the cheapest card of five symbols, so the sixth is Law; with no pair among
    # them and no Great Library Law can't be held.
    assert bounds.green().least_science == 4
    assert next(a for a, bits in enumerate(bounds.green().science_paired) if bits) == 5
    bad = sheet(base("Anna", True, green=4, wonders=3, **sci), base("Ben", green=13, **sci))
    assert [f.message for f in check_match(bad)][:1] == [
        "'Anna' won by science supremacy with green 4 (and 13 for 'Ben'), so with the Law token and five symbols "
        "on its green cards; but Law is a progress token, which comes from a pair of identical symbols (no split "
        "of the green cards gives the winner five symbols and a pair) or from the Great Library (not among "
        "wonders 3); check the green, wonders and victory columns"]
    assert rules(sheet(base("Anna", True, green=4, wonders=4, **sci), base("Ben", green=13, **sci))) == []
    assert rules(sheet(line("Anna", True, green=4, wonders=3, **sci), line("Ben", green=13, **sci))) == []


@pytest.mark.parametrize("agora", [False, True])
def test_the_engines_biased_self_play_never_gets_an_error(agora):
    """rules_engine's self-play with both players biased (issue 50: blue, green, guilds,
    military, stages); benchmarks/bench_selfplay_checks.py plays a few thousand of each."""
    from rules_engine.duel.replay import BIASES, match_sheet, selfplay

    assert sorted(BIASES) == ["blue", "green", "guilds", "military", "stages"]
    for bias in BIASES:
        for record in selfplay(25, 50, agora=agora, bias=bias, players=("Anna", "Ben")):
            assert check_match(match_sheet(record)) == [], (bias, record.table)
    with pytest.raises(ValueError, match="bias='gold'"):
        next(selfplay(1, 1, bias="gold"))
