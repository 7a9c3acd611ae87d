"""The season rating's edge: read each event file's stored games through its game's workflow
(`StandingsGame.rated_games`) into `RatedEvent`s, rate them, and show the rating: printed through
the one row renderer (`tourney.core.output.render_rows`: table, CSV, JSON), written through the
statistics report's writers (HTML, XLSX, PDF)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.core.errors import UsageError
from tourney.core.i18n import _, ngettext, use_language
from tourney.core.output import render_rows
from tourney.event.rating import COLUMN_WORDS, COLUMNS, RatedEvent, RatingReport, build_rating
from tourney.event.season import NO_ALIASES, Aliases, load_aliases, refuse_repeated_events
from tourney.outputs.season_export import event_date, read_event, refuse_mixed_games, shared_language
from tourney.core.database import parse_location

if TYPE_CHECKING:
    from tourney.event.game import StandingsGame


def read_rated_event(location: str, order_given: int, workflow: Callable[[str], StandingsGame]) -> RatedEvent:
    """An event file's name, date and every stored game as places at its tables; `workflow`
    gives the event's game by name."""
    info, game, games, lang = read_event(location, workflow, lambda game, event: game.rated_games(event))
    date = event_date(location, info)
    return RatedEvent(info.name, date, order_given, games, game.label, lang)


def rating_report(locations: Sequence[str], aliases_file: str | Aliases | None = None, *,
                  workflow: Callable[[str], StandingsGame], speak: Callable[[str], None],
                  lang: str | None = None) -> RatingReport:
    """Read the event files and rate their games, in `lang` (by default the events' language
    when they share one, else English); `speak` is handed that language before the events are
    read, so a refusal of one of them is said in it too."""
    refuse_repeated_events(locations)
    # An alias file's path, or its rows as a season hub keeps them.
    aliases = aliases_file if isinstance(aliases_file, Aliases) else (load_aliases(aliases_file) if aliases_file
                                                                       else NO_ALIASES)
    spoken = lang or shared_language(locations)
    speak(spoken)
    with use_language(spoken):  # the report's words too, whatever the caller speaks (a hub's page)
        events = [read_rated_event(location, i, workflow) for i, location in enumerate(locations)]
        refuse_mixed_games(events, locations)
        return replace(build_rating(events, aliases), lang=spoken)


#: The files `-o` writes (through the statistics report's writers).
WRITERS = (".html", ".xlsx", ".pdf")


def check_output(output: str) -> None:
    """`-o FILE` names a file the rating is written as, before anything is read."""
    if Path(output).suffix.lower() not in WRITERS:
        raise UsageError(_("-o {file!r}: write the rating as .html, .xlsx or .pdf (or print it with --format "
                           "table|csv|json)").format(file=output))


def check_into(into: str, events: Sequence[str]) -> None:
    """`--into EVENT` takes a later event: never one of the rated events themselves."""
    target = parse_location(into)
    for location in events:
        given = parse_location(location)
        same = (target.path is not None and given.path is not None and target.path.resolve() == given.path.resolve()) \
            or into == location
        if same:
            raise UsageError(_("--into {event!r} is one of the rated events: the expected places come from earlier "
                               "events; name a later event").format(event=into))


def rows(report: RatingReport) -> list[tuple[object, ...]]:
    """The rating's rows in `COLUMNS` order (ratings as two-decimal numbers)."""
    return [(r.rank, r.player, r.rating, r.games, r.events, r.change) for r in report.rows]


def heading(report: RatingReport) -> str:
    """What the rating covers, in one line: the game, the events and the tables rated."""
    events = ngettext("{n} event", "{n} events", len(report.events)).format(n=len(report.events))
    tables = ngettext("{n} game", "{n} games", report.tables).format(n=report.tables)
    return _("{game} · {events} · {tables} · rating = mu - 3 sigma").format(game=report.game, events=events,
                                                                          tables=tables)


def render(report: RatingReport, fmt: str) -> str:
    """The rating as an aligned table (headed, then its notes), CSV or JSON rows."""
    if fmt != "table":
        return render_rows(COLUMNS, rows(report), fmt)
    table = render_rows(COLUMNS, rows(report), "table", [_(COLUMN_WORDS[c]) for c in COLUMNS])
    notes = "".join(_("note: {note}").format(note=n) + "\n" for n in report.notes)
    title = _("Season rating")
    return f"{title}\n{heading(report)}\n\n{table}" + (f"\n{notes}" if notes else "")


def write_report(report: RatingReport, output: str, inputs: Sequence[str] = ()) -> Path:
    """Write the rating as .html, .xlsx or .pdf through the statistics report's writers (one
    section, no charts)."""
    import pandas as pd

    from tourney.outputs.stats import Section, StatsReport
    from tourney.outputs.stats import write_report as write_stats

    frame = pd.DataFrame([[r.rank, r.player, float(r.rating), r.games, r.events,
                           None if r.change is None else float(r.change)] for r in report.rows], columns=list(COLUMNS))
    for column in ("rating", "change"):
        frame[column] = frame[column].astype(object)  # two decimals where shown, as the terminal
    stats = StatsReport(title=_("Season rating"), game=report.game, events=report.events,
                        sections=(Section("rating", _("Season rating"), frame, heading(report)),),
                        charts=(), notes=report.notes, lang=report.lang, kind=_("Rating"))
    return write_stats(stats, output, inputs)

