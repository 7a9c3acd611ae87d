"""`tourney results history`: the event's change log as a person would write it, in local
time with the UTC offset; corrections show old → new for every cell that changed."""
from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass

from tourney.core import store
from tourney.core.i18n import N_, _
from tourney.core.names import name_key
from tourney.event.drawproof import hide_seed, seed_proof

_TABLE = re.compile(r"^round (\d+), table (\d+), version (\d+) from (.*?)(?:: (.*))?$", re.DOTALL)
_ROUND = re.compile(r"^round (\d+)\b")
_SEED = re.compile(r",? seed '[^']*'")  # internal draw seeds: the event seed alone redraws them
_VERBS = {"new": "created", "players.add": "registered", "players.drop": "dropped", "seat": "seated",
          "sheets": "printed", "event": "changed the event:",
          "desk.add": "added", "desk.remove": "removed"}
# Actions whose detail starts with its own verb ("renamed 'A' to 'B'", "removed 'A'").
_SAYS_WHAT = frozenset({"players.rename", "players.remove"})
# The sentence for each detail the store writes (without the seed), in the current language:
# (action, the stored detail, the sentence). A detail no pattern reads (written by an older
# tourney) is shown as stored, after the English verb above.
_SENTENCES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple((action, re.compile(pattern, re.DOTALL), sentence)
                                                                  for action, pattern, sentence in (
    ("new", r"event (?P<event>.+): game (?P<game>\S+), scheme (?P<scheme>\S+), (?P<rounds>\d+) rounds, "
            r"seed (?P<seed>\S+)",
     N_("{who} created event {event}: game {game}, scheme {scheme}, {rounds} rounds, seed {seed}")),
    ("players.add", r"(?P<name>.+) from round (?P<round>\d+)", N_("{who} registered {name} from round {round}")),
    ("players.readd", r"(?P<name>.+) re-entered from round (?P<round>\d+)",
     N_("{who}: {name} re-entered from round {round}")),
    ("players.drop", r"(?P<name>.+) dropped after round (?P<round>\d+)",
     N_("{who} dropped {name} after round {round}")),
    ("players.rename", r"renamed (?P<old>.+) to (?P<new>.+)", N_("{who} renamed {old} to {new}")),
    ("players.codes", r"codes for (?P<n>\d+) players", N_("{who} handed out personal codes: {n}")),
    ("players.code", r"new code for (?P<name>.+)", N_("{who} gave {name} a new personal code")),
    ("players.checkin", r"(?P<name>.+) checked in \(code\)", N_("{name} checked in with their code")),
    ("players.checkin", r"(?P<name>.+) checked in \((?P<by>.+)\)", N_("{by} checked {name} in")),
    ("players.remove", r"removed (?P<name>.+) \(seated in round (?P<rounds>[\d, ]+): re-seat\)",
     N_("{who} removed {name} (seated in round {rounds}: re-seat)")),
    ("players.remove", r"removed (?P<name>.+)", N_("{who} removed {name}")),
    ("seat", r"round (?P<round>\d+): (?P<players>\d+) players at tables of (?P<sizes>[\d+]+)",
     N_("{who} seated round {round}: {players} players at tables of {sizes}")),
    ("seat", r"table plan (?P<plan>.+) for the rounds seated from now on",
     N_("{who} seated table plan {plan} for the rounds seated from now on")),
    ("seat", r"round (?P<round>\d+): Swiss pairing, (?P<matches>\d+) matches, bye (?P<bye>.+)",
     N_("{who} seated round {round}: Swiss pairing, {matches} matches, bye {bye}")),
    ("seat", r"round (?P<round>\d+): Swiss pairing, (?P<matches>\d+) matches",
     N_("{who} seated round {round}: Swiss pairing, {matches} matches")),
    ("seat", r"round (?P<round>\d+): round robin, (?P<matches>\d+) matches, bye (?P<bye>.+)",
     N_("{who} seated round {round}: round robin, {matches} matches, bye {bye}")),
    ("seat", r"round (?P<round>\d+): round robin, (?P<matches>\d+) matches",
     N_("{who} seated round {round}: round robin, {matches} matches")),
    ("seat", r"round (?P<round>\d+): top cut of (?P<size>\d+), (?P<matches>\d+) matches",
     N_("{who} seated round {round}: top cut of {size}, {matches} matches")),
    ("sheets", r"round (?P<round>\d+): (?P<n>\d+) score sheets written to (?P<file>.+)",
     N_("{who} printed round {round}: {n} score sheets written to {file}")),
    ("sheets", r"round (?P<round>\d+): score pads written to (?P<file>.+)",
     N_("{who} printed round {round}: score pads written to {file}")),
    ("event", r"(?P<changes>.+)", N_("{who} changed the event: {changes}")),
    ("settings", r"bye worth (?P<value>\S+) match points", N_("{who}: bye worth {value} match points")),
    ("desk.add", r"desk (?P<desk>.+) \(organiser\)", N_("{who} added desk {desk} (organiser)")),
    ("desk.add", r"desk (?P<desk>.+)", N_("{who} added desk {desk}")),
    ("desk.remove", r"desk (?P<desk>.+)", N_("{who} removed desk {desk}")),
    ("round.publish", r"round (?P<round>\d+) seating published", N_("{who}: round {round} seating published")),
    ("round.unpublish", r"round (?P<round>\d+) seating unpublished",
     N_("{who}: round {round} seating unpublished")),
    ("round.timer", r"timer (?P<minutes>\d+) minutes", N_("{who}: timer {minutes} minutes")),
    ("round.timer", r"timer stopped", N_("{who}: timer stopped")),
    ("clock.start", r"clock started: 1 minutes", N_("{who} started the clock: 1 minute")),
    ("clock.start", r"clock started: (?P<minutes>\d+) minutes", N_("{who} started the clock: {minutes} minutes")),
    ("clock.add", r"clock: 1 minutes added, (?P<left>[\d:]+) left",
     N_("{who} added 1 minute to the clock: {left} left")),
    ("clock.add", r"clock: (?P<minutes>\d+) minutes added, (?P<left>[\d:]+) left",
     N_("{who} added {minutes} minutes to the clock: {left} left")),
    ("clock.add", r"clock: 1 minutes taken off, (?P<left>[\d:]+) left",
     N_("{who} took 1 minute off the clock: {left} left")),
    ("clock.add", r"clock: (?P<minutes>\d+) minutes taken off, (?P<left>[\d:]+) left",
     N_("{who} took {minutes} minutes off the clock: {left} left")),
    ("clock.pause", r"clock paused: (?P<left>[\d:]+) left", N_("{who} paused the clock: {left} left")),
    ("clock.resume", r"clock resumed: (?P<left>[\d:]+) left", N_("{who} resumed the clock: {left} left")),
    ("clock.stop", r"clock stopped", N_("{who} stopped the clock")),
    # The organiser's own words, shown as typed (not translated).
    ("announce", r"announced: (?P<text>.+)", N_("{who} announced: {text}")),
    ("announce.clear", r"taken down: (?P<text>.+)", N_("{who} took down the announcement: {text}")),
    ("report.new", r"round (?P<round>\d+), table (?P<table>\d+): (?P<name>.+) reported the sheet "
                   r"\(report (?P<report>\d+)\)",
     N_("{name} reported the sheet of round {round}, table {table} (report {report})")),
    ("report.dispute", r"round (?P<round>\d+), table (?P<table>\d+): (?P<name>.+) disputed report (?P<report>\d+)",
     N_("{name} disputed report {report} of round {round}, table {table}: the organiser decides")),
    ("report.errors", r"round (?P<round>\d+), table (?P<table>\d+): report (?P<report>\d+) has rule errors: sent to "
                      r"the organiser",
     N_("report {report} of round {round}, table {table} has rule errors: sent to the organiser")),
    ("report.discard", r"round (?P<round>\d+), table (?P<table>\d+): report (?P<report>\d+) discarded",
     N_("{who} discarded report {report} of round {round}, table {table}")),
))
# A sheet the table's players reported (tourney.event.reports.source_of): "report by 'A'; confirmed
# by 'B', 'C'; disputed by 'D'; accepted by desk E" (or "edited by desk E").
_REPORT_PART = re.compile(r"(report|confirmed|disputed|accepted|edited) by (.+)", re.DOTALL)


