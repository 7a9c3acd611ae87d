"""The `tourney` command line: parse arguments, call one library function, print."""
from __future__ import annotations

import click

from tourney import __version__


@click.group()
@click.version_option(__version__, prog_name="tourney")
def cli() -> None:
    """Run a board-game tournament: players, seating, score sheets, standings."""


def main() -> None:
    cli()
