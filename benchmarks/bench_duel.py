"""7 Wonders Duel engine speed: random self-play (legal moves generated at every step) and replay.

Times are CPU time of this process (time.process_time), so other load on the shared machine
does not count against the engine. Targets (one core): self-play >= 700 games/s, replay of
base-game records >= 2,000 games/s.
"""
from __future__ import annotations

import io
import random
import time

from rules_engine import duel
from rules_engine.duel import agora as A
from rules_engine.duel import engine as E
from rules_engine.duel.replay import play_random


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:8.0f} games/s ({n} games in {seconds:.2f} s)"


def main() -> None:
    n = 3000
    deals = [E.random_deal(random.Random(i)) for i in range(n)]
    t = time.process_time()
    moves = 0
    for i, deal in enumerate(deals):
        rng = random.Random(i)
        g = E.Game(deal)
        while g.phase != E.P_OVER:
            options = g.legal_moves()
            g.play(options[int(rng.random() * len(options))])
            moves += 1
    dt = time.process_time() - t
    print(f"self-play, engine only       {rate(n, dt)}, {moves / dt:,.0f} moves/s")

    t = time.process_time()
    for i, deal in enumerate(deals):
        play_random(deal, random.Random(i))
    print(f"self-play with notation      {rate(n, time.process_time() - t)}")

    t = time.process_time()
    records = list(duel.selfplay(n, 1))
    print(f"selfplay() -> Records        {rate(n, time.process_time() - t)} (deal included)")

    t = time.process_time()
    for r in records:
        duel.replay(r)
    print(f"replay of base-game records  {rate(n, time.process_time() - t)}")

    buf = io.StringIO()
    duel.write_records(records, buf)
    text = buf.getvalue()
    t = time.process_time()
    back = list(duel.read_records(io.StringIO(text)))
    print(f"read records from text       {rate(len(back), time.process_time() - t)}")
    t = time.process_time()
    for r in duel.read_records(io.StringIO(text)):
        duel.replay(r)
    print(f"read + replay                {rate(n, time.process_time() - t)}")
    n = 1000
    deals = [A.random_agora_deal(random.Random(i)) for i in range(n)]
    t = time.process_time()
    for i, deal in enumerate(deals):
        rng = random.Random(i)
        g = A.AgoraGame(deal)
        while g.phase != E.P_OVER:
            options = g.legal_moves()
            g.play(options[int(rng.random() * len(options))])
    print(f"agora self-play, engine only {rate(n, time.process_time() - t)}")
    records = list(duel.selfplay(n, 1, agora=True))
    t = time.process_time()
    for r in records:
        duel.replay(r)
    print(f"agora replay                 {rate(n, time.process_time() - t)}")


if __name__ == "__main__":
    main()
