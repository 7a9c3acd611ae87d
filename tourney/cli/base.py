"""What every command shares: the click group that turns library errors into messages, the
event opened at the edge with its game, and the common options."""
from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from tourney import __version__
from tourney.core.errors import TourneyError, UsageError
from tourney.core.output import FORMATS
from tourney.core.sql import OperationalError
from tourney.core.i18n import (
    LANGS,
    N_,
    UnknownLanguage,
    _,
    event_language,
    language,
    ngettext,
    set_language,
    system_language,
    use_language,
    user_language,
)
from tourney.cli.speech import HelpOption, TranslatedHelp, help_option, option

if TYPE_CHECKING:
    from tourney.core.sheetio import SheetFormat
    from tourney.games.base import Workflow
    from tourney.core.store import Event


_F = TypeVar("_F", bound=Callable[..., Any])


class Refused(click.ClickException):
    """A refusal in the language spoken when it happened: "Fehler: …" in a German event."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.prefix = _("Error:")

    def show(self, file: Any = None) -> None:
        click.echo(f"{self.prefix} {self.format_message()}", file=file, err=True)


class WrongUsage(click.UsageError):
    """A usage mistake, with the command's usage line and help hint in the language spoken."""

    def __init__(self, message: str, ctx: click.Context | None) -> None:
        super().__init__(message, ctx)
        self.prefix = _("Error:")
        self.usage = _("Usage:")
        self.hint = _("Try '{command}' for help.")

    def show(self, file: Any = None) -> None:
        if self.ctx is not None:
            pieces = " ".join(self.ctx.command.collect_usage_pieces(self.ctx))
            click.echo(f"{self.usage} {self.ctx.command_path} {pieces}", file=file, err=True)
            help_option = next(iter(self.ctx.help_option_names), "--help")
            click.echo(self.hint.format(command=f"{self.ctx.command_path} {help_option}"), file=file, err=True)
            click.echo("", file=file, err=True)
        click.echo(f"{self.prefix} {self.format_message()}", file=file, err=True)


class TourneyCommand(TranslatedHelp, click.Command):
    """A command whose usage mistakes show its own usage line (`tourney standings [OPTIONS] EVENT`),
    and whose help (its docstring) is said in the current language."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return help_option(super().get_help_option(ctx))

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            raise WrongUsage(str(exc), ctx) from None


class TourneyGroup(TranslatedHelp, click.Group):
    """Turns library errors into click errors: the message, exit 1; usage errors exit 2.
    Each is said in the language spoken when it happened: the user's (`--lang`, TOURNEY_LANG or
    the system's, decided before click reads the arguments), the event's once it is open."""

    command_class = TourneyCommand
    group_class = type  # command groups (`tourney players …`) are TourneyGroups too

    def main(self, args: Sequence[str] | None = None, *more: Any, **options: Any) -> Any:
        argv = sys.argv[1:] if args is None else list(args)
        try:
            lang = user_language(argv, os.environ)
        except UnknownLanguage as exc:
            with use_language(system_language(os.environ)):
                click.echo(" ".join((_("Error:"), _("TOURNEY_LANG={value}: tourney speaks {langs}; set one of them, "
                                                    "or unset it for the system's language").format(
                    value=exc, langs=", ".join(LANGS)))), err=True)
            sys.exit(2)
        with use_language(lang):
            return super().main(argv, *more, **options)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return help_option(super().get_help_option(ctx))

    def invoke(self, ctx: click.Context) -> object:
        with use_language(language()):  # the user's, until the command opens its event (`open_event`)
            try:
                return super().invoke(ctx)
            except UsageError as exc:
                raise WrongUsage(str(exc), ctx) from None
            except click.UsageError as exc:  # click's own (a missing argument, an unknown option)
                if isinstance(exc, WrongUsage):
                    raise
                raise WrongUsage(exc.format_message(), exc.ctx) from None
            except TourneyError as exc:
                raise Refused(str(exc)) from None
            except click.ClickException as exc:
                if isinstance(exc, Refused):
                    raise
                raise Refused(exc.format_message()) from None
            except OperationalError as exc:
                raise Refused(_("the event database refused the change ({reason}): nothing was changed; "
                                "try again, or check the file").format(reason=exc.orig)) from None


class ListedOption(HelpOption):
    """An option whose help lists what the registry holds (games, schemes), built only when
    help is shown: the game packages load lazily."""

    def __init__(self, *args: Any, listing: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.listing = listing

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = self.listing()
        return super().get_help_record(ctx)


def games_help() -> str:
    from tourney.games.registry import GAMES

    return "; ".join(g.name + (_(" (aliases: {aliases})").format(aliases=", ".join(g.aliases)) if g.aliases else "")
                     for g in GAMES) + "."


def options_help() -> str:
    from tourney.games.registry import all_games

    listed = "; ".join(f"{g.name}: " + ", ".join(f"{o.name} ({_(o.note)})" for o in g.options)
                       for g in all_games().values() if g.options)
    return _("An optional rule the game is played with, repeatable: {listed}.").format(listed=listed)


def schemes_help() -> str:
    from tourney.games.registry import scheme_help

    return _("Scoring preset: {schemes}.").format(schemes=scheme_help())


class Program:
    """The context object of the installed `tourney` program (`main`): the command runs as
    the whole process, not inside a test or another program calling `cli`."""


def end_program(code: object) -> NoReturn:
    """End the `tourney` program with `code` (as `sys.exit` takes it) without Python's teardown:
    freeing every object one by one took 0.1-0.2 s of `stats`, and 0.3-0.5 s of checking 6,719
    tables in `make bench` (its report, over half a million objects, among them: `end_process`);
    the operating system drops them at once. First what teardown must not skip: the standard
    streams are flushed and the functions registered for the exit run, among them the
    finalizers that close the databases still open (`tourney.core.sql`: SQLite folds its
    write-ahead log back into the event file). With another thread still at work (one Python
    would wait for), the program ends the usual way."""
    number = 0 if code is None else code if isinstance(code, int) else 1
    if not isinstance(code, (int, type(None))):
        print(code, file=sys.stderr)  # as Python does with `sys.exit("message")`
    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(number)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # None: started without it (`>&-`)
                stream.flush()
    except OSError:  # a closed pipe (`tourney check … | head`): Python ends it its own way
        sys.exit(number)
    atexit._run_exitfuncs()
    os._exit(number)


def end_process(code: int) -> None:
    """`end_program` from inside a command, where it still holds its data: a big check's report
    is then never freed object by object. Only when the command runs as the `tourney` program;
    anywhere else (tests, scripts calling `cli`) it returns, and the command ends as usual."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and isinstance(ctx.find_root().obj, Program):
        end_program(code)


