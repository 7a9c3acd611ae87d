"""Dominations in the event workflow: a `TableGame` (tourney.games.tablegame) — the sheet and its
German words, places from VP and the initiative track, the pad; the rest is generic."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine import dominations as dom
from rules_engine.dominations import PlayerLine, TableSheet
from tourney.core.i18n import N_
from tourney.games.dominations.pad import dominations_pad
from tourney.games.dominations.scanpad import scan_sheet
from tourney.games.dominations.schemes import SCHEMES
from tourney.event.schedule import TableSizes
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetRow
from tourney.event.standings import Tiebreak
from tourney.games.tablegame import TableGame, TableGameWorkflow
from tourney.games.tablegame.model import GameLine, placed
from tourney.games.dominations.sheetformat import COLUMNS, OPTIONAL, SHEET, WORDS

if TYPE_CHECKING:
    from tourney.core.store import Json, ResultLine

def line(row: SheetRow) -> PlayerLine:
    return PlayerLine(seat=row.get_int("seat") or 0, player=row.player, vp=row.get_int("vp") or 0,
                      initiative=row.get_int("initiative") or 0, objectives=row.get_int("objectives"),
                      influence=row.get_int("influence"), dominations=row.get_int("dominations"))


def dump(p: PlayerLine) -> Json:
    data: dict[str, Json] = {"vp": p.vp, "initiative": p.initiative}
    data.update({k: getattr(p, k) for k in OPTIONAL if getattr(p, k) is not None})
    return data


def load(stored: ResultLine) -> PlayerLine:
    seat, player, data = stored.seat, stored.player, stored.data
    if not isinstance(data, dict):
        raise TypeError(data)
    vp, initiative = data.get("vp"), data.get("initiative")
    optional = {k: data.get(k) for k in OPTIONAL}
    if not isinstance(vp, int) or not isinstance(initiative, int):
        raise ValueError(data)
    whole = {k: v for k, v in optional.items() if isinstance(v, int)}
    if len(whole) != sum(v is not None for v in optional.values()):
        raise ValueError(data)
    return PlayerLine(seat, player, vp, initiative, **whole)


def places(sheet: TableSheet, scheme: Scheme) -> tuple[int, ...]:
    return dom.places(sheet)


GAME = TableGame(
    name=dom.NAME, label=dom.TITLE, schemes=SCHEMES, sheet_format=SHEET, words=WORDS,
    limits=TableSizes(2, 4, 4, dom.TITLE), columns=COLUMNS, board=None,
    line=line, table=lambda lines: TableSheet(tuple(lines)), check=dom.check_sheet, score=placed(places),
    dump=dump, load=load,
    tiebreaks=(Tiebreak("vp", N_("sum of victory points"), N_("VP")),
               Tiebreak("wins", N_("games won (place 1)"), N_("Wins")),
               Tiebreak("places", N_("sum of places (lower is better)"), N_("Places"), ascending=True)),
    stats={"vp": lambda p, place: p.vp, "wins": lambda p, place: int(place == 1), "places": lambda p, place: place},
    game_line=GameLine,
    pad=dominations_pad,
    notes=N_("Seat: turn order of the first age. VP: the full number (add the 100 tiles). Initiative: the position "
             "on the initiative track at the end, 1 = front. Objectives (0-5), influence and domination cards (0-6): "
             "optional."),
)

WORKFLOW = TableGameWorkflow(GAME)
WORKFLOW.scan_sheet = scan_sheet
