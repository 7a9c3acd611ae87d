"""Test helper: what a list of places with shared ties must look like, whatever the game."""
from __future__ import annotations

from collections.abc import Sequence


def is_competition_ranking(places: Sequence[int]) -> bool:
    """Places 1..n where tied rows share the best of their places and the places after them
    are skipped: sorted, each place is its position or repeats the one before (1, 2, 2, 4)."""
    s = sorted(places)
    return all(p == i + 1 or (i > 0 and p == s[i - 1]) for i, p in enumerate(s))


def follows_order(places: Sequence[int], keys: Sequence[tuple[int, ...]]) -> bool:
    """A better key (smaller) is a better place; equal keys are equal places."""
    n = len(places)
    return all((keys[i] < keys[j]) == (places[i] < places[j]) and (keys[i] == keys[j]) == (places[i] == places[j])
               for i in range(n) for j in range(n))
