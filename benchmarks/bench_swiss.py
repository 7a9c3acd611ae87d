"""Swiss pairing speed: every round of simulated 200- and 201-player Duel events (target:
one round of 200 players in under 0.1 s). Prints figures; never fails on time."""
from __future__ import annotations

import random
import time
from fractions import Fraction

from tourney.event.swiss import SwissPlayer, pair_round


def simulate(n: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    score = {f"P{i:03}": Fraction(0) for i in range(n)}
    met: dict[str, set[str]] = {p: set() for p in score}
    byes = {p: 0 for p in score}
    firsts = {p: 0 for p in score}
    times = []
    for r in range(1, rounds + 1):
        ranking = sorted(score, key=lambda p: (-score[p], p))
        players = [SwissPlayer(p, score[p], frozenset(met[p]), byes[p], firsts[p], order=i)
                   for i, p in enumerate(ranking)]
        t0 = time.perf_counter()
        result = pair_round(players, seed=f"{seed}:{r}")
        times.append(time.perf_counter() - t0)
        for pr in result.pairings:
            if pr.second is None:
                byes[pr.first] += 1
                score[pr.first] += 1
                continue
            firsts[pr.first] += 1
            met[pr.first].add(pr.second)
            met[pr.second].add(pr.first)
            x = rng.random()
            if x < 0.45:
                score[pr.first] += 1
            elif x < 0.9:
                score[pr.second] += 1
            else:
                score[pr.first] += Fraction(1, 2)
                score[pr.second] += Fraction(1, 2)
    return times


def end_to_end(n: int) -> tuple[float, float]:
    """`tourney seat` on a stored event: round 1, results imported, then round 2 (seconds)."""
    import csv
    import tempfile
    from pathlib import Path

    from tourney.games.duel.pairing import seat_rounds
    from tourney.games.duel.sheetformat import COLUMNS
    from tourney.event.setup import create_event
    from tourney.games.registry import workflow
    from tourney.event.players import add_players
    from tourney.event.importing import import_results
    from tourney.core.store import Event

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        create_event(str(db), game=workflow("duel"), scheme="swiss", rounds=7, seed=1, name="bench", date=None)
        event = Event.open(db)
        add_players(event, [f"P{i:03}" for i in range(n)])
        t0 = time.perf_counter()
        (r1,) = seat_rounds(event)
        first = time.perf_counter() - t0
        sheet = Path(tmp) / "r1.csv"
        with open(sheet, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(COLUMNS)
            for t, players in enumerate(r1.tables, 1):
                if len(players) == 2:
                    for k, name in enumerate(players):
                        blue = 10 + (t + k) % 3
                        w.writerow([1, t, name, int(k == 0), blue, 0, 0, 0, 0, 0, 0, 0, 0, blue, 0, "", ""])
        import_results(event, workflow("duel"), [sheet])
        t0 = time.perf_counter()
        seat_rounds(event)
        second = time.perf_counter() - t0
        event.close()
    return first, second


def main() -> None:
    # 30 players over 32 rounds runs past a complete cycle: rematches are forced and the
    # exact (matching-guided) search does the work.
    for n, rounds in ((200, 9), (201, 9), (40, 7), (500, 9), (30, 32)):
        times = simulate(n, rounds, seed=2026)
        print(f"pair_round, {n} players, {rounds} rounds: max {max(times) * 1000:.1f} ms, "
              f"mean {sum(times) / len(times) * 1000:.1f} ms per round (target for 200: < 100 ms)")
    first, second = end_to_end(200)
    print(f"tourney seat on a stored 200-player event (store, standings, pairing, write): round 1 "
          f"{first * 1000:.0f} ms, round 2 {second * 1000:.0f} ms")


if __name__ == "__main__":
    main()
