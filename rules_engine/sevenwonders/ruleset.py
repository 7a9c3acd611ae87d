"""The 7 Wonders ruleset: found by name, it reaches the score-sheet checks, the record format,
the replay and self-play (imported when first used: finding a game stays cheap)."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any, ClassVar, TypeVar

from rules_engine.findings import Finding
from rules_engine.recordtext import Visitor
from rules_engine.ruleset import RecordRuleset, Verdict
from rules_engine.sevenwonders.sheet import TableSheet

if TYPE_CHECKING:
    from rules_engine.sevenwonders.record import Record

T = TypeVar("T")


class SevenWonders(RecordRuleset["Record", TableSheet, TableSheet]):
    name = "7wonders"
    title = "7 Wonders"
    aliases = ("7w", "sevenwonders", "7-wonders")
    sheet_type = TableSheet
    selfplay_options: ClassVar[Mapping[str, str]] = {"players": "K (3-7)"}

    def check_sheet(self, sheet: TableSheet) -> list[Finding]:
        from rules_engine.sevenwonders import check_sheet

        return check_sheet(sheet)

    def read(self, handle: IO[str], visitor: Callable[[], Visitor[Record, T]]) -> Iterator[T]:
        from rules_engine.sevenwonders.record import read_with

        return read_with(handle, visitor)

    def write_records(self, records: Iterable[Record], handle: IO[str]) -> None:
        from rules_engine.sevenwonders.record import write_records

        write_records(records, handle)

    def replay(self, record: Record) -> Verdict[TableSheet]:
        from rules_engine.sevenwonders.replay import replay

        return replay(record)

    def selfplay(self, n: int, seed: int, **options: Any) -> Iterator[Record]:
        from rules_engine.sevenwonders.replay import selfplay

        return selfplay(n, seed, **options)