def open_event(path: str) -> Event:
    """Open the event; from now on the command speaks the event's language."""
    from tourney.core.store import Event

    event = Event.open(path)
    set_language(event_language(event))
    return event


def event_game(event: Event) -> Workflow:
    """The event's game: looked up here, at the edge, and handed to the library."""
    from tourney.games.registry import workflow

    return workflow(event.info().game)


def wrote_pages(path: object, pages: int, round_no: int | None = None) -> str:
    """The line after a PDF is written: where, which round, how many pages."""
    counted = ngettext("{pages} page", "{pages} pages", pages).format(pages=pages)
    if round_no is None:
        return _("wrote {path}: {pages}").format(path=path, pages=counted)
    return _("wrote {path}: round {round}, {pages}").format(path=path, round=round_no, pages=counted)


def lang_option(help_text: str) -> Callable[[_F], _F]:
    """`--lang` (one of `LANGS`): overrides the event's language for one document; `help_text`
    marked with `N_`."""
    return option("--lang", type=click.Choice(list(LANGS)), help=help_text)


def output_format_option(*formats: str, default: str = "table") -> Callable[[_F], _F]:
    """`--format table|csv|json` (or the `formats` given), passed to the command as `fmt`."""
    return option("--format", "fmt", type=click.Choice(list(formats or FORMATS)), default=default,
                  show_default=True, help=N_("Output format."))


def overwrite_options(command: Callable[..., None]) -> Callable[..., None]:
    """`--force` and `--overwrite-results` for a command that writes `-o FILE`."""
    command = option("--overwrite-results", is_flag=True,
                     help=N_("With --force: replace FILE even when it holds typed-in results."))(command)
    return option("--force", is_flag=True, help=N_("Replace FILE if it exists (never an input of the "
                                                   "command, nor typed-in results)."))(command)


def claim_output(output: str, force: bool, overwrite_results: bool, *inputs: str | None) -> None:
    """Refuse `-o output` before anything is built: an input, an existing file without --force."""
    from tourney.core.database import parse_location
    from tourney.core.outfile import claim

    files = [loc.path for loc in map(parse_location, filter(None, inputs)) if loc.path is not None]
    claim(output, force=force, overwrite_results=overwrite_results, inputs=files, sheet_formats=_score_sheets)


def _score_sheets() -> Iterable[SheetFormat]:
    """Every game's score sheet: what a file replaced with --force may be, filled in."""
    from tourney.games.registry import sheet_formats

    return sheet_formats().values()


def show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """`--version`: click's own says "version" in English whatever the language."""
    if value and not ctx.resilient_parsing:
        click.echo(_("{program}, version {version}").format(program="tourney", version=__version__))
        ctx.exit()


@click.group(cls=TourneyGroup)
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
        help=N_("Show the version and exit."))
def cli() -> None:
    """Run a board-game tournament: players, seating, score sheets, standings."""


def qr_address(ev: Event, given: str | None) -> str | None:
    """The address the pads' QR codes link to: --url, else the event's (said in one line)."""
    from tourney.event.live import check_url, event_url

    if given:
        return check_url(given)
    stored = event_url(ev)
    if stored:
        click.echo(_("QR codes link to {url} (the event's server address; --url to use another)").format(url=stored))
    return stored
