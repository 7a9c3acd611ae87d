"""What a game's scan pad asks for (`ScanSheet`: numbers and choices, declared by each game in
`tourney/games/<game>/scanpad.py`) and what a reading of one table is (`TableValues`), turned
into the game's own sheet lines by the game. No geometry here, and nothing heavy: the game
packages import this module."""
from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


class Role(enum.Enum):
    """How a number takes part in the pad's own arithmetic."""

    PART = "part"    # summed into the total
    TOTAL = "total"  # the total, written separately
    OTHER = "other"  # read, not summed (coins kept for the tiebreak, a count)


@dataclass(frozen=True)
class NumberField:
    """A whole number filled in as its digits (a row of lozenges per digit place, the highest
    first), with a sign lozenge when it may be negative. `key` is the game's sheet column,
    `label` a msgid printed in the event's language. `optional`: left blank is no doubt."""

    key: str
    label: str
    low: int
    high: int
    role: Role = Role.PART
    optional: bool = False

    @property
    def places(self) -> int:
        """How many digit places the largest value needs."""
        return len(str(max(abs(self.low), self.high)))

    @property
    def signed(self) -> bool:
        return self.low < 0

    def digits(self, place: int) -> tuple[int, ...]:
        """The digits printed in the row of `place` (0: units): the highest place only up to
        what the range reaches, so the tens of a value up to 18 offer 0 and 1."""
        top = max(abs(self.low), self.high) // 10 ** place
        return tuple(range(min(9, top) + 1))


@dataclass(frozen=True)
class ChoiceField:
    """One of a few options, each a lozenge with its word beside it: per seat (a wonder's side)
    or once per table (how a match was won). `options` are (value written to the sheet,
    printed word: a msgid or a symbol); no mark gives `blank` (a choice nobody has to make)."""

    key: str
    label: str
    options: tuple[tuple[str, str], ...]
    per_table: bool = False
    blank: str | None = ""  # None: a mark is needed (no mark is a doubt)


@dataclass(frozen=True)
class Seat:
    """A seat as the round's seating gives it, printed on the pad."""

    seat: int
    player: str
    board: str | None = None  # the wonder drawn, when the game draws one
    starts: bool = False


Value = int | str | None


@dataclass(frozen=True)
class TableValues:
    """One table as read: each seat's values by field key, and the table's own choices."""

    round: int
    table: int
    seats: tuple[Seat, ...]
    values: tuple[Mapping[str, Value], ...]  # in the order of `seats`
    table_choices: Mapping[str, Value]


@dataclass(frozen=True)
class ScanSheet:
    """A game's scan pad: its numbers in the pad's order, the seat's choices printed above them,
    the table's choices printed under the seats, and `lines`, which makes the game's sheet lines
    (column -> cell, as a typed sheet would hold them) from a table's values."""

    game: str  # printed in the header
    numbers: tuple[NumberField, ...]
    choices: tuple[ChoiceField, ...]
    lines: Callable[[TableValues], list[dict[str, object]]]
    #: By language, a board's name as that language's edition prints it (the seating's name
    #: stays what the sheet lines and the QR code's seating digest hold).
    board_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def total(self) -> NumberField | None:
        return next((f for f in self.numbers if f.role is Role.TOTAL), None)

    @property
    def parts(self) -> tuple[NumberField, ...]:
        return tuple(f for f in self.numbers if f.role is Role.PART)

    @property
    def seat_choices(self) -> tuple[ChoiceField, ...]:
        return tuple(c for c in self.choices if not c.per_table)

    @property
    def table_choices(self) -> tuple[ChoiceField, ...]:
        return tuple(c for c in self.choices if c.per_table)


def seat_lines(table: TableValues, board: str | None = None) -> list[dict[str, object]]:
    """The usual sheet lines of a table: round, table, seat, player, the board under the column
    `board` (when the sheet has one), then the seat's values (a blank one as an empty cell)."""
    return [{"round": table.round, "table": table.table, "seat": s.seat, "player": s.player,
             **({board: s.board or ""} if board else {}),
             **{k: ("" if v is None else v) for k, v in values.items()}}
            for s, values in zip(table.seats, table.values)]


#: What a game package provides: its scan pad for the event's optional rules.
ScanSheetFn = Callable[[frozenset[str]], ScanSheet]
