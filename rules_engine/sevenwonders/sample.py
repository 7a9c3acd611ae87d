"""Random score sheets that follow the rules (seeded), for property tests and benchmarks.

Not a game: cards are handed out at random within the deck's copies (one of each name per
city), military comes from random shield counts per age, and every category is then
scored by the rules, so any sheet made here is one a real game could produce.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.sheet import PlayerScore, TableSheet


@dataclass
class _City:
    board: d.Board
    stages: int = 0
    cards: set[str] = field(default_factory=set)
    guilds: list[str] = field(default_factory=list)
    military: int = 0
    defeats: int = 0

    def count(self, colour: d.Colour) -> int:
        if colour is d.Colour.PURPLE:
            return len(self.guilds)
        return sum(1 for name in self.cards if d.card(name).colour is colour)


def _per_unit(e: d.PerUnit, me: int, cities: list[_City]) -> int:
    n = len(cities)
    whose = {d.Whose.SELF: cities[me], d.Whose.LEFT: cities[(me + 1) % n], d.Whose.RIGHT: cities[(me - 1) % n]}
    units = 0
    for w in e.whose:
        c = whose[w]
        if e.counted is d.Counted.CARDS:
            units += sum(c.count(col) for col in e.colours)
        elif e.counted is d.Counted.WONDER_STAGES:
            units += c.stages
        else:
            units += c.defeats
    return units * e.points


def _extra(b: d.Board) -> int:
    """Cards beyond 18 the board lets a city build (Babylon B: the seventh card of each
    age; Halikarnassos: one card from the discard per stage)."""
    out = 0
    for s in b.stages:
        for e in s.effects:
            if isinstance(e, d.Power) and e.action is d.Action.PLAY_LAST_CARD:
                out += 3
            elif isinstance(e, d.Power) and e.action is d.Action.BUILD_FROM_DISCARD:
                out += 1
    return out


def _symbol(name: str) -> d.Science:
    """The science symbol printed on a green card."""
    science = d.card(name).science
    assert science is not None and science.symbol is not None, f"{name} is green: it shows one symbol"
    return science.symbol


def _science(symbols: list[d.Science], wild: int) -> int:
    from rules_engine.sevenwonders.checks import science_points
    return science_points(symbols.count(d.Science.COMPASS), symbols.count(d.Science.GEAR),
                          symbols.count(d.Science.TABLET), wild)


def random_table(seed: int, players: int | None = None, *, known_boards: bool = True,
                 known_guilds: bool = True, symbol_columns: bool = False,
                 stage_column: bool = False) -> TableSheet:
    """One rule-consistent table, reproducible from `seed`."""
    rng = random.Random(seed)
    n = players or rng.randint(3, 7)
    names = rng.sample(d.WONDERS, n)
    cities = [_City(d.board(w, rng.choice(d.SIDES))) for w in names]
    for c in cities:
        c.stages = rng.randint(0, len(c.board.stages))

    # Every copy of every card goes to a random city that lacks that name and still has
    # room (18 plays plus the board's extra builds, less the stages built), or nowhere.
    room = [18 + _extra(c.board) - c.stages for c in cities]
    names_dealt = list(d.copies_by_name(n).items())
    rng.shuffle(names_dealt)
    for name, copies in names_dealt:
        for _ in range(copies):
            if rng.random() < 0.45:
                lacking = [i for i, c in enumerate(cities) if name not in c.cards and room[i] > 0]
                if lacking:
                    i = rng.choice(lacking)
                    cities[i].cards.add(name)
                    room[i] -= 1
    in_play = rng.sample(d.GUILD_NAMES, n + d.GUILDS_EXTRA)
    for g in in_play:
        if rng.random() < 0.5:
            i = rng.randrange(n)
            if room[i] > 0:
                cities[i].guilds.append(g)
                room[i] -= 1

    # Military: random, never-decreasing shield counts; compare neighbours each age.
    shields = [0] * n
    for age in d.AGES:
        shields = [s + rng.choice((0, 0, 1, 2, 3)) for s in shields]
        for i in range(n):
            j = (i + 1) % n
            if shields[i] > shields[j]:
                cities[i].military += d.MILITARY_WIN[age]
                cities[j].military += d.MILITARY_LOSS
                cities[j].defeats += 1
            elif shields[j] > shields[i]:
                cities[j].military += d.MILITARY_WIN[age]
                cities[i].military += d.MILITARY_LOSS
                cities[i].defeats += 1

    lines = []
    for i, c in enumerate(cities):
        built = c.board.stages[:c.stages]
        wonders = sum(s.points for s in built)
        civilian = sum(d.card(x).points for x in c.cards if d.card(x).colour is d.Colour.BLUE)
        commercial = sum(_per_unit(e, i, cities) for x in c.cards for e in d.card(x).effects
                         if isinstance(e, d.PerUnit) and d.card(x).colour is d.Colour.YELLOW)
        guild_effects = [e for g in c.guilds for e in d.card(g).effects if isinstance(e, d.PerUnit)]
        guilds = sum(_per_unit(e, i, cities) for e in guild_effects)
        wild = sum(1 for s in built for e in s.effects if isinstance(e, d.ScienceSymbol) and e.is_wild)
        wild += int("Scientists Guild" in c.guilds)
        if any(isinstance(e, d.Power) and e.action is d.Action.COPY_GUILD for s in built for e in s.effects):
            # Olympia B copies the neighbour guild worth most to it (Bonn 2018: not purple).
            options = [g for k in ((i + 1) % len(cities), (i - 1) % len(cities)) for g in cities[k].guilds]
            best, best_vp = None, -1
            for g in options:
                e = d.card(g).effects[0]
                vp = _per_unit(e, i, cities) if isinstance(e, d.PerUnit) else 0
                if vp > best_vp:
                    best, best_vp = g, vp
            if best == "Scientists Guild" and "Scientists Guild" not in c.guilds:
                wild += 1
            elif best is not None:
                guilds += best_vp
        symbols = [_symbol(x) for x in c.cards if d.card(x).colour is d.Colour.GREEN]
        science = _science(symbols, wild)
        coins = rng.randint(0, 30)
        treasury = coins // 3
        total = c.military + treasury + wonders + civilian + commercial + guilds + science
        extra = {}
        if symbol_columns:
            extra = {"compasses": symbols.count(d.Science.COMPASS), "gears": symbols.count(d.Science.GEAR),
                     "tablets": symbols.count(d.Science.TABLET), "wild": wild}
        if stage_column:
            extra["stages"] = c.stages
        lines.append(PlayerScore(
            seat=i + 1, player=f"P{i + 1}", military=c.military, treasury=treasury, wonders=wonders,
            civilian=civilian, commercial=commercial, guilds=guilds, science=science, total=total,
            coins=coins, wonder=c.board.name if known_boards else None,
            side=c.board.side if known_boards else None, **extra))
    return TableSheet(tuple(lines), tuple(in_play) if known_guilds else None)
