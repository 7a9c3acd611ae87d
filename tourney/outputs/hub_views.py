"""A season hub's reports: `tourney season`'s and `tourney rating`'s, read from the replicas of
the hub's final events (`tourney.event.hub`), so they say what those commands say of the files."""
from __future__ import annotations

import functools
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from tourney.core.errors import UsageError
from tourney.core.i18n import DEFAULT, _
from tourney.event.hub import Circuit, EventRow, Status, event_rows, hub_aliases
from tourney.outputs.rating_report import rating_report
from tourney.outputs.season_export import read_event_result, season_report

if TYPE_CHECKING:
    from tourney.core.hubstore import Hub
    from tourney.event.game import StandingsGame
    from tourney.event.rating import RatingReport
    from tourney.event.season import EventResult, SeasonReport


def _label(workflow: Callable[[str], StandingsGame]) -> Callable[[str], str]:
    return lambda game: workflow(game).label


class NoFinalEvent(UsageError):
    """No event on the hub is final: there is no season report or rating yet."""


def _final(hub: Hub, workflow: Callable[[str], StandingsGame]) -> list[EventRow]:
    rows = [r for r in event_rows(hub, _label(workflow)) if r.status == Status.FINAL]
    if not rows:
        raise NoFinalEvent(_("no event on the hub is final yet: the season report counts final events"))
    return rows


@functools.lru_cache(maxsize=4096)
def _result_at(location: str, changes: int, workflow: Callable[[str], StandingsGame]) -> EventResult:
    """A final event's result once its replica holds `changes` entries: kept, so a page built
    after a push reads that event again, not the season's every event."""
    return read_event_result(location, 0, workflow)


def _results_of(rows: list[EventRow], workflow: Callable[[str], StandingsGame]) -> list[EventResult]:
    return [replace(_result_at(row.location, row.changes, workflow), order_given=i) for i, row in enumerate(rows)]


def hub_season_report(hub: Hub, circuit: Circuit, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> SeasonReport:
    """The qualification report of the hub's final events (in the hub's order: by date, then
    as they arrived), as `tourney season EVENTS…` gives it with the `circuit`'s options
    (`season_circuit`); the players matched by `aliases_file`, else by the hub's (`tourney hub
    aliases`). `NoFinalEvent` while no event is final."""
    rows = _final(hub, workflow)
    results = _results_of(rows, workflow)
    langs = {r.lang for r in results}
    spoken = lang or (langs.pop() if len(langs) == 1 else DEFAULT)  # as `shared_language` says of the files
    return season_report([r.location for r in rows], circuit.spots, aliases_file or hub_aliases(hub), circuit.ranking,
                         circuit.points, workflow=workflow, speak=speak, lang=spoken, best=circuit.best,
                         min_events=circuit.min_events, spots_by_size=circuit.spots_by_size,
                         read=lambda _location, i: results[i])


def hub_rating_report(hub: Hub, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> RatingReport:
    """The season rating of the hub's final events, as `tourney rating EVENTS…` gives it."""
    locations = [r.location for r in _final(hub, workflow)]
    return rating_report(locations, aliases_file or hub_aliases(hub), workflow=workflow, speak=speak, lang=lang)
