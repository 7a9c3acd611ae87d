"""7 Wonders Duel rules (with the Agora expansion): card data, engine, records, replay, self-play.

The names below are loaded on first use (PEP 562), so finding the Duel's ruleset does not
load its engine. This package is the game's front: it sits above the registry, which hands the
record reader the game names.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from rules_engine.duel.names import NAME, TITLE
from rules_engine.lazy import lazy_exports

if TYPE_CHECKING:
    from rules_engine.duel.ruleset import Duel
    from rules_engine.duel.record import Record, Sheet, write_records
    from rules_engine.duel.replay import replay, selfplay
    from rules_engine.recordtext import RecordSyntaxError
    from rules_engine.ruleset import Verdict

_LAZY = {
    "Duel": "ruleset",
    "Record": "record", "RecordSyntaxError": "record", "Sheet": "record", "write_records": "record",
    "Verdict": "replay", "replay": "replay", "selfplay": "replay",
}

__all__ = ["NAME", "TITLE", "Duel", "Record", "RecordSyntaxError", "Sheet", "Verdict", "read_records",
           "replay", "selfplay", "write_records"]


def read_records(handle: IO[str]) -> Iterator[Record]:
    """The Duel records in `handle`, one at a time; syntax errors are in ``record.errors``
    (a ``Game`` tag naming another game, or none, is one)."""
    from rules_engine.registry import find_records   # the registry knows every game's name

    return find_records(NAME).read_records(handle)


lazy_exports(__name__, _LAZY, preload=())
