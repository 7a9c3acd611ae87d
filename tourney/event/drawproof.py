"""The commitment to the event's seed: its fingerprint (shown before round 1), the reveal
after the event, and hiding the seed from every output until then.

The fingerprint is SHA-256 over the UTF-8 bytes of ``"tourney-seed-v1:" + seed`` (the seed
in decimal, no newline), in lower-case hex: ``printf 'tourney-seed-v1:%s' SEED | sha256sum``
gives the same. The short form shown on lists and pages is its first 16 hex digits.
"""
from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.core.errors import UsageError
from tourney.core.i18n import _

if TYPE_CHECKING:
    from tourney.core.store import Event

#: What the fingerprint hashes before the seed (a new scheme gets a new prefix).
FINGERPRINT_PREFIX = "tourney-seed-v1:"
#: Hex digits of the short fingerprint on lists and pages (64 bits: no seed is found for it by trying).
SHORT = 16
#: The setting that says when the seed was revealed.
REVEALED = "seed_revealed"
#: What stands for the seed in a text shown before the reveal.
HIDDEN = "<seed>"


def new_seed() -> int:
    """A seed nobody can find by trying seeds against the fingerprint: 128 random bits."""
    return secrets.randbits(128)


def fingerprint(seed: int | str) -> str:
    """SHA-256 of ``tourney-seed-v1:<seed>`` as 64 lower-case hex digits."""
    return hashlib.sha256(f"{FINGERPRINT_PREFIX}{seed}".encode()).hexdigest()


def short(fp: str) -> str:
    return fp[:SHORT]


@dataclass(frozen=True)
class SeedProof:
    """What an output may say about the seed: always the fingerprint, the seed once revealed."""

    fingerprint: str
    seed: int | None  # None until revealed
    revealed_at: str | None

    @property
    def short(self) -> str:
        return short(self.fingerprint)

    def brief(self) -> str:
        """The short form for a printed footer: the fingerprint (and the seed once revealed)."""
        if self.seed is None:
            return _("draw fingerprint {fingerprint}").format(fingerprint=self.short)
        return self.line()

    def line(self) -> str:
        """One line for lists and pages: the short fingerprint, and the seed once revealed."""
        if self.seed is None:
            return _("draw fingerprint {fingerprint} (SHA-256 of the secret seed)").format(fingerprint=self.short)
        return _("draw fingerprint {fingerprint}, seed {seed} (revealed)").format(fingerprint=self.short,
                                                                                   seed=self.seed)


def seed_proof(event: Event) -> SeedProof:
    info = event.info()
    return SeedProof(fingerprint(info.seed), info.seed if info.seed_revealed else None, info.seed_revealed)


def hide_seed(text: str, seed: int | str) -> str:
    """`text` with the seed replaced by ``<seed>`` where the store writes it: after the word
    "seed" in a log line, and at the start of a draw's own seed ("<seed>:schedule:1"). Other
    numbers stay (a seed of 7 must not touch "7wonders" or "round 7")."""
    n = re.escape(str(seed))
    text = re.sub(rf"\bseed '?{n}(?![\d])", lambda m: m[0][:-len(str(seed))] + HIDDEN, text)
    return re.sub(rf"^{n}(?=:|$)", HIDDEN, text)


def shown(text: str, event: Event) -> str:
    """`text` as an output may show it: the seed hidden until it is revealed."""
    proof = seed_proof(event)
    return text if proof.seed is not None else hide_seed(text, event.info().seed)


def reveal_seed(event: Event) -> SeedProof:
    """`tourney event EVENT --reveal-seed`: publish the seed (live pages, exported workbook).
    Revealing again changes nothing."""
    from tourney.core import store

    if event.setting(REVEALED):
        return seed_proof(event)
    if not event.seated_rounds():
        raise UsageError(_("no round is seated yet: reveal the seed after the event, once the draws it "
                           "commits to are made"))
    with event.transaction() as conn:
        if store.setting_in(conn, REVEALED) is None:
            store.set_setting(conn, REVEALED, store.now())
            store.log(conn, "event", {"revealed": True})
    return seed_proof(event)