#: How a desk's entries and actions name who did them in the store (data, in English).
DESK_AUTHOR = "desk "


def author_shown(author: str, translate: Callable[[str], str] = _) -> str:
    """Who stored or changed something, as a person reads it: a desk's "desk NAME" in their
    language ("Platz NAME"), anyone else as stored."""
    if author.startswith(DESK_AUTHOR):
        return translate(N_("desk {name}")).format(name=author.removeprefix(DESK_AUTHOR))
    return author


@dataclass(frozen=True)
class Change:
    """One cell a correction changed: `field` of `player` (or the player at `seat`)."""

    seat: int
    player: str
    field: str
    old: object
    new: object

    def render(self, label: Callable[[str], str] = str) -> str:
        """The change as the log says it; `label` names the field as the sheet heads it."""
        player = _("at seat {seat}").format(seat=self.seat) if self.player == _at_seat(self.seat) else self.player
        return f"{label(self.field)} {player} {_show(self.old)} → {_show(self.new)}"


def _at_seat(seat: int) -> str:
    """Change.player of a seat whose player changed (English in JSON: data; translated in text)."""
    return f"at seat {seat}"


@dataclass(frozen=True)
class Entry:
    at: str  # local time with the UTC offset
    who: str
    action: str
    text: str
    round: int | None = None
    table: int | None = None
    version: int | None = None
    reason: str | None = None
    changes: tuple[Change, ...] = ()


