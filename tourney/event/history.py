"""`tourney results history`: the event's change log as a person would write it, in the
reader's language, in local time with the UTC offset; corrections show old → new for every
cell that changed. The store keeps each entry as its action and parameters; the sentences an
older tourney stored are read by `tourney.event.legacylog`."""
from __future__ import annotations

import datetime as _dt
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from string import Formatter

from rules_engine.findings import Joined, Term, Text
from tourney.core import store
from tourney.core.findingtext import data_params
from tourney.core.i18n import N_, Nn_, _, ngettext
from tourney.core.names import name_key
from tourney.event.drawproof import HIDDEN, hide_seed, seed_proof
from tourney.event.legacylog import legacy_names, legacy_params, legacy_text

@dataclass(frozen=True)
class Sentence:
    """How an action with certain parameters (`tourney.core.store.log`) is said. Its parameters
    are its template's placeholders but {who}, and its `flags` (true values that pick it: a desk
    added as the organiser's); an entry's parameters pick exactly one sentence of its action."""

    action: str
    template: str  # English, in the catalogue
    flags: frozenset[str] = frozenset()
    plural: str | None = None  # `template` is then the singular, picked by the number `count`
    count: str = "minutes"

    @property
    def keys(self) -> frozenset[str]:
        fields = {name.split("!")[0].split(".")[0] for _lit, name, _spec, _conv in Formatter().parse(self.template)
                  if name}
        return frozenset(fields - {"who"}) | self.flags

    def say(self, values: dict[str, str], count: int) -> str:
        template = _(self.template) if self.plural is None else ngettext(self.template, self.plural, count)
        return template.format_map(values)


def _s(action: str, template: str, *more: str) -> Sentence:
    """A sentence; the plural form first in `more` when `template` comes from `Nn_`, then its flags."""
    plural = more[0] if more and "{" in more[0] else None
    return Sentence(action, template, frozenset(more[1:] if plural else more), plural)


