"""The season report as a PDF handout: the events, then each section of the report."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.outputs.pdf.render import Rendered, save
from tourney.outputs.pdf.tables import Column, TableSection, TabularDoc, render_tabular
from tourney.core.i18n import N_, _, ngettext, use_language
from tourney.outputs.pdf.words import words
from tourney.event.season import SeasonReport, section_rows

if TYPE_CHECKING:
    from tourney.outputs.pdf.event_docs import PdfWritten

#: Section titles, in English (msgids): translated where the handout is made.
TITLES = {"events": N_("Events"), "qualified": N_("Qualified"), "pass-downs": N_("Pass-downs"),
          "players": N_("Players"), "ranking": N_("Ranking"), "notes": N_("Notes")}
WIDE = {"player", "event", "places", "by_event", "moved_up", "declined", "message", "qualified_at"}


def _cell(value: object) -> str:
    if value is None:
        return ""
    return value.isoformat() if isinstance(value, _dt.date) else str(value)


def _section(title: str, header: list[str], rows: list[list[object]]) -> TableSection:
    numeric = [bool(rows) and all(isinstance(r[i], int) or r[i] is None for r in rows) for i in range(len(header))]
    columns = tuple(Column(h.replace("_", " "), 3.0 if h in WIDE else 1.2, "right" if num else "left",
                           bold=h == "player") for h, num in zip(header, numeric))
    return TableSection(title, columns, tuple(tuple(_cell(v) for v in r) for r in rows))


def season_pdf(report: SeasonReport, lang: str = "en") -> Rendered:
    w = words(lang)
    with use_language(lang):
        return _season_pdf(report, lang, w)


def _season_pdf(report: SeasonReport, lang: str, w: dict[str, str]) -> Rendered:
    t = {key: _(title) for key, title in TITLES.items()}
    sections = [_section(t["events"], ["#", "date", "event", "players"],
                         [[e.position, e.date, e.name, e.players] for e in report.events])]
    names = (["qualified", "pass-downs"] if report.spots is not None else []) + ["players"]
    names += ["ranking"] if report.ranking is not None else []
    for name in names:
        header, rows = section_rows(report, name)
        sections.append(_section(t[name], header, rows))
    notes = [a.message for a in report.ambiguities] + list(report.notes)
    if notes:
        sections.append(_section(t["notes"], ["message"], [[n] for n in notes]))
    n = len(report.events)
    line = ngettext("{n} event", "{n} events", n).format(n=n)
    if report.spots is not None:
        line += " · " + ngettext("{spots} spot per event", "{spots} spots per event", report.spots).format(
            spots=report.spots)
    made = w["made"].format(when=_dt.datetime.now().strftime("%Y-%m-%d %H:%M"))
    return render_tabular(TabularDoc(w["season"], " · ".join(e.name for e in report.events), (f"{line} · {made}",),
                                     tuple(sections), "tourney"), lang)


def write_season_pdf(report: SeasonReport, path: str | Path, lang: str = "en") -> PdfWritten:
    """`tourney season -o report.pdf`."""
    # The event documents' module brings the pads and the game hooks, which a season report
    # never draws: imported for these two names only when writing.
    from tourney.outputs.pdf.event_docs import PdfWritten, check_pdf_path

    p = check_pdf_path(path)
    rendered = season_pdf(report, lang)
    save(rendered, p)
    return PdfWritten(p, rendered.pages)
