"""The PGN-like text shared by every game's records: `[Name "value"]` tag lines, then a body.

`split_records` streams a file one raw record at a time; each game module parses the tags
and body of a `RawRecord` itself (one reader, several games).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import IO, Iterable, Iterator

#: A tag line, ``[Name "value"]``; in the value ``\"`` is a quote and ``\\`` a backslash.
TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_INT = re.compile(r"-?\d+")


class RecordSyntaxError(ValueError):
    """A record that cannot be read; `line` is the 1-based line number in the input."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class RawRecord:
    """One record as text: where it starts, its tags (name, unescaped value, line) and its
    body lines (line, text without the line end; blank lines included)."""

    start_line: int
    tags: tuple[tuple[str, str, int], ...]
    body: tuple[tuple[int, str], ...]


def unescape(s: str) -> str:
    """A tag value as written between the quotes -> the value."""
    return s.replace('\\"', '"').replace("\\\\", "\\")


def escape(s: str) -> str:
    """A value -> the text to write between a tag's quotes."""
    return s.replace("\\", "\\\\").replace('"', '\\"')


def split_records(handle: IO[str], example_tag: str = '[Event "..."]') -> Iterator[RawRecord]:
    """Yield the raw records in `handle` one at a time; raise RecordSyntaxError on a bad tag line
    or on text before the first record's tags (`example_tag` is the tag suggested then).

    A record is its tag lines, then every line up to the next line starting with ``[``. That
    line always opens the next record's header, with or without a blank line before it: the
    Duel reader has always accepted games written back to back, no body line of either game
    starts with ``[``, and a malformed tag there is reported as a bad tag line at its own
    line instead of being read as a move.
    """
    tags: list[tuple[str, str, int]] = []
    body: list[tuple[int, str]] = []
    start = 0
    in_body = False
    for lineno, raw in enumerate(handle, 1):
        line = raw.rstrip("\r\n")
        if line.startswith("["):
            if in_body:
                # Yield before checking the new tag line, so a bad next record does not hide this one.
                yield RawRecord(start, tuple(tags), tuple(body))
                tags, body, in_body = [], [], False
            if not tags:
                start = lineno
            m = TAG.match(line.strip())
            if not m:
                raise RecordSyntaxError(f'bad tag line {line!r}: write [Name "value"]', lineno)
            tags.append((m.group(1), unescape(m.group(2)), lineno))
        elif tags:
            in_body = True
            body.append((lineno, line))
        elif line.strip():
            raise RecordSyntaxError(f"expected a tag line like {example_tag}, got {line!r}", lineno)
    if tags:
        yield RawRecord(start, tuple(tags), tuple(body))


def parse_counts(value: str, keys: tuple[str, ...], line: int) -> dict[str, int]:
    """A score-sheet tag value, ``key=number`` items separated by spaces -> {key: number}."""
    got = {}
    for item in value.split():
        k, sep, v = item.partition("=")
        if not sep or k not in keys or not _INT.fullmatch(v):
            raise RecordSyntaxError(f"bad sheet entry {item!r}: write key=number with keys "
                                    f"{', '.join(keys)}", line)
        got[k] = int(v)
    return got


def write_tags(pairs: Iterable[tuple[str, str]], handle: IO[str]) -> None:
    """Write one ``[Name "value"]`` line per (name, value) pair, escaping the value."""
    for name, value in pairs:
        handle.write(f'[{name} "{escape(value)}"]\n')
