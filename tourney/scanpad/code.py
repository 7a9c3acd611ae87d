"""The scan pad's QR code: which event, round, table, seating and layout the page is, and a
short MAC made with the event's secret seed, so a pad of another event, another round, an older
seating or a forged page is refused by name.

Payload: ``TSP1:<fingerprint>:<round>:<table>:<seating>:<layout>:<mac>``, upper-case (QR's
alphanumeric mode: a small code with big modules, read from a photo of 1600 pixels), where the
fingerprint is the first 12 hex digits of the draw fingerprint (`tourney.event.drawproof`), the
seating the first 6 of SHA-256 over the table's seats, and the MAC the first 10 of HMAC-SHA256
keyed with ``tourney-scanpad-v1:<seed>`` over everything before it. The seed is secret until it is revealed
after the event; from then on a pad can be forged, but the event's results are final."""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.scanpad.fields import Seat

PREFIX = "TSP1"
MAC_DIGITS = 10
FINGERPRINT_DIGITS = 12


def seating_version(seats: Sequence[Seat]) -> str:
    """A digest of the table's seating as printed: who sits where, with which board."""
    text = "\n".join(f"{s.seat}|{s.player}|{s.board or ''}" for s in seats)
    return hashlib.sha256(text.encode()).hexdigest()[:6].upper()


def _mac(seed: int, body: str) -> str:
    key = f"tourney-scanpad-v1:{seed}".encode()
    return hmac.new(key, body.encode(), hashlib.sha256).hexdigest()[:MAC_DIGITS].upper()


@dataclass(frozen=True)
class PadCode:
    fingerprint: str
    round: int
    table: int
    seating: str
    layout: int
    mac: str

    @property
    def body(self) -> str:
        return f"{PREFIX}:{self.fingerprint}:{self.round}:{self.table}:{self.seating}:{self.layout}"

    @property
    def text(self) -> str:
        return f"{self.body}:{self.mac}"

    def signed_by(self, seed: int) -> bool:
        return hmac.compare_digest(self.mac, _mac(seed, self.body))


def make_code(seed: int, fingerprint: str, round_no: int, table: int, seats: Sequence[Seat], layout: int) -> PadCode:
    fp = fingerprint[:FINGERPRINT_DIGITS].upper()
    body = PadCode(fp, round_no, table, seating_version(seats), layout, "")
    return PadCode(fp, round_no, table, body.seating, layout, _mac(seed, body.body))


def parse_code(text: str) -> PadCode | None:
    """The code a QR code holds, or None when it is not a scan pad's."""
    parts = text.strip().upper().split(":")
    if len(parts) != 7 or parts[0] != PREFIX:
        return None
    _prefix, fp, r, t, seating, layout, mac = parts
    if not (r.isdigit() and t.isdigit() and layout.isdigit()):
        return None
    return PadCode(fp, int(r), int(t), seating, int(layout), mac)
