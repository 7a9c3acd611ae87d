"""Standings plus XLSX export for 500 players x 6 rounds (target: under 1 s on one core)."""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from rules_engine.sevenwonders import PlayerScore
from tourney.core import store
from tourney.event.setup import create_event
from tourney.outputs.export import to_xlsx
from tourney.games.sevenwonders.lines import dump_line
from tourney.event.seating import table_plan
from tourney.core.store import Event
from tourney.games.registry import workflow



def build(folder: Path, n_players: int = 500, rounds: int = 6) -> Event:
    create_event(str(folder / "big.db"), game=workflow("7wonders"), scheme="bonn", rounds=rounds, seed=1,
                 name="bench", date=None)
    event = Event.open(folder / "big.db")
    rng = random.Random(1)
    with event.transaction() as conn:
        ids = [store.add_player(conn, f"Player {i:03d}", 1) for i in range(n_players)]
        for r in range(1, rounds + 1):
            order = ids[:]
            rng.shuffle(order)
            i = 0
            for t, size in enumerate(table_plan(n_players), 1):
                lines = []
                for s, pid in enumerate(order[i:i + size], 1):
                    coins = rng.randint(0, 15)
                    cats = (rng.randint(-6, 18), coins // 3, rng.randint(0, 20), rng.randint(0, 30),
                            rng.randint(0, 10), rng.randint(0, 12), rng.randint(0, 40))
                    score = PlayerScore(s, f"Player {pid:03d}", *cats, sum(cats), coins)
                    lines.append(store.NewLine(s, pid, None, None, dump_line(score)))
                store.store_table_seats(conn, r, t, [(line.player_id, None) for line in lines])
                store.store_result(conn, round_no=r, table_no=t, version=1, author="bench", reason=None,
                                   source="bench", warnings=[], lines=lines)
                i += size
    return event


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        event = build(folder)
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            st = workflow("7wonders").standings(event)
            t1 = time.perf_counter()
            to_xlsx(st, folder / "standings.xlsx", draws=event.draws())
            t2 = time.perf_counter()
            best = min(best, t2 - t0)
            print(f"standings {t1 - t0:.3f} s + xlsx {t2 - t1:.3f} s = {t2 - t0:.3f} s "
                  f"({len(st.rows)} players, {len(st.games)} games)")
        print(f"best: {best:.3f} s for 500 players x 6 rounds (target < 1 s): {'OK' if best < 1 else 'SLOW'}")


if __name__ == "__main__":
    main()
