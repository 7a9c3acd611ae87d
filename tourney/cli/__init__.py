"""The `tourney` command line: parse arguments, call one library function, print.

User mistakes become a message and exit 1 (bad input) or 2 (bad usage), never a traceback.
One module per command group; importing them registers their commands on `cli`.
"""
from __future__ import annotations

from tourney.cli import event, live, players, records, reports, results, rounds  # noqa: F401  (they register)
from tourney.cli.base import Program, cli

__all__ = ["cli", "main"]


def main() -> None:
    cli(prog_name="tourney", obj=Program())
