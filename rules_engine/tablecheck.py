"""Checks and ranking every table sheet shares, whatever the game: table size, positions
numbered 1..n, whole non-negative counts, one row per player, places with shared ties.

Generic: names no game. Each game's ``sheet`` module calls these with its own column names.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules_engine.findings import Finding, Term, Text, error


def is_whole(value: object) -> bool:
    """True for an ``int`` (bools are flags, not counts; floats and fractions are not whole)."""
    return isinstance(value, int) and not isinstance(value, bool)


def table_size(n: int, low: int, high: int, game: str) -> list[Finding]:
    """`table.size` when a table has fewer than `low` or more than `high` rows."""
    if low <= n <= high:
        return []
    if n == 1:
        return [error("table.size", "the table has {n} player: {game} is played by {low} to {high}, so fix the "
                                    "sheet or split the table", n=n, game=game, low=low, high=high)]
    return [error("table.size", "the table has {n} players: {game} is played by {low} to {high}, so fix the "
                                "sheet or split the table", n=n, game=game, low=low, high=high)]


def duplicate_players(players: Sequence[str]) -> list[Finding]:
    """`player.twice` for every name on two rows (compared case-insensitively)."""
    counts = Counter(p.strip().casefold() for p in players)
    out: list[Finding] = []
    seen: set[str] = set()
    for p in players:
        key = p.strip().casefold()
        if counts[key] > 1 and key not in seen:
            seen.add(key)
            out.append(error("player.twice", "{player!r} is on {rows} rows: each player has one row, "
                                             "delete the extra one", p, player=p, rows=counts[key]))
    return out


def positions(rows: Sequence[tuple[str, object]], column: str, rule: str, fix: str | Text) -> list[Finding]:
    """`rule` when the (player, value) pairs don't number the rows exactly 1..n, once each;
    `fix` says how (a `Term` or `Text`: it is translated with the message)."""
    n = len(rows)
    values = [v for _, v in rows if isinstance(v, int) and not isinstance(v, bool)]
    if len(values) == n and sorted(values) == list(range(1, n + 1)):
        return []
    shown = ", ".join(f"{p!r} {v!r}" for p, v in rows)
    return [error(rule, "{column} is {shown}: a table of {n} has {column} 1 to {n}, each once; {fix}",
                  column=Term(column), shown=shown, n=n, fix=fix if isinstance(fix, Text) else Term(fix))]


def count(value: object, column: str, player: str, what: str, high: int | None = None,
          why: str | Text = "") -> list[Finding]:
    """`<column>.whole`, `<column>.negative` or `<column>.max` for one player's count cell.

    `what` says what the column counts (used in the fix), `high` is the rulebook's bound and
    `why` the reason for it (a `Term` or `Text`: both are translated with the message)."""
    words = {"column": Term(column), "player": player, "what": Term(what)}
    if not is_whole(value):
        return [error(f"{column}.whole", "{column} {value!r} for {player!r} is not a whole number: "
                                         "write the number of {what}", player, value=value, **words)]
    assert isinstance(value, int)
    if value < 0:
        return [error(f"{column}.negative", "{column} {value} for {player!r} is negative: write the "
                                            "number of {what}, 0 or more", player, value=value, **words)]
    if high is not None and value > high:
        if why:
            return [error(f"{column}.max", "{column} {value} for {player!r} is more than {high}: {why}; "
                                           "check the sheet", player, value=value, high=high,
                          why=why if isinstance(why, Text) else Term(why), **words)]
        return [error(f"{column}.max", "{column} {value} for {player!r} is more than {high}; check the sheet",
                      player, value=value, high=high, **words)]
    return []


def shared_places(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Places 1..n from sort keys (a smaller key is a better place), in the order of `keys`;
    equal keys share the best of their places and the places after them are skipped (1, 2, 2, 4)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    places = [0] * len(keys)
    for rank, i in enumerate(order):
        same_as_previous = rank > 0 and keys[order[rank - 1]] == keys[i]
        places[i] = places[order[rank - 1]] if same_as_previous else rank + 1
    return tuple(places)