SENTENCES: tuple[Sentence, ...] = (
    _s("new", N_("{who} created event {event}: game {game}, scheme {scheme}, {rounds} rounds, seed {seed}")),
    _s("players.add", N_("{who} registered {name} from round {round}")),
    _s("players.readd", N_("{who}: {name} re-entered from round {round}")),
    _s("players.drop", N_("{who} dropped {name} after round {round}")),
    _s("players.drop", N_("{who} left {name} out of round 1: not checked in"), "absent"),
    _s("players.drop", N_("{who} dropped {name} after round {round}: seated at table {table} of round {round}, "
                          "whose sheet counts with them")),
    _s("players.drop", N_("{who} moved the drop of {name} to after round {round}: seated at table {table} of round "
                          "{round}, whose sheet counts with them"), "moved"),
    _s("players.rename", N_("{who} renamed {old} to {new}")),
    _s("players.codes", N_("{who} handed out personal codes: {n}")),
    _s("players.code", N_("{who} gave {name} a new personal code")),
    _s("players.checkin", N_("{name} checked in with their code")),
    _s("players.checkin", N_("{by} checked {name} in")),
    _s("players.remove", N_("{who} removed {name} (seated in round {rounds}: re-seat)")),
    _s("players.remove", N_("{who} removed {name}")),
    _s("seat", N_("{who} seated round {round}: {players} players at tables of {sizes}")),
    _s("seat", N_("{who} seated table plan {plan} for the rounds seated from now on")),
    _s("seat", N_("{who} seated round {round}: {pairing}, {matches} matches, bye {bye}")),
    _s("seat", N_("{who} seated round {round}: {pairing}, {matches} matches")),
    _s("sheets", N_("{who} printed round {round}: {n} score sheets written to {file}")),
    _s("sheets", N_("{who} printed round {round}: score pads written to {file}"), "pads"),
    _s("sheets", N_("{who} printed round {round}: score pads printed to {file}"), "pads", "kit"),
    _s("sheets", N_("{who} printed round {round}: match sheets written to {file}"), "match_sheets"),
    _s("event", N_("{who} changed the event: {changes}")),
    _s("event", N_("{who} changed the event: {changes} (announced by tourney serve)"), "serve"),
    _s("event", N_("{who} revealed the draw seed"), "revealed"),
    _s("settings", N_("{who}: {note}")),
    _s("desk.add", N_("{who} added desk {desk}")),
    _s("desk.add", N_("{who} added desk {desk} (organiser)"), "organiser"),
    _s("desk.remove", N_("{who} removed desk {desk}")),
    _s("round.publish", N_("{who}: round {round} seating published")),
    _s("round.unpublish", N_("{who}: round {round} seating unpublished")),
    _s("round.timer", N_("{who}: timer {minutes} minutes")),
    _s("round.timer", N_("{who}: timer stopped"), "stopped"),
    _s("clock.start", *Nn_("{who} started the clock: {minutes} minute", "{who} started the clock: {minutes} minutes")),
    _s("clock.add", *Nn_("{who} added {minutes} minute to the clock: {left} left",
                         "{who} added {minutes} minutes to the clock: {left} left")),
    _s("clock.add", *Nn_("{who} took {minutes} minute off the clock: {left} left",
                         "{who} took {minutes} minutes off the clock: {left} left"), "off"),
    _s("clock.pause", N_("{who} paused the clock: {left} left")),
    _s("clock.resume", N_("{who} resumed the clock: {left} left")),
    _s("clock.stop", N_("{who} stopped the clock")),
    # The organiser's own words, shown as typed (not translated).
    _s("announce", N_("{who} announced: {text}")),
    _s("announce.clear", N_("{who} took down the announcement: {text}")),
    _s("report.new", N_("{name} reported the sheet of round {round}, table {table} (report {report})")),
    _s("report.dispute", N_("{name} disputed report {report} of round {round}, table {table}: the organiser decides")),
    _s("report.errors", N_("report {report} of round {round}, table {table} has rule errors: sent to the organiser")),
    _s("report.discard", N_("{who} discarded report {report} of round {round}, table {table}")),
    _s("results.hold", N_("{who}: round {round}, table {table}: entry held for a second entry")),
    _s("results.third", N_("{who} asked for a third entry of round {round}, table {table}")),
    _s("results.remove", N_("{who} removed round {round}, table {table} (version {removed} stays in the history); "
                            "reason: {reason}")),
)
#: Parameters that name something, shown quoted as the organiser typed them ('Anna').
_QUOTED = frozenset({"event", "name", "old", "new", "desk", "plan", "confirmed", "disputed"})
#: Parameters that name players (`history(player=…)` finds their entries).
_PLAYERS = frozenset({"name", "old", "new", "bye", "reporter", "confirmed", "disputed"})
#: Roster entries: their round is when a player joins or leaves, not what `--round` asks about.
_ROSTER = frozenset({"players.add", "players.readd", "players.drop"})
#: The result entries, said with the cells they changed (`_result_text`).
_RESULTS = frozenset({"results.import", "results.correct"})


#: How a desk's entries and actions name who did them in the store (data, in English).
DESK_AUTHOR = "desk "


def author_shown(author: str, translate: Callable[[str], str] = _) -> str:
    """Who stored or changed something, as a person reads it: a desk's "desk NAME" in their
    language ("Eingabeplatz NAME"; two desks of a double entry both), the tool's commands as
    the organiser, anyone else as stored."""
    if author == store.ORGANISER:
        return translate(N_("the organiser"))
    if " + " in author and all(a.startswith(DESK_AUTHOR) for a in author.split(" + ")):
        return " + ".join(author_shown(a, translate) for a in author.split(" + "))
    if author.startswith(DESK_AUTHOR):
        return translate(N_("desk {name}")).format(name=author.removeprefix(DESK_AUTHOR))
    return author


#: The source of a sheet typed twice and stored when both entries agreed (`entry.py`: data).
_DOUBLE = re.compile(r"double entry by (desk .+) and (desk .+)")


