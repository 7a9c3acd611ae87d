"""The `tourney` command line: parse arguments, call one library function, print.

User mistakes become a message and exit 1 (bad input) or 2 (bad usage), never a traceback.
"""
from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from tourney import __version__
from tourney.errors import TourneyError, UsageError
from tourney.i18n import (
    DEFAULT,
    LANGS,
    _,
    event_language,
    language,
    ngettext,
    set_language,
    use_language,
)
from tourney.output import output_format_option

if TYPE_CHECKING:
    from tourney.games.base import GameWorkflow
    from tourney.players import Registration
    from tourney.store import Event

_F = TypeVar("_F", bound=Callable[..., Any])


class TourneyGroup(click.Group):
    """Turns library errors into click errors: the message, exit 1; usage errors exit 2."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            with use_language(DEFAULT):  # until the command opens its event (`_open`)
                return super().invoke(ctx)
        except UsageError as exc:
            raise click.UsageError(str(exc), ctx) from None
        except TourneyError as exc:
            raise click.ClickException(str(exc)) from None
        except Exception as exc:
            # sqlalchemy loads only for commands that open an event: no need to import it here.
            refused = sys.modules.get("sqlalchemy.exc")
            if refused is None or not isinstance(exc, refused.OperationalError):
                raise
            raise click.ClickException(_("the event database refused the change ({reason}): nothing was changed; "
                                         "try again, or check the file").format(reason=exc.orig)) from None


class ListedOption(click.Option):
    """An option whose help lists what the registry holds (games, schemes), built only when
    help is shown: the game packages load lazily."""

    def __init__(self, *args: Any, listing: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.listing = listing

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = self.listing()
        return super().get_help_record(ctx)


def _games_help() -> str:
    from rules_engine.registry import RULESETS
    from tourney.games.registry import GAMES

    return "; ".join(f"{r.name}" + (f" (aliases: {', '.join(r.aliases)})" if r.aliases else "")
                     for r in RULESETS if r.name in GAMES) + "."


def _options_help() -> str:
    from tourney.games.registry import GAMES

    listed = "; ".join(f"{g.name}: " + ", ".join(f"{o.name} ({o.note})" for o in g.options)
                       for g in GAMES.values() if g.options)
    return f"An optional rule the game is played with, repeatable: {listed}."


def _schemes_help() -> str:
    from tourney.games.registry import scheme_help

    return f"Scoring preset: {scheme_help()}."


def _open(path: str) -> Event:
    """Open the event; from now on the command speaks the event's language."""
    from tourney.store import Event

    event = Event.open(path)
    set_language(event_language(event))
    return event


def _game(event: Event) -> GameWorkflow:
    """The event's game: looked up here, at the edge, and handed to the library."""
    from tourney.games.registry import workflow

    return workflow(event.info().game)


def _wrote_pages(path: object, pages: int, round_no: int | None = None) -> str:
    """The line after a PDF is written: where, which round, how many pages."""
    counted = ngettext("{pages} page", "{pages} pages", pages).format(pages=pages)
    if round_no is None:
        return _("wrote {path}: {pages}").format(path=path, pages=counted)
    return _("wrote {path}: round {round}, {pages}").format(path=path, round=round_no, pages=counted)


def lang_option(help_text: str) -> Callable[[_F], _F]:
    """`--lang en|de`: overrides the event's language for one document."""
    return click.option("--lang", type=click.Choice(list(LANGS)), help=f"{help_text} (default: the event's).")


def overwrite_options(command: Callable[..., None]) -> Callable[..., None]:
    """`--force` and `--overwrite-results` for a command that writes `-o FILE`."""
    command = click.option("--overwrite-results", is_flag=True,
                           help="With --force: replace FILE even when it holds typed-in results.")(command)
    return click.option("--force", is_flag=True, help="Replace FILE if it exists (never an input of the "
                                                      "command, nor typed-in results).")(command)


def _claim(output: str, force: bool, overwrite_results: bool, *inputs: str | None) -> None:
    """Refuse `-o output` before anything is built: an input, an existing file without --force."""
    from tourney.database import parse_location
    from tourney.games.registry import GAMES
    from tourney.outfile import claim

    files = [loc.path for loc in map(parse_location, filter(None, inputs)) if loc.path is not None]
    claim(output, force=force, overwrite_results=overwrite_results, inputs=files,
          sheet_formats=[g.sheet_format for g in GAMES.values()])