def _show(value: object) -> str:
    return _("(empty)") if value is None or value == "" else str(value)


def local_moment(stamp: str) -> _dt.datetime | None:
    """An ISO time stamp from the store (UTC) in local time; None when it is not one."""
    try:
        moment = _dt.datetime.fromisoformat(stamp)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.UTC)
    return moment.astimezone()


def local_time(stamp: str) -> str:
    """An ISO time stamp from the store (UTC) as local time with its offset, to the second."""
    local = local_moment(stamp)
    if local is None:
        return stamp
    offset = local.strftime("%z")
    return f"{local:%Y-%m-%d %H:%M:%S} {offset[:3]}:{offset[3:]}"


def cell_changes(old: store.TableResult, new: store.TableResult) -> tuple[Change, ...]:
    """Every cell that differs between two versions of one table, seat by seat."""
    before = {line.seat: line for line in old.lines}
    after = {line.seat: line for line in new.lines}
    out: list[Change] = []
    for seat in sorted(before.keys() | after.keys()):
        a, b = before.get(seat), after.get(seat)
        if a is None or b is None or name_key(a.player) != name_key(b.player):
            out.append(Change(seat, _at_seat(seat), "player", a.player if a else None, b.player if b else None))
            continue
        fields: dict[str, tuple[object, object]] = {"wonder": (a.wonder, b.wonder), "side": (a.side, b.side)}
        da = a.data if isinstance(a.data, dict) else {}
        db = b.data if isinstance(b.data, dict) else {}
        for key in list(da) + [k for k in db if k not in da]:
            fields[key] = (da.get(key), db.get(key))
        out += [Change(seat, b.player, f, x, y) for f, (x, y) in fields.items() if x != y]
    return tuple(out)


