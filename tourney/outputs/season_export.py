"""The season report's edge: read each event file's final standings into `EventResult`s,
and write the report (xlsx workbook with sheets Qualified, Pass-downs, Players, plus Ranking
and Notes when present, bold frozen header, fitted widths; or .csv / .json)."""
from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Sequence, TypeVar

from tourney.core.errors import UsageError
from tourney.core.i18n import DEFAULT, N_, _, event_language, join_and, use_language
from tourney.core.outfile import atomic, save_workbook, write_text
from tourney.core.tabular import neutralise
from tourney.core.errors import SeasonError
from tourney.event.season import (
    DEFAULT_POINTS,
    NO_ALIASES,
    Aliases,
    CircuitRules,
    EventResult,
    SeasonReport,
    build_report,
    check_rules,
    load_aliases,
    parse_points,
    parse_spots_by_size,
    refuse_repeated_events,
    render_csv,
    render_json,
    render_table,
    section_rows,
)

if TYPE_CHECKING:
    from tourney.core.store import Event, EventInfo
    from tourney.event.game import StandingsGame
    from openpyxl.worksheet.worksheet import Worksheet

SHEETS: tuple[tuple[str, str], ...] = (
    (N_("Qualified"), "qualified"),
    (N_("Pass-downs"), "pass-downs"),
    (N_("Players"), "players"),
)


def _fill(sheet: Worksheet, header: list[str], rows: Sequence[Sequence[object]]) -> None:
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append([neutralise(v) for v in row])
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, datetime.date):
                cell.number_format = "yyyy-mm-dd"
    sheet.freeze_panes = "A2"
    for index, title in enumerate(header, start=1):
        values = [title] + [r[index - 1] for r in rows]
        width = max(len(v.isoformat() if isinstance(v, datetime.date) else str(v)) for v in values if v is not None)
        sheet.column_dimensions[get_column_letter(index)].width = min(width + 2, 80)


def write_workbook(report: SeasonReport, path: str | Path) -> None:
    """Write the season report to an .xlsx workbook at `path`."""
    # openpyxl (~0.1 s to import) only here: the table, CSV, JSON and PDF reports don't need it.
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.worksheets[0])
    sections = list(SHEETS) if report.qualifies else [(N_("Players"), "players")]
    if report.ranking is not None:
        sections.append((N_("Ranking"), "ranking"))
    for title, section in sections:
        header, rows = section_rows(report, section)
        _fill(book.create_sheet(_(title)), header, rows)
    if report.ambiguities or report.notes:
        _fill(
            book.create_sheet(_("Notes")),
            ["kind", "message"],
            [["ambiguous name", a.message] for a in report.ambiguities] + [["note", n] for n in report.notes],
        )
    with atomic(path) as tmp:
        save_workbook(book, tmp, report="season")


T = TypeVar("T")


def read_event(location: str, workflow: Callable[[str], StandingsGame], take: Callable[[StandingsGame, Event], T]
               ) -> tuple[EventInfo, StandingsGame, T, str]:
    """What a report across events reads of one event file: its settings, its game (`workflow`
    gives it by name), what `take` reads through the game, and its language."""
    from tourney.core.store import Event

    event = Event.open(location)
    try:
        info = event.info()
        game = workflow(info.game)
        return info, game, take(game, event), event_language(event)
    finally:
        event.close()


def event_date(location: str, info: EventInfo) -> datetime.date | None:
    """The event's date, refused when it is not YYYY-MM-DD."""
    try:
        return datetime.date.fromisoformat(info.date) if info.date else None
    except ValueError:
        raise SeasonError(_("{event} has date {date!r}, which is not YYYY-MM-DD").format(
            event=f"{location!r} ({info.name!r})", date=info.date)) from None


def read_event_result(location: str, order_given: int, workflow: Callable[[str], StandingsGame]) -> EventResult:
    """An event file's name, date and final standings (players who played no game left out);
    `workflow` gives the event's game by name."""
    info, game, standings, lang = read_event(location, workflow, lambda game, event: game.standings(event))
    label = f"{location!r} ({info.name!r})"
    played = standings.rounds_played()
    if not played:
        raise SeasonError(_("{event} has no results: import its score sheets (tourney results import {location} "
                            "FILE) or leave it out").format(event=label, location=location))
    missing = [r for r in range(1, info.rounds + 1) if r not in played]
    if missing:
        raise SeasonError(_("{event} has no results for round {missing} of {rounds}: a season report needs final "
                            "standings; import the missing rounds or leave the event out").format(
            event=label, missing=", ".join(map(str, missing)), rounds=info.rounds))
    date = event_date(location, info)
    places = tuple((row.rank, row.player) for row in standings.rows if row.games > 0)
    return EventResult(info.name, date, order_given, places, game.label, lang)


class OfAGame(Protocol):
    """An event read for a report across events (`EventResult`, `RatedEvent`): its game's label."""

    @property
    def game(self) -> str: ...