@click.group(cls=TourneyGroup)
@click.version_option(__version__, prog_name="tourney")
def cli() -> None:
    """Run a board-game tournament: players, seating, score sheets, standings."""


# --- event -------------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@click.option("--game", required=True, cls=ListedOption, listing=_games_help)
@click.option("--scheme", cls=ListedOption, listing=_schemes_help)
@click.option("--rounds", type=click.IntRange(1, 99), default=4, show_default=True, help="Number of rounds.")
@click.option("--seed", type=click.IntRange(0), help="Seed for every draw (default: drawn now and stored).")
@click.option("--name", help="Event name (default: the file name).")
@click.option("--date", help="Event date, YYYY-MM-DD (orders events in a season report).")
@click.option("--bye-score", help="Duel: match points for a bye (default 1; e.g. 1/2 or 0).")
@click.option("--option", "options", multiple=True, cls=ListedOption, listing=_options_help)
@click.option("--lang", type=click.Choice(list(LANGS)), default=DEFAULT, show_default=True,
              help="The event's language: messages, lists, standings, exports, printed sheets.")
def new(event: str, game: str, scheme: str | None, rounds: int, seed: int | None, name: str | None,
        date: str | None, bye_score: str | None, options: tuple[str, ...], lang: str) -> None:
    """Create an event file.

    Example: tourney new bonn.db --game 7wonders --name "Bonn Spielt 2018" --date 2018-03-18
    """
    from tourney.database import mask
    from tourney.events import create_event
    from tourney.games.registry import find_game

    set_language(lang)
    info = create_event(event, game=find_game(game), scheme=scheme, rounds=rounds,
                        seed=seed if seed is not None else secrets.randbelow(10**9), name=name, date=date,
                        bye_score=bye_score, lang=lang, options=options)
    played_with = sorted({o.strip().casefold() for o in options})
    click.echo(_("created {name!r} in {where}: {game}, scheme {scheme}, {rounds} rounds, seed {seed}").format(
        name=info.name, where=mask(event), game=info.game, scheme=info.scheme, rounds=info.rounds, seed=info.seed)
        + (_(", options: {options}").format(options=", ".join(played_with)) if played_with else ""))


# --- players -----------------------------------------------------------------------------
@cli.group()
def players() -> None:
    """Register, import, drop, rename, remove and list players."""


def _registered(done: Registration, typed: bool) -> None:
    """Print what registering did; exit 1 when a name was held back as similar (or, typed,
    was already registered)."""
    from tourney.names import printable

    def shown(names: tuple[str, ...]) -> str:
        return ", ".join(printable(n) for n in names)

    n = len(done.added)
    if n or not (done.reentered or done.known or done.held):
        if typed and n:
            click.echo(ngettext("registered {n} player from round {round}: {names}",
                                "registered {n} players from round {round}: {names}", n).format(
                n=n, round=done.first_round, names=shown(done.added)))
        else:
            click.echo(ngettext("registered {n} player from round {round}", "registered {n} players from round {round}",
                                n).format(n=n, round=done.first_round))
    if done.reentered:
        click.echo(_("re-entered from round {round}: {names}").format(round=done.first_round,
                                                                      names=shown(done.reentered)))
    if done.repeated:
        click.echo(_("given twice (registered once): {names}").format(names=shown(done.repeated)))
    problem = done.similar_message()
    if typed and done.known:
        known = "\n".join((_("{name!r} is already registered") if given == real else
                           _("{name!r} is already registered (as {registered!r})")).format(
            name=printable(given), registered=printable(real)) for given, real in done.known)
        problem = known if problem is None else f"{known}\n{problem}"
    elif done.known:
        click.echo(_("already registered: {names}").format(names=shown(tuple(real for _g, real in done.known))))
    if problem is not None:
        raise click.ClickException(problem)


@players.command("add")
@click.argument("event")
@click.argument("names", nargs=-1, required=True)
@click.option("--yes", is_flag=True, help="Register names that look like registered ones (e.g. 'Jan Mueller' "
                                          "next to 'Jan Müller') without asking.")
def players_add(event: str, names: tuple[str, ...], yes: bool) -> None:
    """Register players (late entries play from the next round); a dropped player re-enters.

    Example: tourney players add bonn.db "Anna Schmidt" "Ben Meyer"
    """
    from tourney.players import register

    _registered(register(_open(event), list(names), yes=yes), typed=True)


