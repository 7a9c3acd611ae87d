"""A season hub's reports: `tourney season`'s and `tourney rating`'s, read from the replicas of
the hub's final events (`tourney.event.hub`), so they say what those commands say of the files."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.event.hub import Circuit, event_rows, final_locations, hub_aliases
from tourney.outputs.rating_report import rating_report
from tourney.outputs.season_export import season_report

if TYPE_CHECKING:
    from tourney.core.hubstore import Hub
    from tourney.event.game import StandingsGame
    from tourney.event.rating import RatingReport
    from tourney.event.season import SeasonReport


def _label(workflow: Callable[[str], StandingsGame]) -> Callable[[str], str]:
    return lambda game: workflow(game).label


class NoFinalEvent(UsageError):
    """No event on the hub is final: there is no season report or rating yet."""


def _final(hub: Hub, workflow: Callable[[str], StandingsGame]) -> list[str]:
    locations = final_locations(event_rows(hub, _label(workflow)))
    if not locations:
        raise NoFinalEvent(_("no event on the hub is final yet: the season report counts final events"))
    return locations


def hub_season_report(hub: Hub, circuit: Circuit, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> SeasonReport:
    """The qualification report of the hub's final events (in the hub's order: by date, then
    as they arrived), as `tourney season EVENTS…` gives it with the `circuit`'s options
    (`season_circuit`); the players matched by `aliases_file`, else by the hub's (`tourney hub
    aliases`). `NoFinalEvent` while no event is final."""
    locations = _final(hub, workflow)
    return season_report(locations, circuit.spots, aliases_file or hub_aliases(hub), circuit.ranking, circuit.points,
                         workflow=workflow, speak=speak, lang=lang, best=circuit.best,
                         min_events=circuit.min_events, spots_by_size=circuit.spots_by_size)


def hub_rating_report(hub: Hub, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> RatingReport:
    """The season rating of the hub's final events, as `tourney rating EVENTS…` gives it."""
    locations = _final(hub, workflow)
    return rating_report(locations, aliases_file or hub_aliases(hub), workflow=workflow, speak=speak, lang=lang)