def refuse_mixed_games(events: Sequence[OfAGame], locations: Sequence[str]) -> None:
    """A qualification counts one game's events: a One Card Wonder evening given with 7 Wonders
    qualifiers is refused, naming it (the game of most events, else of the first, is the season's)."""
    games = Counter(e.game for e in events)
    if len(games) < 2:
        return
    season_game = max(games, key=lambda g: (games[g], -[e.game for e in events].index(g)))
    odd = [f"{location!r} ({e.game})" for location, e in zip(locations, events) if e.game != season_game]
    raise SeasonError(_("{odd} is not a {game} event like the others: a season report takes the events of one "
                        "game; leave it out").format(odd=join_and(odd), game=season_game))


def shared_language(locations: Sequence[str]) -> str:
    """The events' language when they all speak one, else English."""
    from tourney.core.store import Event

    langs = set()
    for location in locations:
        event = Event.open(location)
        try:
            langs.add(event_language(event))
        finally:
            event.close()
    return langs.pop() if len(langs) == 1 else DEFAULT


def circuit_rules(spots: int | None, ranking: bool = False, points: str | None = None, best: int | None = None,
                  min_events: int | None = None, spots_by_size: str | None = None) -> CircuitRules:
    """The circuit rules `tourney season`'s options give (`--best` and `--min-events` ask for
    the ranking, as `--points` does); a bad value is refused naming its option."""
    if spots is not None and spots_by_size is not None:
        raise UsageError(_("--spots and --spots-by-size both give the spots: give one of them"))
    ranking = ranking or points is not None or best is not None or min_events is not None
    if spots is None and spots_by_size is None and not ranking:
        raise UsageError(_("give --spots K for a qualification report, or --ranking for a points ranking"))
    try:
        point_table = parse_points(points) if points is not None else (DEFAULT_POINTS if ranking else None)
    except SeasonError as exc:
        raise UsageError(_("--points: {problem}").format(problem=exc)) from None
    try:
        steps = parse_spots_by_size(spots_by_size) if spots_by_size is not None else ()
    except SeasonError as exc:
        raise UsageError(_("--spots-by-size: {problem}").format(problem=exc)) from None
    rules = CircuitRules(spots, steps, point_table, best, 1 if min_events is None else min_events)
    try:
        check_rules(rules)
    except SeasonError as exc:
        raise UsageError(str(exc)) from None
    return rules


def season_report(
    locations: Sequence[str],
    spots: int | None,
    aliases_file: str | Aliases | None = None,
    ranking: bool = False,
    points: str | None = None,
    *,
    workflow: Callable[[str], StandingsGame],
    speak: Callable[[str], None],
    lang: str | None = None,
    best: int | None = None,
    min_events: int | None = None,
    spots_by_size: str | None = None,
    read: Callable[[str, int], EventResult] | None = None,
) -> SeasonReport:
    """Read the event files (in the order given) and build the season report, in `lang` (by
    default the events' language when they share one, else English): once the events are read,
    `speak` is handed that language (the CLI speaks it from then on, as after opening an event).
    `read(location, order)` reads one (`read_event_result` by default; a hub's memo of its
    replicas)."""
    rules = circuit_rules(spots, ranking, points, best, min_events, spots_by_size)
    refuse_repeated_events(locations)
    # An alias file's path, or its rows as a season hub keeps them.
    aliases = aliases_file if isinstance(aliases_file, Aliases) else (load_aliases(aliases_file) if aliases_file
                                                                       else NO_ALIASES)
    spoken = lang or shared_language(locations)
    speak(spoken)  # before the events are read: a refusal of one of them is said in it too
    with use_language(spoken):  # the report's notes too, whatever the caller speaks (a hub's page)
        events = [read(location, i) if read else read_event_result(location, i, workflow)
                  for i, location in enumerate(locations)]
        refuse_mixed_games(events, locations)
        return replace(build_report(events, aliases=aliases, rules=rules), lang=spoken)


def _check_section(report: SeasonReport, section: str | None) -> str:
    if section is None:
        return "qualified" if report.qualifies else ("ranking" if report.ranking is not None else "players")
    if section == "ranking" and report.ranking is None:
        raise UsageError(_("--section ranking needs --ranking"))
    if section in ("qualified", "pass-downs") and not report.qualifies:
        raise UsageError(_("--section {section} needs --spots K").format(section=section))
    return section


def render(report: SeasonReport, fmt: str, section: str | None = None) -> str:
    """The report as `fmt` (table, csv or json); csv shows one section."""
    if section is not None and fmt != "csv":
        raise UsageError(_("--section picks the CSV section: use it with --format csv or -o FILE.csv"))
    if fmt == "json":
        return render_json(report)
    if fmt == "csv":
        return render_csv(report, _check_section(report, section))
    return render_table(report)


def write_report(report: SeasonReport, path: str, section: str | None = None) -> str:
    """Write the report to `path`, the format chosen by its extension (.xlsx, .csv, .json)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".xlsx":
        if section is not None:
            raise UsageError(_("--section picks the CSV section: use it with --format csv or -o FILE.csv"))
        write_workbook(report, path)
        return path
    if suffix not in (".csv", ".json"):
        raise UsageError(_("-o {file!r}: write .xlsx, .csv or .json").format(file=path))
    text = render(report, suffix[1:], section)
    write_text(path, text)
    return path
