"""`tourney results history`: the event's change log as a person would write it, in local
time with the UTC offset; corrections show old → new for every cell that changed."""
from __future__ import annotations

import datetime as _dt
import json
import re
from dataclasses import asdict, dataclass

from tourney import store
from tourney.names import name_key

_TABLE = re.compile(r"^round (\d+), table (\d+), version (\d+) from (.*?)(?:: (.*))?$", re.DOTALL)
_ROUND = re.compile(r"^round (\d+)\b")
_SEED = re.compile(r",? seed '[^']*'")  # internal draw seeds: the event seed alone redraws them
_VERBS = {"new": "created", "players.add": "registered", "players.drop": "dropped", "seat": "seated",
          "sheets": "printed", "event": "changed the event:",
          "desk.add": "added", "desk.remove": "removed"}
# Actions whose detail starts with its own verb ("renamed 'A' to 'B'", "removed 'A'").
_SAYS_WHAT = frozenset({"players.rename", "players.remove"})


@dataclass(frozen=True)
class Change:
    """One cell a correction changed: `field` of `player` (or the player at `seat`)."""

    seat: int
    player: str
    field: str
    old: object
    new: object

    def render(self) -> str:
        return f"{self.field} {self.player} {_show(self.old)} → {_show(self.new)}"


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
    return "(empty)" if value is None or value == "" else str(value)


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
            out.append(Change(seat, f"at seat {seat}", "player", a.player if a else None, b.player if b else None))
            continue
        fields: dict[str, tuple[object, object]] = {"wonder": (a.wonder, b.wonder), "side": (a.side, b.side)}
        da = a.data if isinstance(a.data, dict) else {}
        db = b.data if isinstance(b.data, dict) else {}
        for key in list(da) + [k for k in db if k not in da]:
            fields[key] = (da.get(key), db.get(key))
        out += [Change(seat, b.player, f, x, y) for f, (x, y) in fields.items() if x != y]
    return tuple(out)


def history(event: store.Event, round_no: int | None = None, player: str | None = None) -> list[Entry]:
    """The change log, oldest first; only what concerns round `round_no` or `player` when given."""
    versions = {(v.round, v.table, v.version): v for v in event.table_versions()}
    wanted = name_key(player) if player else None
    out: list[Entry] = []
    for h in event.history():
        action, detail, who = h["action"], h["detail"], h["who"]
        entry = Entry(local_time(h["at"]), who, action, "")
        m = _TABLE.match(detail) if action.startswith("results.") else None
        if m:
            r, t, v = int(m[1]), int(m[2]), int(m[3])
            this, before = versions.get((r, t, v)), versions.get((r, t, v - 1))
            if action == "results.correct":
                changes = cell_changes(before, this) if this and before else ()
                reason = m[5] or (this.reason if this else None)
                said = "; ".join(c.render() for c in changes) or "no cell changed"
                text = f"{who} corrected round {r}, table {t} (version {v}): {said}" + (
                    f"; reason: {reason}" if reason else "")
            else:
                changes, reason = (), None
                text = f"{who} entered round {r}, table {t} from {m[4]}"
            entry = Entry(entry.at, who, action, text, r, t, v, reason, changes)
            names = {name_key(line.player) for x in (this, before) if x for line in x.lines}
        else:
            clean = _SEED.sub("", detail)
            verb = _VERBS.get(action)
            if action == "players.drop":
                clean = clean.replace(" dropped after", " after", 1)
            if action in _SAYS_WHAT:
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


def render(entries: list[Entry], fmt: str) -> str:
    """The log as lines (`text`) or JSON (`json`)."""
    if fmt == "json":
        return json.dumps([asdict(e) for e in entries], ensure_ascii=False, indent=2, default=str) + "\n"
    if not entries:
        return "no changes\n"
    return "".join(f"{e.at}  {e.text}\n" for e in entries)
