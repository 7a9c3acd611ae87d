"""Seating schedule quality and speed: repeated pairs against the lower bound, per field size.

Prints figures; never fails. Run with `make bench` or `python benchmarks/bench_seating.py`.
"""
from __future__ import annotations

import time

from tourney.event.schedule import bonn_plan, lower_bound, plan_schedule, quality

#: Quality goals from issue #3 (four Bonn rounds): most repeated pairs allowed.
GOALS = {12: 13, 13: 14, 14: 17, 15: 23, 17: 3, 18: 6, 19: 9, 20: 12}


def main() -> None:
    print("four rounds, bonn plan, seed 1")
    print(f"{'n':>3}  {'tables':<22} {'pairs':>5} {'bound':>5} {'goal':>4} {'neigh':>5} {'start':>5} {'secs':>6}")
    worst = 0.0
    for n in list(range(12, 51)):
        t0 = time.perf_counter()
        s = plan_schedule(range(n), 4, seed=1)
        dt = time.perf_counter() - t0
        worst = max(worst, dt)
        q = quality(s)
        sizes = bonn_plan(n)
        goal = GOALS.get(n, 0)
        flag = "" if q.pairs <= goal else "  MISSED"
        print(f"{n:>3}  {'+'.join(map(str, sizes)):<22} {q.pairs:>5} {lower_bound([sizes] * 4, n):>5} "
              f"{goal:>4} {q.neighbours:>5} {q.starts:>5} {dt:>6.2f}{flag}")
    print(f"slowest full 4-round schedule (n <= 50): {worst:.2f} s")

    for n, rounds in ((22, 4), (22, 5)):
        s = plan_schedule(range(n), rounds, seed=1)
        print(f"{n} players, {rounds} rounds (5+5+4+4+4): {quality(s).pairs} repeated pairs "
              f"(a transversal design over GF(5) minus 3 players)")
    t0 = time.perf_counter()
    s = plan_schedule(range(40), 8, plan=[5] * 8, seed=1)
    print(f"40 players, 8 rounds at tables of 5: {quality(s).pairs} repeated pairs, "
          f"{time.perf_counter() - t0:.2f} s")

    worst = 0.0
    print("re-seating after one player drops (rounds after the printed ones are re-planned)")
    print(f"{'n':>3}  {'printed':>7}  {'pairs':>5}  {'bound':>5}  {'secs':>5}")
    for n in (20, 21, 22, 26, 30, 50, 75, 100):
        full = plan_schedule(range(n), 4, seed=2)
        for printed in (1, 2, 3):
            t0 = time.perf_counter()
            again = plan_schedule([p for p in range(n) if p != 0], 4, fixed=full[:printed], seed=2)
            dt = time.perf_counter() - t0
            worst = max(worst, dt)
            sizes = [[len(t) for t in rnd] for rnd in again]
            print(f"{n:>3}  {printed:>7}  {quality(again).pairs:>5}  {lower_bound(sizes, n):>5}  {dt:>5.2f}")
    print(f"slowest re-seating after a drop (n <= 100): {worst:.2f} s")


if __name__ == "__main__":
    main()
