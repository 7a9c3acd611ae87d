"""Findings: what a checker reports instead of raising (rule id, severity, message)."""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One problem found in a sheet or a record.

    `rule` is a stable id (e.g. ``"sum"``, ``"military.pairs"``) that tests, exports and
    documentation refer to; `player` names the player it concerns, if any.
    """

    rule: str
    severity: Severity
    message: str
    player: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def error(rule: str, message: str, player: str | None = None) -> Finding:
    return Finding(rule, Severity.ERROR, message, player)


def warning(rule: str, message: str, player: str | None = None) -> Finding:
    return Finding(rule, Severity.WARNING, message, player)


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


def warnings(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.WARNING]
