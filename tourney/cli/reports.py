"""`tourney standings`, `player`, `export`, `season`, `rating` and `stats`: what the results add up to."""
from __future__ import annotations

import click

from tourney.core.i18n import (
    N_,
    LANGS,
    _,
    language,
    ngettext,
    set_language,
    use_language,
)
from tourney.core.errors import UsageError
from tourney.cli.base import (
    claim_output,
    cli,
    event_game,
    lang_option,
    open_event,
    output_format_option,
    overwrite_options,
    wrote_pages,
)
from tourney.cli.speech import option


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- standings -----------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@option("--after-round", type=click.IntRange(1), help=N_("Standings as they were after this round."))
@option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@option("--cut", type=click.IntRange(1), help=N_("Draw the qualification line under rank K (default: the event's)."))
def standings(event: str, after_round: int | None, fmt: str, cut: int | None) -> None:
    """The ranking with every tiebreak column, games played and drops.

    Example: tourney standings bonn.db --format csv
    """
    from tourney.outputs.export import standings_text

    ev = open_event(event)
    click.echo(standings_text(ev, event_game(ev), after_round, fmt, cut), nl=False)


@cli.command()
@click.argument("event")
@click.argument("name")
@output_format_option()
def player(event: str, name: str, fmt: str) -> None:
    """One player's event: rounds, tables, seats, scores, places and points.

    The name may be typed loosely: case, accents and umlauts don't matter.

    Example: tourney player bonn.db "jurgen weiss"
    """
    from tourney.outputs.views import player_view

    ev = open_event(event)
    game = event_game(ev)
    click.echo(player_view(ev, game, name, fmt, game.board_names(language())), nl=False)


@cli.command()
@click.argument("event")
@option("-o", "--output", required=True, help=N_("standings.xlsx, .csv, .json, .html or .pdf"))
@option("--after-round", type=click.IntRange(1), help=N_("Standings as they were after this round."))
@lang_option(N_("Language of headings and labels (default: the event's)."))
@option("--cut", type=click.IntRange(1), help=N_("Draw the qualification line under rank K (default: the event's)."))
@overwrite_options
def export(event: str, output: str, after_round: int | None, lang: str | None, cut: int | None, force: bool,
           overwrite_results: bool) -> None:
    """Write the standings workbook (.xlsx) or .csv / .json / .html / .pdf (A4 handout) by extension.

    Example: tourney export bonn.db -o standings.xlsx
    """
    from tourney.outputs.export import export_event

    ev = open_event(event)
    claim_output(output, force, overwrite_results, event)
    if output.lower().endswith(".pdf"):
        from tourney.outputs.pdf.event_docs import write_standings_pdf

        game = event_game(ev)
        pdf = write_standings_pdf(ev, game.standings(ev, after_round), game.print_kit, output, after_round,
                                  lang or language(), cut)
        click.echo(wrote_pages(pdf.path, pdf.pages))
        return
    with use_language(lang or language()):
        path = export_event(ev, event_game(ev), output, after_round, cut)
    click.echo(_("wrote {path}").format(path=path))


# --- season (qualification report across events) -----------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True)
@option("--spots", type=click.IntRange(1), help=N_("Qualification spots each event awards."))
@option("--spots-by-size", metavar="SPOTS,PLAYERS:SPOTS…",
        help=N_("Spots by the event's number of players instead of --spots: '1,20:2' gives 1 spot, 2 from 20 "
                "players."))
@option("--aliases", "aliases_file", type=click.Path(dir_okay=False),
        help=N_("CSV with 'alias,name' columns: other spellings of a player's name."))
@option("--ranking", is_flag=True, help=N_("Add a points ranking across the events."))
@option("--points", help=N_("Points per place for the ranking (default 10,8,6,5,4,3,2,1)."))
@option("--best", type=click.IntRange(1), help=N_("Only a player's best N results count in the ranking."))
@option("--min-events", type=click.IntRange(1),
        help=N_("Events a player needs to be ranked (the ranking only; spots are not affected)."))
@option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@option("--section", type=click.Choice(["qualified", "pass-downs", "players", "ranking"]),
        help=N_("The section --format csv prints (default: qualified)."))
@option("-o", "--output", help=N_("Write season.xlsx (or .csv / .json / .pdf) instead of printing."))
@option("--lang", type=click.Choice(list(LANGS)),
        help=N_("Language of the report (default: the events' when they share one, else English)."))
