"""A season hub's reports: `tourney season`'s and `tourney rating`'s, read from the replicas of
the hub's final events (`tourney.event.hub`), so they say what those commands say of the files."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tourney.core.errors import UsageError
from tourney.core.i18n import _
from tourney.event.hub import Circuit, event_rows, final_locations, hub_aliases, hub_circuit
from tourney.outputs.rating_report import rating_report
from tourney.outputs.season_export import season_report

if TYPE_CHECKING:
    from tourney.core.hubstore import Hub
    from tourney.event.game import StandingsGame
    from tourney.event.rating import RatingReport
    from tourney.event.season import SeasonReport


def _label(workflow: Callable[[str], StandingsGame]) -> Callable[[str], str]:
    return lambda game: workflow(game).label


def _final(hub: Hub, workflow: Callable[[str], StandingsGame]) -> list[str]:
    locations = final_locations(event_rows(hub, _label(workflow)))
    if not locations:
        raise UsageError(_("no event on the hub is final yet: the season report counts final events"))
    return locations


def hub_season_report(hub: Hub, spots: int | None, aliases_file: str | None = None, *,
                      workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                      lang: str | None = None) -> SeasonReport:
    """The qualification report of the hub's final events (in the hub's order: by date, then
    as they arrived), as `tourney season EVENTS… --spots K` gives it, or without `spots` as
    `tourney season` gives it with the hub's circuit rules (`tourney hub rules`); the players
    matched by `aliases_file`, else by the hub's (`tourney hub aliases`)."""
    circuit = Circuit(spots=spots) if spots is not None else hub_circuit(hub)
    if circuit is None:
        raise UsageError(_("the hub has no circuit rules: give the spots each event awards, or set the "
                           "season's rules with 'tourney hub rules HUB --spots K' (or --spots-by-size, --best, "
                           "--min-events)"))
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
