"""7 Wonders Duel rules: card data, game engine, record format, replay and self-play.

The Agora expansion is not implemented yet: records with ``Expansions "Agora"`` are
reported as not replayable.
"""
from rules_engine.duel.record import Record, RecordSyntaxError, Sheet, read_records, write_records
from rules_engine.duel.replay import Verdict, replay, selfplay

NAME = "duel"
TITLE = "7 Wonders Duel"

__all__ = ["NAME", "TITLE", "Record", "RecordSyntaxError", "Sheet", "Verdict", "read_records", "replay",
           "selfplay", "write_records"]