def source_shown(source: str) -> str:
    """Where a stored sheet came from, as a person reads it: a desk, a double entry by two
    desks, the organiser in the reader's language; a file's name as stored."""
    m = _DOUBLE.fullmatch(source)
    if m:
        return _("double entry by {first} and {second}").format(first=author_shown(m[1]),
                                                               second=author_shown(m[2]))
    return author_shown(source)


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
    #: What the store keeps: the action's parameters (JSON; for an entry an older tourney wrote,
    #: as read from its sentence, None if none reads it) and that sentence (English).
    params: dict[str, store.Json] | None = None
    detail: str | None = None


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
    """The change log, oldest first, in the current language; only what concerns round
    `round_no` or `player` when given. A correction's cells are named by `label` (the sheet's
    header in the current language)."""
    versions = {(v.round, v.table, v.version): v for v in event.table_versions()}
    wanted = name_key(player) if player else None
    out: list[Entry] = []
    # The seed is hidden until it is revealed (an older tourney wrote it into its log lines too).
    secret = None if seed_proof(event).seed is not None else event.info().seed
    for h in event.history():
        who = author_shown(h.who)
        params = _values(h.params) if h.params is not None else legacy_params(h.action, h.detail)
        if params is None:
            detail = h.detail if secret is None else hide_seed(h.detail, secret)
            rm = _ROUND.match(detail)
            entry = Entry(local_time(h.at), who, h.action, legacy_text(h.action, detail, who),
                          int(rm[1]) if rm else None, params=None, detail=h.detail)
            names = {name_key(n) for n in legacy_names(detail)}
        else:
            if secret is not None and "seed" in params:
                params["seed"] = HIDDEN
            entry, names = _entry(h, who, params, versions, label)
        if round_no is not None and entry.round != round_no:
            continue
        if wanted is not None and wanted not in names:
            continue
        out.append(entry)
    return out


_ROUND = re.compile(r"^round (\d+)\b")


def _values(data: Mapping[str, store.Json]) -> dict[str, object]:
    """Stored parameters with their words and clauses (`Term`, `Text`) as such."""
    return dict(data_params(data))


def _entry(h: store.LogEntry, who: str, params: dict[str, object],
           versions: Mapping[tuple[int, int, int], store.TableResult],
           label: Callable[[str], str]) -> tuple[Entry, set[str]]:
    """The entry of a stored action, and the name keys of the players it concerns."""
    r, t, v = (params.get(k) for k in ("round", "table", "version"))
    r, t, v = (x if isinstance(x, int) else None for x in (r, t, v))
    if h.action in _ROSTER:
        r = None
    names = {name_key(n) for key in _PLAYERS for n in _strings(params.get(key))}
    report = params.get("report")
    if isinstance(report, dict):
        names |= {name_key(n) for key in _PLAYERS for n in _strings(report.get(key))}
    removed = params.get("removed")
    if h.action == "results.remove" and r is not None and t is not None and isinstance(removed, int):
        gone = versions.get((r, t, removed))
        names |= {name_key(line.player) for line in gone.lines} if gone else set()
    changes: tuple[Change, ...] = ()
    reason = params.get("reason")
    if h.action in _RESULTS and r is not None and t is not None and v is not None:
        this, before = versions.get((r, t, v)), versions.get((r, t, v - 1))
        names |= {name_key(line.player) for x in (this, before) if x for line in x.lines}
        if h.action == "results.correct":
            changes = cell_changes(before, this) if this and before else ()
            if reason is None and this is not None and h.params is None:  # an older tourney's entry
                reason = this.reason
        text = _result_text(h.action, who, r, t, v, params, changes, reason, label)
    else:
        text = say(h.action, params, who)
    data = store.log_data(params)  # as stored, or read from an older tourney's sentence; the seed hidden
    entry = Entry(local_time(h.at), who, h.action, text, r, t, v, reason if isinstance(reason, str) else None,
                  changes, data, h.detail or None)
    return entry, names


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


def say(action: str, params: Mapping[str, object], who: str) -> str:
    """The sentence of an action with these parameters, in the current language (a stored
    entry no sentence says, written by a newer tourney: its action and data as they are)."""
    given = {k: v for k, v in params.items() if v is not None and v is not False}
    keys = frozenset(given)
    sentence = next((x for x in SENTENCES if x.action == action and x.keys == keys), None)
    if sentence is None:
        return f"{who}: {action} {json.dumps(store.log_data(given), ensure_ascii=False)}"
    values = {key: _shown(key, value) for key, value in given.items()}
    values["who"] = who
    if "by" in values:
        values["by"] = author_shown(str(given["by"]))
    if "changes" in given:
        values["changes"] = _changes(given["changes"])
    count = given.get(sentence.count)
    return sentence.say(values, count if isinstance(count, int) else 2)


