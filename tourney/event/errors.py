"""Refusals of the event's use cases, and what the caller shows with them: the check report of
sheets that were not stored, the version another desk stored first."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.core.errors import TourneyError
from tourney.core.i18n import _

if TYPE_CHECKING:
    from tourney.event.checking import CheckReport
    from tourney.core.store import TableResult


class ImportRefused(TourneyError):
    """Score sheets with errors: nothing was stored. Carries the report to print."""

    def __init__(self, report: CheckReport) -> None:
        super().__init__(report.summary())
        self.report = report


class VersionConflict(TourneyError):
    """Another desk stored this table since the caller saw it."""

    def __init__(self, round_no: int, table_no: int, expected: int | None, stored: TableResult | None, *,
                 ever_stored: bool = True):
        if stored:
            said = _("round {round}, table {table}: another desk stored version {version} since this page showed "
                     "the table: compare it with your entry below and save again")
        elif ever_stored:
            said = _("round {round}, table {table}: the stored sheet was removed since this page showed the table: "
                     "check your entry and save again")
        else:  # a version was given for a table that never had a sheet (a stale page of another event, a script)
            said = _("round {round}, table {table}: no sheet was ever stored, so there is no version {expected} to "
                     "replace: reload the page and save the entry as the table's first sheet")
        super().__init__(said.format(round=round_no, table=table_no, version=stored.version if stored else None,
                                     expected=expected))
        self.expected = expected
        self.stored = stored


class CodeRefused(TourneyError):
    """A player's name and personal code that do not belong together (the live server slows
    down the next try, as for a wrong desk token)."""


class NotOpen(TourneyError):
    """A player's request the event does not take now (check-in closed, or after round 1)."""


class AlreadyStored(NotOpen):
    """A table whose sheet is stored already: players no longer report it, a desk corrects it."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


class NotAtTable(TourneyError):
    """A player (name and code right) who does not play at the table they report or confirm."""


class NotFound(TourneyError):
    """A table of a round, or a report of a table, that is not there."""
