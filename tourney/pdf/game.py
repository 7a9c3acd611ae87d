"""What a game adds to the printed documents, as one value per game (`GamePrint`), looked up
by the event's game name in `GAMES` — the documents themselves name no game."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tourney.pdf.pads import PadDescription
from tourney.pdf.tables import Column
from tourney.store import Event


@dataclass(frozen=True)
class StandingsTable:
    """A game's standings as printed columns and text rows, with the legend of every column."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    legend: tuple[tuple[str, str], ...]
    muted: frozenset[int]
    rounds_played: int


@dataclass(frozen=True)
class GamePrint:
    pad: Callable[[str], PadDescription]                 # (lang) -> the pad
    match_slips: bool                                    # two players: slips, four to a page
    notes: Callable[[Event, int, int, str], tuple[str, ...]]  # (event, round, table size, lang) -> pad lines
    detail: str                                          # list by name shows the "board" or the "opponent"
    standings: Callable[[Any, str], StandingsTable]      # (the game's standings, lang)


def game_print(game: str) -> GamePrint:
    """The print hooks of a stored event's game (`EventInfo.game`): its workflow's `print_kit`."""
    from tourney.games import workflow

    return workflow(game).print_kit
