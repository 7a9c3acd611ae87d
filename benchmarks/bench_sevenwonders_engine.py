"""7 Wonders engine speed: self-play and replay of seven-player games on one core.

Targets: replay >= 200 games/s, self-play >= 100 games/s (seven players). Prints figures;
never fails. Set SEVENWONDERS_BENCH_GAMES to change the number of games (default 300).
Figures are CPU time of this process (time.process_time), so a busy machine doesn't skew
them; the caches of the payment search warm up during the first games, as in any real run.
"""
from __future__ import annotations

import io
import os
import time

from rules_engine.sevenwonders import read_records, replay, selfplay, write_records


def main() -> None:
    n = int(os.environ.get("SEVENWONDERS_BENCH_GAMES", "300"))
    for players in (7, 5, 3):
        t0 = time.process_time()
        records = list(selfplay(n, 2024, players=players))
        t1 = time.process_time()
        verdicts = [replay(r) for r in records]
        t2 = time.process_time()
        buf = io.StringIO()
        write_records(records, buf)
        t3 = time.process_time()
        back = list(read_records(io.StringIO(buf.getvalue())))
        t4 = time.process_time()
        assert back == records and all(v.ok for v in verdicts)
        print(f"{players} players, {n} games: self-play {n / (t1 - t0):6.0f} games/s, "
              f"replay {n / (t2 - t1):6.0f} games/s, write {n / (t3 - t2):6.0f} games/s, "
              f"read {n / (t4 - t3):6.0f} games/s")


if __name__ == "__main__":
    main()
