"""7 Wonders as a table game (`TableGame`): what it adds to the shared standings — game points
per table under the event's scheme (virtual players, coins splitting ties) with each player's
relative share, the tiebreaks (share, VP, coins), a player's rounds with wonder, VP and share.
Its own steps (seating with wonder and guild draws, its sheets, checks and pads) are methods of
`tourney.games.sevenwonders.workflow.SevenWonders`."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules_engine.sevenwonders.sheet import CATEGORIES, PlayerScore, TableSheet
from rules_engine.sevenwonders.names import NAME, TITLE
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme
from tourney.event.scoring import Entrant, score_table
from tourney.event.standings import BoardCell, PlayerRounds, Tiebreak, round_rows
from tourney.games.sevenwonders.lines import PRINTED, SCORE_SHEET, WORDS, dump_line, load_line, player_score
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.games.tablegame.model import GameLine, ScoredTable, TableGame, TableGameStandings
from tourney.games.tablegame.model import compute_standings as table_standings

if TYPE_CHECKING:
    from rules_engine.findings import Finding
    from tourney.core.store import Event, SeatRow, StoredDraw
    from tourney.outputs.pdf.pads import PadDescription

#: The 7 Wonders tiebreaks after game points (a scheme's chain picks from them and the lot).
TIEBREAKS = (Tiebreak("share", N_("sum of relative shares"), N_("Share"), decimals=4),
             Tiebreak("vp", N_("sum of victory points"), N_("VP")),
             Tiebreak("coins", N_("sum of coins"), N_("Coins")))


@dataclass(frozen=True)
class SevenWondersLine(GameLine):
    """A line of the standings by its 7 Wonders names: the sheet's line, VP, coins, share."""

    @property
    def score(self) -> PlayerScore:
        line: PlayerScore = self.line
        return line

    @property
    def vp(self) -> int:
        return self.score.total

    @property
    def coins(self) -> int:
        return self.score.coins

    @property
    def share(self) -> Fraction:
        return Fraction(self.values["share"])


def score(sheet: TableSheet, scheme: Scheme) -> ScoredTable:
    """Game points by VP under the scheme and each player's share of the table's VP; players
    on equal game points share a place."""
    scored = score_table([Entrant(p.total, p.coins) for p in sheet.players], scheme)
    places = tuple(1 + sum(other > mine for other in scored.points) for mine in scored.points)
    return ScoredTable(places, scored.points, {"share": scored.shares})


def ranking(sheet: TableSheet) -> tuple[int, ...]:
    """The places at a table by the rules (whatever the event's scheme): most VP, then most
    coins; equal VP and coins share the place (1, 2, 2, 4)."""
    keys = [(p.total, p.coins) for p in sheet.players]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def player_rounds(event: Event, standings: TableGameStandings[PlayerScore, TableSheet, SevenWondersLine],
                  player: str) -> PlayerRounds:
    """A player's rounds: table, seat, wonder and side, VP, place at the table (players on
    equal game points share it), game points and share; seated rounds not played yet too."""
    from tourney.outputs.export import decimal, fixed

    def played(g: SevenWondersLine, seat: SeatRow | None) -> tuple[object, ...]:
        wonder = g.score.wonder or (seat.wonder if seat is not None else None)
        board = BoardCell(wonder, g.score.side or None) if wonder else None
        return (g.round, g.table, g.seat, board, g.vp, g.place, decimal(g.points, 2), fixed(g.share, 4))

    mine = {g.round: g for g in standings.games if g.player == player}
    rows = round_rows(event, player, mine, played, lambda s: (s.round, s.table, s.seat,
                                                              BoardCell(s.wonder) if s.wonder else None, None, None,
                                                              None, None))
    return PlayerRounds(("round", "table", "seat", "wonder", "vp", "place", "points", "share"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Wonder"), N_("VP"), N_("Place"), N_("Points"),
                         N_("Share")), rows)


def _no_scheme_notes(scheme: Scheme) -> list[tuple[str, str, str]]:
    return []  # the scheme's title says it: its points and virtual players


def check_sheet(sheet: TableSheet) -> list[Finding]:
    """The rules engine's checks of a table's sheet (its card checks load with the sheet checks)."""
    from rules_engine.sevenwonders import check_sheet

    return check_sheet(sheet)


def pad(lang: str, options: frozenset[str]) -> PadDescription:
    """The PDF score pad (reportlab loads only when printing)."""
    from tourney.games.sevenwonders.pad import sevenwonders_pad

    return sevenwonders_pad(lang, options)


def guild_rows(draws: Sequence[StoredDraw]) -> list[tuple[str, str, str]]:
    """The Draws sheet's lines on the guilds drawn for each round."""
    from tourney.games.sevenwonders.drawstore import guild_rows

    return guild_rows(draws)


#: 7 Wonders as a table game: its rules engine's line is `PlayerScore`, its sheet `TableSheet`.
GAME: TableGame[PlayerScore, TableSheet, SevenWondersLine] = TableGame(
    name=NAME, label=TITLE, schemes=SCHEMES, sheet_format=SCORE_SHEET, words=WORDS, columns=PRINTED, board="wonder",
    line=player_score, table=lambda lines: TableSheet(tuple(lines)), check=check_sheet,
    score=score, dump=dump_line, load=load_line, game_line=SevenWondersLine,
    tiebreaks=TIEBREAKS, stats={"vp": lambda p, place: p.total, "coins": lambda p, place: p.coins},
    pad=pad,
    notes=N_("Seat 1 starts; seats run clockwise. Side: write A or B. Treasury = coins div 3. Coins: coins held at "
             "the end of the game."),
    # Every tiebreak is a column, whichever the scheme ranks by; the workbook's games show the
    # sheet's numbers, game points and share.
    every_tiebreak_shown=True, games_sheet=(*PRINTED[4:], "points", "share"),
    widths={"wonder": 14, "side": 5, **dict.fromkeys(CATEGORIES, 10), "total": 7, "share": 9, "vp": 7, "coins": 7},
    number_formats={"points": "0.00", "share": "0.0000"},
    scheme_notes=_no_scheme_notes, draw_notes=guild_rows, ranking=ranking,
)


def compute_standings(event: Event, after_round: int | None = None
                      ) -> TableGameStandings[PlayerScore, TableSheet, SevenWondersLine]:
    """A 7 Wonders event's standings: game points, then the scheme's tiebreaks."""
    return table_standings(GAME, event, after_round)