@players.command("import")
@click.argument("event")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--yes", is_flag=True, help="Register names that look like registered ones without asking.")
def players_import(event: str, file: str, yes: bool) -> None:
    """Register everyone in a CSV or XLSX roster with a 'name' column; names already
    registered are listed and skipped, so a grown roster can be imported again.

    Example: tourney players import bonn.db roster.csv
    """
    from tourney.players import read_roster, register

    _registered(register(_open(event), read_roster(file), yes=yes, reenter=False, source=file), typed=False)


@players.command("drop")
@click.argument("event")
@click.argument("name")
def players_drop(event: str, name: str) -> None:
    """Drop a player after the last round with results.

    Example: tourney players drop bonn.db "Ben Meyer"
    """
    from tourney.players import drop_player

    real, after = drop_player(_open(event), name)
    click.echo((_("dropped {name!r} after round {round}") if after else _("dropped {name!r} before round 1")).format(
        name=real, round=after))


@players.command("rename")
@click.argument("event")
@click.argument("old")
@click.argument("new")
def players_rename(event: str, old: str, new: str) -> None:
    """Fix a player's name everywhere (seating, results, standings; history keeps both).

    Example: tourney players rename bonn.db "Jan Mueller" "Jan Müller"
    """
    from tourney.players import rename_player

    was, now = rename_player(_open(event), old, new)
    click.echo(_("renamed {old!r} to {new!r}").format(old=was, new=now))


@players.command("remove")
@click.argument("event")
@click.argument("name")
def players_remove(event: str, name: str) -> None:
    """Remove a mis-registered player who has no results (else use 'players drop').

    Example: tourney players remove bonn.db "Jan Mueller"
    """
    from tourney.players import remove_player

    gone, rounds = remove_player(_open(event), name)
    click.echo(_("removed {name!r}").format(name=gone))
    for r in rounds:
        click.echo(_("round {round} was seated with them: re-seat it with 'tourney seat {event} --round {round}'")
                   .format(round=r, event=event))


@players.command("list")
@click.argument("event")
@output_format_option()
def players_list(event: str, fmt: str) -> None:
    """List registered players with their first round and drop.

    Example: tourney players list bonn.db
    """
    from tourney.views import players_view

    click.echo(players_view(_open(event), fmt), nl=False)


# --- seating -----------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), help="Seat (or re-seat) this round.")
@click.option("--all", "all_rounds", is_flag=True, help="Seat every round not seated yet.")
@click.option("--tables", help="Table plan: 'bonn', 'dm' (7 Wonders), 'even' (every game) or sizes like 5,5,4 "
                               "(default: the scheme's).")
@click.option("--cut", "cut", type=click.IntRange(2), help="Duel: pair the next top-cut round (top K of the "
                                                           "standings, single elimination).")
@click.option("--reprint", is_flag=True, help="Re-seat a round whose sheets were printed already (lists the "
                                              "tables that changed).")
def seat(event: str, round_no: int | None, all_rounds: bool, tables: str | None, cut: int | None,
         reprint: bool) -> None:
    """Seat the next round (or --round N, or --all) from the event's seed.

    7 Wonders: plans every round not yet printed so players rarely meet again; draws wonders
    and guilds. Duel events are paired instead: Swiss (after the previous round's results),
    round robin, or with --cut K a top cut.

    Example: tourney seat bonn.db --round 1
    """
    from tourney.games.registry import GAMES
    from tourney.seating import seat_rounds
    from tourney.views import event_pairings

    if round_no is not None and all_rounds:
        raise UsageError(_("use either --round N or --all, not both"))
    if cut is not None:
        if round_no is not None or all_rounds:
            raise UsageError(_("--cut pairs the next top-cut round: leave out --round and --all"))
        ev = _open(event)
        seated = [event_pairings(ev, _game(ev), "--cut", GAMES.values()).seat_cut(ev, cut)]
    else:
        ev = _open(event)
        seated = seat_rounds(ev, _game(ev), round_no, all_rounds, tables, reprint)
    for r in seated:
        sizes = "+".join(str(len(t)) for t in r.tables)
        click.echo(_("round {round}: {players} players at {tables} tables ({sizes})").format(
            round=r.round, players=sum(map(len, r.tables)), tables=len(r.tables), sizes=sizes))
        if r.changed is not None:
            which = ", ".join(map(str, r.changed)) or _("none")
            click.echo(_("round {round} was printed: tables changed: {tables}; print the round again and replace the "
                         "sheets of these tables").format(round=r.round, tables=which))


