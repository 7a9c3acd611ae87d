"""The toy game in the event workflow: a `TableGame`, nothing of its own beyond its data."""
from __future__ import annotations

from typing import TYPE_CHECKING

import toyrules
from toygame.sheetformat import COLUMNS, SHEET, WORDS
from toyrules import PlayerLine, TableSheet
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetRow
from tourney.event.placepoints import bonn_scaled
from tourney.event.schedule import TableSizes
from tourney.event.standings import Tiebreak
from tourney.games.tablegame import TableGame, TableGameWorkflow
from tourney.games.tablegame.model import GameLine, placed

if TYPE_CHECKING:
    from tourney.core.store import Json, ResultLine
    from tourney.outputs.pdf.pads import PadDescription

SCHEMES = (Scheme(name="bonn", game=toyrules.NAME, title=N_("Bonn 6-4-3-2-1 scaled to the table size"),
                  points={n: bonn_scaled(n) for n in range(toyrules.MIN_PLAYERS, toyrules.MAX_PLAYERS + 1)},
                  tiebreaks=("gold", "lot"), table_size=4),)


def line(row: SheetRow) -> PlayerLine:
    return PlayerLine(seat=row.get_int("seat") or 0, player=row.player, gold=row.get_int("gold") or 0,
                      silver=row.get_int("silver") or 0)


def dump(p: PlayerLine) -> Json:
    return {"gold": p.gold, "silver": p.silver}


def load(stored: ResultLine) -> PlayerLine:
    data = stored.data
    if not isinstance(data, dict) or not isinstance(data["gold"], int) or not isinstance(data["silver"], int):
        raise TypeError(data)
    return PlayerLine(stored.seat, stored.player, data["gold"], data["silver"])


def places(sheet: TableSheet, scheme: Scheme) -> tuple[int, ...]:
    return toyrules.places(sheet)


def pad(lang: str, options: frozenset[str]) -> PadDescription:
    from tourney.outputs.pdf.pads import PadCategory, PadDescription

    return PadDescription(game=toyrules.TITLE, categories=(PadCategory("gold", WORDS.label("gold", lang), "#E0A800"),
                                                           PadCategory("silver", WORDS.label("silver", lang),
                                                                       "#777777")), total=None)


GAME: TableGame[PlayerLine, TableSheet, GameLine] = TableGame(
    name=toyrules.NAME, label=toyrules.TITLE, schemes=SCHEMES, sheet_format=SHEET, words=WORDS,
    limits=TableSizes(toyrules.MIN_PLAYERS, toyrules.MAX_PLAYERS, 4, toyrules.TITLE), columns=COLUMNS, board=None,
    line=line, table=lambda lines: TableSheet(tuple(lines)), check=toyrules.check_sheet, score=placed(places),
    dump=dump, load=load,
    tiebreaks=(Tiebreak("gold", N_("sum of gold"), N_("Gold")),),
    stats={"gold": lambda p, place: p.gold},
    game_line=GameLine, pad=pad,
    notes=N_("Seat 1 starts."),
)

WORKFLOW = TableGameWorkflow(GAME)
