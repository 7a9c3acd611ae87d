"""The `tourney` command line: parse arguments, call one library function, print.

User mistakes become a message and exit 1 (bad input) or 2 (bad usage), never a traceback.
One module per command group; importing them registers their commands on `cli`. A command
imports the library it runs inside its function (the rest of its module loads with every
command): `tourney --help` and `tourney check` load no database, spreadsheet, PDF, plotting or
web library (tests/edges/test_startup.py).
"""
from __future__ import annotations

import codecs
import io
import sys

from tourney.cli import event, hub, live, players, records, reports, results, rounds, scan  # noqa: F401  (they register)
from tourney.cli.base import Program, cli, end_program

__all__ = ["cli", "main"]


def tolerant_output() -> None:
    """Print a letter the output's code page lacks as "?" rather than end in a traceback: on
    Windows, output sent to a file or a pipe is in the ANSI code page (cp1252 has no "Ł")."""
    stream = sys.stdout
    if isinstance(stream, io.TextIOWrapper) and not codecs.lookup(stream.encoding).name.startswith("utf-"):
        stream.reconfigure(errors="replace")


def main() -> None:
    tolerant_output()
    try:
        cli(prog_name="tourney", obj=Program())
    except SystemExit as done:  # how click ends every command it ran
        end_program(done.code)
