"""Property: sheets of games the engine really played (3-7 players, random and extreme
strategies) never get an error from the sheet checks. The strategies push the checks'
bounds: all science, all civilian, all military, all stages and all discards (coins)."""
import random

import pytest

from rules_engine.findings import Severity
from rules_engine.sevenwonders import check_sheet
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.scoring import score


class Greedy(g.RandomChooser):
    """Builds a card of its colour when it legally can, else builds a stage or discards as
    `fallback` says, else plays like the random chooser."""

    def __init__(self, rng: random.Random, colour: int | None, fallback: g.Verb | None = None) -> None:
        super().__init__(rng)
        self.colour, self.fallback = colour, fallback

    def _try(self, game: g.Game, seat: int, verb: g.Verb, cards: list[int]) -> g.Move | None:
        for cid in cards:
            move = g.Move(verb, g.CARDS[cid].name)
            ok, *_, trade = game.check(seat, move, cid, exact_trade=False)
            if ok:
                return g.Move(verb, g.CARDS[cid].name, trade)
        return None

    def move(self, game: g.Game, turn: int, seat: int) -> g.Move | None:
        hand = list(dict.fromkeys(game.hands[seat]))
        self.rng.shuffle(hand)
        if self.colour is not None:
            mine = [cid for cid in hand if g.CARDS[cid].colour == self.colour]
            found = self._try(game, seat, g.Verb.BUILD, mine)
            if found:
                return found
        if self.fallback is g.Verb.DISCARD:
            return g.Move(g.Verb.DISCARD, g.CARDS[hand[0]].name)
        if self.fallback is g.Verb.STAGE and game.cities[seat].stages < len(game.cities[seat].stage_info):
            found = self._try(game, seat, g.Verb.STAGE, hand[:1])
            if found:
                return found
        return super().move(game, turn, seat)


STRATEGIES = {
    "random": (None, None), "science": (g.GREEN, None), "civilian": (g.BLUE, None),
    "military": (g.RED, None), "stages": (None, g.Verb.STAGE), "coins": (g.YELLOW, g.Verb.DISCARD),
}


def play(seed: int, players: int, strategy: str) -> g.Game:
    rng = random.Random(f"checks:{seed}:{players}:{strategy}")
    boards = [d.board(w, rng.choice(d.SIDES)) for w in rng.sample(d.WONDERS, players)]
    guilds = tuple(rng.sample(d.GUILD_NAMES, players + d.GUILDS_EXTRA))
    game = g.Game(boards, guilds)
    colour, fallback = STRATEGIES[strategy]
    # Half the table follows the strategy, so neighbours differ (military needs contrast).
    chooser = Greedy(rng, colour, fallback)
    plain = g.RandomChooser(rng)

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


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
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
    science = max(p.science for s in range(3) for p in score(play(s, 5, "science")).players)
    civilian = max(p.civilian for s in range(3) for p in score(play(s, 5, "civilian")).players)
    coins = max(p.coins for s in range(3) for p in score(play(s, 5, "coins")).players)
    assert science >= 20 and civilian >= 25 and coins >= 30
