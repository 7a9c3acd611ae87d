"""The One Card Wonder table sheet (one row per player) and the checks it must pass.

Pure: values in, findings out. The rules checked come from the German rulebook
(../shared/rules/one-card-wonder.de.txt): the game ends the moment one player completes every
construction stage of their wonder, and that player wins ("Wer zuerst alle Bauabschnitte
seines Wunders vollendet hat, gewinnt sofort das Spiel"); a player builds at most 4 buildings
in a game, board and wonder card together ("Du kannst im gesamten Spiel maximal 4 Gebäude
bauen"), more only through the leader Archimedes of the Anführer expansion.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from rules_engine import tablecheck
from rules_engine.findings import Finding, Joined, Term, error, warning
from rules_engine.onecardwonder import data
from rules_engine.onecardwonder.data import Wonder

TITLE = "One Card Wonder"


@dataclass(frozen=True)
class PlayerLine:
    """One player's row: `seat` 1..n clockwise from the start player; `wonder` the wonder card's
    name (None when the sheet leaves it out); `stages` completed construction stages at the
    end; `buildings` buildings built (board and wonder card); `winner` True for the player who
    completed their wonder."""

    seat: int
    player: str
    wonder: str | None
    stages: int
    buildings: int
    winner: bool


@dataclass(frozen=True)
class TableSheet:
    """All rows of one table, in sheet order."""

    players: tuple[PlayerLine, ...]


class PlaceReading(enum.Enum):
    """How a table's places are read; the rulebook names only the winner.

    STAGES (the scheme default): the winner first, the others by completed stages, most first,
    equal counts sharing their place. WINNER_ONLY: the winner first, everyone else shares
    second place."""

    STAGES = "stages"
    WINNER_ONLY = "winner-only"


def places(sheet: TableSheet, reading: PlaceReading = PlaceReading.STAGES) -> tuple[int, ...]:
    """Each row's place (in sheet order) under the tournament reading of a checked sheet.

    The scheme default, ``PlaceReading.STAGES``: the winner is 1st; the others follow by
    completed construction stages, most first; equal counts share the best of their places
    and the next places are skipped (winner 1, stages 7, 5, 5 → 1, 2, 3, 3; then 5)."""
    def key(p: PlayerLine) -> tuple[int, ...]:
        if p.winner:
            return (0, 0)
        return (1,) if reading is PlaceReading.WINNER_ONLY else (1, -p.stages)
    return tablecheck.shared_places([key(p) for p in sheet.players])


def check_sheet(sheet: TableSheet, catalogue: tuple[Wonder, ...] = data.WONDERS,
                leaders: bool = False, complete: bool = False) -> list[Finding]:
    """Every problem of one table's sheet, errors and warnings, table-wide ones first.

    `catalogue` is the wonder cards known (an event may pass a fuller list with stage counts),
    `complete` says it holds every card of the box: then any other name is unknown; else only a
    name that looks like a typo of a known one is (the built-in list has 4 of the 20 cards);
    `leaders` says the Anführer expansion is played, where Archimedes allows more than 4
    buildings."""
    rows = sheet.players
    out = tablecheck.table_size(len(rows), data.MIN_PLAYERS, data.MAX_PLAYERS, TITLE)
    out += tablecheck.duplicate_players([p.player for p in rows])
    out += tablecheck.positions([(p.player, p.seat) for p in rows], "seat", "seats",
                                Term("number the seats clockwise from the start player (seat 1)"))
    out += _winner_count(rows)
    out += _duplicate_wonders(rows, catalogue)
    out += _table_markers(rows, leaders)
    for p in rows:
        wonder = data.find_wonder(p.wonder, catalogue) if p.wonder and p.wonder.strip() else None
        if wonder is None and p.wonder and p.wonder.strip():
            near = data.near_wonder(p.wonder, catalogue)
            if near is not None:
                out.append(warning("wonder.unknown", "wonder {wonder!r} of {player!r} is not a known wonder "
                                                     "card: did you mean {known!r}? (its stages can't be checked)",
                                   p.player, wonder=p.wonder, player=p.player, known=near.names[0]))
            elif complete:
                out.append(warning("wonder.unknown", "wonder {wonder!r} of {player!r} is not a known wonder "
                                                     "card: check the spelling (its stages can't be checked)",
                                   p.player, wonder=p.wonder, player=p.player))
        stages = tablecheck.count(p.stages, "stages", p.player, Term("construction stages completed"))
        out += stages or _stages(p, wonder)
        out += tablecheck.count(p.buildings, "buildings", p.player, Term("buildings built")) or \
            _buildings(p, wonder, leaders)
    return out


def _winner_count(rows: tuple[PlayerLine, ...]) -> list[Finding]:
    winners = [p.player for p in rows if p.winner]
    if len(winners) == 1:
        return []
    if not winners:
        return [error("winner.count", "no winner is marked: write 1 in the winner column of the player who "
                                      "completed every stage of their wonder, 0 for the others")]
    shown = ", ".join(repr(w) for w in winners[:-1])
    if len(winners) == 2:
        return [error("winner.count", "{players} and {last!r} are both marked as winner: the game ends the "
                                      "moment the first player completes their wonder, so exactly one wins; "
                                      "keep 1 for that player and write 0 for the others",
                      players=shown, last=winners[-1])]
    return [error("winner.count", "{players} and {last!r} are all marked as winner: the game ends the moment "
                                  "the first player completes their wonder, so exactly one wins; keep 1 for "
                                  "that player and write 0 for the others", players=shown, last=winners[-1])]


def _table_markers(rows: tuple[PlayerLine, ...], leaders: bool) -> list[Finding]:
    """What one table shares: one Archimedes (each player draws one of the leader boards, each
    leader once: "erhält jeder Spieler verdeckt ... einen Anführer", "10 Anführer-Tableaus"),
    and the box's stage markers ("72 Bauabschnitt-Marker"; a building beyond the tokens takes one:
    "verwende als Ersatz einen Bauabschnitt-Marker"). Errors: the rulebook states them, and a
    rulebook's fact needs no second source (issue 50)."""
    if not all(tablecheck.is_whole(v) and v >= 0 for p in rows for v in (p.stages, p.buildings)):
        return []  # a row's own count is wrong: its finding says so
    out: list[Finding] = []
    beyond = [p for p in rows if p.buildings > data.MAX_BUILDINGS]
    if leaders and len(beyond) > 1:
        who = Joined(tuple(repr(p.player) for p in beyond), " and ")
        out.append(error("buildings.archimedes.table", "{who} have more than {most} buildings, but only the "
                                                          "leader Archimedes allows that and a table has him once; "
                                                          "check the sheet", beyond[1].player, who=who,
                           most=data.MAX_BUILDINGS))
    used = sum(p.stages for p in rows) + sum(p.buildings - data.MAX_BUILDINGS for p in beyond)
    if used > data.STAGE_MARKERS:
        out.append(error("stages.markers", "the table's stages (and buildings beyond the tokens) take {used} "
                                             "stage markers, but the box has {markers}; check the sheet",
                           used=used, markers=data.STAGE_MARKERS))
    return out


