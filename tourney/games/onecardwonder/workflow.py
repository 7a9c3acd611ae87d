"""One Card Wonder in the event workflow: a `TableGame` (tourney.games.tablegame) — the sheet and
its German words, places by the scheme's reading of the rulebook, the pad; the rest is generic."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine import onecardwonder as ocw
from rules_engine.onecardwonder import PlaceReading, PlayerLine, TableSheet
from tourney.core.i18n import N_
from tourney.games.onecardwonder.catalogue import CATALOGUE
from tourney.games.onecardwonder.pad import ocw_pad
from tourney.games.onecardwonder.scanpad import scan_sheet
from tourney.games.onecardwonder.schemes import SCHEMES, OcwScheme
from tourney.event.schedule import TableSizes
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetRow
from tourney.event.standings import Tiebreak
from tourney.games.tablegame import TableGame, TableGameWorkflow
from tourney.games.tablegame.model import GameLine, placed
from tourney.event.game import GameOption
from tourney.games.onecardwonder.sheetformat import COLUMNS, SHEET, WORDS

if TYPE_CHECKING:
    from tourney.core.store import Json, ResultLine

def line(row: SheetRow) -> PlayerLine:
    wonder = row.values.get("wonder")
    return PlayerLine(seat=row.get_int("seat") or 0, player=row.player, wonder=str(wonder) if wonder else None,
                      stages=row.get_int("stages") or 0, buildings=row.get_int("buildings") or 0,
                      winner=row.get_int("winner") == 1)


def dump(p: PlayerLine) -> Json:
    return {"stages": p.stages, "buildings": p.buildings, "winner": p.winner}


def load(stored: ResultLine) -> PlayerLine:
    seat, player, board, data = stored.seat, stored.player, stored.wonder, stored.data
    if not isinstance(data, dict):
        raise TypeError(data)
    stages, buildings, winner = data["stages"], data["buildings"], data["winner"]
    if not (isinstance(stages, int) and isinstance(buildings, int) and isinstance(winner, bool)):
        raise TypeError(data)
    return PlayerLine(seat, player, board, stages, buildings, winner)


def places(sheet: TableSheet, scheme: Scheme) -> tuple[int, ...]:
    reading = scheme.reading if isinstance(scheme, OcwScheme) else PlaceReading.STAGES
    return ocw.places(sheet, reading)


def _wins(p: PlayerLine, place: int) -> int:
    return int(p.winner)


GAME = TableGame(
    name=ocw.NAME, label=ocw.TITLE, schemes=SCHEMES, sheet_format=SHEET, words=WORDS,
    limits=TableSizes(2, 6, 4, ocw.TITLE), columns=COLUMNS, board="wonder",
    line=line, table=lambda lines: TableSheet(tuple(lines)), check=ocw.check_sheet, score=placed(places),
    dump=dump, load=load,
    tiebreaks=(Tiebreak("wins", N_("games won (wonder completed)"), N_("Wins")),
               Tiebreak("stages", N_("sum of completed stages"), N_("Stages")),
               Tiebreak("places", N_("sum of places (lower is better)"), N_("Places"), ascending=True)),
    stats={"wins": _wins, "stages": lambda p, place: p.stages, "places": lambda p, place: place},
    game_line=GameLine,
    pad=ocw_pad,
    notes=N_("Seat 1 starts. Stages: construction stages completed at the end; buildings: buildings built (board "
             "and wonder card, at most 4). Winner: 1 for the player who completed their wonder, 0 for the others."),
    # The rules engine's check_sheet(leaders=True): with the leader Archimedes a player may
    # own more than 4 buildings (at most the board's plus the wonder card's).
    options=(GameOption("leaders", N_("the Anführer (Leaders) expansion: with Archimedes more than 4 buildings")),),
    # No public source lists the wonder cards: the organiser may load them from the box.
    catalogue=CATALOGUE,
)

WORKFLOW = TableGameWorkflow(GAME)
WORKFLOW.scan_sheet = scan_sheet
