"""Game records for the CLI: find each file's game from its header, verify, self-play.

Game-agnostic: every rules module found by `rules_engine.find_ruleset` exposes
``read_records(handle)``, ``write_records(records, handle)``, ``replay(record) -> Verdict``
and ``selfplay(n, seed, **options)``. A record file names its game in the ``[Game "..."]``
tag of its first record (``duel``, ``7wonders`` or an alias); one game per file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules_engine.recordtext import TAG, unescape
from rules_engine.registry import UnknownGameError, find_ruleset, find_ruleset_info
from tourney.errors import writing


class RecordFileError(ValueError):
    """A record file that cannot be read: the message names the file and line."""


@dataclass(frozen=True)
class VerifyReport:
    """What `tourney verify` prints (`lines`) and whether every game passed (`ok`)."""

    lines: tuple[str, ...]
    errors: tuple[str, ...]
    games: int
    passed: int

    @property
    def ok(self) -> bool:
        return not self.errors and self.passed == self.games


_INTERFACE = ("read_records", "write_records", "replay", "selfplay")


def records_module(game: str):
    """The rules module of `game`, if it supports game records (else ValueError)."""
    module = find_ruleset(game)
    missing = [name for name in _INTERFACE if not hasattr(module, name)]
    if missing:
        raise ValueError(f"the {find_ruleset_info(game).title} rules have no game records yet "
                         f"(missing {', '.join(missing)})")
    return module


def detect_game(path: str | Path) -> str:
    """The ruleset name of the record file at `path`, from its first record's Game tag."""
    try:
        with open(path, encoding="utf-8") as handle:
            for lineno, line in enumerate(handle, 1):
                text = line.strip()
                if not text:
                    continue
                m = TAG.match(text)
                if not m:
                    break
                if m.group(1) == "Game":
                    try:
                        return find_ruleset_info(unescape(m.group(2))).name
                    except UnknownGameError as exc:
                        raise RecordFileError(f"{path}:{lineno}: {exc}") from None
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot read: {exc.strerror.lower()}") from None
    except UnicodeDecodeError:
        raise RecordFileError(f"{path}: not a text file (UTF-8 expected)") from None
    raise RecordFileError(f'{path}:1: no [Game "..."] tag in the first record\'s header: '
                          f'add [Game "duel"] (or another game name)')


def verify_files(paths: list[str]) -> VerifyReport:
    """Replay every record in `paths`; one line per game plus its findings."""
    lines: list[str] = []
    errors: list[str] = []
    games = passed = 0
    for path in paths:
        try:
            module = records_module(detect_game(path))
        except RecordFileError as exc:
            errors.append(str(exc))
            continue
        except ValueError as exc:
            errors.append(f"{path}: {exc}")
            continue
        try:
            with open(path, encoding="utf-8") as handle:
                for record in module.read_records(handle):
                    games += 1
                    verdict = module.replay(record)
                    who = " - ".join(record.players)
                    lines.append(f"{path}:{record.line}: {who}: {verdict.summary}")
                    for f in verdict.findings:
                        lines.append(f"  {f.severity.value} [{f.rule}] {f.message}")
                    passed += verdict.ok
        except UnicodeDecodeError:
            errors.append(f"{path}: not a text file (UTF-8 expected)")
        except ValueError as exc:
            line = getattr(exc, "line", None)
            where = f"{path}:{line}" if line else str(path)
            errors.append(f"{where}: {getattr(exc, 'message', exc)}")
    lines.append(f"{games} game{'s' if games != 1 else ''}: {passed} ok, {games - passed} failed"
                 + (f", {len(errors)} unreadable file{'s' if len(errors) != 1 else ''}" if errors else ""))
    return VerifyReport(tuple(lines), tuple(errors), games, passed)


#: Self-play options each game understands (the CLI flags map onto these).
SELFPLAY_OPTIONS = {"7wonders": {"players": "--players K (3-7)"}, "duel": {"agora": "--agora"}}


def selfplay_file(game: str, n: int, seed: int, path: str, **options) -> int:
    """Write `n` random legal games of `game` to `path`; return how many were written."""
    module = records_module(game)
    name = find_ruleset_info(game).name
    allowed = SELFPLAY_OPTIONS.get(name, {})
    for key in options:
        if key not in allowed:
            flags = ", ".join(allowed.values()) or "no options"
            raise ValueError(f"--{key} does not apply to {module.TITLE} self-play: it takes {flags}")
    records = list(module.selfplay(n, seed, **options))
    with writing(path), open(path, "w", encoding="utf-8") as handle:
        module.write_records(records, handle)
    return len(records)