def _duplicate_wonders(rows: tuple[PlayerLine, ...], catalogue: tuple[Wonder, ...]) -> list[Finding]:
    """No wonder card twice: rows are compared by the catalogue's card (its German and English
    names are one card), else by the name as written."""
    by_key: dict[object, list[PlayerLine]] = {}
    for p in rows:
        if p.wonder and p.wonder.strip():
            card = data.find_wonder(p.wonder, catalogue)
            by_key.setdefault(card if card is not None else data.name_key(p.wonder), []).append(p)
    out: list[Finding] = []
    for key, same in by_key.items():
        if len(same) < 2:
            continue
        who = Joined(tuple(repr(p.player) for p in same), " and ")
        spellings = tuple(dict.fromkeys(data.name_key(p.wonder or "") for p in same))
        if isinstance(key, Wonder) and len(spellings) > 1:
            written = Joined(tuple(repr(p.wonder) for p in same), " and ")
            out.append(error("wonder.duplicate", "{written} on the rows of {who} are one wonder card, "
                                                 "{wonder!r} (its German and English names): each wonder card "
                                                 "is in the game once, so fix one of them", same[1].player,
                             written=written, who=who, wonder=key.names[0]))
        else:
            out.append(error("wonder.duplicate", "wonder {wonder!r} is on the rows of {who}: each "
                                                 "wonder card is in the game once, so fix one of them",
                             same[1].player, wonder=same[0].wonder, who=who))
    return out


