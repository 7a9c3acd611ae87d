"""What a game adds to the printed documents, as one value per game (`GamePrint`), looked up
by the event's game (handed in by the edges) — the documents themselves name no game."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.outputs.pdf.pads import PadDescription
from tourney.outputs.pdf.tables import Column
from tourney.core.store import Event
from tourney.core.i18n import _, use_language
from tourney.outputs.pdf.words import words

if TYPE_CHECKING:
    from tourney.event.standings import Standings


@dataclass(frozen=True)
class StandingsTable:
    """A game's standings as printed columns and text rows, with the legend of every column."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    legend: tuple[tuple[str, str], ...]
    muted: frozenset[int]
    rounds_played: int


def standings_table(st: Standings, lang: str, shown: Callable[[Any, str], str]) -> StandingsTable:
    """Rank, player, every tiebreak column of the standings (`shown(row, key)`), games
    played: the handout table of a game ranked by a tiebreak chain. A tiebreak's heading and
    legend are its own words through the catalogue."""
    w = words(lang)
    with use_language(lang):  # the tiebreaks' own words, as in the other standings outputs
        heads = [(_(t.abbr), _(t.name)) for t in st.tiebreaks]
        games = (_("Games"), _("games played"))
    columns = (Column("#", 0.6), Column(w["player"], 4.2, "left", bold=True),
               *[Column(h[0], 1.3) for h in heads], Column(games[0], 1.0))
    rows = tuple((str(s.rank), s.player + (f" ({w['dropped']})" if s.dropped_after is not None else ""),
                  *[shown(s, t.key) for t in st.tiebreaks], str(s.games)) for s in st.rows)
    return StandingsTable(columns, rows, (*heads, games),
                          frozenset(i for i, s in enumerate(st.rows) if s.dropped_after is not None),
                          max(st.rounds_played(), default=0))


@dataclass(frozen=True)
class GamePrint:
    pad: Callable[[str, frozenset[str]], PadDescription]  # (lang, the event's optional rules) -> the pad
    match_slips: bool                                    # two players: slips, four to a page
    notes: Callable[[Event, int, int, str], tuple[str, ...]]  # (event, round, table size, lang) -> pad lines
    detail: str                                          # list by name shows the "board" or the "opponent"
    standings: Callable[[Any, str], StandingsTable]      # (the game's standings, lang)

