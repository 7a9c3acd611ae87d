"""What a game adds to the printed documents, as one value per game (`GamePrint`), looked up
by the event's game name in `GAMES` — the documents themselves name no game."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
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
    notes: Callable[[Event, int, str], tuple[str, ...]]  # (event, round, lang) -> lines on every pad
    detail: str                                          # list by name shows the "board" or the "opponent"
    standings: Callable[[Any, str], StandingsTable]      # (the game's standings, lang)


#: The game's module holding its `PRINT` value (imported when first used).
GAMES: dict[str, str] = {"7wonders": "tourney.pdf.sevenwonders_pad", "duel": "tourney.pdf.duel_pad"}


def game_print(game: str) -> GamePrint:
    """The print hooks of a stored event's game (`EventInfo.game`)."""
    return import_module(GAMES[game]).PRINT  # type: ignore[no-any-return]