def _stages(p: PlayerLine, wonder: Wonder | None) -> list[Finding]:
    total = wonder.stages if wonder is not None else None
    if total is None:
        if p.winner and p.stages == 0:
            return [error("winner.stages", "{player!r} is marked as winner with stages 0: the winner "
                                           "completed every stage of their wonder, so write that number",
                          p.player, player=p.player)]
        if p.stages > data.PLAUSIBLE_STAGES:
            return [warning("stages.plausible", "stages {stages} for {player!r}: a wonder has about "
                                                "{typical} construction stages; check the sheet",
                            p.player, stages=p.stages, player=p.player, typical=data.TYPICAL_STAGES)]
        return []
    assert wonder is not None
    if p.stages > total:
        return [error("stages.max", "stages {stages} for {player!r}, but {wonder!r} has "
                                    "{total} construction stages: check the sheet", p.player,
                      stages=p.stages, player=p.player, wonder=wonder.name_de, total=total)]
    if p.winner and p.stages < total:
        return [error("winner.stages", "{player!r} is marked as winner with stages {stages}, but "
                                       "{wonder!r} has {total}: the winner completed every stage, "
                                       "so write {total} or fix the winner column", p.player,
                      player=p.player, stages=p.stages, wonder=wonder.name_de, total=total)]
    if not p.winner and p.stages == total:
        return [error("stages.completed", "{player!r} has all {total} stages of {wonder!r} but is "
                                          "not the winner: the game ends the moment the first player "
                                          "completes their wonder, so only the winner can; fix the stages "
                                          "or the winner column", p.player,
                      player=p.player, total=total, wonder=wonder.name_de)]
    return []


def _buildings(p: PlayerLine, wonder: Wonder | None, leaders: bool) -> list[Finding]:
    if p.buildings <= data.MAX_BUILDINGS:
        return []
    if not leaders:
        return [error("buildings.max", "buildings {buildings} for {player!r}: a player has "
                                       "{most} building tokens and builds at most "
                                       "{most} buildings in a game, board and wonder card "
                                       "together (more only with the leader Archimedes of the Leaders "
                                       "(Anführer) expansion); check the sheet", p.player,
                      buildings=p.buildings, player=p.player, most=data.MAX_BUILDINGS)]
    card = wonder.card_buildings if wonder is not None else None
    if wonder is not None and card is not None and p.buildings > data.BOARD_BUILDINGS + card:
        most = data.BOARD_BUILDINGS + card
        return [error("buildings.max", "buildings {buildings} for {player!r}: the building board has "
                                       "{board} and {wonder!r} {card}, so at most "
                                       "{most}; check the sheet", p.player, buildings=p.buildings,
                      player=p.player, board=data.BOARD_BUILDINGS, wonder=wonder.name_de, card=card, most=most)]
    return [warning("buildings.archimedes", "buildings {buildings} for {player!r}: more than "
                                            "{most} buildings only with the leader Archimedes; "
                                            "check the sheet", p.player,
                    buildings=p.buildings, player=p.player, most=data.MAX_BUILDINGS)]
