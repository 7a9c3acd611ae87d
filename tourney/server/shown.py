"""What the player pages and the JSON API show of an event: plain functions of the event
(`tourney/server/app.py` builds the pages from them)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from tourney.core import store
from tourney.core.i18n import _, language, local_number, use_language
from tourney.event import live
from tourney.outputs.export import to_json
from tourney.event.standings import ranked
from tourney.outputs.views import player_status, seating_view, shown_cell

if TYPE_CHECKING:
    from tourney.games.base import Workflow


def standings_rows(event: store.Event, game: Workflow) -> list[dict[str, Any]]:
    """The same rows as `tourney standings --format json`."""
    return cast(list[dict[str, Any]], json.loads(to_json(game.standings(event))))


@dataclass(frozen=True)
class StandingsPage:
    """The standings page: the game's printed standings table (the handout's headings, legend
    and rounding), each row's player as registered (for the link) and whether they dropped."""

    standings: Any
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    players: tuple[str, ...]
    dropped: frozenset[int]
    legend: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PlayerPage:
    """A player's page: the line with their rank and `tourney player`'s rounds (place and
    points per round, the game's details) of the rounds players may see, with the opponents
    (linked) and the sheet's score where the game's view has neither."""

    title: str
    heads: tuple[str, ...]
    narrow: frozenset[int]  # the columns a phone shows (the others are hidden on a small screen)
    rows: tuple[tuple[str, ...], ...]
    opponents: tuple[tuple[str, ...], ...] | None  # per row, when shown
    scores: tuple[str, ...] | None  # per row, when shown
    outlook: tuple[str, ...] = ()  # expected places from a stored rating of earlier events


#: A player's columns a phone shows: the round, what they played with or against, how it ended.
PHONE_COLUMNS = frozenset({"round", "wonder", "opponent", "place", "points", "result", "match_points"})


def player_shown(event: store.Event, game: Workflow, player: store.Player, lang: str) -> PlayerPage:
    with use_language(lang):
        return _player_shown(event, game, player)


def _player_shown(event: store.Event, game: Workflow, player: store.Player) -> PlayerPage:
    from tourney.event.outlook import player_outlook

    st = game.standings(event)
    view = game.player_view(event, st, player.name)
    boards = game.board_names(language())  # the boards as the edition of the page's language names them
    visible = {g.round: g for g in live.player_games(event, game.sheet_format.score_column, player)}
    with_opponents = "opponent" not in view.columns
    with_score = not {"vp", game.sheet_format.score_column} & set(view.columns)
    heads = [_(label) for label in view.labels]
    heads += [_("Opponents")] if with_opponents else []
    heads += [_("Score")] if with_score else []
    rows: list[tuple[str, ...]] = []
    opponents: list[tuple[str, ...]] = []
    scores: list[str] = []
    for row in view.rows:
        seen = visible.get(int(str(row[0])))  # the first column is the round
        if seen is None:
            continue  # a round not published yet
        rows.append(tuple(local_number(shown_cell(c, boards)) for c in row))
        opponents.append(seen.opponents)
        scores.append("" if seen.total is None else str(seen.total))
    narrow = frozenset(i for i, c in enumerate(view.columns) if c in PHONE_COLUMNS)
    return PlayerPage(player_status(event, player, ranked(st), len(st.rows)), tuple(heads), narrow, tuple(rows),
                      tuple(opponents) if with_opponents else None, tuple(scores) if with_score else None,
                      tuple(player_outlook(event, player.name, sorted(visible))))


def standings_shown(event: store.Event, game: Workflow, lang: str) -> StandingsPage:
    """The standings, once computed, as the printed handout shows them in `lang`; no rows
    before the first result (a ranking by lot alone says nothing)."""
    st = game.standings(event)
    table = game.print_kit.standings(st, lang)
    played = bool(st.rounds_played())
    return StandingsPage(st, tuple(c.heading for c in table.columns), table.rows if played else (),
                         tuple(r.player for r in st.rows), table.muted, table.legend)


def seating_rows(event: store.Event, round_no: int) -> list[dict[str, Any]]:
    """The same rows as `tourney seating --round N --format json`."""
    return cast(list[dict[str, Any]], json.loads(seating_view(event, round_no, "json")))
