"""End-of-game scoring of a `Game`: one score-sheet line per city, every category.

Olympia B copies the neighbour's guild that scores best for it (ties: the first by name);
the copy is not a purple card (Bonn 2018), so the Shipowners Guild doesn't count it.
The Chamber of Commerce and the Craftsmens Guild give 2 VP per grey card (Bonn 2018).
"""
from __future__ import annotations

from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.checks import science_points  # the one science formula
from rules_engine.sevenwonders.game import CARDS, COLOUR_INDEX, PURPLE, YELLOW, Game
from rules_engine.sevenwonders.sheet import PlayerScore, TableSheet


def _units(game: Game, seat: int, e: d.PerUnit) -> int:
    return game._count(seat, e)


def _guild_points(game: Game, seat: int, cid: int) -> int:
    return sum(e.points * _units(game, seat, e) for e in CARDS[cid].per_unit)


def _lines(game: Game, seat: int, copy: int | None) -> dict[str, int]:
    c = game.cities[seat]
    military = sum(c.tokens)
    wonders = sum(s.points for s in c.stage_info[:c.stages])
    civilian = commercial = guilds = 0
    wild = c.wild
    for cid in c.built:
        info = CARDS[cid]
        if info.colour == PURPLE:
            guilds += _guild_points(game, seat, cid)
        elif info.points:
            civilian += info.points
        elif info.colour == YELLOW:
            commercial += sum(e.points * _units(game, seat, e) for e in info.per_unit)
    if copy is not None:
        guilds += _guild_points(game, seat, copy)
        wild += CARDS[copy].wild
    compasses, gears, tablets = c.science
    science = science_points(compasses, gears, tablets, wild)
    return {"military": military, "treasury": c.coins // 3, "wonders": wonders, "civilian": civilian,
            "commercial": commercial, "guilds": guilds, "science": science, "wild": wild}


def _copy_options(game: Game, seat: int) -> list[int]:
    out: set[int] = set()
    for other in (game.left(seat), game.right(seat)):
        out.update(cid for cid in other.built if CARDS[cid].colour == PURPLE)
    return sorted(out, key=lambda cid: CARDS[cid].name)


def score(game: Game, players: tuple[str, ...] | None = None) -> TableSheet:
    """The final score sheet of a finished game (seats 1..n in seat order)."""
    lines = []
    for seat, c in enumerate(game.cities):
        best = _lines(game, seat, None)
        c.copied = None
        if c.copy_guild:
            for cid in _copy_options(game, seat):
                got = _lines(game, seat, cid)
                if _total(got) > _total(best):
                    best, c.copied = got, CARDS[cid].name
        name = players[seat] if players else f"Player {seat + 1}"
        lines.append(PlayerScore(
            seat=seat + 1, player=name, military=best["military"], treasury=best["treasury"],
            wonders=best["wonders"], civilian=best["civilian"], commercial=best["commercial"],
            guilds=best["guilds"], science=best["science"], total=_total(best), coins=c.coins,
            wonder=c.board.name, side=c.board.side, compasses=c.science[0], gears=c.science[1],
            tablets=c.science[2], wild=best["wild"], stages=c.stages))
    return TableSheet(tuple(lines), game.guilds or None)


def _total(line: dict[str, int]) -> int:
    return sum(v for k, v in line.items() if k != "wild")


__all__ = ["COLOUR_INDEX", "science_points", "score"]
