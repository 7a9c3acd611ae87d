"""Property: sheets of games the engine really played (3-7 players, random and extreme
strategies) never get an error from the sheet checks. The strategies push the checks'
bounds: all science, all civilian, all guilds, all military, all stages and all discards (coins),
half the table biased here, the whole table through the engine's self-play."""
import random

import pytest

from rules_engine.findings import Severity
from rules_engine.sevenwonders import check_sheet
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.scoring import score


#: The engine's biases (game.BIASES) and the plain random player.
STRATEGIES = ("random", *g.BIASES)


def play(seed: int, players: int, strategy: str) -> g.Game:
    rng = random.Random(f"checks:{seed}:{players}:{strategy}")
    boards = [d.board(w, rng.choice(d.SIDES)) for w in rng.sample(d.WONDERS, players)]
    guilds = tuple(rng.sample(d.GUILD_NAMES, players + d.GUILDS_EXTRA))
    game = g.Game(boards, guilds)
    # Half the table follows the strategy, so neighbours differ (military needs contrast);
    # rules_engine's self-play (replay.selfplay(bias=...)) biases the whole table.
    plain = g.RandomChooser(rng)
    chooser = plain if strategy == "random" else g.BiasedChooser(rng, strategy)

    class Mixed:
        def move(self, game: g.Game, turn: int, seat: int) -> g.Move | None:
            return (chooser if seat % 2 == 0 else plain).move(game, turn, seat)

        def discard_builds(self, game: g.Game, turn: int, seat: int, move: g.Move) -> tuple[str, ...]:
            return plain.discard_builds(game, turn, seat, move)

    for age in d.AGES:
        deck = g.deck(age, players, guilds)
        rng.shuffle(deck)
        hands = [deck[k * d.HAND_SIZE:(k + 1) * d.HAND_SIZE] for k in range(players)]
        game.play_age(age, hands, Mixed(), exact_trade=False)
    return game


def _strip(sheet, columns: bool):
    if columns:
        return sheet
    from dataclasses import replace
    return replace(sheet, players=tuple(replace(p, compasses=None, gears=None, tablets=None, wild=None,
                                                stages=None) for p in sheet.players))


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("players", d.PLAYER_COUNTS)
def test_played_games_never_get_an_error(strategy, players):
    for seed in range(3):
        sheet = score(play(seed, players, strategy))
        for columns in (True, False):
            for guilds in (sheet.guilds, None):
                from dataclasses import replace
                s = replace(_strip(sheet, columns), guilds=guilds)
                errors = [f for f in check_sheet(s) if f.severity is Severity.ERROR]
                assert errors == [], (strategy, players, seed, columns, s)


def test_the_strategies_reach_the_extremes():
    # The property is only worth something if the games push the bounds: check that they do.
    science = max(p.science for s in range(3) for p in score(play(s, 5, "green")).players)
    civilian = max(p.civilian for s in range(3) for p in score(play(s, 5, "blue")).players)
    coins = max(p.coins for s in range(3) for p in score(play(s, 5, "coins")).players)
    guilds = max(p.guilds for s in range(3) for p in score(play(s, 5, "guilds")).players)
    assert science >= 20 and civilian >= 25 and coins >= 30 and guilds >= 8


@pytest.mark.parametrize("bias", sorted(g.BIASES))
def test_the_engines_biased_self_play_never_gets_an_error(bias):
    """rules_engine's self-play with every player biased (issue 50); benchmarks/bench_selfplay_checks.py
    runs a few thousand games of each bias."""
    from rules_engine.sevenwonders.replay import replay, selfplay

    for players in (3, 5, 7):
        for record in selfplay(3, 50, players=players, bias=bias):
            verdict = replay(record)  # a biased game is a legal game
            assert verdict.ok and verdict.sheet is not None
            errors = [f for f in check_sheet(verdict.sheet) if f.severity is Severity.ERROR]
            assert errors == [], (bias, players, record.round)
    with pytest.raises(ValueError, match="bias='gold'"):
        next(selfplay(1, 1, bias="gold"))
