"""7 Wonders as a table game (`TableGame`): what it adds to the shared standings — game points
per table under the event's scheme (virtual players, coins splitting ties) with each player's
relative share, the tiebreaks (share, VP, coins), a player's rounds with wonder, VP and share —
and its own steps: seating with wonder and guild draws, its sheets, checks and pads, each
loaded when first run."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from rules_engine.sevenwonders.sheet import CATEGORIES, PlayerScore, TableSheet
from rules_engine.sevenwonders.names import NAME, TITLE
from tourney.core.i18n import N_
from tourney.core.schemes import Scheme
from tourney.event.scoring import Entrant, score_table
from tourney.event.standings import PlayerRounds, Tiebreak, round_rows
from tourney.games.base import later
from tourney.games.sevenwonders.lines import PRINTED, SCORE_SHEET, WORDS, dump_line, load_line, player_score
from tourney.games.sevenwonders.schemes import SCHEMES
from tourney.games.tablegame.model import GameLine, ScoredTable, TableGame, TableGameStandings
from tourney.games.tablegame.model import compute_standings as table_standings

if TYPE_CHECKING:
    from tourney.core.store import Event, SeatRow

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


def player_rounds(event: Event, standings: TableGameStandings[SevenWondersLine], player: str) -> PlayerRounds:
    """A player's rounds: table, seat, wonder and side, VP, place at the table (players on
    equal game points share it), game points and share; seated rounds not played yet too."""
    from tourney.outputs.export import decimal, fixed

    def played(g: SevenWondersLine, seat: SeatRow | None) -> tuple[object, ...]:
        wonder = g.score.wonder or (seat.wonder if seat is not None else None)
        side = f" {g.score.side}" if wonder and g.score.side else ""
        return (g.round, g.table, g.seat, (wonder + side) if wonder else None, g.vp, g.place, decimal(g.points, 2),
                fixed(g.share, 4))

    mine = {g.round: g for g in standings.games if g.player == player}
    rows = round_rows(event, player, mine, played, lambda s: (s.round, s.table, s.seat, s.wonder, None, None, None,
                                                              None))
    return PlayerRounds(("round", "table", "seat", "wonder", "vp", "place", "points", "share"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Wonder"), N_("VP"), N_("Place"), N_("Points"),
                         N_("Share")), rows)


def _no_scheme_notes(scheme: Scheme) -> list[tuple[str, str, str]]:
    return []  # the scheme's title says it: its points and virtual players


_HERE = "tourney.games.sevenwonders"

GAME = TableGame(
    name=NAME, label=TITLE, schemes=SCHEMES, sheet_format=SCORE_SHEET, words=WORDS, columns=PRINTED, board="wonder",
    line=player_score, table=lambda lines: TableSheet(tuple(lines)),
    check=later("rules_engine.sevenwonders:check_sheet"),  # the card checks load with the sheet checks
    score=score, dump=dump_line, load=load_line, game_line=SevenWondersLine,
    tiebreaks=TIEBREAKS, stats={"vp": lambda p, place: p.total, "coins": lambda p, place: p.coins},
    pad=later(f"{_HERE}.pad:sevenwonders_pad"),
    notes=N_("Seat 1 starts; seats run clockwise. Side: write A or B. Treasury = coins div 3. Coins: coins held at "
             "the end of the game."),
    # Every tiebreak is a column, whichever the scheme ranks by; the workbook's games show the
    # sheet's numbers, game points and share.
    every_tiebreak_shown=True, games_sheet=(*PRINTED[4:], "points", "share"),
    widths={"wonder": 14, "side": 5, **dict.fromkeys(CATEGORIES, 10), "total": 7, "share": 9, "vp": 7, "coins": 7},
    number_formats={"points": "0.00", "share": "0.0000"},
    scheme_notes=_no_scheme_notes, draw_notes=later(f"{_HERE}.drawstore:guild_rows"),
    plans_tables=True, seat=later(f"{_HERE}.seating:seat_rounds"), draws_view=later(f"{_HERE}.seating:draws_view"),
    parse=later(f"{_HERE}.sheets:parse_files"), check_event=later(f"{_HERE}.sheets:check_against_event"),
    table_rows=later(f"{_HERE}.sheets:table_rows"), player_view=player_rounds,
    write_sheets=later(f"{_HERE}.printsheets:write_sheets"), pad_notes=later(f"{_HERE}.pad:guild_notes"),
    ranking=ranking,
)


def compute_standings(event: Event, after_round: int | None = None) -> TableGameStandings[SevenWondersLine]:
    """A 7 Wonders event's standings: game points, then the scheme's tiebreaks."""
    return table_standings(GAME, event, after_round)
