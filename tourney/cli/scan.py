"""`tourney scan`: read photos of filled scan pads (and store the clean ones), or print a pad's
geometry for another reader (`--layout`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tourney.cli.base import cli, event_game, lang_option, open_event
from tourney.cli.speech import option
from tourney.core.errors import UsageError
from tourney.core.i18n import N_, _, set_language

if TYPE_CHECKING:
    from tourney.core.store import Event
    from tourney.scanpad.fields import ScanSheet


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
@cli.command()
@click.argument("event")
@click.argument("photos", nargs=-1, type=click.Path(dir_okay=False))
@option("--layout", "show_layout", is_flag=True,
        help=N_("Print the pad of --round N --table T as JSON geometry (mm) instead of reading photos."))
@option("--round", "round_no", type=click.IntRange(1), help=N_("Only pads of this round (with --layout: its round)."))
@option("--table", type=click.IntRange(1), help=N_("With --layout: the table."))
@option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@option("--import", "do_import", is_flag=True,
        help=N_("Store the tables read clean, as 'tourney results import' would; the photos are kept with "
             "the event."))
@option("--by", "author", help=N_("With --import: who enters the tables (default: the organiser)."))
@lang_option(N_("Language of the messages (default: the event's)."))
def scan(event: str, photos: tuple[str, ...], show_layout: bool, round_no: int | None, table: int | None, fmt: str,
         do_import: bool, author: str | None, lang: str | None) -> None:
    """Read photos (JPEG, PNG) of filled scan pads: each is clean, to review or refused. Exit 1
    unless every photo is clean. docs/scan-pad.md describes the pad and the output.

    Example: tourney scan bonn.db IMG_2041.jpg IMG_2042.jpg --import
    """
    ev = open_event(event)
    if lang:
        set_language(lang)
    game = event_game(ev)
    if game.scan_sheet is None:
        raise UsageError(_("{game} has no scan pad").format(game=game.label))
    sheet = game.scan_sheet(ev.options())
    if show_layout:
        _print_layout(ev, sheet, round_no, table)
        return
    if not photos:
        raise UsageError(_("name the photos to read (or give --layout --round N --table T)"))
    from tourney.scanpad.reading import ScanContext, Status, import_readings, scan_photos
    from tourney.scanpad.text import reading_lines

    ctx = ScanContext(ev, game, sheet, round_no)
    readings = list(scan_photos(ctx, photos))
    if fmt == "json":
        click.echo(json.dumps([r.as_json() for r in readings], ensure_ascii=False, indent=2))
    else:
        for r in readings:
            for line in reading_lines(r, sheet):
                click.echo(line)
    clean = [r for r in readings if r.status is Status.CLEAN]
    if do_import and clean:
        from tourney.event.checking import report_lines
        from tourney.event.errors import ImportRefused

        data = {r.sha256: Path(p).read_bytes() for r, p in zip(readings, photos) if r.status is Status.CLEAN}
        try:
            summary = import_readings(ctx, clean, data, author)
        except ImportRefused as refused:
            for line in report_lines(refused.report, ev):
                click.echo(line, err=True)
            click.echo(_("{summary}: nothing stored").format(summary=refused.report.summary()), err=True)
            sys.exit(1)
        for line in summary.lines():
            click.echo(line)
    if len(clean) != len(readings):
        sys.exit(1)


def _print_layout(ev: Event, sheet: ScanSheet, round_no: int | None, table: int | None) -> None:
    from tourney.scanpad.pads import table_pads

    if round_no is None or table is None:
        raise UsageError(_("--layout needs --round N and --table T"))
    pads = table_pads(ev, sheet, round_no, {table})
    if not pads:
        raise UsageError(_("round {round} has no table {table} with a pad").format(round=round_no, table=table))
    pad = pads[0]
    click.echo(json.dumps({"round": round_no, "table": table, "code": pad.code.text, **pad.layout.as_json()},
                          ensure_ascii=False, indent=1))
