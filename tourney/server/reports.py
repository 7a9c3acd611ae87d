"""A desk's view of a table's open self-report (shown on the desk's table page) and a report as
the API answers it; the players' report routes are in tourney/server/routes/players.py. Every
request reads the store only (`tourney.event.reports`): any server process answers any request."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.core.errors import TourneyError
from tourney.core.i18n import use_language
from tourney.event import entry, reports

if TYPE_CHECKING:
    from tourney.server.deskform import DeskForm
    from tourney.server.routes.context import Site


@dataclass(frozen=True)
class DeskReport:
    """A desk's view of the table's open report (deskreport.html): who reported, confirmed and
    disputed it, its numbers in the pad's layout and the rules engine's findings on them."""

    shown: reports.ReportShown
    form: DeskForm
    findings: list[dict[str, Any]]


def report_shown(site: Site, round_no: int, table_no: int) -> DeskReport | None:
    """The table's open report as a desk shows it (None: no report)."""
    from tourney.server.deskform import desk_form  # the pad's layout: built on a desk's page only

    event, game = site.event, site.game
    shown = reports.open_report(event, round_no, table_no)
    if shown is None:
        return None
    pad = game.print_kit.pad(site.lang, event.options())
    form = desk_form(game.sheet_format, pad, site.lang, reports.seated_at(event, round_no, table_no), None,
                     shown.report.rows)
    with use_language(site.lang):
        try:
            found = entry.check_table(event, game, round_no, table_no, shown.report.rows, source="report").findings
        except TourneyError:
            found = []
    return DeskReport(shown, form, [site.finding(f) for f in found])


def report_json(shown: reports.ReportShown | None) -> dict[str, Any]:
    """`GET /api/rounds/{n}/tables/{t}/report`: the table's open report, or `{"report": null}`."""
    if shown is None:
        return {"report": None}
    r = shown.report
    return {"report": r.id, "round": r.round, "table": r.table, "status": r.status, "reporter": r.reporter,
            "at": r.at, "rows": list(r.rows), "confirmed": list(shown.confirmed), "disputed": list(shown.disputed),
            "waiting_for": list(shown.waiting_for), "reset": list(shown.reset)}