@overwrite_options
def season(events: tuple[str, ...], spots: int | None, spots_by_size: str | None, aliases_file: str | None,
           ranking: bool, points: str | None, best: int | None, min_events: int | None, fmt: str,
           section: str | None, output: str | None, lang: str | None, force: bool, overwrite_results: bool) -> None:
    """Qualification report across qualifier events: spots, pass-downs, players.

    Example: tourney season koeln.db bonn.db --spots 3 -o season.xlsx

    Circuit rules: tourney season *.db --spots-by-size 1,20:2 --best 3 --min-events 2
    """
    from tourney.outputs.season_export import render, season_report, shared_language, write_report

    set_language(lang or shared_language(events))  # a refusal of -o is said in it too
    if output:
        claim_output(output, force, overwrite_results, *events, aliases_file)
    from tourney.games.registry import workflow

    report = season_report(list(events), spots, aliases_file, ranking, points, workflow=workflow,
                           speak=set_language, lang=lang, best=best, min_events=min_events,
                           spots_by_size=spots_by_size)
    lang = report.lang
    if output and output.lower().endswith(".pdf"):
        from tourney.outputs.pdf.season_doc import write_season_pdf

        path = str(write_season_pdf(report, output, lang).path)
    elif output:
        with use_language(lang):
            path = write_report(report, output, section)
    else:
        with use_language(lang):
            text = render(report, fmt, section)
    if output or fmt != "table":  # the table lists them itself
        for a in report.ambiguities:
            click.echo(_("warning: {message}").format(message=a.message), err=True)
    if output:
        click.echo(_("wrote {path}: {qualified} qualified, {passed} pass-downs, {players} players").format(
            path=path, qualified=len(report.qualified), passed=len(report.pass_downs), players=len(report.players)))
    else:
        click.echo(text, nl=False)


# --- season rating -------------------------------------------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True)
@option("--aliases", "aliases_file", type=click.Path(dir_okay=False),
        help=N_("CSV with 'alias,name' columns: other spellings of a player's name."))
@output_format_option()
@option("-o", "--output", help=N_("Write the rating as rating.html, .xlsx or .pdf instead of printing."))
@option("--lang", type=click.Choice(list(LANGS)),
        help=N_("Language of the rating (default: the events' when they share one, else English)."))
@option("--into", "into", metavar="EVENT",
        help=N_("Store the rating in a later event: its seating report and player pages show expected places."))
@overwrite_options
def rating(events: tuple[str, ...], aliases_file: str | None, fmt: str, output: str | None, lang: str | None,
           into: str | None, force: bool, overwrite_results: bool) -> None:
    """Season rating across events: every stored game, by date, round and table, rated with
    the Weng-Lin Bayesian model (openskill, Thurstone-Mosteller); rating = mu - 3 sigma.

    Example: tourney rating koeln.db bonn.db --format csv
    """
    from tourney.outputs.rating_report import check_into, check_output, rating_report, render, write_report
    from tourney.outputs.season_export import shared_language

    set_language(lang or shared_language(events))  # the refusals of -o and --into are said in it too
    if output:
        check_output(output)
        claim_output(output, force, overwrite_results, *events, aliases_file)
    later = None
    if into:
        if output or fmt != "table":
            raise UsageError(_("--into stores the rating in an event: leave out -o and --format"))
        check_into(into, events)
        later = open_event(into)  # refused before the rating is computed when it is missing
    from tourney.games.registry import workflow

    report = rating_report(list(events), aliases_file, workflow=workflow, speak=set_language, lang=lang)
    with use_language(report.lang):
        if later is not None:
            from tourney.event.outlook import store_rating

            if event_game(later).label != report.game:
                raise UsageError(_("--into {event!r} is not a {game} event: store a rating in an event of the same "
                                   "game").format(event=into, game=report.game))
            store_rating(later, report)
            click.echo(ngettext("stored the rating of {players} players from {events} event in {event}: "
                                "'tourney seating {event} --report' and the player pages show expected places",
                                "stored the rating of {players} players from {events} events in {event}: "
                                "'tourney seating {event} --report' and the player pages show expected places",
                                len(report.events)).format(
                players=len(report.rows), events=len(report.events), event=into))
        elif output:
            path = write_report(report, output, events)
            click.echo(_("wrote {path}: {players} players rated over {games} games").format(
                path=path, players=len(report.rows), games=report.tables))
        else:
            if fmt != "table":
                for note in report.notes:
                    click.echo(_("warning: {message}").format(message=note), err=True)
            click.echo(render(report, fmt), nl=False)


# --- statistics -----------------------------------------------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True)
@option("-o", "--output", help=N_("Write the report with its charts: stats.html, .xlsx or .pdf."))
@output_format_option()
@option("--section", help=N_("Only this table (csv prints one table: the first unless named)."))
@overwrite_options
def stats(events: tuple[str, ...], output: str | None, fmt: str, section: str | None, force: bool,
          overwrite_results: bool) -> None:
    """Statistics of one event, or several (a season): wonders, seats, categories, scores,
    closest tables, victory types, players event by event; with charts in -o files.

    Example: tourney stats koeln.db bonn.db -o season-stats.html
    """
    from tourney.outputs.stats import render, stats_report, write_report
    from tourney.outputs.stats.render import check_output

    from tourney.games.registry import workflow

    if output:
        open_event(events[0]).close()  # the report speaks its first event's language: so does a refusal
        check_output(output, events)
        claim_output(output, force, overwrite_results, *events)
    report = stats_report(list(events), workflow)
    set_language(report.lang)  # the event's, as `open_event` sets it
    if output:
        path = write_report(report, output, events)
        click.echo(_("wrote {path}: {tables} tables, {charts} charts").format(
            path=path, tables=len(report.sections), charts=len(report.charts)))
    else:
        click.echo(render(report, fmt, section), nl=False)
