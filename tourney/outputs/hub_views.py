"""A season hub's reports: `tourney season`'s and `tourney rating`'s, read from the replicas of
the hub's final events (`tourney.event.hub`), so they say what those commands say of the files."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tourney.event.hub import event_rows, final_locations, hub_aliases
from tourney.outputs.rating_report import rating_report
from tourney.outputs.season_export import season_report

if TYPE_CHECKING:
    from tourney.core.hubstore import Hub
    from tourney.event.game import StandingsGame
    from tourney.event.rating import RatingReport
    from tourney.event.season import SeasonReport


def _label(workflow: Callable[[str], StandingsGame]) -> Callable[[str], str]:
    return lambda game: workflow(game).label


def hub_season_report(hub: Hub, spots: int, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> SeasonReport:
    """The qualification report of the hub's final events (in the hub's order: by date, then
    as they arrived), as `tourney season EVENTS… --spots K` gives it; the players matched by
    `aliases_file`, else by the hub's (`tourney hub aliases`)."""
    locations = final_locations(event_rows(hub, _label(workflow)))
    return season_report(locations, spots, aliases_file or hub_aliases(hub), workflow=workflow, speak=speak,
                         lang=lang)


def hub_rating_report(hub: Hub, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> RatingReport:
    """The season rating of the hub's final events, as `tourney rating EVENTS…` gives it."""
    locations = final_locations(event_rows(hub, _label(workflow)))
    return rating_report(locations, aliases_file or hub_aliases(hub), workflow=workflow, speak=speak, lang=lang)