def _shown(key: str, value: object) -> str:
    """A parameter as the sentence shows it, words and clauses in the current language."""
    if isinstance(value, Term):
        return _(value)
    if isinstance(value, (Text, Joined)):
        return value.render(_)
    if isinstance(value, list):
        return ", ".join(_shown(key, v) for v in value)
    if isinstance(value, str) and key in _QUOTED:
        return repr(value)
    return str(value)


#: The stored setting keys `tourney edit` and `tourney serve` change, as the history names them
#: (a key this list doesn't know, stored by a newer tourney, is shown as it is stored).
_SETTING_LABELS = {"date": N_("date"), "rounds": N_("rounds"), "cut": N_("cut"), "lang": N_("language"),
                   "url": N_("address of the live pages"), "url_by": N_("address set by"),
                   "double_entry": N_("double entry"), "check_in": N_("check-in"),
                   "self_report": N_("self-reporting"), "pads": N_("score pads"),
                   "catalogue": N_("card catalogue")}
#: The words a setting is stored as, said in the reader's language.
_SETTING_WORDS = {("double_entry", "on"): N_("on"), ("check_in", "on"): N_("on"), ("self_report", "on"): N_("on"),
                  ("pads", "scan"): N_("scan pads"), ("url_by", "organiser"): N_("the organiser"),
                  ("url_by", "serve"): N_("tourney serve")}


def _changes(changes: object) -> str:
    """An event's changed settings: "date = '2018-03-18', cut removed"."""
    said = []
    for pair in changes if isinstance(changes, list) else []:
        key, value = pair if isinstance(pair, list) and len(pair) == 2 else (pair, None)
        value = _values({"value": value})["value"]
        label = _(_SETTING_LABELS[key]) if isinstance(key, str) and key in _SETTING_LABELS else str(key)
        if value is None:
            said.append(_("{key} removed").format(key=label))
            continue
        word = _SETTING_WORDS.get((key, value)) if isinstance(key, str) and isinstance(value, str) else None
        shown = _(word) if word else _shown("", value)
        said.append(_("{key} = {value}").format(key=label, value=repr(shown)))
    return ", ".join(said)


def _result_text(action: str, who: str, r: int, t: int, v: int, params: Mapping[str, object],
                 changes: tuple[Change, ...], reason: object, label: Callable[[str], str]) -> str:
    """A result's entry: a correction with the cells it changed; a sheet entered from a file or
    a desk, or as the table's players reported it."""
    if action == "results.correct":
        said = "; ".join(c.render(label) for c in changes) or _("no cell changed")
        return (_("{who} corrected round {round}, table {table} (version {version}): {changes}; reason: "
                  "{reason}") if reason else
                _("{who} corrected round {round}, table {table} (version {version}): {changes}")).format(
            who=who, round=r, table=t, version=v, changes=said, reason=reason)
    report = params.get("report")
    if isinstance(report, dict):
        return _reported(who, r, t, report)
    source = params.get("source")
    shown = source_shown(source) if isinstance(source, str) else _shown("source", source)
    return _("{who} entered round {round}, table {table} from {source}").format(
        who=who, round=r, table=t, source=shown)


def _reported(who: str, round_no: int, table: int, report: Mapping[str, object]) -> str:
    """The entry of a sheet stored from the players' report: who reported it, confirmed and
    disputed it, and the desk that accepted it."""
    reporter = str(report.get("reporter"))
    if report.get("desk"):
        head = (_("{who} stored round {round}, table {table} as {reporter} reported it, edited") if report.get("edited")
                else _("{who} stored round {round}, table {table} as {reporter} reported it"))
    else:
        head = _("{who} reported round {round}, table {table}")
    said = [head.format(who=who, round=round_no, table=table, reporter=repr(reporter))]
    for key, words in (("confirmed", _("confirmed by {names}")), ("disputed", _("disputed by {names}"))):
        if report.get(key):
            said.append(words.format(names=_shown(key, report[key])))
    return "; ".join(said)


def render(entries: list[Entry], fmt: str) -> str:
    """The log as lines (`text`) or JSON (`json`)."""
    if fmt == "json":
        return json.dumps([asdict(e) for e in entries], ensure_ascii=False, indent=2, default=str) + "\n"
    if not entries:
        return _("no changes") + "\n"
    return "".join(f"{e.at}  {e.text}\n" for e in entries)
