"""What differs by game in an event's workflow, in one table: seating or pairing, printing,
score-sheet import, standings and their export formats. Commands look the game up here instead
of branching on its name, so a further game is one more entry in `WORKFLOWS`."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable


def _lazy(spec: str) -> Callable[..., Any]:
    """`module:name`, imported at the first call: keeps start-up fast and avoids import cycles
    (the game modules themselves call `workflow`)."""
    module, name = spec.split(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.spec = spec  # type: ignore[attr-defined]
    return call


def _constant(spec: str) -> Callable[[], Any]:
    """`module:name` of a module-level value, looked up when called."""
    module, name = spec.split(":")

    def get() -> Any:
        return getattr(import_module(module), name)

    get.spec = spec  # type: ignore[attr-defined]
    return get


@dataclass(frozen=True)
class Workflow:
    """One game's implementations of the workflow steps (signatures as the 7 Wonders ones)."""

    game: str
    seat: Callable[..., Any]          # (event, round_no, all_rounds, tables) -> [SeatedRound]
    sheets: Callable[..., Any]        # (event, round_no, path, lang) -> SheetsWritten
    game_import: Callable[[], Any]    # () -> results.GameImport (checks and storage of sheets)
    standings: Callable[..., Any]     # (event, after_round) -> the game's standings
    csv: Callable[[Any], str]
    json: Callable[[Any], str]
    table: Callable[[Any], str]
    html: Callable[[Any], str]
    xlsx: Callable[..., None]         # (standings, path, draws) -> None
    plans_tables: bool                # seating compares table plans before the first round


WORKFLOWS: dict[str, Workflow] = {
    "7wonders": Workflow(
        game="7wonders",
        seat=_lazy("tourney.seating:seat_sevenwonders_rounds"),
        sheets=_lazy("tourney.printsheets:write_sevenwonders_sheets"),
        game_import=_constant("tourney.results:SEVEN_WONDERS_IMPORT"),
        standings=_lazy("tourney.standings:sevenwonders_standings"),
        csv=_lazy("tourney.export:sevenwonders_csv"),
        json=_lazy("tourney.export:sevenwonders_json"),
        table=_lazy("tourney.export:sevenwonders_table"),
        html=_lazy("tourney.export:sevenwonders_html"),
        xlsx=_lazy("tourney.export:sevenwonders_xlsx"),
        plans_tables=True),
    "duel": Workflow(
        game="duel",
        seat=_lazy("tourney.duel_event:seat_duel_rounds"),
        sheets=_lazy("tourney.duel_print:write_duel_sheets"),
        game_import=_constant("tourney.duel_event:DUEL_IMPORT"),
        standings=_lazy("tourney.duel_event:compute_duel_standings"),
        csv=_lazy("tourney.duel_print:duel_csv"),
        json=_lazy("tourney.duel_print:duel_json"),
        table=_lazy("tourney.duel_print:duel_table"),
        html=_lazy("tourney.duel_print:duel_html"),
        xlsx=_lazy("tourney.duel_print:duel_xlsx"),
        plans_tables=False),
}


def workflow(game: str) -> Workflow:
    """The workflow of a stored event's game (`EventInfo.game`)."""
    return WORKFLOWS[game]


def workflow_of(standings: Any) -> Workflow:
    """The workflow that computed these standings (both kinds carry the event's info)."""
    return WORKFLOWS[standings.info.game]
