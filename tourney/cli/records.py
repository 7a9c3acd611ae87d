"""`tourney verify` and `selfplay`: recorded games replayed under the rules."""
from __future__ import annotations

import click

from tourney.core.i18n import (
    N_,
    DEFAULT,
    LANGS,
    _,
    ngettext,
    set_language,
)
from tourney.cli.base import claim_output, cli, overwrite_options
from tourney.cli.speech import option


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- game records: verify and self-play (rules engine replay) -------------------------------
@cli.command("verify")
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False))
@option("--lang", type=click.Choice(list(LANGS)), default=DEFAULT, show_default=True,
        help=N_("Language of the report (no event is opened)."))
def verify_command(records: tuple[str, ...], lang: str) -> None:
    """Replay recorded games (RECORD files) and report each game; exit 1 if any fails."""
    from tourney.event.records import verify_files

    set_language(lang)
    report = verify_files(list(records))
    for line in report.lines:
        click.echo(line)
    for message in report.errors:
        click.echo(_("error: {message}").format(message=message), err=True)
    if not report.ok:
        raise SystemExit(1)


@cli.command("selfplay")
@option("--game", required=True, help=N_("Game to play: 7wonders or duel (or an alias such as 7wd)."))
@option("--agora", is_flag=True, help=N_("Play with the Agora expansion (Duel only)."))
@option("--players", type=int, default=None, help=N_("Players per game, 3 to 7 (7 Wonders only; default 5)."))
@option("-n", "count", type=click.IntRange(min=0), default=1, show_default=True,
        help=N_("Number of games."))
@option("--seed", type=int, default=0, show_default=True, help=N_("Seed; the same seed gives the same games."))
@option("-o", "output", required=True, type=click.Path(dir_okay=False), help=N_("Record file to write."))
@overwrite_options
def selfplay_command(game: str, agora: bool, players: int | None, count: int, seed: int, output: str, force: bool,
                     overwrite_results: bool) -> None:
    """Write N random legal games as records."""
    from rules_engine.registry import UnknownGameError
    from tourney.event.records import selfplay_file

    claim_output(output, force, overwrite_results)
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