@cli.command()
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), help="Only this round.")
@output_format_option()
@click.option("--report", is_flag=True, help="Repeated opponents, neighbours and start seats against the lower bound.")
def seating(event: str, round_no: int | None, fmt: str, report: bool) -> None:
    """Show the seating: round, table, seat, player, wonder (and each round's draw).

    Example: tourney seating bonn.db --round 1
    """
    from tourney.seating import seating_report
    from tourney.views import seating_view

    ev = _open(event)
    if report:
        click.echo(seating_report(ev, _game(ev)))
        return
    click.echo(seating_view(ev, round_no, fmt), nl=False)
    if fmt == "table":
        click.echo(_game(ev).draws_view(ev, round_no), nl=False)


@cli.command()
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), required=True, help="The round to print.")
@click.option("-o", "--output", required=True, help="The workbook to write (sheets.xlsx), or score pads (pads.pdf).")
@lang_option("Language of the printed sheets (both import)")
@click.option("--url", "base_url", help="PDF: the live server's address; each pad gets a QR code to its table.")
@overwrite_options
def sheets(event: str, round_no: int, output: str, lang: str | None, base_url: str | None, force: bool,
           overwrite_results: bool) -> None:
    """Write printable score sheets for a round: one page per table and a list by name.

    The round's seating is then fixed. Filled in, the .xlsx file imports with 'tourney results
    import'; a .pdf file holds score pads to fill in by hand (Duel: match slips, four a page).

    Example: tourney sheets bonn.db --round 1 -o round1.xlsx
    """
    from tourney.printsheets import write_sheets

    ev = _open(event)  # first: a refusal of the output speaks the event's language
    _claim(output, force, overwrite_results, event)
    if output.lower().endswith(".pdf"):
        from tourney.pdf.event_docs import write_score_pads

        pdf = write_score_pads(ev, _game(ev).print_kit, round_no, output, lang or language(),
                               _qr_address(ev, base_url))
        click.echo(_wrote_pages(pdf.path, pdf.pages, round_no))
        return
    done = write_sheets(ev, _game(ev), round_no, output, lang or language())
    click.echo(_("wrote {path}: round {round}, {tables} tables, {players} players").format(
        path=done.path, round=done.round, tables=done.tables, players=done.players))


