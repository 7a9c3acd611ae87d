"""Regenerate the golden 7 Wonders records in this folder (run by hand, then review the diff).

- selfplay-3p.7w, selfplay-7p.7w: `selfplay(1, seed, players)`, byte for byte.
- dispute-trade.7w: a 5-player game as recorded at a table where, in the last turn, one
  player bought an ore they didn't need (illegal: bought resources must be used, so the
  card was discarded for 3 coins at the table) and another wrote down the wrong price for
  a trade; the Result is what the table scored after applying the house rule.
- dispute-duplicate.7w: a 7-player game where a player built a second Lighthouse and the
  table scored it; the replay removes it and reports what that changes.
"""
from __future__ import annotations

import dataclasses
import io
import random
import sys
from pathlib import Path

from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.record import Play, Record, Sheet, write_records
from rules_engine.sevenwonders.replay import replay, selfplay
from rules_engine.sevenwonders.scoring import score

HERE = Path(__file__).parent


def _write(name: str, records: list[Record]) -> None:
    buf = io.StringIO()
    write_records(records, buf)
    (HERE / name).write_text(buf.getvalue(), encoding="utf-8")


def _dispute_trade() -> Record:
    for seed in range(1000):
        r = next(iter(selfplay(1, seed, players=5, event="Bonn Spielt 2018")))
        last = list(r.moves[2])
        traded = [k for k, p in enumerate(last) if p.turn == 6 and p.move.trade and p.move.trade.right]
        if len(traded) < 2:
            continue
        k1, k2 = traded[:2]
        p1, p2 = last[k1], last[k2]
        # first: claims to buy from the right neighbour's yellow card instead (as "ore"
        # the neighbour doesn't sell); second: writes down one coin too many
        fake = dataclasses.replace(p1.move.trade, right=p1.move.trade.right + ("ore",),
                                   coins=p1.move.trade.coins + 2)
        last[k1] = Play(p1.turn, p1.seat, dataclasses.replace(p1.move, trade=fake))
        wrong = dataclasses.replace(p2.move.trade, coins=p2.move.trade.coins + 1)
        last[k2] = Play(p2.turn, p2.seat, dataclasses.replace(p2.move, trade=wrong))
        r = dataclasses.replace(r, moves=(r.moves[0], r.moves[1], tuple(last)),
                                tags=(("Annotator", "make_goldens.py"),))
        v = replay(r)
        rules = sorted(f.rule for f in v.findings)
        if rules != ["move.illegal", "result.sheet", "result.sheet", "result.total", "result.total",
                     "trade.coins"] and rules != ["move.illegal", "result.sheet", "result.total", "trade.coins"]:
            continue
        # the table applied the house rule: its Result is the corrected one
        return dataclasses.replace(r, result=v.totals, sheets=tuple(Sheet.of(p) for p in v.sheet.players))
    raise SystemExit("no seed found for dispute-trade")


class _LighthouseTwice(g.Game):
    """A table that overlooks a second Lighthouse (and nothing else)."""

    def check(self, seat, move, cid, exact_trade=True):
        self.allow_duplicates = g.CARDS[cid].name == "Lighthouse"
        try:
            return super().check(seat, move, cid, exact_trade)
        finally:
            self.allow_duplicates = False


class _TwoLighthouses(g.RandomChooser):
    def move(self, game, turn, seat):
        c = game.cities[seat]
        lh = g.card_id("Lighthouse", 3)
        if game.age == 3 and lh in game.hands[seat] and (lh in c.built or c.colours[g.YELLOW] >= 1):
            return g.Move(g.Verb.FREE if c.free_build and c.free_age != 3 else g.Verb.BUILD, "Lighthouse")
        return super().move(game, turn, seat)


def _dispute_duplicate() -> Record:
    lh = g.card_id("Lighthouse", 3)
    for seed in range(3000):
        rng = random.Random(f"duplicate:{seed}")
        n = 7
        boards = [d.board(w, rng.choice("AB")) for w in rng.sample(d.WONDERS, n)]
        guilds = tuple(rng.sample(d.GUILD_NAMES, n + 2))
        game = _LighthouseTwice(boards, guilds)
        chooser = _TwoLighthouses(rng)
        hands_out = []
        for age in d.AGES:
            deck = g.deck(age, n, guilds)
            rng.shuffle(deck)
            hands = [deck[k * 7:(k + 1) * 7] for k in range(n)]
            hands_out.append(tuple(tuple(g.CARDS[c].name for c in h) for h in hands))
            game.play_age(age, hands, chooser, exact_trade=False)
        if not any(c.built.count(lh) == 2 for c in game.cities) or game.notes:
            continue
        names = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta")
        sheet = score(game, names)
        moves = tuple(tuple(Play(t, s + 1, m) for t, s, m in am) for am in game.moves)
        record = Record(event="Bonn Spielt 2018", round="2", table="5", date="2018.03.18", players=names,
                      wonders=tuple((b.name, b.side) for b in boards), guilds=guilds,
                      result=tuple(p.total for p in sheet.players),
                      sheets=tuple(Sheet.of(p) for p in sheet.players), hands=tuple(hands_out), moves=moves,
                        tags=(("Annotator", "make_goldens.py"),))
        # keep a game where removing the duplicate changes nothing else the players did
        if {f.rule for f in replay(record).findings} <= {"build.duplicate", "build.duplicate.recomputed",
                                                         "result.total", "result.sheet"}:
            return record
    raise SystemExit("no seed found for dispute-duplicate")


def main() -> None:
    _write("selfplay-3p.7w", list(selfplay(1, 7, players=3)))
    _write("selfplay-7p.7w", list(selfplay(1, 7, players=7)))
    _write("dispute-trade.7w", [_dispute_trade()])
    _write("dispute-duplicate.7w", [_dispute_duplicate()])


if __name__ == "__main__":
    sys.exit(main())
