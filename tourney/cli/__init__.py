"""The `tourney` command line: parse arguments, call one library function, print.

User mistakes become a message and exit 1 (bad input) or 2 (bad usage), never a traceback.
One module per command group; importing them registers their commands on `cli`.
"""
from __future__ import annotations

from tourney.cli import event, live, players, records, reports, results, rounds  # noqa: F401  (they register)
from tourney.cli.base import Program, cli, end_program

__all__ = ["cli", "main"]


def main() -> None:
    try:
        cli(prog_name="tourney", obj=Program())
    except SystemExit as done:  # how click ends every command it ran
        end_program(done.code)
