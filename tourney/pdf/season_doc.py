"""The season report as a PDF handout: the events, then each section of the report."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from tourney.pdf.event_docs import PdfWritten, check_pdf_path
from tourney.pdf.render import Rendered, save
from tourney.pdf.tables import Column, TableSection, TabularDoc, render_tabular
from tourney.pdf.words import words
from tourney.season import SeasonReport, section_rows

TITLES = {"en": {"events": "Events", "qualified": "Qualified", "pass-downs": "Pass-downs", "players": "Players",
                 "ranking": "Ranking", "notes": "Notes"},
          "de": {"events": "Turniere", "qualified": "Qualifiziert", "pass-downs": "Nachrücker",
                 "players": "Spieler", "ranking": "Rangliste", "notes": "Hinweise"}}
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
    t = TITLES[lang]
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
    line = f"{n} event{'s' * (n != 1)}" if lang == "en" else f"{n} Turnier{'e' * (n != 1)}"
    if report.spots is not None:
        line += f" · {report.spots} " + ("spots per event" if lang == "en" else "Plätze je Turnier")
    made = w["made"].format(when=_dt.datetime.now().strftime("%Y-%m-%d %H:%M"))
    return render_tabular(TabularDoc(w["season"], " · ".join(e.name for e in report.events), (f"{line} · {made}",),
                                     tuple(sections), "tourney"), lang)


def write_season_pdf(report: SeasonReport, path: str | Path, lang: str = "en") -> PdfWritten:
    """`tourney season -o report.pdf`."""
    p = check_pdf_path(path)
    rendered = season_pdf(report, lang)
    save(rendered, p)
    return PdfWritten(p, rendered.pages)
