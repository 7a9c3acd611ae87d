"""The season report as a PDF handout: the events, then each section of the report."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from tourney.outputs.made import made_at
from tourney.outputs.pdf.render import Rendered, save
from tourney.outputs.pdf.tables import Column, TableSection, TabularDoc, render_tabular
from tourney.core.i18n import N_, _, ngettext, use_language
from tourney.outputs.pdf.words import words
from tourney.event.season import (COLUMN_LABELS, RankingEntry, SeasonReport, describe_ranking, describe_spots,
                                  result_text)

if TYPE_CHECKING:
    from tourney.outputs.pdf.event_docs import PdfWritten

#: Section titles, in English (msgids): translated where the handout is made.
TITLES = {"events": N_("Events"), "qualified": N_("Qualified"), "pass-downs": N_("Pass-downs"),
          "players": N_("Players"), "ranking": N_("Ranking"), "notes": N_("Notes")}


def _cell(value: object) -> str:
    if value is None:
        return ""
    return value.isoformat() if isinstance(value, _dt.date) else str(value)


def _section(title: str, header: list[str], rows: Sequence[Sequence[object]], wide: frozenset[int] = frozenset(),
             bold: int | None = None) -> TableSection:
    """Columns headed by `header` (shown as given), numbers right-aligned; `wide` columns
    (by index) take more of the width, `bold` is the player's."""
    numeric = [bool(rows) and all(isinstance(r[i], int) or r[i] is None for r in rows) for i in range(len(header))]
    columns = tuple(Column(h, 3.2 if i in wide else 1.0, "right" if num else "left", bold=i == bold)
                    for i, (h, num) in enumerate(zip(header, numeric)))
    return TableSection(title, columns, tuple(tuple(_cell(v) for v in r) for r in rows))


def _by_event(entry: RankingEntry, report: SeasonReport) -> list[object]:
    """A ranking line's points in a column per event, a result that does not count (`--best`)
    in brackets."""
    shown = {event: result_text(entry, i) if entry.dropped else points
             for i, (event, points) in enumerate(entry.points_by_event)}
    return [shown.get(e.name) for e in report.events]


def season_pdf(report: SeasonReport, lang: str = "en") -> Rendered:
    w = words(lang)
    with use_language(lang):
        return _season_pdf(report, lang, w)


def _season_pdf(report: SeasonReport, lang: str, w: dict[str, str]) -> Rendered:
    """The events listed once, numbered; every other section names an event by its number
    (#2) and gives a player's places in a column per event, so nothing shrinks or is cut
    however long the events' names are."""
    t = {key: _(title) for key, title in TITLES.items()}
    no = {e.name: f"#{e.position}" for e in report.events}
    head = {key: _(label).replace("_", " ") for key, label in COLUMN_LABELS.items()}  # "qualified at" on paper
    per_event = [f"#{e.position}" for e in report.events]
    if report.rules.spots_by_size:  # each event its own spots
        sections = [_section(t["events"], ["#", head["date"], head["event"], _("players"), _("spots")],
                             [[e.position, e.date, e.name, e.players, e.spots] for e in report.events],
                             frozenset({2}))]
    else:
        sections = [_section(t["events"], ["#", head["date"], head["event"], _("players")],
                             [[e.position, e.date, e.name, e.players] for e in report.events], frozenset({2}))]
    if report.qualifies:
        sections.append(_section(t["qualified"], [head["event"], head["date"], head["place"], head["player"]],
                                 [[no[q.event], q.date, q.place, q.player] for q in report.qualified],
                                 frozenset({3}), 3))
        sections.append(_section(
            t["pass-downs"], [head["event"], head["date"], head["declined"], head["place"], head["qualified_at"],
                              head["moved_up"], head["moved_up_place"]],
            [[no[p.event], p.date, p.declined, p.declined_place, no.get(p.qualified_at, p.qualified_at), p.moved_up,
              p.moved_up_place] for p in report.pass_downs], frozenset({2, 5})))
    places = [[p.player, p.events_played, *[next((f.place for f in p.finishes if f.event == e.name), None)
                                             for e in report.events], p.best_place,
               no.get(p.qualified_at or "", p.qualified_at)] for p in report.players]
    sections.append(_section(t["players"], [head["player"], head["events"], *per_event, head["best"],
                                            head["qualified_at"]], places, frozenset({0}), 0))
    if report.ranking is not None:
        points = [[r.rank, r.player, r.points, r.best_place, *_by_event(r, report)] for r in report.ranking]
        rules = report.rules
        said = ",".join(map(str, report.points or ())) if rules.best is None and rules.min_events == 1 \
            else describe_ranking(rules)
        sections.append(_section(f"{t['ranking']} ({said})",
                                 [head["rank"], head["player"], head["points"], head["best"], *per_event], points,
                                 frozenset({1}), 1))
    notes = [a.message for a in report.ambiguities] + list(report.notes)
    if notes:
        sections.append(_section(t["notes"], [_("message")], [[n] for n in notes], frozenset({0})))
    n = len(report.events)
    line = ngettext("{n} event", "{n} events", n).format(n=n)
    if report.qualifies:
        line += " · " + describe_spots(report.rules)
    made = w["made"].format(when=made_at())
    return render_tabular(TabularDoc(w["season"], line, (made,), tuple(sections), "tourney"), lang)


def write_season_pdf(report: SeasonReport, path: str | Path, lang: str = "en") -> PdfWritten:
    """`tourney season -o report.pdf`."""
    # The event documents' module brings the pads and the game hooks, which a season report
    # never draws: imported for these two names only when writing.
    from tourney.outputs.pdf.event_docs import PdfWritten, check_pdf_path

    p = check_pdf_path(path)
    rendered = season_pdf(report, lang)
    save(rendered, p)
    return PdfWritten(p, rendered.pages)
