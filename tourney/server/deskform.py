"""A desk's form of one table, laid out like the game's score pad the volunteer types from:
the pad's rows in its order, labels and colours, one column per player in seat order, the
total after the rows it sums; rows the sheet may leave out (science symbols, the guilds in
play) folded away unless the stored sheet uses them. Names no game: it reads the game's pad
(`GamePrint.pad`) and sheet format (`SheetFormat`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tourney.core import store
from tourney.core.names import name_key
from tourney.core.sheetio import SheetFormat
from tourney.event.entry import line_cells, sheet_columns
from tourney.outputs.pdf.pads import PadDescription

#: Columns the form gives from the seating, not as rows to type.
FIXED = ("round", "table", "seat", "player")


@dataclass(frozen=True)
class FormRow:
    """One row of the form: the sheet column `key`, its label, the pad's colour, whether it is
    typed as a number, text or is the total, whether it counts into the total, and each
    seat's value ("" when empty)."""

    key: str
    label: str
    colour: str | None
    kind: str
    summed: bool
    required: bool
    values: tuple[str, ...]


@dataclass(frozen=True)
class DeskForm:
    seats: tuple[tuple[int, str], ...]  # (seat, player) in seat order: the form's columns
    rows: tuple[FormRow, ...]           # shown
    more: tuple[FormRow, ...]           # rows the sheet may leave out, folded unless used
    labels: Mapping[str, str]           # every column's label (the organiser's comparison)


def desk_form(fmt: SheetFormat, pad: PadDescription, lang: str, seats: Sequence[store.SeatRow],
              stored: store.TableResult | None, sent: Sequence[Mapping[str, object]] | None = None) -> DeskForm:
    """The form of a table seated as `seats`, filled with the `stored` sheet (if any), or with
    the rows a player `sent` (a reported sheet), in `lang`."""
    columns = [c for c in sheet_columns(fmt) if c not in FIXED]
    by_seat = {ln.seat: ln for ln in stored.lines} if stored else {}
    # A sent row is the seat's by its seat, or by its player where it has none (Duel's sheet).
    by_sent = {str(r.get("seat")): r for r in sent or ()} | {name_key(str(r.get("player") or "")): r
                                                            for r in sent or () if r.get("seat") in (None, "")}
    cells: list[dict[str, object]] = []
    for s in seats:
        ln = by_seat.get(s.seat)
        # The drawn board as the pad names it ("Olympie" on a French desk); it imports back as drawn.
        values: dict[str, object] = {"wonder": pad.board_names.get(s.wonder, s.wonder) if s.wonder else ""}
        if ln is not None:
            values.update({"side": ln.side or "", **line_cells(ln)})
        typed = by_sent.get(str(s.seat)) or by_sent.get(name_key(s.player)) or {}
        values.update({k: v for k, v in typed.items() if k not in FIXED})
        cells.append(values)
    colours = {c.key: c.colour for c in (*pad.categories, *pad.extra)}
    labels = {c.key: c.label for c in (*pad.categories, *pad.extra)}
    if pad.total is not None:
        labels["total"] = pad.total
    summed = {c.key for c in pad.categories} if pad.total is not None else set()
    text = set(fmt.optional_text)
    order: list[str] = [c for c in ("wonder", "side", "first") if c in columns]  # the board, who started
    order += [c.key for c in pad.categories if c.key in columns]
    order += ["total"] if "total" in columns else []
    order += [c.key for c in pad.extra if c.key in columns]
    order += [c for c in columns if c not in order]

    def label(key: str) -> str:
        found = labels.get(key) or fmt.label(key, lang)
        return found.replace("_", " ").capitalize() if found == key else found  # English: the column name

    def row(key: str) -> FormRow:
        kind = "total" if key == "total" else "text" if key in text else "num"
        shown = tuple("" if v.get(key) is None else str(v.get(key)) for v in cells)
        return FormRow(key, label(key), colours.get(key), kind, key in summed, key in fmt.required, shown)

    rows = [row(key) for key in order]
    board = {"wonder", "side"}  # pre-filled from the seating: always shown where the sheet has it
    used = [r for r in rows if r.required or r.key in board or r.key in colours or any(r.values)]
    return DeskForm(tuple((s.seat, s.player) for s in seats), tuple(used),
                    tuple(r for r in rows if r not in used),
                    {c: label(c) for c in columns})
