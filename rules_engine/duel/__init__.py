"""7 Wonders Duel rules (with the Agora expansion): card data, engine, records, replay, self-play.

The names below are loaded on first use (PEP 562), so finding the Duel's ruleset does not
load its engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.duel.ruleset import Duel
from rules_engine.lazy import lazy_exports

NAME = Duel.name
TITLE = Duel.title

if TYPE_CHECKING:
    from rules_engine.duel.record import (
        Record,
        Sheet,
        read_records,
        write_records,
    )
    from rules_engine.duel.replay import replay, selfplay
    from rules_engine.recordtext import RecordSyntaxError
    from rules_engine.ruleset import Verdict

_LAZY = {
    "Record": "record", "RecordSyntaxError": "record", "Sheet": "record", "read_records": "record",
    "write_records": "record", "Verdict": "replay", "replay": "replay", "selfplay": "replay",
}

__all__ = ["NAME", "TITLE", "Duel", "Record", "RecordSyntaxError", "Sheet", "Verdict", "read_records",
           "replay", "selfplay", "write_records"]


lazy_exports(__name__, _LAZY, preload=())
