"""Per-round draws for 7 Wonders events: the wonder order shared by every table and the
guilds in play, each reproducible from the event seed and the round number."""
from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_engine.sevenwonders.data import GUILD_NAMES, GUILDS_EXTRA
from rules_engine.sevenwonders.data import WONDERS as BOARD_NAMES

if TYPE_CHECKING:
    from tourney.event.schedule import Round  # a type: reading a stored draw needs no optimiser

#: The seven boards and ten guilds of 7 Wonders (1st edition), from the rules engine's card
#: data (the one place card facts live, checked against public sources there).
WONDERS: tuple[str, ...] = BOARD_NAMES
GUILDS: tuple[str, ...] = GUILD_NAMES


@dataclass(frozen=True)
class RoundDraw:
    """The draw for one round: seat i at every table gets ``wonders[i - 1]`` (a table of 4
    uses the first 4). ``guilds`` is an ordered draw (largest table + 2 long) of which a
    table of n plays the first n + 2, so every table has the same guilds as far as its size
    allows (Bonn rules). Draws stored before the per-table draw (``per_table`` False) list
    the guilds of every table, in the order of ``GUILDS``, and are read as they were."""

    round: int
    wonders: tuple[str, ...]
    guilds: tuple[str, ...]
    per_table: bool = False

    def wonder(self, seat: int) -> str:
        return self.wonders[seat - 1]

    def guilds_for(self, players: int) -> tuple[str, ...]:
        """The guilds in play at a table of `players`."""
        return self.guilds[:players + GUILDS_EXTRA] if self.per_table else self.guilds

    def guild_lines(self, sizes: Sequence[int]) -> list[tuple[int, tuple[str, ...]]]:
        """(table size, guilds in play) for each distinct table size, largest first."""
        return [(n, self.guilds_for(n)) for n in sorted(set(sizes), reverse=True)]


def _rng(seed: int | str, round_no: int, what: str) -> random.Random:
    return random.Random(f"tourney.draws:{seed}:{round_no}:{what}")


def wonders_had(schedule: Sequence[Round], draws: Sequence[RoundDraw]) -> dict[int, set[str]]:
    """Which wonders each player has played, from the rounds that have a draw."""
    had: dict[int, set[str]] = {}
    for rnd, draw in zip(schedule, draws):
        for table in rnd:
            for seat, p in enumerate(table, 1):
                had.setdefault(p, set()).add(draw.wonder(seat))
    return had


def draw_round(seed: int | str, round_no: int, tables: Round,
               had: Mapping[int, set[str]] | None = None,
               earlier: Sequence[Sequence[str]] = ()) -> RoundDraw:
    """Draw the wonder order and the guilds for round `round_no` (1-based).

    Among all wonder orders, the draw picks at random one that gives the fewest players a
    wonder they already had (`had`: player → wonders played before), and among those one
    that repeats the fewest seat-wonder pairs of the `earlier` orders (else the start
    player, always someone new, would keep getting the same board).
    """
    had = had or {}
    seats = max((len(t) for t in tables), default=0)
    if seats > len(WONDERS):
        raise ValueError(f"round {round_no} has a table of {seats}: 7 Wonders has {len(WONDERS)} boards")
    # repeats[i][w]: players in seat i+1 (at any table) who already had wonder w.
    repeats = [[sum(1 for t in tables if len(t) > i and w in had.get(t[i], ())) for w in WONDERS]
               for i in range(seats)]
    index = {w: j for j, w in enumerate(WONDERS)}
    best, choices = None, []
    seat_had = [{order[i] for order in earlier if len(order) > i} for i in range(seats)]
    for head in itertools.permutations(WONDERS, seats):
        cost = (sum(repeats[i][index[w]] for i, w in enumerate(head)),
                sum(w in seat_had[i] for i, w in enumerate(head)))
        if best is None or cost < best:
            best, choices = cost, [head]
        elif cost == best:
            choices.append(head)
    rng = _rng(seed, round_no, "wonders")
    head = rng.choice(choices)
    rest = [w for w in WONDERS if w not in head]
    rng.shuffle(rest)
    guild_count = min(len(GUILDS), seats + GUILDS_EXTRA)
    # A random sample in the order drawn: its first k are a random sample of k as well.
    picked = _rng(seed, round_no, "guilds").sample(GUILDS, guild_count)
    return RoundDraw(round_no, tuple(head) + tuple(rest), tuple(picked), per_table=True)


def draw_rounds(seed: int | str, schedule: Sequence[Round],
                fixed: Sequence[RoundDraw] = ()) -> tuple[RoundDraw, ...]:
    """Draws for every round of `schedule`; the draws in `fixed` (rounds 1..len(fixed))
    are kept as they are and count as history for the later ones."""
    draws = list(fixed)
    for r in range(len(fixed), len(schedule)):
        draws.append(draw_round(seed, r + 1, schedule[r], wonders_had(schedule[:r], draws),
                                [d.wonders for d in draws]))
    return tuple(draws)

