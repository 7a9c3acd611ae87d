"""The 7 Wonders Duel ruleset: found by name, it reaches the match-sheet checks, the record
format, the replay and self-play (imported when first used: finding a game stays cheap)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any, ClassVar, TypeVar

from rules_engine.duel.sheet import MatchSheet
from rules_engine.findings import Finding
from rules_engine.recordtext import Visitor
from rules_engine.ruleset import RecordRuleset, Verdict

if TYPE_CHECKING:
    from rules_engine.duel.record import Record, Sheet

T = TypeVar("T")


class Duel(RecordRuleset["Record", MatchSheet, "tuple[Sheet, Sheet]"]):
    name = "duel"
    title = "7 Wonders Duel"
    aliases = ("7wd", "7wonders-duel", "7-wonders-duel", "sevenwondersduel")
    sheet_type = MatchSheet
    selfplay_options: ClassVar[Mapping[str, str]] = {"agora": ""}

    def check_sheet(self, sheet: MatchSheet) -> list[Finding]:
        from rules_engine.duel.sheet import check_match

        return check_match(sheet)

    def read(self, handle: IO[str], visitor: Callable[[], Visitor[Record, T]]) -> Iterator[T]:
        from rules_engine.duel.record import read_with

        return read_with(handle, visitor)

    def write_records(self, records: Iterable[Record], handle: IO[str]) -> None:
        from rules_engine.duel.record import write_records

        write_records(records, handle)

    def replay(self, record: Record) -> Verdict[tuple[Sheet, Sheet]]:
        from rules_engine.duel.replay import replay

        return replay(record)

    def selfplay(self, n: int, seed: int, **options: Any) -> Iterator[Record]:
        from rules_engine.duel.replay import selfplay

        return selfplay(n, seed, **options)
