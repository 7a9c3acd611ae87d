"""The round clock and the organiser's announcements: what the projector shows large and every
player page shows above its content (`tourney clock`, `tourney announce`, the organiser's desk).

Both are event settings (the store's meta rows "clock" and "announcements"), so any server
process answers from the store and the command line beside a running server is seen by its
pages. Every change is one transaction that reads the state it changes, and asking twice is
harmless: starting a running clock again with the same minutes, pausing a paused clock, stopping
a stopped one or announcing a text that is shown already changes nothing and says so."""
from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tourney.core import store
from tourney.core.errors import TourneyError, UsageError
from tourney.core.i18n import _, ngettext

CLOCK_SETTING = "clock"
ANNOUNCEMENTS_SETTING = "announcements"
#: The round timer's setting before the clock (its end, UTC ISO): read as a running clock.
TIMER_SETTING = "timer_end"
MAX_MINUTES = 24 * 60
#: The longest announcement (characters): a line the projector shows in big type.
MAX_TEXT = 300

RUNNING, PAUSED, STOPPED = "running", "paused", "stopped"


def now() -> _dt.datetime:
    """The current moment (UTC, whole seconds); tests fix it."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0)


def _moment(text: str | None) -> _dt.datetime | None:
    if not text:
        return None
    try:
        moment = _dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=_dt.UTC)


@dataclass(frozen=True)
class Clock:
    """The round clock as stored: running until `ends_at`, paused with `left` seconds, or
    stopped. `minutes`: the length it was started with; `changes`: how often it was set (a
    desk's form sends the number it showed, so a click sent twice adds its minutes once)."""

    state: str = STOPPED
    minutes: int | None = None
    ends_at: _dt.datetime | None = None
    left: int | None = None
    changes: int = 0

    def seconds_left(self, at: _dt.datetime | None = None) -> int | None:
        """Seconds until time is up (0 once it is), None when stopped."""
        if self.state == PAUSED:
            return self.left
        if self.state == RUNNING and self.ends_at is not None:
            return max(0, int((self.ends_at - (at or now())).total_seconds()))
        return None

    def ran_out(self, at: _dt.datetime | None = None) -> bool:
        return self.state == RUNNING and self.seconds_left(at) == 0

    def stored(self) -> str:
        return json.dumps({"state": self.state, "minutes": self.minutes,
                           "ends_at": self.ends_at.isoformat() if self.ends_at else None,
                           "left": self.left, "changes": self.changes})

    def as_json(self) -> dict[str, Any]:
        """The clock for the pages and the API: `ends_at` (UTC ISO) while running, `left`
        (seconds) while paused."""
        return {"state": self.state, "minutes": self.minutes,
                "ends_at": self.ends_at.isoformat() if self.ends_at and self.state == RUNNING else None,
                "left": self.left if self.state == PAUSED else None, "changes": self.changes}


def _read_clock(raw: str | None, timer_end: str | None) -> Clock:
    if raw:
        try:
            d = json.loads(raw)
            if d["state"] not in (RUNNING, PAUSED):
                return Clock(changes=int(d.get("changes", 0)))
            return Clock(d["state"], d.get("minutes"), _moment(d.get("ends_at")), d.get("left"),
                         int(d.get("changes", 0)))
        except (ValueError, KeyError, TypeError):
            return Clock()
    ends = _moment(timer_end)
    return Clock(RUNNING, None, ends) if ends else Clock()


def clock_in(conn: store.Connection) -> Clock:
    """The clock as the transaction sees it."""
    return _read_clock(store.setting_in(conn, CLOCK_SETTING), store.setting_in(conn, TIMER_SETTING))


def read_clock(event: store.Event) -> Clock:
    """The clock as stored now."""
    return _read_clock(event.setting(CLOCK_SETTING), event.setting(TIMER_SETTING))


def _check_minutes(minutes: int, *, signed: bool = False) -> None:
    low = -MAX_MINUTES if signed else 1
    if not low <= minutes <= MAX_MINUTES or minutes == 0:
        raise UsageError((_("{minutes} minutes: give 1 to 1440 minutes to add, or -1 to -1440 to take off")
                          if signed else _("{minutes} minutes: give 1 to 1440 minutes")).format(minutes=minutes))


@dataclass(frozen=True)
class ClockChange:
    """What a clock command did: the clock `before` and `after` it, at the moment `at`;
    `changed` False when it was in that state already (nothing was written)."""

    action: str  # start, add, pause, resume, stop
    before: Clock
    after: Clock
    at: _dt.datetime
    changed: bool
    minutes: int = 0  # start: the length; add: the minutes added (negative: taken off)


def _change(event: store.Event, action: str, who: str, minutes: int,
            decide: Callable[[Clock, _dt.datetime], Clock | None]) -> ClockChange:
    """Read the clock, decide the new one (`decide(clock, at)` returns it, or None for no
    change) and store it with its history line, in one transaction."""
    with event.transaction() as conn:
        before, at = clock_in(conn), now()
        after = decide(before, at)
        if after is None:
            return ClockChange(action, before, before, at, False, minutes)
        after = Clock(after.state, after.minutes, after.ends_at, after.left, before.changes + 1)
        store.set_setting(conn, CLOCK_SETTING, after.stored())
        store.set_setting(conn, TIMER_SETTING, None)  # the round timer's, replaced by the clock
        store.log(conn, f"clock.{action}", _params(action, after, at, minutes), who)
    return ClockChange(action, before, after, at, True, minutes)


def _params(action: str, after: Clock, at: _dt.datetime, minutes: int) -> dict[str, object]:
    """The history entry's parameters (`tourney.event.history` says them)."""
    left = mmss(after.seconds_left(at) or 0)
    if action == "start":
        return {"minutes": minutes}
    if action == "add":
        return {"minutes": abs(minutes), "left": left, **({"off": True} if minutes < 0 else {})}
    if action in ("pause", "resume"):
        return {"left": left}
    return {}


def start_clock(event: store.Event, minutes: int, who: str) -> ClockChange:
    """Start the clock at `minutes`. A clock running with these minutes (and time left) is left
    as it is: a start sent twice does not set it back."""
    _check_minutes(minutes)

    def decide(c: Clock, at: _dt.datetime) -> Clock | None:
        if c.state == RUNNING and c.minutes == minutes and not c.ran_out(at):
            return None
        return Clock(RUNNING, minutes, at + _dt.timedelta(minutes=minutes))

    return _change(event, "start", who, minutes, decide)


def add_minutes(event: store.Event, minutes: int, who: str, seen: int | None = None) -> ClockChange:
    """Add `minutes` to the running or paused clock (negative: take them off; time left never
    goes below 0; a clock that ran out runs again from now). `seen`: the clock's `changes` the
    caller showed; when it moved since, nothing is added (the same click arrived twice)."""
    _check_minutes(minutes, signed=True)

    def decide(c: Clock, at: _dt.datetime) -> Clock | None:
        if c.state == STOPPED:
            raise ClockStopped(_("no clock is running: start one with 'tourney clock {event} start MINUTES'")
                               .format(event=event.location))
        if seen is not None and seen != c.changes:
            return None
        if c.state == PAUSED:
            return Clock(PAUSED, c.minutes, None, max(0, (c.left or 0) + 60 * minutes))
        assert c.ends_at is not None
        return Clock(RUNNING, c.minutes, max(c.ends_at, at) + _dt.timedelta(minutes=minutes))

    return _change(event, "add", who, minutes, decide)


def pause_clock(event: store.Event, who: str) -> ClockChange:
    """Pause the running clock, keeping the time left."""
    def decide(c: Clock, at: _dt.datetime) -> Clock | None:
        if c.state == STOPPED:
            raise ClockStopped(_("no clock is running: start one with 'tourney clock {event} start MINUTES'")
                               .format(event=event.location))
        if c.state == PAUSED or c.ran_out(at):
            return None
        return Clock(PAUSED, c.minutes, None, c.seconds_left(at))

    return _change(event, "pause", who, 0, decide)


def resume_clock(event: store.Event, who: str) -> ClockChange:
    """Run the paused clock on from the time it had left."""
    def decide(c: Clock, at: _dt.datetime) -> Clock | None:
        if c.state == STOPPED:
            raise ClockStopped(_("no clock to resume: start one with 'tourney clock {event} start MINUTES'")
                               .format(event=event.location))
        if c.state == RUNNING:
            return None
        return Clock(RUNNING, c.minutes, at + _dt.timedelta(seconds=c.left or 0))

    return _change(event, "resume", who, 0, decide)


def stop_clock(event: store.Event, who: str) -> ClockChange:
    """Stop the clock: the pages show none."""
    def decide(c: Clock, at: _dt.datetime) -> Clock | None:
        return None if c.state == STOPPED else Clock()

    return _change(event, "stop", who, 0, decide)


class ClockStopped(TourneyError):
    """A clock command that needs a clock (add, pause, resume) while none is running."""


CLOCK_ACTIONS = ("start", "add", "pause", "resume", "stop")


def clock_action(event: store.Event, action: str, minutes: int | None, who: str,
                 seen: int | None = None) -> ClockChange:
    """One of `CLOCK_ACTIONS`: the command line's and the organiser desk's way in."""
    if action in ("start", "add"):
        if minutes is None:
            raise UsageError(_("'{action}' needs the minutes: e.g. 'tourney clock {event} {action} 50'").format(
                action=action, event=event.location))
        return start_clock(event, minutes, who) if action == "start" else add_minutes(event, minutes, who, seen)
    if minutes is not None:
        raise UsageError(_("'{action}' takes no minutes").format(action=action))
    if action == "pause":
        return pause_clock(event, who)
    if action == "resume":
        return resume_clock(event, who)
    if action == "stop":
        return stop_clock(event, who)
    raise UsageError(_("clock {action!r}: say start, add, pause, resume or stop").format(action=action))


# --- how the clock is said ---------------------------------------------------------------
def mmss(seconds: int) -> str:
    """Time left as the clock shows it: minutes:seconds (90:00, 4:05, 0:00)."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def local_hhmm(moment: _dt.datetime) -> str:
    """A moment as this computer's local time of day (14:32)."""
    return f"{moment.astimezone():%H:%M}"


def clock_status(c: Clock, at: _dt.datetime | None = None) -> str:
    """The clock in one line, in the current language."""
    at = at or now()
    if c.state == STOPPED:
        return _("no clock is running")
    left = mmss(c.seconds_left(at) or 0)
    if c.state == PAUSED:
        return _("the clock is paused: {left} left").format(left=left)
    if c.ran_out(at):
        return _("time is up (since {time})").format(time=local_hhmm(c.ends_at or at))
    return _("the clock runs: {left} left, ends at {time}").format(left=left, time=local_hhmm(c.ends_at or at))


def clock_said(done: ClockChange) -> str:
    """What a clock command did, in one line in the current language."""
    c, at = done.after, done.at
    left = mmss(c.seconds_left(at) or 0)
    ends = local_hhmm(c.ends_at) if c.ends_at else ""
    if done.action == "start":
        if not done.changed:
            return _("the clock runs already with {minutes} minutes: {left} left, ends at {time} (to start it "
                     "again, stop it first)").format(minutes=done.minutes, left=left, time=ends)
        return ngettext("clock started: {n} minute, ends at {time}", "clock started: {n} minutes, ends at {time}",
                        done.minutes).format(n=done.minutes, time=ends)
    if done.action == "add":
        if not done.changed:
            return _("the clock changed meanwhile: nothing added ({status})").format(status=clock_status(c, at))
        n = abs(done.minutes)
        said = (ngettext("{n} minute added", "{n} minutes added", n) if done.minutes > 0 else
                ngettext("{n} minute taken off", "{n} minutes taken off", n)).format(n=n)
        if c.state == PAUSED:
            return _("{done}: {left} left (paused)").format(done=said, left=left)
        return _("{done}: {left} left, ends at {time}").format(done=said, left=left, time=ends)
    if done.action == "pause":
        if done.before.ran_out(at):
            return _("time is up already: nothing to pause")
        if not done.changed:
            return _("the clock is paused already: {left} left").format(left=left)
        return _("clock paused: {left} left").format(left=left)
    if done.action == "resume":
        if not done.changed:
            return _("the clock runs already: {left} left, ends at {time}").format(left=left, time=ends)
        return _("clock running again: {left} left, ends at {time}").format(left=left, time=ends)
    return _("clock stopped") if done.changed else _("the clock is stopped already")


# --- announcements ------------------------------------------------------------------------
@dataclass(frozen=True)
class Announcement:
    text: str
    at: str  # UTC ISO

    def as_json(self) -> dict[str, str]:
        return {"text": self.text, "at": self.at}

    def time(self) -> str:
        """When it was announced, as this computer's local time of day (14:02)."""
        when = _moment(self.at)
        return local_hhmm(when) if when else self.at


def _read_announcements(raw: str | None) -> list[Announcement]:
    try:
        return [Announcement(str(a["text"]), str(a["at"])) for a in json.loads(raw or "[]")]
    except (ValueError, KeyError, TypeError):
        return []


def announcements(event: store.Event) -> list[Announcement]:
    """The announcements shown now, newest first."""
    return _read_announcements(event.setting(ANNOUNCEMENTS_SETTING))


def _store_announcements(conn: store.Connection, shown: list[Announcement]) -> None:
    store.set_setting(conn, ANNOUNCEMENTS_SETTING,
                      json.dumps([a.as_json() for a in shown], ensure_ascii=False) if shown else None)


def clean_text(text: str, event: str = "EVENT") -> str:
    """The organiser's text as shown: one line, spaces as typed but never doubled (`event`
    names the event in the example of the refusal of an empty text)."""
    clean = " ".join(text.split())
    if not clean:
        raise UsageError(_("the announcement is empty: give its text, e.g. 'tourney announce {event} \"Round 3 "
                           "starts at 14:00\"'").format(event=event))
    if len(clean) > MAX_TEXT:
        raise UsageError(_("the announcement has {n} characters: keep it to {max} (one line on the projector)")
                         .format(n=len(clean), max=MAX_TEXT))
    return clean


def announce(event: store.Event, text: str, who: str) -> tuple[Announcement, bool]:
    """Show `text` on every page and the projector (newest first). Returns the announcement
    and whether it is new: a text shown already is not shown twice."""
    clean = clean_text(text, event.location)
    with event.transaction() as conn:
        shown = _read_announcements(store.setting_in(conn, ANNOUNCEMENTS_SETTING))
        same = next((a for a in shown if a.text == clean), None)
        if same is not None:
            return same, False
        new = Announcement(clean, now().isoformat())
        _store_announcements(conn, [new, *shown])
        store.log(conn, "announce", {"text": clean}, who)
    return new, True


def clear_announcements(event: store.Event, who: str, text: str | None = None) -> list[Announcement]:
    """Take down the announcement saying `text`, or every one (`text` None); returns those
    taken down (none: nothing was shown, or nothing says `text`)."""
    clean = None if text is None else clean_text(text, event.location)
    with event.transaction() as conn:
        shown = _read_announcements(store.setting_in(conn, ANNOUNCEMENTS_SETTING))
        gone = [a for a in shown if clean is None or a.text == clean]
        if not gone:
            if clean is not None and shown:
                raise TourneyError(_("no announcement says {text!r}: shown are {shown}").format(
                    text=clean, shown=", ".join(repr(a.text) for a in shown)))
            return []
        _store_announcements(conn, [a for a in shown if a not in gone])
        store.log_all(conn, [("announce.clear", {"text": a.text}) for a in gone], who)
    return gone
