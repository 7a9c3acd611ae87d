"""The statuses the event keeps, and the moves allowed between them, in one place: a players'
report, a table's sheet, a desk's held entry (blind double entry), a player's check-in. The
store changes a status only by a move listed here (`Moves.check`); any other is refused."""
from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from tourney.core.errors import TourneyError
from tourney.core.i18n import N_, _


class ReportStatus(enum.StrEnum):
    """A table's sheet as one of its players reported it (the reports table's status)."""

    WAITING = "waiting"  # for the other players' answers
    DISPUTED = "disputed"  # a player disputed it: the organiser decides
    ERRORS = "errors"  # it has rule errors: the organiser decides
    STORED = "stored"  # every player agreed: stored as the table's result
    ACCEPTED = "accepted"  # the organiser stored it (as reported, or edited)
    REPLACED = "replaced"  # by a newer report of the table
    DISCARDED = "discarded"  # by the organiser


class TableStatus(enum.StrEnum):
    """A table of a seated round, as its sheet stands (from the results, held entries and reports)."""

    OPEN = "open"  # nothing entered yet
    HELD = "held"  # a desk's entry waits for a second desk's (blind double entry)
    REPORTED = "reported"  # a players' report is open
    STORED = "stored"  # a version of its sheet is stored


class EntryStatus(enum.StrEnum):
    """A desk's entry held under blind double entry (the held_entries table)."""

    HELD = "held"  # waiting for a second desk's entry
    THIRD = "third"  # the two entries differ: a third desk's entry is asked for
    STORED = "stored"  # an equal entry came, or the organiser accepted one: the table is stored


class CheckIn(enum.StrEnum):
    """A player before round 1 of an event that asks players to check in."""

    EXPECTED = "expected"  # registered, not checked in yet
    CHECKED_IN = "checked in"  # on their phone with their code, or at a desk
    NO_SHOW = "no-show"  # not seated in round 1 for not checking in (plays again once checked in)


#: The words messages name the statuses by (the values stay English data).
WORDS = {
    ReportStatus.WAITING: N_("waiting"), ReportStatus.DISPUTED: N_("disputed"), ReportStatus.ERRORS: N_("rule errors"),
    ReportStatus.STORED: N_("stored"), ReportStatus.ACCEPTED: N_("accepted"), ReportStatus.REPLACED: N_("replaced"),
    ReportStatus.DISCARDED: N_("discarded"),
    TableStatus.OPEN: N_("open"), TableStatus.HELD: N_("held"), TableStatus.REPORTED: N_("reported"),
    TableStatus.STORED: N_("stored"),
    EntryStatus.HELD: N_("held"), EntryStatus.THIRD: N_("third entry wanted"), EntryStatus.STORED: N_("stored"),
    CheckIn.EXPECTED: N_("not checked in"), CheckIn.CHECKED_IN: N_("checked in"), CheckIn.NO_SHOW: N_("no-show"),
}

S = TypeVar("S", bound=enum.StrEnum)


class StatusRefused(TourneyError):
    """A status change the moves don't allow (the thing changed meanwhile, or a bug): nothing
    was changed."""


@dataclass(frozen=True)
class Moves(Generic[S]):
    """The statuses each status may change to; one not listed is final."""

    what: str  # what has the status ("report")
    allowed: Mapping[S, frozenset[S]]

    def allows(self, old: S, new: S) -> bool:
        return new in self.allowed.get(old, frozenset())

    def before(self, new: S) -> frozenset[S]:
        """The statuses from which `new` may be reached."""
        return frozenset(old for old, news in self.allowed.items() if new in news)

    def check(self, old: S | str, new: S, which: str) -> None:
        """Refuse (StatusRefused) to change `which` (a report, a table, … as messages name it)
        from `old` to `new` unless the moves allow it."""
        kind = type(new)
        known = old in set(kind.__members__.values())
        if not known or not self.allows(kind(old), new):
            raise StatusRefused(_("{which} is {old}: it can't become {new}").format(
                which=which, old=_(WORDS[kind(old)]) if known else str(old), new=_(WORDS[new])))


def moves(what: str, pairs: Iterable[tuple[S, Iterable[S]]]) -> Moves[S]:
    return Moves(what, {old: frozenset(news) for old, news in pairs})


_R = ReportStatus
#: A report waits for answers, then is stored, disputed or sent to the organiser for its rule
#: errors, replaced by a newer report, or decided by the organiser (accepted or discarded).
REPORT_MOVES = moves(N_("report"), (
    (_R.WAITING, (_R.DISPUTED, _R.ERRORS, _R.STORED, _R.ACCEPTED, _R.REPLACED, _R.DISCARDED)),
    (_R.DISPUTED, (_R.ACCEPTED, _R.DISCARDED)),
    (_R.ERRORS, (_R.ACCEPTED, _R.DISCARDED)),
))
#: Reports still to be decided: the table may not be reported anew while one is with the organiser.
OPEN_REPORTS = frozenset(REPORT_MOVES.allowed)
WITH_ORGANISER = frozenset({_R.DISPUTED, _R.ERRORS})

_T = TableStatus
#: A table is entered by a desk (held first under blind double entry) or reported by its players,
#: then stored; a stored table is corrected at a desk (stored again; a correction may be held
#: too), never reported again by its players, or its sheet removed (`tourney results remove`).
TABLE_MOVES = moves(N_("table"), (
    (_T.OPEN, (_T.HELD, _T.REPORTED, _T.STORED)),
    (_T.HELD, (_T.HELD, _T.REPORTED, _T.STORED)),
    (_T.REPORTED, (_T.REPORTED, _T.HELD, _T.STORED, _T.OPEN)),  # a newer report; a desk's; stored; discarded
    (_T.STORED, (_T.STORED, _T.HELD, _T.OPEN)),
))

_E = EntryStatus
ENTRY_MOVES = moves(N_("held entry"), (
    (_E.HELD, (_E.THIRD, _E.STORED)),
    (_E.THIRD, (_E.STORED,)),
))

_C = CheckIn
#: Checking in is once; a no-show who arrives after all checks in and plays again.
CHECK_IN_MOVES = moves(N_("player"), (
    (_C.EXPECTED, (_C.CHECKED_IN, _C.NO_SHOW)),
    (_C.NO_SHOW, (_C.CHECKED_IN,)),
))
