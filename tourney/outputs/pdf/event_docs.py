"""The printed documents of an open event: the values the PDF renderers draw, built from the
store (seats, draws, standings), and the `write_*` functions the commands call."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.core import store
from tourney.core.errors import SeatingError, UsageError
from tourney.core.i18n import _, use_language
from tourney.outputs.made import made_at
from tourney.outputs.pdf.game import GamePrint
from tourney.outputs.pdf.lists import (
    NameLine,
    SeatingList,
    TablePlan,
    render_seating_by_name,
    render_seating_by_table,
    render_table_cards,
)
from tourney.outputs.pdf.pads import PadSeat, ScorePad, render_match_slips, render_score_pads
from tourney.outputs.pdf.render import Rendered, concat, save
from tourney.outputs.pdf.tables import TableSection, TabularDoc, render_tabular
from tourney.outputs.pdf.words import words
from tourney.event.drawproof import seed_proof
from tourney.outputs.pdf.slips import code_slips
from tourney.event.standings import event_cut, qualified_count, ranked

if TYPE_CHECKING:
    from tourney.event.standings import Standings
    from tourney.scanpad.fields import ScanSheetFn

WHAT = ("seating", "tables", "cards", "pads", "scanpads", "codes")


@dataclass(frozen=True)
class PdfWritten:
    path: Path
    pages: int
    round: int | None = None  # the round printed, when the document is one round's


def check_pdf_path(path: str | Path) -> Path:
    p = Path(path)
    if p.suffix.lower() != ".pdf":
        raise UsageError(_("-o {file!r}: this document is written as PDF; name the file like print.pdf").format(
            file=str(path)))
    return p


def _tables(event: store.Event, round_no: int, boards: Mapping[str, str] | None = None
            ) -> list[tuple[int, tuple[PadSeat, ...]]]:
    from tourney.event.seating import require_current

    require_current(event, round_no)  # every printed document of a round takes its seats here
    rows = event.seats(round_no)
    if not rows:
        raise SeatingError(_("round {round} is not seated: seat it with 'tourney seat EVENT --round {round}'").format(
            round=round_no))
    by_table: dict[int, list[PadSeat]] = {}
    named = boards or {}  # a board by its name in the document's language (the game's edition)
    for s in rows:
        # Seat 1 starts: the first player of a multi-player game, the Age I starter of a match.
        board = named.get(s.wonder, s.wonder) if s.wonder else s.wonder
        by_table.setdefault(s.table, []).append(PadSeat(s.seat, s.player, board, starts=s.seat == 1))
    return [(t, tuple(by_table[t])) for t in sorted(by_table)]


def table_link(base_url: str, round_no: int, table: int) -> str:
    """The live page of one table (what its QR code opens)."""
    return f"{base_url.rstrip('/')}/rounds/{round_no}/tables/{table}"


def _footnote(info: store.EventInfo, w: dict[str, str]) -> str:
    return f"tourney · {info.name} · {w['made'].format(when=made_at())}"


def score_pads(event: store.Event, kit: GamePrint, round_no: int, lang: str = "en",
               base_url: str | None = None) -> Rendered:
    """A score pad for every table of the round (match slips for two-player games); a table
    with one player (a bye) gets none."""
    info = event.info()
    hooks = kit
    w = words(lang)
    pad = hooks.pad(lang, event.options())
    pads = [ScorePad(info.name, round_no, t, seats, hooks.notes(event, round_no, len(seats), lang),
                     table_link(base_url, round_no, t) if base_url else None)
            for t, seats in _tables(event, round_no, pad.board_names) if len(seats) > 1]
    render = render_match_slips if hooks.match_slips else render_score_pads
    return render(pads, pad, lang, footnote=_footnote(info, w))


def scan_pads(event: store.Event, scan: ScanSheetFn | None, round_no: int, lang: str = "en") -> Rendered:
    """A scan pad for every table of the round (docs/scan-pad.md); a bye gets none."""
    from tourney.scanpad.pads import table_pads
    from tourney.scanpad.render import render_scan_pads

    if scan is None:
        raise UsageError(_("--what scanpads: this game has no scan pad"))
    _tables(event, round_no)  # a current seating, or the message that says how to get one
    sheet = scan(event.options())
    info = event.info()
    return render_scan_pads(table_pads(event, sheet, round_no), sheet, info.name, lang, _footnote(info, words(lang)))


def write_score_pads(event: store.Event, kit: GamePrint, round_no: int, path: str | Path, lang: str = "en",
                     base_url: str | None = None) -> PdfWritten:
    """`tourney sheets -o FILE.pdf`: the round's pads; the round's seating is then fixed
    (as with the XLSX sheets)."""
    p = check_pdf_path(path)
    rendered = score_pads(event, kit, round_no, lang, base_url)
    save(rendered, p)
    with event.transaction() as conn:
        store.mark_printed(conn, round_no)
        store.log(conn, "sheets", {"round": round_no, "file": p.name, "pads": True})
    return PdfWritten(p, rendered.pages)


def seating_by_name(event: store.Event, kit: GamePrint, round_no: int, lang: str = "en") -> Rendered:
    info = event.info()
    hooks = kit
    w = words(lang)
    lines: list[NameLine] = []
    opponents = hooks.detail == "opponent"
    for t, seats in _tables(event, round_no, hooks.pad(lang, event.options()).board_names):
        for s in seats:
            name = s.player
            if opponents:
                # "(starts)" stands beside the name of whoever starts: on their own line and
                # on their opponent's.
                mark = f"  ({w['start']})"
                others = [o for o in seats if o.player != s.player]
                detail = (others[0].player + (mark if others[0].starts else "")) if others else w["bye"]
                name += mark if s.starts and others else ""
            else:
                detail = s.board or ""
            lines.append(NameLine(name, t, None if opponents else s.seat, detail))
    title = w["pairings_by_name" if opponents else "by_name"]
    doc = SeatingList(info.name, round_no, f"{w['round']} {round_no} · {title}", tuple(lines),
                      w["opponent"] if opponents else (w["wonder"] if any(x.detail for x in lines) else ""),
                      show_seat=not opponents)

    with use_language(lang):  # the commitment to the seed, on the wall before anyone plays
        proof = seed_proof(event).brief()
    return render_seating_by_name(doc, lang, footnote=f"{_footnote(info, w)} · {proof}")


def seating_by_table(event: store.Event, kit: GamePrint, round_no: int, lang: str = "en") -> Rendered:
    info = event.info()
    w = words(lang)
    title = w["pairings_by_table" if kit.detail == "opponent" else "by_table"]
    doc = TablePlan(info.name, round_no, f"{w['round']} {round_no} · {title}",
                    tuple(_tables(event, round_no, kit.pad(lang, event.options()).board_names)))
    return render_seating_by_table(doc, lang, footnote=_footnote(info, w))


def table_cards(event: store.Event, round_no: int, lang: str = "en") -> Rendered:
    return render_table_cards(event.info().name, [t for t, _ in _tables(event, round_no)], lang)


def write_print(event: store.Event, kit: GamePrint, round_no: int | None, what: Sequence[str], path: str | Path,
                lang: str = "en", base_url: str | None = None, scan: ScanSheetFn | None = None) -> PdfWritten:
    """`tourney print`: the documents named in `what` (seating, tables, cards, pads of the
    round; scanpads: the pads a photo is read from, `scan` the game's; codes: every player's
    code slip), in that order, in one PDF; with either pads the round's seating is then fixed
    (as `tourney sheets`). No `round_no`: the last seated one."""
    from tourney.event.players import player_codes

    p = check_pdf_path(path)
    unknown = [x for x in what if x not in WHAT]
    if unknown or not what:
        raise UsageError(_("--what {what}: choose from {choices}").format(
            what=",".join(unknown) or _("(nothing)"), choices=", ".join(WHAT)))
    if round_no is None and set(what) - {"codes"}:
        round_no = max(event.seated_rounds(), default=None)
        if round_no is None:
            raise SeatingError(_("no round is seated yet: seat one with 'tourney seat'"))
    r = round_no or 0  # the round documents ask for one only when they are printed
    make = {"seating": lambda: seating_by_name(event, kit, r, lang),
            "tables": lambda: seating_by_table(event, kit, r, lang),
            "cards": lambda: table_cards(event, r, lang),
            "pads": lambda: score_pads(event, kit, r, lang, base_url),
            "scanpads": lambda: scan_pads(event, scan, r, lang),
            "codes": lambda: code_slips(event.info().name, player_codes(event), lang, base_url)}
    rendered = concat([make[x]() for x in what])
    save(rendered, p)
    if {"pads", "scanpads"} & set(what) and round_no is not None:
        with event.transaction() as conn:
            store.mark_printed(conn, round_no)
            store.log(conn, "sheets", {"round": round_no, "file": p.name, "pads": True, "kit": True})
    return PdfWritten(p, rendered.pages, round_no)


def write_round_pdf(event: store.Event, kit: GamePrint, round_no: int | None, path: str | Path, lang: str = "en",
                    base_url: str | None = None) -> PdfWritten:
    """`tourney pairings -o FILE.pdf`: pairings by name and by table, then the match slips."""
    if round_no is None:
        seated = event.seated_rounds()
        if not seated:
            raise SeatingError(_("no round is paired yet: pair one with 'tourney seat EVENT'"))
        round_no = max(seated)
    return write_print(event, kit, round_no, ("seating", "tables", "pads"), path, lang, base_url)


def _status(info: store.EventInfo, after_round: int | None, played: int, w: dict[str, str]) -> str:
    r = after_round if after_round is not None else played
    if r == 0:
        return w["no_round"]
    text = w["after"].format(r=r, n=info.rounds)
    return f"{w['final']} · {text}" if r >= info.rounds and after_round is None else text


def standings_handout(event: store.Event, standings: Standings, kit: GamePrint, after_round: int | None = None,
                      lang: str = "en", cut: int | None = None) -> Rendered:
    """The standings on A4: title, event, date, the round, when made, every tiebreak column
    with its legend, and the cut line under the first `cut` players."""
    info = event.info()
    w = words(lang)
    cut = cut if cut is not None else event_cut(event)
    table = kit.standings(standings, lang)
    made = w["made"].format(when=made_at())
    status = _status(info, after_round, table.rounds_played, w) if table.rounds_played else w["no_results"]
    lines = tuple(x for x in (info.date or "", status, made) if x)
    rows = table.rows if ranked(standings) else ()
    section = TableSection("", table.columns, rows, qualified_count(standings.rows, cut),
                           w["cut"].format(k=cut) if cut else "", table.legend, table.muted)
    doc = TabularDoc(w["standings"], info.name, (" · ".join(lines),), (section,), _footnote(info, w))
    return render_tabular(doc, lang)


def write_standings_pdf(event: store.Event, standings: Standings, kit: GamePrint, path: str | Path,
                        after_round: int | None = None, lang: str = "en", cut: int | None = None) -> PdfWritten:
    """`tourney export -o standings.pdf`."""
    p = check_pdf_path(path)
    rendered = standings_handout(event, standings, kit, after_round, lang, cut)
    save(rendered, p)
    return PdfWritten(p, rendered.pages)
