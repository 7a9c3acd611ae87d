"""Game records for the CLI: find each file's game from its header, verify, self-play.

Game-agnostic: a record file names its game in the ``[Game "..."]`` tag of its first record
(a name, title or alias `rules_engine.find_records` knows); one game per file. The game's
`Ruleset` reads, replays and writes the records.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules_engine.recordtext import GAME_TAG, first_tag
from rules_engine.registry import UnknownGameError, find_records
from rules_engine.ruleset import RecordRuleset
from tourney.core.errors import RecordFileError
from tourney.core.findingtext import clause_text, finding_text, severity_text
from tourney.core.i18n import _, ngettext
from tourney.core.outfile import atomic


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


def detect_game(path: str | Path) -> RecordRuleset[Any, Any, Any]:
    """The ruleset of the record file at `path`, from its first record's Game tag."""
    try:
        with open(path, encoding="utf-8") as handle:
            found = first_tag(handle, GAME_TAG)
    except OSError as exc:
        raise RecordFileError(_("{file}: cannot read: {reason}").format(
            file=path, reason=(exc.strerror or str(exc)).lower())) from None
    except UnicodeDecodeError:
        raise RecordFileError(_not_text(path)) from None
    if found is None:
        raise RecordFileError(_('{file}:1: no [{tag} "..."] tag in the first record\'s header: add [{tag} "duel"] '
                                '(or another game name)').format(file=path, tag=GAME_TAG))
    value, lineno = found
    try:
        return find_records(value)
    except UnknownGameError as exc:
        raise RecordFileError(f"{path}:{lineno}: {exc}") from None  # the rules engine's words


def _not_text(path: str | Path) -> str:
    return _("{file}: not a text file (UTF-8 expected)").format(file=path)


def verify_files(paths: list[str]) -> VerifyReport:
    """Replay every record in `paths`; one line per game plus its findings. A game with syntax
    errors counts as a failed game; the file's other games are still verified."""
    lines: list[str] = []
    errors: list[str] = []
    games = passed = 0
    for path in paths:
        try:
            ruleset = detect_game(path)
            with open(path, encoding="utf-8") as handle:
                for record, verdict in ruleset.verify_records(handle):
                    games += 1
                    who = " - ".join(record.players) or "?"
                    lines.append(f"{path}:{record.line}: {who}: {clause_text(verdict.summary)}")
                    for f in verdict.findings:
                        lines.append(f"  {severity_text(f)} [{f.rule}] {finding_text(f)}")
                    passed += verdict.ok
        except RecordFileError as exc:
            errors.append(str(exc))
        except UnicodeDecodeError:
            errors.append(_not_text(path))
    summary = ngettext("{n} game: {ok} ok, {failed} failed", "{n} games: {ok} ok, {failed} failed", games).format(
        n=games, ok=passed, failed=games - passed)
    if errors:
        summary += ngettext(", {n} unreadable file", ", {n} unreadable files", len(errors)).format(n=len(errors))
    lines.append(summary)
    return VerifyReport(tuple(lines), tuple(errors), games, passed)


def selfplay_file(game: str, n: int, seed: int, path: str, **options: Any) -> int:
    """Write `n` random legal games of `game` to `path`; return how many were written."""
    ruleset = find_records(game)
    for key in options:
        if key not in ruleset.selfplay_options:
            flags = ", ".join(f"--{k} {v}".rstrip() for k, v in ruleset.selfplay_options.items()) or _("no options")
            raise ValueError(_("--{option} does not apply to {game} self-play: it takes {options}").format(
                option=key, game=ruleset.title, options=flags))
    records = list(ruleset.selfplay(n, seed, **options))
    with atomic(path) as tmp, open(tmp, "w", encoding="utf-8") as handle:
        ruleset.write_records(records, handle)
    return len(records)