@cli.command()
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), help="This round (default: the last paired one).")
@click.option("--by", type=click.Choice(["table", "name"]), default="table", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("-o", "--output", help="Write pairings by table and by name plus one A4 match sheet per table "
                                     "(.xlsx), or the lists and match slips (.pdf) instead.")
@lang_option("Language of the written file")
@overwrite_options
def pairings(event: str, round_no: int | None, by: str, fmt: str, output: str | None, lang: str | None, force: bool,
             overwrite_results: bool) -> None:
    """Duel: show a round's pairings by table or by name, or print them with match sheets.

    Example: tourney pairings duel.db --by name
    """
    from tourney.games.registry import GAMES
    from tourney.views import event_pairings, pairings_view, write_pairings

    ev = _open(event)
    game = _game(ev)
    matches = event_pairings(ev, game, "'pairings'", GAMES.values())
    if output:
        _claim(output, force, overwrite_results, event)
    if output and output.lower().endswith(".pdf"):
        from tourney.pdf.event_docs import write_round_pdf

        pdf = write_round_pdf(ev, game.print_kit, round_no, output, lang or language())
        click.echo(_wrote_pages(pdf.path, pdf.pages))
    elif output:
        with use_language(lang or language()):
            path = write_pairings(ev, matches, round_no, output)
        click.echo(_("wrote {path}").format(path=path))
    else:
        click.echo(pairings_view(ev, matches, round_no, by, fmt), nl=False)


# --- sheets --------------------------------------------------------------------------------
@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--event", help="Also check against this event (players, seating, stored results).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lang_option("Language of the findings")
def check(files: tuple[str, ...], event: str | None, fmt: str, lang: str | None) -> None:
    """Verify score sheets against the rules; stores nothing. Exit 1 if any error.

    Example: tourney check round1.csv --event bonn.db
    """
    from tourney.games.registry import sheet_game
    from tourney.results import check_files, diagnose, report_lines

    ev = _open(event) if event else None
    if lang:
        set_language(lang)
    # Without an event, the header row tells the game.
    report = check_files(_game(ev) if ev is not None else sheet_game(files), list(files), ev)
    if fmt == "json":
        click.echo(json.dumps({"files": report.files, "tables": len(report.tables),
                               "errors": len(report.errors), "warnings": len(report.warnings),
                               "causes": [c.as_dict() for c in diagnose(report, ev)],
                               "findings": [f.as_dict() for f in report.findings]}, ensure_ascii=False, indent=2))
    else:
        for line in report_lines(report, ev):
            click.echo(line)
        click.echo(report.summary())
    if not report.ok:
        sys.exit(1)


@cli.group()
def results() -> None:
    """Import score sheets and show their history."""


@results.command("import")
@click.argument("event")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--register", is_flag=True, help="Register players not yet registered.")
@click.option("--correct", is_flag=True, help="Replace stored sheets (adds a new version).")
@click.option("--reason", help="Why a stored sheet is corrected (needed with --correct).")
@click.option("--by", "author", help="Who enters the sheets (default: the login name).")
def results_import(event: str, files: tuple[str, ...], register: bool, correct: bool, reason: str | None,
                   author: str | None) -> None:
    """Verify, then store, every sheet in the files in one transaction (all or nothing).

    Example: tourney results import bonn.db round1.csv
    """
    from tourney.refusals import ImportRefused
    from tourney.importing import import_results
    from tourney.results import report_lines

    ev = _open(event)
    try:
        summary = import_results(ev, _game(ev), list(files), register=register, correct=correct, reason=reason,
                                 author=author)
    except ImportRefused as refused:
        for line in report_lines(refused.report, ev):
            click.echo(line, err=True)
        click.echo(_("{summary}: nothing stored").format(summary=refused.report.summary()), err=True)
        sys.exit(1)
    for line in summary.lines():
        click.echo(line)


@results.command("history")
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), help="Only what concerns this round.")
@click.option("--player", help="Only what concerns this player.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def results_history(event: str, round_no: int | None, player: str | None, fmt: str) -> None:
    """Who changed what, when (local time): every change to the event, oldest first;
    corrections show old → new for each cell.

    Example: tourney results history bonn.db --round 2
    """
    from tourney.history import history, render

    click.echo(render(history(_open(event), round_no, player), fmt), nl=False)


# --- standings -----------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@click.option("--after-round", type=click.IntRange(1), help="Standings as they were after this round.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--cut", type=click.IntRange(1), help="Draw the qualification line under rank K (default: the event's).")
def standings(event: str, after_round: int | None, fmt: str, cut: int | None) -> None:
    """The ranking with every tiebreak column, games played and drops.

    Example: tourney standings bonn.db --format csv
    """
    from tourney.export import standings_text

    ev = _open(event)
    click.echo(standings_text(ev, _game(ev), after_round, fmt, cut), nl=False)


@cli.command()
@click.argument("event")
@click.argument("name")
@output_format_option()
def player(event: str, name: str, fmt: str) -> None:
    """One player's event: rounds, tables, seats, scores, places and points.

    The name may be typed loosely: case, accents and umlauts don't matter.

    Example: tourney player bonn.db "jurgen weiss"
    """
    from tourney.views import player_view

    ev = _open(event)
    click.echo(player_view(ev, _game(ev), name, fmt), nl=False)


@cli.command()
@click.argument("event")
@click.option("-o", "--output", required=True, help="standings.xlsx, .csv, .json, .html or .pdf")
@click.option("--after-round", type=click.IntRange(1), help="Standings as they were after this round.")
@lang_option("Language of headings and labels")
@click.option("--cut", type=click.IntRange(1), help="Draw the qualification line under rank K (default: the event's).")
@overwrite_options
def export(event: str, output: str, after_round: int | None, lang: str | None, cut: int | None, force: bool,
           overwrite_results: bool) -> None:
    """Write the standings workbook (.xlsx) or .csv / .json / .html / .pdf (A4 handout) by extension.

    Example: tourney export bonn.db -o standings.xlsx
    """
    from tourney.export import export_event

    ev = _open(event)
    _claim(output, force, overwrite_results, event)
    if output.lower().endswith(".pdf"):
        from tourney.pdf.event_docs import write_standings_pdf

        game = _game(ev)
        pdf = write_standings_pdf(ev, game.standings(ev, after_round), game.print_kit, output, after_round,
                                  lang or language(), cut)
        click.echo(_wrote_pages(pdf.path, pdf.pages))
        return
    with use_language(lang or language()):
        path = export_event(ev, _game(ev), output, after_round, cut)
    click.echo(_("wrote {path}").format(path=path))


@cli.command()
@click.option("--dir", "directory", default="demo-event", show_default=True, help="Folder for the demo files.")
@click.option("--game", help="Only this game's example (default: every bundled example).")
@click.option("--brief", is_flag=True, help="One line per example instead of every step and the standings.")
def demo(directory: str, game: str | None, brief: bool) -> None:
    """Run the bundled example events end to end and write their standings workbooks.

    Example: tourney demo --dir /tmp/demo --game ocw
    """
    from tourney.demo import run_all

    run_all(Path(directory), click.echo, game, brief)


# --- game records: verify and self-play (rules engine replay) -------------------------------
@cli.command("verify")
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(list(LANGS)), default=DEFAULT, show_default=True,
              help="Language of the report (no event is opened).")
