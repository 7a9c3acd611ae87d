"""Errors a user can fix (exit 1 with the message), kept apart from programming errors."""


class TourneyError(Exception):
    """A user-fixable problem: the message says what, where, and how to fix it."""


class EventError(TourneyError):
    """The event file is missing, unreadable, or of another schema version."""


class RegistrationError(TourneyError):
    """A player name is unknown, duplicated or otherwise unusable."""


class SeatingError(TourneyError):
    """A round cannot be seated as asked."""


class SheetError(TourneyError):
    """A score-sheet file cannot be read (before any rule is checked)."""


class UsageError(TourneyError):
    """An option combination makes no sense (exit 2)."""
