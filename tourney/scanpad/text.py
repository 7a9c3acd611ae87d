"""A photo's reading as text, in the current language (`tourney scan`, `tourney demo`)."""
from __future__ import annotations

from tourney.core.i18n import _
from tourney.scanpad.fields import ScanSheet, Value
from tourney.scanpad.reading import Reading, Status


def reading_lines(r: Reading, sheet: ScanSheet) -> list[str]:
    """A photo's reading as `tourney scan` prints it: the status line, the reasons, each seat's values,
    the doubts with their candidates and the values the checks filled in."""
    status = {Status.CLEAN: _("clean"), Status.REVIEW: _("to review"), Status.REFUSED: _("refused")}[r.status]
    where = (_("round {round}, table {table}").format(round=r.round, table=r.table) + ": ") if r.table else ""
    out = [f"{r.file}: {where}{status} (sha256 {r.sha256[:16]})"]
    out += [f"  {reason.text()}" for reason in r.reasons]
    labels = labels_of(sheet)
    words = {c.key: dict(c.options) for c in sheet.choices}

    def shown(key: str, value: Value) -> str:
        """A value as the pad prints it: a choice by its word in the current language (the
        sheet's data, "military", is no word for a German reader), a number as it is."""
        if value is None:
            return "?"
        word = words.get(key, {}).get(str(value))
        return _(word) if word else str(value) if value != "" else "-"

    if r.values is not None and r.status is not Status.REFUSED:
        keys = [c.key for c in sheet.seat_choices] + [f.key for f in sheet.numbers]
        for s, values in zip(r.values.seats, r.values.values):
            said = ", ".join(f"{_(labels[k])} {shown(k, values.get(k))}" for k in keys if values.get(k) != "")
            out.append(f"  {s.seat} {s.player}: {said}")
        for key, value in r.values.table_choices.items():
            out.append(f"  {_(labels[key])}: {shown(key, value)}")
    for d in r.doubts:
        cands = ", ".join("-" if c is None else shown(d.field, c) for c in d.candidates[:12])
        more = " …" if len(d.candidates) > 12 else ""
        who = f"{d.seat} {d.player}" if d.seat else _("table")
        out.append("  " + _("doubtful: {who}, {field}: {why}; candidates {candidates}").format(
            who=who, field=_(labels[d.field]), why=d.why.text(), candidates=cands + more))
    for seat, key, value in r.filled:
        out.append("  " + _("filled by the checks: seat {seat}, {field} = {value}").format(
            seat=seat, field=_(labels[key]), value=shown(key, value)))
    return out


def labels_of(sheet: ScanSheet) -> dict[str, str]:
    """Each field's label (a msgid) by key."""
    return {**{c.key: c.label for c in sheet.choices}, **{f.key: f.label for f in sheet.numbers}}
