"""Benchmark: five-player 7 Wonders sheets checked per second on one core (issue #18 target:
10,000 tables/s).

Tables come from the seeded consistent-table generator, so every check runs to the end
(the slow path: no early rejection). Each table is checked once, so the result caches of
the seat, military and civilian searches only help where values repeat; the "cold" figure
clears those caches before every table.
"""
import time

from rules_engine.sevenwonders import check_sheet
from rules_engine.sevenwonders.checks import clear_caches
from rules_engine.sevenwonders.sample import random_table

TARGET = 10_000


def main() -> None:
    tables = [random_table(seed, 5) for seed in range(20_000)]
    start = time.perf_counter()
    bad = 0
    for t in tables:
        bad += bool(check_sheet(t))
    elapsed = time.perf_counter() - start
    rate = len(tables) / elapsed
    print(f"check_sheet: {len(tables)} five-player tables in {elapsed:.2f} s = {rate:,.0f} tables/s "
          f"(target {TARGET:,} tables/s); {bad} with findings")
    if bad:
        raise SystemExit("consistent tables produced findings: the checks are wrong")
    start = time.perf_counter()
    for t in tables[:5000]:
        clear_caches()
        check_sheet(t)
    cold = 5000 / (time.perf_counter() - start)
    print(f"check_sheet, caches cleared before each table: {cold:,.0f} tables/s")


if __name__ == "__main__":
    main()
