"""The Dominations table sheet (one row per player) and the checks it must pass.

Pure: values in, findings out. Rules from the German rulebook (../shared/rules/dominations.de.txt):
most victory points after the third age wins, "Bei Gleichstand ist besser platziert, wer auf der
Initiativeleiste weiter vorne ist"; at the end of the third age each player scores VP equal to
their influence and 3 VP per domination card, then the objectives (5 on each player's card).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine import tablecheck
from rules_engine.dominations import data
from rules_engine.findings import Finding, Term, error, phrase

TITLE = "Dominations"


@dataclass(frozen=True)
class PlayerLine:
    """One player's row. `vp` the full victory points (score tiles included: the track wraps
    at 100); `initiative` the position on the initiative track at the end, 1 = front.
    Optional end-of-game columns (None when the sheet leaves them out): `objectives`
    fulfilled (0-5), `influence` points at the end, `dominations` cards won at the end of the
    third age (0-6)."""

    seat: int
    player: str
    vp: int
    initiative: int
    objectives: int | None = None
    influence: int | None = None
    dominations: int | None = None


@dataclass(frozen=True)
class TableSheet:
    """All rows of one table, in sheet order."""

    players: tuple[PlayerLine, ...]


def places(sheet: TableSheet) -> tuple[int, ...]:
    """Each row's place (in sheet order): most VP first, equal VP to the player further ahead
    on the initiative track (1 = front). Places are always 1..n, each once; rows a broken
    sheet leaves tied keep sheet order."""
    return tablecheck.shared_places([(-p.vp, p.initiative, i) for i, p in enumerate(sheet.players)])


def check_sheet(sheet: TableSheet) -> list[Finding]:
    """Every problem of one table's sheet, errors and warnings, table-wide ones first."""
    rows = sheet.players
    out = tablecheck.table_size(len(rows), data.MIN_PLAYERS, data.MAX_PLAYERS, TITLE)
    out += tablecheck.duplicate_players([p.player for p in rows])
    out += tablecheck.positions([(p.player, p.seat) for p in rows], "seat", "seats",
                                Term("number the seats in turn order of the first age"))
    out += tablecheck.positions([(p.player, p.initiative) for p in rows], "initiative", "initiative.order",
                                Term("copy the markers' positions from the initiative track (1 = front)"))
    out += _domination_total(rows)
    cards = len(data.DOMINATION_CARDS)
    for p in rows:
        out += tablecheck.count(p.vp, "vp", p.player, Term("victory points, score tiles included"))
        if p.objectives is not None:
            out += tablecheck.count(p.objectives, "objectives", p.player, Term("objectives fulfilled"),
                                    data.OBJECTIVES_PER_CARD,
                                    phrase("an objective card has {n} objectives", n=data.OBJECTIVES_PER_CARD))
        if p.influence is not None:
            out += tablecheck.count(p.influence, "influence", p.player, Term("influence points, tiles included"))
        if p.dominations is not None:
            out += tablecheck.count(p.dominations, "dominations", p.player, Term("domination cards won at the end"),
                                    cards, phrase("there are {n} domination cards, one per knowledge area", n=cards))
        out += _vp_minimum(p)
    return out


def _domination_total(rows: tuple[PlayerLine, ...]) -> list[Finding]:
    cards = len(data.DOMINATION_CARDS)
    counts = [p.dominations for p in rows if tablecheck.is_whole(p.dominations)]
    if any(c is None or not 0 <= c <= cards for c in counts):
        return []  # a row's own count is wrong: its finding says so
    total = sum(c for c in counts if c is not None)
    if total <= cards:
        return []
    shown = ", ".join(f"{p.player!r} {p.dominations}" for p in rows if p.dominations is not None)
    return [error("dominations.total", "dominations {shown} make {total}: there are {cards} domination "
                                       "cards, each won by one player at most; check the sheet",
                  shown=shown, total=total, cards=cards)]


def _vp_minimum(p: PlayerLine) -> list[Finding]:
    """VP can't be below what the end of the third age alone scores: influence as VP ("Dann
    erhält jeder von euch Siegpunkte in Höhe seiner derzeitigen Einflusspunkte") plus 3 per
    domination card ("jede Karte gibt 3 SP statt ihres gewöhnlichen Wertes"); no rule takes VP
    away. An error: the rulebook states both (issue 50); the message names the likely
    slip, a score tile left out ("nimmst du dir das entsprechende Wertungsplättchen")."""
    if not all(tablecheck.is_whole(v) for v in (p.vp, p.influence, p.dominations) if v is not None):
        return []
    influence, cards = p.influence or 0, p.dominations or 0
    least = influence + data.FINAL_DOMINATION_VP * cards
    if p.vp >= least or (p.influence is None and p.dominations is None):
        return []
    return [error("vp.minimum", "vp {vp} for {player!r} is less than the {least} the end of the third "
                                "age alone scores (influence {influence} + {per_card} per "
                                "domination card × {cards}): either the vp leave out a {tile} tile "
                                "(add it) or these points can't be; check the sheet", p.player, vp=p.vp,
                  player=p.player, least=least, influence=influence, per_card=data.FINAL_DOMINATION_VP,
                  cards=cards, tile=data.VP_TRACK)]
