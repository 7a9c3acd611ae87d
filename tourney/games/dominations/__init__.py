"""Dominations in the event workflow: a `TableGame` (tourney.games.tablegame) — the sheet and its
German words, places from VP and the initiative track, the pad; the rest is generic."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine import dominations as dom
from rules_engine.dominations import PlayerLine, TableSheet
from rules_engine.findings import phrase
from tourney.core.i18n import N_
from tourney.games.dominations.pad import dominations_pad
from tourney.games.dominations.schemes import SCHEMES
from tourney.event.schedule import TableSizes
from tourney.core.schemes import Scheme
from tourney.core.sheetio import SheetFormat, SheetRow
from tourney.event.standings import Tiebreak
from tourney.games.tablegame import TableGame, TableGameWorkflow
from tourney.games.tablegame.model import GameLine, placed
from tourney.core.vocabulary import GENERIC, Vocabulary, Word

if TYPE_CHECKING:
    from tourney.core.store import Json, ResultLine

REQUIRED = ("round", "table", "seat", "player", "vp", "initiative")
OPTIONAL = ("objectives", "influence", "dominations")
COLUMNS = (*REQUIRED, *OPTIONAL)

#: The Dominations words (German labels as printed, other spellings accepted).
WORDS = GENERIC + Vocabulary((
    Word("vp", "Siegpunkte", ("sp", "victory-points", "pv"), fr="Points de victoire"),
    Word("initiative", "Initiative", ("initiativeleiste",), fr="Initiative"),
    Word("objectives", "Ziele", ("zielkarte",), fr="Objectifs"),
    Word("influence", "Einfluss", ("einflusspunkte",), fr="Influence"),
    Word("dominations", "Dominationen", ("dominationskarten",), fr="Dominations"),
))

SHEET = SheetFormat(
    REQUIRED, (), OPTIONAL, WORDS.aliases(COLUMNS), frozenset({"round", "table", "player", "vp", "initiative"}),
    no_header=phrase("{file}: no worksheet has a Dominations header row (expected columns like: {columns})",
                     columns=", ".join(COLUMNS)),
    csv_first_row=phrase("{file}:1: the first row is not a Dominations header: it needs the columns {columns} "
                         "(English, German or French names)", columns=", ".join(REQUIRED)),
    score_column="vp",
    words=WORDS,
)


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
