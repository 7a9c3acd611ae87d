"""Self-play with biased players against the sheet checks (issue 50): every player of a game
pushes one part of the score to its extreme (7 Wonders: all blue, all green, all guilds, all
military, all stages, all coins; Duel: the same colours and wonders, base game and Agora), and
the final sheets of those legal games must get no error: a false error is a bug in a check.

`python benchmarks/bench_selfplay_checks.py [GAMES]` plays GAMES games per bias and engine
(7 Wonders at 3 to 7 players in turn; default 100, a few thousand for a release); it prints the
games checked, the extremes they reached and the time, and exits non-zero on a false error.
"""
from __future__ import annotations

import sys
import time

from rules_engine.duel.sheet import check_match
from rules_engine.duel.replay import BIASES as DUEL_BIASES
from rules_engine.duel.replay import match_sheet
from rules_engine.duel.replay import selfplay as duel_selfplay
from rules_engine.findings import Finding, Severity
from rules_engine.sevenwonders import check_sheet
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders import game as g
from rules_engine.sevenwonders.replay import replay as seven_replay
from rules_engine.sevenwonders.replay import selfplay as seven_selfplay


def _tally(findings: list[Finding], where: str, rows: list[dict[str, int]], top: dict[str, int]) -> int:
    """Print a false error (1 if there is one) and keep the most of each column seen."""
    for row in rows:
        for column in top:
            top[column] = max(top[column], row[column])
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        print(f"  FALSE ERROR, {where}: {errors[0].message}")
    return int(bool(errors))


def _report(what: str, games: int, start: float, top: dict[str, int]) -> None:
    extremes = ", ".join(f"{c} {v}" for c, v in top.items())
    print(f"{what}: {games} games in {time.perf_counter() - start:5.1f} s; most {extremes}")


def seven_wonders(games: int) -> int:
    false = 0
    for bias in g.BIASES:
        start, top = time.perf_counter(), dict.fromkeys(("civilian", "science", "guilds", "military", "wonders"), 0)
        for k, players in enumerate(d.PLAYER_COUNTS):
            share = games // len(d.PLAYER_COUNTS) + (k < games % len(d.PLAYER_COUNTS))
            for record in seven_selfplay(share, 50, players=players, bias=bias):
                sheet = seven_replay(record).sheet
                assert sheet is not None, record
                rows = [{c: getattr(p, c) for c in top} for p in sheet.players]
                false += _tally(check_sheet(sheet), f"7 Wonders bias {bias}, {players} players, game {record.round}",
                                rows, top)
        _report(f"7 Wonders, bias {bias:8}", games, start, top)
    return false


def duel(games: int) -> int:
    false = 0
    for agora in (False, True):
        for bias in DUEL_BIASES:
            start, top = time.perf_counter(), dict.fromkeys(("blue", "green", "purple", "wonders", "progress"), 0)
            for record in duel_selfplay(games, 50, agora=agora, bias=bias, players=("Anna", "Ben")):
                sheet = match_sheet(record)
                rows = [{c: line.points(c) for c in top} for line in sheet.lines]
                false += _tally(check_match(sheet), f"Duel{' Agora' if agora else ''} bias {bias}, game "
                                f"{record.table}", rows, top)
            _report(f"Duel{' + Agora' if agora else '        '}, bias {bias:8}", games, start, top)
    return false


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    false = seven_wonders(games) + duel(games)
    print(f"biased self-play: {false} false errors")
    if false:
        raise SystemExit("sheets of legal games got errors: a check is wrong")


if __name__ == "__main__":
    main()
