"""Errors a user can fix (exit 1 with the message), kept apart from programming errors; the
refusals of the event's use cases, which carry their report, are in `tourney.event.errors`."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rules_engine.findings import Finding, Text, error


class TourneyError(Exception):
    """A user-fixable problem: the message says what, where, and how to fix it."""


class EventError(TourneyError):
    """The event file is missing, unreadable, or of another schema version."""


class DiskFull(EventError):
    """A change was refused for want of disk space: nothing was changed; sent again once space
    is freed, it is taken (the live server answers 507 with `Retry-After`, not a refusal)."""

    def __init__(self, message: str, location: str) -> None:
        super().__init__(message)
        self.location = location


class RegistrationError(TourneyError):
    """A player name is unknown, duplicated or otherwise unusable."""


class SeatingError(TourneyError):
    """A round cannot be seated as asked."""


class SheetError(TourneyError):
    """A score-sheet file cannot be read (before any rule is checked).

    Raised with a message, or with an English template (`phrase(...)`, a findings `Text`):
    then the message is said in the current language and `text` keeps the template, so the
    file's finding (`finding()`) is English data shown in the organiser's language."""

    def __init__(self, message: str | Text) -> None:
        self.text = message if isinstance(message, Text) else None
        if isinstance(message, Text):
            from tourney.core.i18n import _

            message = message.render(_)
        super().__init__(message)

    def finding(self) -> Finding:
        """The error as a `file` finding."""
        if self.text is None:
            return error("file", str(self))
        return error("file", self.text.template, None, **dict(self.text.params))


class NothingToSeat(SeatingError):
    """Nothing is left to seat because the event is decided (its top cut's final is played): news
    for the organiser, not a mistake; the CLI says it and succeeds."""


class PlanError(SeatingError):
    """The players cannot be seated with the requested table plan."""


class PairingError(SeatingError):
    """A round cannot be paired as asked (user-fixable: too few players, search limit)."""


class SeasonError(TourneyError):
    """A user-fixable problem with the input of a season report."""


class AliasFileError(SeasonError):
    """The alias file is missing, unreadable or has a bad row."""


class TableError(SheetError):
    """A CSV file or a workbook cannot be read as a table (see `tourney.core.tabular`)."""


class NotATextTableError(TableError):
    """A .csv file that is not text in a known encoding (binary, DOS code page, a workbook)."""


class DamagedWorkbookError(TableError):
    """A workbook that is not sound (not a zip, bad XML, a bad cell; an .xls calamine refuses)."""


class TableLimitError(TableError):
    """A file, part, row, column or cell beyond the reader's hard limits."""


class TableLayoutError(TableError):
    """Rows that can't be trusted: mixed separators, a stray quote swallowing rows."""


class RecordFileError(TourneyError):
    """A game-record file that cannot be read: the message names the file and line."""


class UsageError(TourneyError):
    """An option combination makes no sense (exit 2)."""


class OutputError(TourneyError):
    """An output file cannot be written (missing folder, file open in Excel, no permission)."""


def write_failed(path: str | Path, reason: str | OSError) -> OutputError:
    """The error for a file that can't be written, with the system's reason and what to do."""
    from tourney.core.i18n import _

    if isinstance(reason, OSError):
        reason = (reason.strerror or str(reason)).lower()
    return OutputError(_("can't write {file!r} ({reason}): check that the folder exists and the file is not "
                         "open in another program, or choose another file name").format(file=str(path), reason=reason))


@contextmanager
def writing(path: str | Path) -> Iterator[Path]:
    """Turn an OSError while writing `path` into an OutputError that says how to fix it."""
    # A missing folder is found before anything is built (a half-written workbook is not left behind).
    if not Path(path).resolve().parent.is_dir():
        raise write_failed(path, "no such file or directory")
    try:
        yield Path(path)
    except OSError as exc:
        raise write_failed(path, exc) from None