def history(event: store.Event, round_no: int | None = None, player: str | None = None,
            label: Callable[[str], str] = str) -> list[Entry]:
    """The change log, oldest first; only what concerns round `round_no` or `player` when given.
    A correction's cells are named by `label` (the sheet's header in the current language)."""
    versions = {(v.round, v.table, v.version): v for v in event.table_versions()}
    wanted = name_key(player) if player else None
    out: list[Entry] = []
    # An older tourney wrote the seed into its log lines: hidden until it is revealed.
    secret = None if seed_proof(event).seed is not None else event.info().seed
    for h in event.history():
        detail = h["detail"] if secret is None else hide_seed(h["detail"], secret)
        action, who = h["action"], author_shown(h["who"])
        entry = Entry(local_time(h["at"]), who, action, "")
        m = _TABLE.match(detail) if action.startswith("results.") else None
        if m:
            r, t, v = int(m[1]), int(m[2]), int(m[3])
            this, before = versions.get((r, t, v)), versions.get((r, t, v - 1))
            changes: tuple[Change, ...] = ()
            if action == "results.remove":
                reason = m[5] or (this.reason if this else None)
                text = _("{who} removed round {round}, table {table} (version {removed} stays in the history); "
                         "reason: {reason}").format(who=who, round=r, table=t, removed=v - 1, reason=reason)
            elif action == "results.correct":
                changes = cell_changes(before, this) if this and before else ()
                reason = m[5] or (this.reason if this else None)
                said = "; ".join(c.render(label) for c in changes) or _("no cell changed")
                text = (_("{who} corrected round {round}, table {table} (version {version}): {changes}; reason: "
                          "{reason}") if reason else
                        _("{who} corrected round {round}, table {table} (version {version}): {changes}")).format(
                    who=who, round=r, table=t, version=v, changes=said, reason=reason)
            else:
                reason = None
                text = _reported(who, r, t, m[4]) or _(
                    "{who} entered round {round}, table {table} from {source}").format(
                    who=who, round=r, table=t, source=m[4])
            entry = Entry(entry.at, who, action, text, r, t, v, reason, changes)
            names = {name_key(line.player) for x in (this, before) if x for line in x.lines}
        else:
            clean = _SEED.sub("", detail)
            verb = _VERBS.get(action)
            if action == "players.drop":
                clean = clean.replace(" dropped after", " after", 1)
            sentence = _sentence(action, _SEED.sub("", detail), who)
            if sentence is not None:
                text = sentence
            elif action in _SAYS_WHAT:
                text = f"{who} {clean}"
            else:
                text = f"{who} {verb} {clean}" if verb else f"{who}: {clean}"
            rm = _ROUND.match(clean)
            entry = Entry(entry.at, who, action, text, int(rm[1]) if rm else None)
            names = {name_key(n) for n in re.findall(r"'([^']*)'", clean)}
        if round_no is not None and entry.round != round_no:
            continue
        if wanted is not None and wanted not in names:
            continue
        out.append(entry)
    return out


def _reported(who: str, round_no: int, table: int, source: str) -> str | None:
    """The log line of a sheet stored from the players' report: who reported it, confirmed and
    disputed it, and the desk that accepted it (None: the source is not a report)."""
    parts: dict[str, str] = {}
    for part in source.split("; "):
        m = _REPORT_PART.fullmatch(part)
        if m is None:
            return None
        parts[m[1]] = m[2]
    if "report" not in parts:
        return None
    if "edited" in parts or "accepted" in parts:
        head = (_("{who} stored round {round}, table {table} as {reporter} reported it, edited") if "edited" in parts
                else _("{who} stored round {round}, table {table} as {reporter} reported it"))
    else:
        head = _("{who} reported round {round}, table {table}")
    said = [head.format(who=who, round=round_no, table=table, reporter=parts["report"])]
    said += [_("confirmed by {names}").format(names=parts["confirmed"])] if "confirmed" in parts else []
    said += [_("disputed by {names}").format(names=parts["disputed"])] if "disputed" in parts else []
    return "; ".join(said)


def _sentence(action: str, detail: str, who: str) -> str | None:
    """The log line of a stored detail in the current language, or None if no pattern reads it."""
    for act, pattern, sentence in _SENTENCES:
        m = pattern.fullmatch(detail) if act == action else None
        if m:
            return _(sentence).format(who=who, **m.groupdict())
    return None


def render(entries: list[Entry], fmt: str) -> str:
    """The log as lines (`text`) or JSON (`json`)."""
    if fmt == "json":
        return json.dumps([asdict(e) for e in entries], ensure_ascii=False, indent=2, default=str) + "\n"
    if not entries:
        return _("no changes") + "\n"
    return "".join(f"{e.at}  {e.text}\n" for e in entries)
