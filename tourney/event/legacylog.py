"""The history an older tourney wrote (schema version 2 and before): each entry an English
sentence, read back here into the action's parameters as tourney stores them now, so that
`tourney.event.history` says old and new entries alike, in the reader's language."""
from __future__ import annotations

import ast
import re
from collections.abc import Callable

from rules_engine.findings import Term, Text

#: What an older tourney wrote into a result's entry: "round 1, table 2, version 3 from SOURCE: REASON".
_TABLE = re.compile(r"^round (\d+), table (\d+), version (\d+) from (.*?)(?:: (.*))?$", re.DOTALL)
_SEED = re.compile(r",? seed '[^']*'")  # internal draw seeds: the event seed alone redraws them
_QUOTED = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""
# A sheet the table's players reported: "report by 'A'; confirmed by 'B', 'C'; disputed by 'D';
# accepted by desk E" (or "edited by desk E").
_REPORT_PART = re.compile(r"(report|confirmed|disputed|accepted|edited) by (.+)", re.DOTALL)
# An event change: "date = '2018-03-18'" or "cut removed".
_CHANGE = re.compile(rf"([\w.]+) (?:= ({_QUOTED})|removed)(?:, |$)")


def _name(text: str) -> str:
    """A name as an older tourney quoted it (`repr`), unquoted."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def _names(text: str) -> list[str]:
    return [_name(m[0]) for m in re.finditer(_QUOTED, text)]


def _rounds(text: str) -> list[int]:
    return [int(r) for r in text.split(", ")]


def _changes(text: str) -> list[list[str | None]] | None:
    """'date = '2018-03-18', cut removed' as [key, value] pairs (value None: removed)."""
    found, at = [], 0
    for m in _CHANGE.finditer(text):
        if m.start() != at:
            return None
        found.append([m[1], _name(m[2]) if m[2] is not None else None])
        at = m.end()
    return found if found and at == len(text) else None


#: How each captured value becomes a parameter (the rest stay text).
_CONVERT: dict[str, Callable[[str], object]] = {
    "event": _name, "name": _name, "old": _name, "new": _name, "desk": _name, "plan": _name,
    "round": int, "table": int, "report": int, "n": int, "players": int, "matches": int, "minutes": int,
    "rounds": int, "rounds_seated": _rounds, "size": int,
}

# (action, the stored detail, what else its parameters hold). Capture names follow the
# parameters tourney stores now (`rounds_seated` is stored as `rounds`; a top cut's `size` goes into its `pairing`).
_PATTERNS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("new", r"event (?P<event>.+): game (?P<game>\S+), scheme (?P<scheme>\S+), (?P<rounds>\d+) rounds, "
            r"seed (?P<seed>\S+)", {}),
    ("players.add", r"(?P<name>.+) from round (?P<round>\d+)", {}),
    ("players.readd", r"(?P<name>.+) re-entered from round (?P<round>\d+)", {}),
    ("players.drop", r"(?P<name>.+) dropped after round (?P<round>\d+)", {}),
    ("players.rename", r"renamed (?P<old>.+) to (?P<new>.+)", {}),
    ("players.codes", r"codes for (?P<n>\d+) players", {}),
    ("players.code", r"new code for (?P<name>.+)", {}),
    ("players.checkin", r"(?P<name>.+) checked in \(code\)", {}),
    ("players.checkin", r"(?P<name>.+) checked in \((?P<by>.+)\)", {}),
    ("players.remove", r"removed (?P<name>.+) \(seated in round (?P<rounds_seated>[\d, ]+): re-seat\)", {}),
    ("players.remove", r"removed (?P<name>.+)", {}),
    ("seat", r"round (?P<round>\d+): (?P<players>\d+) players at tables of (?P<sizes>[\d+]+)", {}),
    ("seat", r"table plan (?P<plan>.+) for the rounds seated from now on", {}),
    ("seat", r"round (?P<round>\d+): Swiss pairing, (?P<matches>\d+) matches(?:, bye (?P<bye>.+))?",
     {"pairing": Term("Swiss pairing")}),
    ("seat", r"round (?P<round>\d+): round robin, (?P<matches>\d+) matches(?:, bye (?P<bye>.+))?",
     {"pairing": Term("round robin")}),
    ("seat", r"round (?P<round>\d+): top cut of (?P<size>\d+), (?P<matches>\d+) matches(?:, bye (?P<bye>.+))?",
     {}),
    ("sheets", r"round (?P<round>\d+): (?P<n>\d+) score sheets written to (?P<file>.+)", {}),
    ("sheets", r"round (?P<round>\d+): score pads written to (?P<file>.+)", {"pads": True}),
    ("sheets", r"round (?P<round>\d+): score pads printed to (?P<file>.+)", {"pads": True, "kit": True}),
    ("sheets", r"round (?P<round>\d+): match sheets written to (?P<file>.+)", {"match_sheets": True}),
    ("event", r"seed revealed", {"revealed": True}),
    ("event", r"url = (?P<url>.+) \(announced by tourney serve\)", {"serve": True}),
    ("settings", r"bye worth (?P<value>\S+) match points", {}),
    ("desk.add", r"desk (?P<desk>.+) \(organiser\)", {"organiser": True}),
    ("desk.add", r"desk (?P<desk>.+)", {}),
    ("desk.remove", r"desk (?P<desk>.+)", {}),
    ("round.publish", r"round (?P<round>\d+) seating published", {}),
    ("round.unpublish", r"round (?P<round>\d+) seating unpublished", {}),
    ("round.timer", r"timer (?P<minutes>\d+) minutes", {}),
    ("round.timer", r"timer stopped", {"stopped": True}),
    ("clock.start", r"clock started: (?P<minutes>\d+) minutes", {}),
    ("clock.add", r"clock: (?P<minutes>\d+) minutes added, (?P<left>[\d:]+) left", {}),
    ("clock.add", r"clock: (?P<minutes>\d+) minutes taken off, (?P<left>[\d:]+) left", {"off": True}),
    ("clock.pause", r"clock paused: (?P<left>[\d:]+) left", {}),
    ("clock.resume", r"clock resumed: (?P<left>[\d:]+) left", {}),
    ("clock.stop", r"clock stopped", {}),
    ("announce", r"announced: (?P<text>.+)", {}),
    ("announce.clear", r"taken down: (?P<text>.+)", {}),
    ("report.new", r"round (?P<round>\d+), table (?P<table>\d+): (?P<name>.+) reported the sheet "
                   r"\(report (?P<report>\d+)\)", {}),
    ("report.dispute", r"round (?P<round>\d+), table (?P<table>\d+): (?P<name>.+) disputed report "
                       r"(?P<report>\d+)", {}),
    ("report.errors", r"round (?P<round>\d+), table (?P<table>\d+): report (?P<report>\d+) has rule errors: "
                      r"sent to the organiser", {}),
    ("report.discard", r"round (?P<round>\d+), table (?P<table>\d+): report (?P<report>\d+) discarded", {}),
    ("results.hold", r"round (?P<round>\d+), table (?P<table>\d+): entry held for a second entry", {}),
    ("results.third", r"round (?P<round>\d+), table (?P<table>\d+): a third entry asked for", {}),
)
_DETAILS = tuple((action, re.compile(pattern, re.DOTALL), extra) for action, pattern, extra in _PATTERNS)


def legacy_params(action: str, detail: str) -> dict[str, object] | None:
    """The parameters of an entry an older tourney wrote as `detail`, as tourney stores them
    now (values may be `Term`s and `Text`s, as `tourney.core.findingtext.data_params` gives
    them); None when no pattern reads it (it is then shown as stored)."""
    if action in ("results.import", "results.correct"):
        return _result(detail)
    if action == "results.remove":
        found = _result(detail)
        if found is None:
            return None
        return {"round": found["round"], "table": found["table"], "removed": int(str(found["version"])) - 1,
                **({"reason": found["reason"]} if "reason" in found else {})}
    if action == "event":
        changes = _changes(detail)
        if changes is not None:
            return {"changes": changes}
    detail = _SEED.sub("", detail)
    for act, pattern, extra in _DETAILS:
        m = pattern.fullmatch(detail) if act == action else None
        if m is None:
            continue
        params: dict[str, object] = {}
        for key, value in m.groupdict().items():
            if value is not None:
                params["rounds" if key == "rounds_seated" else key] = _CONVERT.get(key, str)(value)
        if action == "seat" and "size" in params:
            params["pairing"] = Text("top cut of {size}", (("size", params.pop("size")),))
        if action == "seat" and "bye" in params:
            params["bye"] = str(params["bye"]).split(", ")
        if "url" in params:
            params["changes"] = [["url", _name(str(params.pop("url")))]]
        if action == "settings":
            params = {"note": Text("bye worth {value} match points", (("value", params["value"]),))}
        return {**params, **extra}
    return None


def _result(detail: str) -> dict[str, object] | None:
    m = _TABLE.match(detail)
    if m is None:
        return None
    params: dict[str, object] = {"round": int(m[1]), "table": int(m[2]), "version": int(m[3])}
    report = _report(m[4])
    params.update({"report": report} if report is not None else {"source": m[4]})
    if m[5]:
        params["reason"] = m[5]
    return params


def _report(source: str) -> dict[str, object] | None:
    """The parts of a source naming the players' report (None: the source is not one)."""
    parts: dict[str, str] = {}
    for part in source.split("; "):
        m = _REPORT_PART.fullmatch(part)
        if m is None:
            return None
        parts[m[1]] = m[2]
    if "report" not in parts:
        return None
    said: dict[str, object] = {"reporter": _name(parts["report"]), "confirmed": _names(parts.get("confirmed", "")),
                               "disputed": _names(parts.get("disputed", ""))}
    if "edited" in parts or "accepted" in parts:
        said.update(desk=parts.get("edited", parts.get("accepted")), edited="edited" in parts)
    return said


#: The English verb an older tourney's entry no pattern reads is shown after, by action.
_VERBS = {"new": "created", "players.add": "registered", "players.drop": "dropped", "seat": "seated",
          "sheets": "printed", "event": "changed the event:", "desk.add": "added", "desk.remove": "removed"}
# Actions whose detail starts with its own verb ("renamed 'A' to 'B'", "removed 'A'").
_SAYS_WHAT = frozenset({"players.rename", "players.remove"})


def legacy_text(action: str, detail: str, who: str) -> str:
    """An older tourney's entry no pattern reads, as it was stored (English)."""
    clean = _SEED.sub("", detail)
    if action == "players.drop":
        clean = clean.replace(" dropped after", " after", 1)
    if action in _SAYS_WHAT:
        return f"{who} {clean}"
    verb = _VERBS.get(action)
    return f"{who} {verb} {clean}" if verb else f"{who}: {clean}"


def legacy_names(detail: str) -> set[str]:
    """The names an older tourney's entry quotes."""
    return set(_names(detail))
