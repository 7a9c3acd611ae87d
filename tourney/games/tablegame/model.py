"""The model of a game played at tables of several players and ranked by places at each table
(no virtual players, no pairing), built from one `TableGame` value a game declares: reading
and checking sheets, stored rows, seating with the schedule optimiser, standings by place
points with a declared tiebreak chain (which render themselves in every format)."""
from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from rules_engine.findings import Finding, error
from tourney.core import output
from tourney.core.errors import EventError, SeatingError
from tourney.core.i18n import N_, _, language, pgettext
from tourney.games.base import Catalogue, GameOption
from tourney.core.names import name_key
from tourney.core.names import sort_key as name_order
from tourney.event.placepoints import place_points
from tourney.event.checking import (
    CheckReport,
    EventView,
    PlannedBoards,
    ParsedTable,
    Seats,
    TableRowsFn,
    at_row,
    at_table,
    parse_sheets,
    stored_warning_text,
)
from tourney.event.schedule import TableSizes, plan_schedule
from tourney.event.schedule import table_plan as sizes_for_plan
from tourney.core.schemes import Scheme, find_scheme
from tourney.event.seating import SeatedRound, rounds_to_plan, seated_tables
from tourney.core.sheetio import SheetFormat, SheetRow, read_sheet_file
from tourney.core.tabular import Source
from tourney.event.standings import (
    PlayerRounds, Tiebreak, is_qualified, lot_key, qualified_count, round_rows,
)
from tourney.core.vocabulary import Vocabulary

if TYPE_CHECKING:
    # The store (and SQLAlchemy) is imported by the functions that read or write an event:
    # `tourney check` of a file loads the game packages but needs no database.
    from tourney.core import store
    from tourney.core.store import Event, EventInfo, Player, StoredDraw
    from tourney.outputs.pdf.pads import PadDescription

#: The draw kind of a seated round (the seating and its seed).
SEATS_KIND = "seats"


#: Tiebreaks every table game has: game points first, the drawn lot last.
POINTS = Tiebreak("points", N_("game points"), N_("Points"))


LOT = Tiebreak("lot", N_("drawn lot (1 = best)"), N_("Lot"), ascending=True)


Number = int | Fraction


#: One game's value for a tiebreak, from the player's line and place at the table.
Stat = Callable[[Any, int], Number]


class SeatedSheet(Protocol):
    """A table game's checked sheet: its players' lines (each with a seat and a player)."""

    @property
    def players(self) -> Sequence[Any]: ...


@dataclass(frozen=True, eq=False)
class TableGame:
    """Everything the workflow needs to know about one game.

    `columns`: the sheet's columns in printed order; `board`: the optional text column kept
    as the seat's board (a wonder card), or None. `line` builds the rules engine's line from
    a readable row, `table` the engine's sheet from the lines in seat order; `check` and
    `places(sheet, scheme)` are the rules engine's. `dump`/`load(seat, player, board, data)`
    store a line as JSON and rebuild it (`load` raises KeyError, TypeError or ValueError on
    damaged data). `options` are the optional rules an event may be played with, each passed
    to `check` as a keyword when the event has it. `stats` gives, by tiebreak key, one game's value (summed over games);
    `tiebreaks` declares them (a scheme's chain names their keys). `pad` is the PDF score pad
    in a language; `notes` the rule lines printed on the XLSX sheets (English, marked `N_`:
    printed in the sheets' language from the catalogue, as the tiebreaks' words are)."""

    name: str
    label: str
    schemes: tuple[Scheme, ...]
    sheet_format: SheetFormat
    words: Vocabulary
    limits: TableSizes
    columns: tuple[str, ...]
    board: str | None
    line: Callable[[SheetRow], Any]
    table: Callable[[tuple[Any, ...]], Any]
    check: Callable[..., list[Finding]]
    places: Callable[[Any, Scheme], tuple[int, ...]]
    dump: Callable[[Any], store.Json]
    load: Callable[[int, str, str | None, store.Json], Any]
    tiebreaks: tuple[Tiebreak, ...]
    stats: Mapping[str, Stat]
    pad: Callable[[str], PadDescription]
    notes: str
    options: tuple[GameOption, ...] = ()
    catalogue: Catalogue | None = None  # a card list the organiser may load (`Catalogue`)

    def chain(self, scheme: Scheme) -> tuple[Tiebreak, ...]:
        """Points, then the scheme's tiebreaks in order (the lot among them, last)."""
        known = {t.key: t for t in (*self.tiebreaks, LOT)}
        return (POINTS, *(known[k] for k in scheme.tiebreaks))

    def scheme(self, info: EventInfo) -> Scheme:
        return find_scheme(info.scheme, self.schemes)


