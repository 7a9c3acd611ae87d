"""Repeat-free starting rounds from finite-field constructions (resolvable transversal
designs), for field sizes where one fits."""
from __future__ import annotations

import itertools
from collections.abc import Sequence


def _prime_power(q: int) -> tuple[int, int] | None:
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            m, x = 0, q
            while x % p == 0:
                x //= p
                m += 1
            return (p, m) if x == 1 else None
    return None


def finite_field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of GF(q), elements 0..q-1 (base-p digit vectors)."""
    pm = _prime_power(q)
    if pm is None:
        return None
    p, m = pm

    def digits(x: int) -> list[int]:
        return [(x // p ** i) % p for i in range(m)]

    def number(d: Sequence[int]) -> int:
        return sum(c * p ** i for i, c in enumerate(d))

    def polymod(a: list[int], mod: list[int]) -> list[int]:
        a = a[:]
        for i in range(len(a) - 1, len(mod) - 2, -1):
            c = a[i]
            if c:
                shift = i - (len(mod) - 1)
                for j, mc in enumerate(mod):
                    a[shift + j] = (a[shift + j] - c * mc) % p
        return (a + [0] * m)[:m]

    def polymul(a: Sequence[int], b: Sequence[int]) -> list[int]:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                out[i + j] = (out[i + j] + x * y) % p
        return out

    # Irreducible: no monic divisor of degree 1..m//2 (tiny fields, so trial division).
    def irreducible(f: list[int]) -> bool:
        for d in range(1, m // 2 + 1):
            for tail in itertools.product(range(p), repeat=d):
                g = list(tail) + [1]
                if not any(polymod(f, g)[: d]):
                    return False
        return True

    modulus = [0] * m + [1]
    if m > 1:
        for tail in itertools.product(range(p), repeat=m):
            f = list(tail) + [1]
            if irreducible(f):
                modulus = f
                break
    add = [[number([(x + y) % p for x, y in zip(digits(a), digits(b))]) for b in range(q)] for a in range(q)]
    if m == 1:
        mul = [[a * b % p for b in range(q)] for a in range(q)]
    else:
        mul = [[number(polymod(polymul(digits(a), digits(b)), modulus)) for b in range(q)] for a in range(q)]
    return add, mul


def transversal_rounds(sizes: Sequence[int]) -> list[list[list[int]]] | None:
    """Repeat-free rounds from a resolvable transversal design, or None if none fits.

    With q tables (q a prime power), largest table k <= q and the others of size k-1:
    points (x, b), x in GF(q), b < k; in round r, table g holds (g + r*c_b, b). Two points
    of different columns meet in exactly one of the q rounds; deleting points of the last
    column shortens one table per deleted point in every round. Returns q rounds over
    players 0..n-1.
    """
    q, k = len(sizes), max(sizes)
    short = sum(1 for s in sizes if s == k - 1)
    if any(s not in (k, k - 1) for s in sizes) or short > q or k > q:
        return None
    field = finite_field(q)
    if field is None:
        return None
    add, mul = field
    index: dict[tuple[int, int], int] = {}
    for b in range(k):
        for x in range(q):
            if b == k - 1 and x < short:
                continue  # deleted points
            index[(x, b)] = len(index)
    rounds = []
    for r in range(q):
        tables = []
        for g in range(q):
            table = []
            for b in range(k):
                x = add[g][mul[r][b]]
                if (x, b) in index:
                    table.append(index[(x, b)])
            tables.append(table)
        rounds.append(tables)
    return rounds

