"""The `tourney` command line: parse arguments, call one library function, print."""
from __future__ import annotations

import click

from tourney import __version__


@click.group()
@click.version_option(__version__, prog_name="tourney")
def cli() -> None:
    """Run a board-game tournament: players, seating, score sheets, standings."""


# --- game records: verify and self-play (rules engine replay) -------------------------------
@cli.command("verify")
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False))
def verify_command(records: tuple[str, ...]) -> None:
    """Replay recorded games (RECORD files) and report each game; exit 1 if any fails."""
    from tourney.records import verify_files

    report = verify_files(list(records))
    for line in report.lines:
        click.echo(line)
    for message in report.errors:
        click.echo(f"error: {message}", err=True)
    if not report.ok:
        raise SystemExit(1)


@cli.command("selfplay")
@click.option("--game", required=True, help="Game to play: duel (or an alias such as 7wd).")
@click.option("--agora", is_flag=True, help="Play with the Agora expansion (Duel only).")
@click.option("-n", "count", type=click.IntRange(min=0), default=1, show_default=True,
              help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed; the same seed gives the same games.")
@click.option("-o", "output", required=True, type=click.Path(dir_okay=False), help="Record file to write.")
def selfplay_command(game: str, agora: bool, count: int, seed: int, output: str) -> None:
    """Write N random legal games as records."""
    from rules_engine.registry import UnknownGameError
    from tourney.records import selfplay_file

    options = {"agora": True} if agora else {}
    try:
        written = selfplay_file(game, count, seed, output, **options)
    except UnknownGameError as exc:
        raise click.UsageError(str(exc)) from None
    except (ValueError, TypeError) as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {output!r}: {exc.strerror.lower()}") from None
    click.echo(f"wrote {written} game{'s' if written != 1 else ''} to {output}")


def main() -> None:
    cli()
