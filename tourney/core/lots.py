"""A player's lot: a hash of the event seed and the name, so anyone can redraw it. The
standings' last tiebreak and the order seatings are drawn in; here, below both the standings
and the store's journal (which sends a final event's lots to the hub), so they say the same."""
from __future__ import annotations

import hashlib


def lot_key(seed: int, name: str) -> str:
    """The lot of `name` in the event drawn from `seed` (the name folded: 'ANNA' is 'anna')."""
    return hashlib.sha256(f"tourney-lot:{seed}:{name.casefold()}".encode()).hexdigest()
