"""Statistics of a game ranked by places at tables (`tourney.games.tablegame`): who won from which
seat, places and points per seat, and the final places for the per-player season tables."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Protocol

import pandas as pd

from tourney.outputs.stats.model import Chart, Section, outcome_table
from tourney.core.i18n import _
from tourney.event.standings import StandingRow
from tourney.core.store import Event

LINE_COLUMNS = ["round", "table", "seat", "size", "player", "place", "points", "won"]


class PlacedGame(Protocol):
    """One player's game at a table, with the place and the place points it gave."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def place(self) -> int: ...
    @property
    def points(self) -> Fraction: ...


class PlacedRow(StandingRow, Protocol):
    @property
    def values(self) -> Mapping[str, object]: ...


class PlacedStandings(Protocol):
    """What the statistics read of a table game's standings (`tourney.games.tablegame`)."""

    @property
    def games(self) -> Sequence[PlacedGame]: ...
    @property
    def rows(self) -> Sequence[PlacedRow]: ...


class TableGameStats:
    """`tourney.outputs.stats.model.GameStats` over a table game's standings lines."""

    def __init__(self, standings: Callable[[Event], PlacedStandings]) -> None:
        self.standings = standings  # the game's standings of an event

    def frames(self, event: Event) -> dict[str, pd.DataFrame]:
        st = self.standings(event)
        games = st.games
        sizes = pd.Series([(g.round, g.table) for g in games]).value_counts().to_dict() if games else {}
        lines = [{"round": g.round, "table": g.table, "seat": g.seat, "size": sizes[(g.round, g.table)],
                  "player": g.player, "place": g.place, "points": g.points, "won": g.place == 1} for g in games]
        places = pd.DataFrame([{"player": r.player, "place": r.rank, "points": r.values["points"], "games": r.games}
                               for r in st.rows if r.games], columns=["player", "place", "points", "games"])
        return {"games": pd.DataFrame(lines, columns=LINE_COLUMNS), "places": places}

    def sections(self, frames: Mapping[str, pd.DataFrame], season: bool) -> list[Section]:
        games = frames["games"]
        if games.empty:
            return []
        return [Section("seats", _("Per seat (seat 1 starts)"), outcome_table(games, "seat", value="points"),
                        _("won = first place at the table (shared first places count for each)")),
                Section("table_sizes", _("Per table size"), outcome_table(games, "size", value="points"),
                        _("larger tables hand out more place points"))]

    def charts(self, frames: Mapping[str, pd.DataFrame]) -> list[Chart]:
        return []

    def notes(self, frames: Mapping[str, pd.DataFrame]) -> list[str]:
        return [_("the sheets of this game record places, not categories: the report shows seats and table sizes")]

