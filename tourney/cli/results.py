"""`tourney check` and `tourney results …`: checking score sheets, storing them, their history."""
from __future__ import annotations

import json
import sys

import click

from tourney.core.i18n import (
    N_,
    _,
    language,
    set_language,
)
from tourney.cli.base import cli, end_process, event_game, lang_option, open_event
from tourney.cli.speech import option


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- sheets --------------------------------------------------------------------------------
@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@option("--event", help=N_("Also check against this event (players, seating, stored results)."))
@option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@option("--paper", is_flag=True, help=N_("With --event: sheets of rounds the tool did not seat are fine (a round "
                                      "seated on paper), as 'results import --paper' takes them."))
@lang_option(N_("Language of the findings (default: the event's)."))
def check(files: tuple[str, ...], event: str | None, fmt: str, paper: bool, lang: str | None) -> None:
    """Verify score sheets against the rules; stores nothing. Exit 1 if any error.

    Example: tourney check round1.csv --event bonn.db
    """
    from tourney.core.tabular import reading_once
    from tourney.games.registry import sheet_game
    from tourney.event.checking import check_files, diagnose, report_lines

    ev = open_event(event) if event else None
    if lang:
        set_language(lang)
    with reading_once():  # telling the game from the header row and reading the rows: one read
        # Without an event, the header row tells the game.
        report = check_files(event_game(ev) if ev is not None else sheet_game(files), list(files), ev, paper=paper)
    if fmt == "json":
        click.echo(json.dumps({"files": report.files, "tables": len(report.tables),
                               "errors": len(report.errors), "warnings": len(report.warnings),
                               "causes": [c.as_dict() for c in diagnose(report, ev)],
                               "findings": [f.as_dict() for f in report.findings]}, ensure_ascii=False, indent=2))
    else:
        for line in (*report.blank_lines(), *report_lines(report, ev)):
            click.echo(line)
        click.echo(report.summary())
    code = 0 if report.ok else 1
    end_process(code)  # while `report` is still held: its objects are never freed one by one
    if code:
        sys.exit(code)


@cli.group()
def results() -> None:
    """Import score sheets and show their history."""


@results.command("import")
@click.argument("event")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@option("--register", is_flag=True, help=N_("Register players not yet registered."))
@option("--correct", is_flag=True, help=N_("Replace stored sheets (adds a new version)."))
@option("--reason", help=N_("Why a stored sheet is corrected (needed with --correct)."))
@option("--by", "author", help=N_("Who enters the sheets (default: the organiser)."))
@option("--paper", is_flag=True, help=N_("Store rounds the tool did not seat, as the sheets give them (a round "
                                      "seated on paper); without it, such sheets are refused."))
def results_import(event: str, files: tuple[str, ...], register: bool, correct: bool, reason: str | None,
                   author: str | None, paper: bool) -> None:
    """Verify, then store, every sheet in the files in one transaction (all or nothing).
    Tables stored already with the same numbers are left unchanged.

    Example: tourney results import bonn.db round1.csv
    """
    from tourney.event.errors import ImportRefused
    from tourney.event.importing import import_results
    from tourney.event.checking import report_lines

    ev = open_event(event)
    try:
        summary = import_results(ev, event_game(ev), list(files), register=register, correct=correct, reason=reason,
                                 author=author, paper=paper)
    except ImportRefused as refused:
        for line in (*refused.report.blank_lines(), *report_lines(refused.report, ev)):
            click.echo(line, err=True)
        click.echo(_("{summary}: nothing stored").format(summary=refused.report.summary()), err=True)
        sys.exit(1)
    for line in summary.lines():
        click.echo(line)


@results.command("remove")
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), required=True, help=N_("The table's round."))
@option("--table", "table_no", type=click.IntRange(1), required=True, help=N_("The table."))
@option("--reason", required=True, help=N_("Why the stored sheet is removed (kept in the history)."))
@option("--by", "author", help=N_("Who removes it (default: the organiser)."))
def results_remove(event: str, round_no: int, table_no: int, reason: str, author: str | None) -> None:
    """Remove a table's stored sheet (stored under a wrong round or table number, say). The
    removed version stays in the history; importing the sheet again brings it back.

    Example: tourney results remove bonn.db --round 3 --table 5 --reason "round 2's sheet, typed as round 3"
    """
    from tourney.event.importing import remove_table

    ev = open_event(event)
    for line in remove_table(ev, round_no, table_no, reason=reason, author=author).lines():
        click.echo(line)


@results.command("history")
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("Only what concerns this round."))
@option("--player", help=N_("Only what concerns this player."))
@option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def results_history(event: str, round_no: int | None, player: str | None, fmt: str) -> None:
    """Who changed what, when (local time): every change to the event, oldest first;
    corrections show old → new for each cell.

    Example: tourney results history bonn.db --round 2
    """
    from tourney.event.history import history, render

    ev = open_event(event)
    fmt_sheet, lang = event_game(ev).sheet_format, language()
    click.echo(render(history(ev, round_no, player, lambda column: fmt_sheet.label(column, lang)), fmt), nl=False)
