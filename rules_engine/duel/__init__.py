"""7 Wonders Duel rules (with the Agora expansion): card data, engine, records, replay, self-play."""
from rules_engine.duel.record import Record, RecordSyntaxError, Sheet, read_records, write_records
from rules_engine.duel.replay import Verdict, replay, selfplay

NAME = "duel"
TITLE = "7 Wonders Duel"

__all__ = ["NAME", "TITLE", "Record", "RecordSyntaxError", "Sheet", "Verdict", "read_records", "replay",
           "selfplay", "write_records"]