# --- sheets in -----------------------------------------------------------------------------
def parse_files(game: TableGame, paths: Sequence[Source], **options: object) -> CheckReport:
    """Read every file (or rows in memory), group rows into tables and run the game's checks on each table (with
    the event's keywords: optional rules, e.g. leaders=True, and a loaded card list)."""
    def build(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[Any]:
        sheet = None
        if readable:
            ordered = sorted(rows, key=lambda row: row.get_int("seat") or 0)
            sheet = game.table(tuple(game.line(row) for row in ordered))
        return ParsedTable(r, t, tuple(rows), sheet)

    return parse_sheets(paths, lambda p: read_sheet_file(p, game.sheet_format), build,
                        partial(game.check, **options) if options else game.check)


def seating_findings(report: CheckReport, event: Event, view: EventView,
                     extra: Callable[[SheetRow, store.SeatRow], Iterable[Finding]] = lambda row, seat: ()) -> None:
    """For rounds the tool seated: each player at the table and seat the seating gives them,
    nobody seated at a table missing from its sheet; `extra` adds a game's findings for a row
    and its planned seat (a drawn board)."""
    seats: dict[tuple[int, int], dict[int, store.SeatRow]] = defaultdict(dict)
    where_seated: dict[tuple[int, str], store.SeatRow] = {}
    for s in view.seats:  # the seats of the rounds checked
        seats[(s.round, s.table)][s.seat] = s
        where_seated[(s.round, name_key(s.player))] = s
    for table in report.tables:
        r, t = table.round, table.table
        if view.seated.get(r) != "seat":
            continue
        for row in table.rows:
            name = row.player
            if not name:
                continue
            seat = row.get_int("seat")
            mine = where_seated.get((r, name_key(name)))
            if mine is None:
                report.findings.append(at_row(row, error(
                    "seating", "{player!r} is not in the seating of round {round}: fix the name, or re-seat "
                               "the round before its sheets are in", name, player=name, round=r)))
            elif (mine.table, mine.seat) != (t, seat):
                report.findings.append(at_row(row, error(
                    "seating", "{player!r} is at table {table}, seat {seat} on the sheet but the seating of "
                               "round {round} has them at table {seated_table}, seat {seated_seat}: fix the sheet",
                    name, player=name, table=t, seat=seat, round=r, seated_table=mine.table, seated_seat=mine.seat)))
            planned = seats.get((r, t), {}).get(seat) if seat is not None else None
            if planned is not None:
                report.findings.extend(at_row(row, f) for f in extra(row, planned))
        if (r, t) in seats:
            on_sheet = {name_key(row.player) for row in table.rows}
            for s in seats[(r, t)].values():
                if name_key(s.player) not in on_sheet:
                    report.findings.append(at_table(table, error(
                        "seating", "{player!r} is seated at table {table} in round {round} but missing from its "
                                   "sheet: add their line", player=s.player, table=t, round=r)))


def check_against_event(game: TableGame, report: CheckReport, event: Event, *, register: bool,
                        correct: bool) -> None:
    """Registration, drops, stored results and the seating."""
    view = EventView.of(event, checking=report.tables)
    for table in report.tables:
        report.findings.extend(view.table_findings(table, correct=correct))
        for row in table.rows:
            if row.player:
                report.findings.extend(view.row_findings(table, row, register=register))

    def board(row: SheetRow, planned: store.SeatRow) -> list[Finding]:
        value = row.values.get(game.board) if game.board else None
        if planned.wonder and value and str(value).casefold() != planned.wonder.casefold():
            return [error(f"{game.board}.draw", "{player!r} played {value!r} on the sheet but the seating "
                                                "gave seat {seat} {planned!r}: fix the sheet", row.player,
                          player=row.player, value=value, seat=planned.seat, planned=planned.wonder)]
        return []

    seating_findings(report, event, view, board)


def table_rows(game: TableGame, event: Event) -> TableRowsFn:
    """How a checked table is stored: the seats from the sheet when the tool did not seat the
    round; each line as the game's JSON, its board (from the sheet or the seating)."""
    from tourney.core import store

    seated = event.seated_rounds()

    planned_board = PlannedBoards(event)

    def board(line: Any) -> str | None:
        value = getattr(line, game.board) if game.board else None
        return str(value) if value else None

    def rows(table: ParsedTable[object], ids: dict[str, int]) -> tuple[Seats | None, list[store.NewLine]]:
        sheet = table.sheet
        assert sheet is not None  # every table is readable once there are no errors
        lines = sorted(cast(SeatedSheet, sheet).players, key=lambda p: p.seat)
        r, t = table.round, table.table
        seats = None if seated.get(r) == "seat" else [(ids[name_key(p.player)], board(p)) for p in lines]
        return seats, [store.NewLine(p.seat, ids[name_key(p.player)], board(p) or planned_board(r, t).get(p.seat),
                                     None, game.dump(p)) for p in lines]

    return rows


# --- seating -------------------------------------------------------------------------------
def seat_rounds(game: TableGame, event: Event, round_no: int | None, all_rounds: bool,
                tables: str | None) -> list[SeatedRound]:
    """`tourney seat`: plan the open rounds with the schedule optimiser (seeded by the event
    seed) at tables of the game's sizes, as close to the scheme's table size as they allow
    (`tables`: 'even' or sizes like '4,4,3'), and store the rounds asked for."""
    from tourney.core import store

    todo = rounds_to_plan(event, round_no, all_rounds)
    info = event.info()
    limits = replace(game.limits, usual=min(max(game.scheme(info).table_size, game.limits.low), game.limits.high))
    players = [p for p in event.players() if p.active_in(todo.first)]
    try:
        sizes = sizes_for_plan(len(players), tables or "even", limits)
    except SeatingError as exc:
        raise SeatingError(_("--tables: {problem}").format(problem=exc) if tables else str(exc)) from None
    current = seated_tables(event)
    fixed = [current[r] for r in sorted(current) if r < todo.first]
    seed = f"{info.seed}:schedule:{todo.first}"
    plan = plan_schedule([p.id for p in players], len(fixed) + info.rounds - todo.first + 1, list(sizes),
                         fixed=fixed, seed=seed, limits=limits)
    planned = dict(zip(range(todo.first, info.rounds + 1), plan[len(fixed):]))
    names = {p.id: p.name for p in event.players()}
    out: list[SeatedRound] = []
    with event.transaction() as conn:
        for r in todo.wanted:
            rnd = planned[r]
            seated = SeatedRound(r, tuple(tuple(names[p] for p in t) for t in rnd))
            if current.get(r) == rnd:
                if r in todo.asked:  # asked for by name: say it stands as planned
                    out.append(seated)
                continue
            store.store_seating(conn, r, "seat", [[(p, None) for p in t] for t in rnd])
            store.store_draw(conn, r, SEATS_KIND, seed, [[names[p] for p in t] for t in rnd])
            store.log(conn, "seat", f"round {r}: {sum(map(len, rnd))} players at tables of "
                                    f"{'+'.join(str(len(t)) for t in rnd)}, seed {seed!r}")
            out.append(seated)
    return out


# --- standings -----------------------------------------------------------------------------
@dataclass(frozen=True)
class GameLine:
    """One player's game as it counts: the stored line, the place at the table, game points."""

    round: int
    table: int
    line: Any
    place: int
    points: Fraction
    warnings: tuple[object, ...] = ()  # as stored: `results.stored_warning_text` says them

    @property
    def player(self) -> str:
        return str(self.line.player)

    @property
    def seat(self) -> int:
        return int(self.line.seat)


@dataclass(frozen=True)
class Standing:
    """One player's line: rank, every tiebreak value by key (points and lot included)."""

    rank: int
    player: str
    values: Mapping[str, Number]
    games: int
    dropped_after: int | None

    @property
    def points(self) -> Fraction:
        return Fraction(self.values["points"])

    @property
    def lot(self) -> int:
        return int(self.values["lot"])


def score_games(game: TableGame, event: Event, scheme: Scheme, after_round: int | None) -> list[GameLine]:
    """Every stored line with its place and place points under `scheme`."""
    games: list[GameLine] = []
    for res in event.results(upto_round=after_round):
        try:
            lines = tuple(game.load(line.seat, line.player, line.wonder, line.data) for line in res.lines)
        except (KeyError, TypeError, ValueError):
            raise EventError(_("round {round}, table {table}: a stored line is damaged: import the sheet again with "
                               "--correct").format(round=res.round, table=res.table)) from None
        sheet = game.table(lines)
        places = game.places(sheet, scheme)
        points = place_points(places, scheme.points_for(len(lines)))
        games += [GameLine(res.round, res.table, line, place, pts, res.warnings)
                  for line, place, pts in zip(lines, places, points)]
    return games


def rank_players(game: TableGame, players: Sequence[Player], games: Sequence[GameLine],
                 chain: tuple[Tiebreak, ...], seed: int) -> tuple[list[Standing], list[str]]:
    """Sum every player's games and sort by the chain (points first, the lot last)."""
    lots = sorted(players, key=lambda p: lot_key(seed, p.name))
    lot_of = {p.name: i for i, p in enumerate(lots, 1)}
    keys = [t.key for t in chain if t.key not in ("points", "lot")]
    sums: dict[str, dict[str, Number]] = {p.name: {"points": Fraction(0), **{k: 0 for k in keys}} for p in players}
    played: dict[str, int] = defaultdict(int)
    for g in games:
        s = sums.setdefault(g.player, {"points": Fraction(0), **{k: 0 for k in keys}})
        s["points"] += g.points
        for k in keys:
            s[k] += game.stats[k](g.line, g.place)
        played[g.player] += 1
    dropped = {p.name: p.dropped_after for p in players}
    for name, s in sums.items():
        s["lot"] = lot_of.get(name, len(lot_of) + 1)

    def sort_key(name: str) -> tuple[Number, ...]:
        return tuple(sums[name][t.key] if t.ascending else -sums[name][t.key] for t in chain) + (lot_of.get(name, 0),)

    ordered = sorted(sums, key=sort_key)
    rows = [Standing(i, name, sums[name], played[name], dropped.get(name)) for i, name in enumerate(ordered, 1)]
    return rows, [p.name for p in lots]


@dataclass(frozen=True)
class TableGameStandings:
    """A table game's standings (`tourney.event.standings.Standings`): every column is a tiebreak."""

    game: TableGame
    info: EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[Standing, ...]
    games: tuple[GameLine, ...]
    tiebreaks: tuple[Tiebreak, ...]
    lot_order: tuple[str, ...]

    def rounds_played(self) -> frozenset[int]:
        return frozenset(g.round for g in self.games)

    def shown(self, st: Standing, key: str, places: int = 2) -> str:
        from tourney.outputs.export import decimal

        value = st.values[key]
        return str(decimal(value, places)) if isinstance(value, Fraction) else str(value)

    def _ranked(self) -> tuple[Standing, ...]:
        """The rows once a result is in (before any result the standings are empty)."""
        return self.rows if self.games else ()

    def to_table(self, cut: int | None = None) -> str:
        from tourney.outputs.export import standings_title, text_table

        head = ("Rank", "Player", *(t.abbr for t in self.tiebreaks), "Games")
        rows = self._ranked()
        body = [(str(st.rank), st.player + (" (dropped)" if st.dropped_after is not None else ""),
                 *(self.shown(st, t.key) for t in self.tiebreaks), str(st.games)) for st in rows]
        return text_table(standings_title(self.info, self.after_round), head, body, qualified_count(rows, cut))

    def _columns(self, cut: int | None) -> tuple[str, ...]:
        return ("rank", "player", *(t.key for t in self.tiebreaks), "games", "dropped_after",
                *(("qualified",) if cut is not None else ()))

    def _record(self, st: Standing, exact: Callable[[Fraction], object], cut: int | None) -> list[object]:
        return [st.rank, st.player, *(exact(v) if isinstance(v, Fraction) else v
                                      for v in (st.values[t.key] for t in self.tiebreaks)),
                st.games, st.dropped_after, *((is_qualified(st, cut),) if cut is not None else ())]

    def to_csv(self, cut: int | None = None) -> str:
        from tourney.outputs.export import text_number

        def shown(v: object) -> object:
            return ("yes" if v else "no") if isinstance(v, bool) else v

        return output.csv_text(self._columns(cut),
                               ([shown(v) for v in self._record(st, text_number, cut)] for st in self._ranked()))

    def to_json(self, cut: int | None = None) -> str:
        from tourney.outputs.export import number

        columns = self._columns(cut)
        return json.dumps([dict(zip(columns, self._record(st, number, cut))) for st in self._ranked()],
                          ensure_ascii=False, indent=2) + "\n"

    def to_html(self, cut: int | None = None) -> str:
        from tourney.outputs.export import dropped_mark, html_page

        rows = self._ranked()
        head = (_("Rank"), _("Player"), *(_(t.abbr) for t in self.tiebreaks), _("Games"))
        body = [[str(st.rank), dropped_mark(st.player, st.dropped_after),
                 *(self.shown(st, t.key) for t in self.tiebreaks), str(st.games)] for st in rows]
        ties = "<p>{}</p>".format(html.escape(_("Ties: {tiebreaks}.").format(
            tiebreaks=_(", then ").join(_(t.name) for t in self.tiebreaks))))
        return html_page(self.info, self.scheme.title, self.after_round, head, body, ties,
                         qualified_count(rows, cut), [i for i, st in enumerate(rows) if st.dropped_after is not None])

    def write_xlsx(self, path: Path, draws: Sequence[StoredDraw] = (), cut: int | None = None) -> None:
        """The standings workbook: Standings, Games, Players and Draws sheets."""
        from tourney.outputs.export import ReportWorkbook, draw_rows

        chain = self.tiebreaks
        columns = [c for c in self.game.columns if c not in ("round", "table", "seat", "player")]
        book = ReportWorkbook()
        # The event's language, as the other games' workbooks; values ("yes"/"no") stay data.
        qualified = [_("Qualified")] if cut is not None else []
        book.sheet(_("Standings"), [_("Rank"), _("Player"), *(_(t.abbr) for t in chain), _("Games"),
                                    _("Dropped after"), *qualified],
                   [(st.rank, st.player, *(_cell(st.values[t.key]) for t in chain), st.games, st.dropped_after,
                     *(("yes" if is_qualified(st, cut) else "no",) if cut is not None else ()))
                    for st in self._ranked()])
        book.sheet(_("Games"), [_("Round"), _("Table"), pgettext("printed", "Seat"), _("Player"),
                                *(c.capitalize() if language() == "en" else self.game.words.label(c, language())
                                  for c in columns), _("Place"),
                                _("Game points"), _("Warnings")],
                   [(g.round, g.table, g.seat, g.player, *(_cell(getattr(g.line, c, None)) for c in columns),
                     g.place, _cell(g.points), "; ".join(map(stored_warning_text, g.warnings)) or None)
                    for g in self.games])
        book.sheet(_("Players"), [_("Player"), _("Games"), _("Dropped after")],
                   [(st.player, st.games, st.dropped_after)
                    for st in sorted(self.rows, key=lambda st: name_order(st.player))])
        info = self.info
        book.sheet(_("Draws"), [_("Draw"), _("Value"), _("Note")], [
            ("event seed", str(info.seed), _("every draw below is derived from it")),
            ("scheme", info.scheme, self.scheme.title),
            ("tiebreaks", ", ".join(t.key for t in chain), ""),
            ("place points", "; ".join(f"{k}: {'-'.join(map(str, v))}" for k, v in sorted(self.scheme.points.items())),
             _("by table size; tied players share the points of their places")),
            *draw_rows(self.lot_order, draws)])
        book.save(path, report="standings")


def _cell(value: object) -> object:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def compute_standings(game: TableGame, event: Event, after_round: int | None) -> TableGameStandings:
    info = event.info()
    scheme = game.scheme(info)
    chain = game.chain(scheme)
    games = score_games(game, event, scheme, after_round)
    rows, lots = rank_players(game, event.players(), games, chain, info.seed)
    return TableGameStandings(game, info, scheme, after_round, tuple(rows), tuple(games), chain, tuple(lots))


def player_view(event: Event, standings: TableGameStandings, player: str) -> PlayerRounds:
    """The player's rounds: table, seat, place at the table and place points; seated rounds
    not played yet too."""
    from tourney.outputs.export import decimal

    rows = round_rows(event, player, {g.round: g for g in standings.games if g.player == player},
                      lambda g, _seat: (g.round, g.table, g.seat, g.place, decimal(g.points, 2)),
                      lambda s: (s.round, s.table, s.seat, None, None))
    return PlayerRounds(("round", "table", "seat", "place", "points"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Place"), N_("Points")), rows)