def verify_command(records: tuple[str, ...], lang: str) -> None:
    """Replay recorded games (RECORD files) and report each game; exit 1 if any fails."""
    from tourney.records import verify_files

    set_language(lang)
    report = verify_files(list(records))
    for line in report.lines:
        click.echo(line)
    for message in report.errors:
        click.echo(_("error: {message}").format(message=message), err=True)
    if not report.ok:
        raise SystemExit(1)


@cli.command("selfplay")
@click.option("--game", required=True, help="Game to play: 7wonders or duel (or an alias such as 7wd).")
@click.option("--agora", is_flag=True, help="Play with the Agora expansion (Duel only).")
@click.option("--players", type=int, default=None, help="Players per game, 3 to 7 (7 Wonders only; default 5).")
@click.option("-n", "count", type=click.IntRange(min=0), default=1, show_default=True,
              help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed; the same seed gives the same games.")
@click.option("-o", "output", required=True, type=click.Path(dir_okay=False), help="Record file to write.")
@overwrite_options
def selfplay_command(game: str, agora: bool, players: int | None, count: int, seed: int, output: str, force: bool,
                     overwrite_results: bool) -> None:
    """Write N random legal games as records."""
    from rules_engine.registry import UnknownGameError
    from tourney.records import selfplay_file

    _claim(output, force, overwrite_results)
    options: dict[str, int | bool] = {"agora": True} if agora else {}
    if players is not None:
        options["players"] = players
    try:
        written = selfplay_file(game, count, seed, output, **options)
    except UnknownGameError as exc:
        raise click.UsageError(str(exc)) from None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(ngettext("wrote {n} game to {path}", "wrote {n} games to {path}", written).format(
        n=written, path=output))


# --- season (qualification report across events) -----------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True)
@click.option("--spots", type=click.IntRange(1), help="Qualification spots each event awards.")
@click.option("--aliases", "aliases_file", type=click.Path(dir_okay=False),
              help="CSV with 'alias,name' columns: other spellings of a player's name.")
@click.option("--ranking", is_flag=True, help="Add a points ranking across the events.")
@click.option("--points", help="Points per place for the ranking (default 10,8,6,5,4,3,2,1).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--section", type=click.Choice(["qualified", "pass-downs", "players", "ranking"]),
              help="The section --format csv prints (default: qualified).")
@click.option("-o", "--output", help="Write season.xlsx (or .csv / .json / .pdf) instead of printing.")
@click.option("--lang", type=click.Choice(list(LANGS)), default=DEFAULT, show_default=True,
              help="Language of the report.")
@overwrite_options
def season(events: tuple[str, ...], spots: int | None, aliases_file: str | None, ranking: bool,
           points: str | None, fmt: str, section: str | None, output: str | None, lang: str, force: bool,
           overwrite_results: bool) -> None:
    """Qualification report across qualifier events: spots, pass-downs, players.

    Example: tourney season koeln.db bonn.db --spots 3 -o season.xlsx
    """
    from tourney.season_export import render, season_report, write_report

    set_language(lang)  # no event is opened: the report's language is the one of its messages
    if output:
        _claim(output, force, overwrite_results, *events, aliases_file)
    from tourney.games.registry import workflow

    report = season_report(list(events), spots, aliases_file, ranking, points, workflow=workflow)
    if output and output.lower().endswith(".pdf"):
        from tourney.pdf.season_doc import write_season_pdf

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


# --- statistics -----------------------------------------------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True)
@click.option("-o", "--output", help="Write the report with its charts: stats.html, .xlsx or .pdf.")
@output_format_option()
@click.option("--section", help="Only this table (csv prints one table: the first unless named).")
def stats(events: tuple[str, ...], output: str | None, fmt: str, section: str | None) -> None:
    """Statistics of one event, or several (a season): wonders, seats, categories, scores,
    closest tables, victory types, players event by event; with charts in -o files.

    Example: tourney stats koeln.db bonn.db -o season-stats.html
    """
    from tourney.stats import render, stats_report, write_report

    from tourney.games.registry import workflow

    report = stats_report(list(events), workflow)
    set_language(report.lang)  # the event's, as `_open` sets it
    if output:
        path = write_report(report, output, events)
        click.echo(_("wrote {path}: {tables} tables, {charts} charts").format(
            path=path, tables=len(report.sections), charts=len(report.charts)))
    else:
        click.echo(render(report, fmt, section), nl=False)


def _qr_address(ev: Event, given: str | None) -> str | None:
    """The address the pads' QR codes link to: --url, else the event's (said in one line)."""
    from tourney.live import check_url, event_url

    if given:
        return check_url(given)
    stored = event_url(ev)
    if stored:
        click.echo(_("QR codes link to {url} (the event's server address; --url to use another)").format(url=stored))
    return stored


@cli.command("print")
@click.argument("event")
@click.option("--round", "round_no", type=click.IntRange(1), required=True, help="The round to print.")
@click.option("--what", default="seating", show_default=True,
              help="Comma-separated: seating (list by name), tables (by table), cards (table cards), pads.")
@click.option("-o", "--output", required=True, help="The PDF to write (print.pdf).")
@lang_option("Language")
@click.option("--url", "base_url", help="Pads: the live server's address, for a QR code per table.")
@overwrite_options
def print_command(event: str, round_no: int, what: str, output: str, lang: str | None, base_url: str | None,
                  force: bool, overwrite_results: bool) -> None:
    """Print a round's wall lists, table cards or score pads as one A4 PDF.

    Example: tourney print bonn.db --round 1 --what seating,cards -o round1-wall.pdf
    """
    from tourney.pdf.event_docs import write_print

    ev = _open(event)
    _claim(output, force, overwrite_results, event)
    kinds = [w.strip() for w in what.split(",") if w.strip()]
    pdf = write_print(ev, _game(ev).print_kit, round_no, kinds, output, lang or language(),
                      _qr_address(ev, base_url) if "pads" in kinds else base_url)
    click.echo(_wrote_pages(pdf.path, pdf.pages, round_no))


@cli.command("event")
@click.argument("event")
@click.option("--name", help="New event name.")
@click.option("--date", help="New event date, YYYY-MM-DD.")
@click.option("--rounds", type=click.IntRange(1, 99), help="New number of rounds.")
@click.option("--cut", type=click.IntRange(0), help="Qualification cut: the line under rank K in every standings "
                                                     "output (0 removes it).")
@click.option("--lang", type=click.Choice(list(LANGS)), help="New language of the event's messages and documents.")
@click.option("--url", help="The live server's address for QR codes and the poster (http://HOST:PORT; \"\" "
                            "removes it; default: the one 'tourney serve' announces).")
@click.option("--double-entry", type=click.Choice(["on", "off"]),
              help="Blind double entry on the live server: two desks type every sheet, a mismatch goes to the "
                   "organiser.")
@click.option("--option", "options_on", multiple=True, cls=ListedOption,
              listing=lambda: _options_help().replace("An optional rule", "Switch on an optional rule"))
@click.option("--no-option", "options_off", multiple=True,
              help="Switch an optional rule off (only before any result is stored).")
@click.option("--catalogue", metavar="FILE",
              help="Load the game's card list from a CSV or XLSX file, for a game whose cards no public source "
                   "lists (docs/onecardwonder.md, for example); \"\" removes it.")
def event_command(event: str, name: str | None, date: str | None, rounds: int | None, cut: int | None,
                  lang: str | None, url: str | None, double_entry: str | None, options_on: tuple[str, ...],
                  options_off: tuple[str, ...], catalogue: str | None) -> None:
    """Show the event's settings, or change its name, date, number of rounds, cut, language,
    server address, double entry, optional rules or card list.

    Example: tourney event bonn.db --date 2018-03-18 --cut 8 --lang de
    """
    from tourney.entry import double_entry as double_entry_on
    from tourney.events import loaded_catalogue, update_event
    from tourney.live import event_url
    from tourney.standings import event_cut

    ev = _open(event)
    flow = _game(ev)
    info = update_event(ev, name=name, date=date, rounds=rounds, cut=cut, lang=lang, url=url,
                        double_entry=None if double_entry is None else double_entry == "on",
                        options_on=options_on, options_off=options_off, catalogue=catalogue, game=flow)
    set_language(event_language(ev))
    k = event_cut(ev)
    settings = _("{name}: {game}, scheme {scheme}, {rounds} rounds, seed {seed}, date {date}, language {lang}").format(
        name=info.name, game=info.game, scheme=info.scheme, rounds=info.rounds, seed=info.seed,
        date=info.date or _("not set"), lang=language())
    address = event_url(ev)
    played_with = sorted(flow.event_options(ev))
    cards = loaded_catalogue(ev)
    click.echo(settings + (_(", cut after rank {rank}").format(rank=k) if k else "")
               + (_(", options: {options}").format(options=", ".join(played_with)) if played_with else "")
               + (_(", server address {url}").format(url=address) if address else "")
               + (_(", blind double entry") if double_entry_on(ev) else "")
               + (_(", {count} {what} from {file}").format(count=cards[1], what=_(flow.catalogue.what), file=cards[0])
                  if cards and flow.catalogue else ""))


@cli.command("copy")
@click.argument("source")
@click.argument("target")
def copy_command(source: str, target: str) -> None:
    """Copy a whole event between a file and a database (either way), with every result version
    and the history. TARGET must not hold that event yet.

    Example: tourney copy bonn.db "postgresql://tourney@db.example.org/season?event=bonn-2026"
    """
    from tourney.database import mask
    from tourney.store import copy_event

    copied = copy_event(_open(source), target)
    info = copied.info()
    click.echo(_("copied {name!r} from {source} to {target}: {players} players, {versions} result versions, "
                 "{entries} history entries").format(
        name=info.name, source=mask(source), target=copied.location, players=len(copied.players()),
        versions=len(copied.result_versions()), entries=len(copied.history())))


def main() -> None:
    cli(prog_name="tourney")


# --- live server and its desks ------------------------------------------------------------
@cli.command()
@click.argument("event")
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (0.0.0.0: the hall's LAN).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--lang", type=click.Choice(["en", "de"]), help="Page language (default: the event's, else en).")
@click.option("--cut", type=click.IntRange(1), help="Draw the cut line under this rank on the standings.")
@click.option("--poster", help="Also write a printable poster with the QR code (poster.html).")
@overwrite_options
def serve(event: str, host: str, port: int, lang: str | None, cut: int | None, poster: str | None, force: bool,
          overwrite_results: bool) -> None:
    """Serve the event live: player pages, desks for results, JSON API.

    Example: tourney serve bonn.db --port 8000
    """
    from tourney.server.run import serve as run_server

    if poster:
        _claim(poster, force, overwrite_results, event)
    run_server(event, host=host, port=port, lang=lang, cut=cut, poster=poster, echo=click.echo)


@cli.group()
def desk() -> None:
    """Desks that type results on the live server: add (prints a token), list, remove."""


@desk.command("add")
@click.argument("event")
@click.argument("name")
@click.option("--organiser", is_flag=True, help="This desk may also seat, publish and print rounds.")
def desk_add(event: str, name: str, organiser: bool) -> None:
    """Add a desk and print its login token (shown only now).

    Example: tourney desk add bonn.db "Desk 1"
    """
    from tourney.store import add_desk

    ev = _open(event)
    with ev.transaction() as conn:
        token = add_desk(conn, name, organiser=organiser)
    click.echo(_("desk {name!r} token: {token}").format(name=" ".join(name.split()), token=token))


@desk.command("list")
@click.argument("event")
def desk_list(event: str) -> None:
    """List the desks (never their tokens).

    Example: tourney desk list bonn.db
    """
    from tourney.store import desks

    for d in desks(_open(event)):
        line = _("{name}  (organiser)  added {at}") if d.organiser else _("{name}  added {at}")
        click.echo(line.format(name=d.name, at=d.created_at))


@desk.command("remove")
@click.argument("event")
@click.argument("name")
def desk_remove(event: str, name: str) -> None:
    """Remove a desk: its token stops working at once.

    Example: tourney desk remove bonn.db "Desk 1"
    """
    from tourney.store import remove_desk

    ev = _open(event)
    with ev.transaction() as conn:
        removed = remove_desk(conn, name)
    click.echo(_("removed desk {name!r}").format(name=removed))
