"""The extraction method babel.cfg names for `tourney/cli` (`make messages`): the messages
Babel's Python extractor finds, and each command's docstring, which click shows as its help
(`tourney.cli.speech` translates it then). Not imported by the program.
"""
from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

#: A decorator call that makes a function a command: `@cli.command()`, `@players.group(...)`.
COMMAND_DECORATORS = ("command", "group")


def command_docstrings(source: bytes) -> Iterator[tuple[int, str]]:
    """(line, help) of every function declared a command in `source`, the help as click shows it."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef):
            continue
        declared = any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                       and d.func.attr in COMMAND_DECORATORS for d in node.decorator_list)
        doc = ast.get_docstring(node, clean=False)
        if declared and doc:
            yield node.body[0].lineno, inspect.cleandoc(doc)


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method: `extract_python`'s messages, then the commands' docstrings."""
    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]  # Babel's own types
    fileobj.seek(0)
    for line, text in command_docstrings(fileobj.read()):
        yield line, None, text, []
