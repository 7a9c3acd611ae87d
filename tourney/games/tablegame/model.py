"""The model of a game played at tables of several players and ranked at each table (no
pairing), built from one `TableGame` value a game declares: its sheet and rules, game points
per table under a scheme, and standings by game points with a declared tiebreak chain (which
render themselves in every format). The steps that read sheets or seat rounds are in `steps`
and `seating`, the printed sheets and the PDF hooks in `outputs`: a command loads only what it
runs (`tourney.games.tablegame.TableGameWorkflow` imports each in its step)."""
from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from tourney.core import output
from tourney.core.errors import EventError
from tourney.core.i18n import N_, _, language, pgettext
from tourney.core.names import sort_key as name_order
from tourney.core.schemes import Scheme, find_scheme
from tourney.event.placepoints import place_points
from tourney.event.standings import (
    PlainSheet, PlayerRounds, Tiebreak, is_qualified, qualified_count, ranked_by_lot, round_rows,
)

if TYPE_CHECKING:
    # The store (and SQLAlchemy) is imported by the functions that read or write an event:
    # `tourney check` of a file loads the game packages but needs no database.
    from rules_engine.findings import Finding
    from tourney.core import store
    from tourney.core.sheetio import SheetFormat, SheetRow
    from tourney.core.store import Event, EventInfo, Player, StoredDraw
    from tourney.core.vocabulary import Vocabulary
    from tourney.event.rating import RatedGame
    from tourney.event.schedule import TableSizes
    from tourney.event.game import Catalogue, GameOption
    from tourney.outputs.pdf.pads import PadDescription

#: Tiebreaks every table game has: game points first, the drawn lot last.
POINTS = Tiebreak("points", N_("game points"), N_("Points"))


LOT = Tiebreak("lot", N_("drawn lot (1 = best)"), N_("Lot"), ascending=True)


Number = int | Fraction


class SeatedLine(Protocol):
    """A line of the rules engine's sheet of a table game: whose it is and where they sat."""

    @property
    def seat(self) -> int: ...
    @property
    def player(self) -> str: ...


#: The rules engine's line of the game (`TableGame.line`) and its sheet of a table (`TableGame.table`).
P = TypeVar("P", bound=SeatedLine)
S = TypeVar("S")

#: One game's value for a tiebreak, from the player's line and place at the table.
Stat = Callable[[P, int], Number]


#: A row of the standings workbook's Draws sheet: what, its value, a note.
DrawRow = tuple[str, str, str]


@dataclass(frozen=True)
class ScoredTable:
    """One table under a scheme, per line in seat order: the place, the game points and the
    values of tiebreaks that depend on the whole table (by tiebreak key)."""

    places: tuple[int, ...]
    points: tuple[Fraction, ...]
    values: Mapping[str, tuple[Number, ...]] = field(default_factory=dict)


def placed(places: Callable[[S, Scheme], tuple[int, ...]]) -> Callable[[S, Scheme], ScoredTable]:
    """The scoring of a game whose rules give places: the scheme's points of each place, tied
    players sharing the points of the places they take."""

    def score(sheet: S, scheme: Scheme) -> ScoredTable:
        at = places(sheet, scheme)
        return ScoredTable(at, place_points(at, scheme.points_for(len(at))))

    return score


@dataclass(frozen=True)
class GameLine:
    """One player's game as it counts: the stored line, the place at the table, game points and
    the table's own tiebreak values (`ScoredTable.values`)."""

    round: int
    table: int
    line: Any
    place: int
    points: Fraction
    values: Mapping[str, Number] = field(default_factory=dict)
    warnings: tuple[object, ...] = ()  # as stored: `results.stored_warning_text` says them

    @property
    def player(self) -> str:
        return str(self.line.player)

    @property
    def seat(self) -> int:
        return int(self.line.seat)


#: The class of a game's lines in the standings (`TableGame.game_line`).
L = TypeVar("L", bound=GameLine)


def place_points_note(scheme: Scheme) -> list[DrawRow]:
    """The Draws sheet's line on the scheme: its place points by table size."""
    return [(_("place points"), "; ".join(f"{k}: {'-'.join(map(str, v))}" for k, v in sorted(scheme.points.items())),
             _("by table size; tied players share the points of their places"))]


def no_draw_notes(draws: Sequence[StoredDraw]) -> list[DrawRow]:
    return []


@dataclass(frozen=True, eq=False, kw_only=True)
class TableGame(Generic[P, S, L]):
    """Everything the workflow needs to know about one game: data, and the few hooks only the
    game can answer. `P` is the rules engine's line of one player, `S` its sheet of a table, `L`
    the class of the standings' lines.

    `columns`: the sheet's columns in printed order; `board`: the optional text column kept
    as the seat's board (a wonder card), or None. `line` builds the rules engine's line from
    a readable row, `table` the engine's sheet from the lines in seat order; `check` is the
    rules engine's (with the event's optional rules and card list as keywords); `score(sheet,
    scheme)` gives the table's places and game points (`placed` for a game whose rules give
    places). `dump`/`load(stored line)` store a line's data as JSON and rebuild the line
    (`load` raises KeyError, TypeError or ValueError on damaged data). `options` are the
    optional rules an event may be played with, each passed to `check` as a keyword when the
    event has it. `stats` gives, by tiebreak key, one game's value (summed over games) where
    the table's score has none; `tiebreaks` declares them (a scheme's chain names their keys).
    `pad` is the PDF score pad in a language; `notes` the rule lines printed on the XLSX
    sheets (English, marked `N_`: printed in the sheets' language from the catalogue, as the
    tiebreaks' words are). `limits` are the table sizes the base's seating plans for.

    How the standings show: the scheme's chain, or `every_tiebreak_shown`; the workbook's
    Games sheet shows `games_sheet` after the player (default: the sheet's columns, the place
    and the game points); its columns are `widths` wide (by key; else as wide as the heading)
    and written as decimals in their `number_formats`; its Draws sheet has `scheme_notes` and
    `draw_notes`. `game_line` is the class of the standings' lines (`GameLine`, or a game's
    that names its line's values). `ranking` gives a table's places by the game's own rules
    (its tiebreaks; shared only where the rules share a place) for the season rating, where
    they differ from the places of the event's scheme.

    A game's own steps (its seating, its sheets) are methods of its `TableGameWorkflow`
    subclass."""

    name: str
    label: str
    schemes: tuple[Scheme, ...]
    sheet_format: SheetFormat
    words: Vocabulary
    columns: tuple[str, ...]
    board: str | None
    line: Callable[[SheetRow], P]
    table: Callable[[tuple[P, ...]], S]
    check: Callable[..., list[Finding]]  # (sheet, **the event's keywords): the keywords are the game's own
    score: Callable[[S, Scheme], ScoredTable]
    dump: Callable[[P], store.Json]
    load: Callable[[store.ResultLine], P]
    tiebreaks: tuple[Tiebreak, ...]
    stats: Mapping[str, Stat[P]]
    game_line: type[L]
    pad: Callable[[str, frozenset[str]], PadDescription]  # (lang, the event's optional rules)
    notes: str
    limits: TableSizes | None = None
    options: tuple[GameOption, ...] = ()
    catalogue: Catalogue | None = None  # a card list the organiser may load (`Catalogue`)
    every_tiebreak_shown: bool = False
    games_sheet: tuple[str, ...] | None = None
    widths: Mapping[str, int] = field(default_factory=dict)
    number_formats: Mapping[str, str] = field(default_factory=dict)
    scheme_notes: Callable[[Scheme], list[DrawRow]] = place_points_note
    draw_notes: Callable[[Sequence[StoredDraw]], list[DrawRow]] = no_draw_notes
    ranking: Callable[[S], tuple[int, ...]] | None = None

    def chain(self, scheme: Scheme) -> tuple[Tiebreak, ...]:
        """Points, then the scheme's tiebreaks in order (the lot among them, last)."""
        known = {t.key: t for t in (*self.tiebreaks, LOT)}
        return (POINTS, *(known[k] for k in scheme.tiebreaks))

    def shown(self, scheme: Scheme) -> tuple[Tiebreak, ...]:
        """The tiebreak columns of the standings: the chain, or every tiebreak declared."""
        return (POINTS, *self.tiebreaks, LOT) if self.every_tiebreak_shown else self.chain(scheme)

    def scheme(self, info: EventInfo) -> Scheme:
        return find_scheme(info.scheme, self.schemes)

    def games_columns(self) -> tuple[str, ...]:
        """The Games sheet's columns after round, table, seat and player."""
        if self.games_sheet is not None:
            return self.games_sheet
        return (*(c for c in self.columns if c not in ("round", "table", "seat", "player")), "place", "points")


# --- standings -----------------------------------------------------------------------------
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


def score_games(game: TableGame[P, S, L], event: Event, scheme: Scheme, after_round: int | None) -> list[L]:
    """Every stored line with its place, game points and table values under `scheme`."""
    games: list[L] = []
    for res in event.results(upto_round=after_round):
        try:
            lines = tuple(game.load(line) for line in res.lines)
        except (KeyError, TypeError, ValueError):
            raise EventError(_("round {round}, table {table}: a stored line is damaged: import the sheet again with "
                               "--correct").format(round=res.round, table=res.table)) from None
        scored = game.score(game.table(lines), scheme)
        values = [{k: v[i] for k, v in scored.values.items()} for i in range(len(lines))]
        games += [game.game_line(res.round, res.table, line, place, pts, vals, res.warnings)
                  for line, place, pts, vals in zip(lines, scored.places, scored.points, values)]
    return games


def rank_players(game: TableGame[P, S, L], players: Sequence[Player], games: Sequence[L],
                 chain: tuple[Tiebreak, ...], info: EventInfo) -> tuple[list[Standing], list[str]]:
    """Sum every player's games and sort by the chain (points first, the lot last)."""
    lots = ranked_by_lot(info, players, lambda p: p.name)
    lot_of = {p.name: i for i, p in enumerate(lots, 1)}
    keys = [t.key for t in game.tiebreaks]
    sums: dict[str, dict[str, Number]] = {p.name: {"points": Fraction(0), **{k: 0 for k in keys}} for p in players}
    played: dict[str, int] = defaultdict(int)
    for g in games:
        s = sums.setdefault(g.player, {"points": Fraction(0), **{k: 0 for k in keys}})
        s["points"] += g.points
        for k in keys:
            s[k] += g.values[k] if k in g.values else game.stats[k](g.line, g.place)
        played[g.player] += 1
    dropped = {p.name: p.dropped_after for p in players}
    for name, s in sums.items():
        s["lot"] = lot_of.get(name, len(lot_of) + 1)

    def sort_key(name: str) -> tuple[Number, ...]:
        return tuple(sums[name][t.key] if t.ascending else -sums[name][t.key] for t in chain) + (lot_of.get(name, 0),)

    # Who left before round 1 (not checked in, or dropped before it) took no part: not ranked
    # (their lot stays theirs: the others' lots are drawn among everyone registered).
    ordered = sorted((n for n in sums if dropped.get(n) != 0 or played[n]), key=sort_key)
    rows = [Standing(i, name, sums[name], played[name], dropped.get(name)) for i, name in enumerate(ordered, 1)]
    return rows, [p.name for p in lots]


#: Widths of the workbook's columns every table game has (a game's own: `TableGame.widths`,
#: else as wide as the heading).
WIDTHS = {"rank": 6, "player": 28, "points": 9, "lot": 6, "games": 7, "dropped_after": 13, "qualified": 10,
          "round": 7, "table": 6, "seat": 5, "place": 7, "warnings": 40}
GAME_POINTS_WIDTH = 11  # the Games sheet's heading is longer: "Game points"


@dataclass(frozen=True)
class TableGameStandings(Generic[P, S, L]):
    """A table game's standings (`tourney.event.standings.Standings`): every column is a
    tiebreak; `tiebreaks` is the scheme's chain, `columns` those shown (`TableGame.shown`)."""

    game: TableGame[P, S, L]
    info: EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[Standing, ...]
    games: tuple[L, ...]
    tiebreaks: tuple[Tiebreak, ...]
    lot_order: tuple[str, ...]
    columns: tuple[Tiebreak, ...]

    def rounds_played(self) -> frozenset[int]:
        return frozenset(g.round for g in self.games)

    def shown(self, st: Standing, key: str) -> str:
        """A value as the standings show it: a tiebreak's own decimals, else at most two."""
        from tourney.outputs.export import decimal, fixed

        value = st.values[key]
        decimals = next((t.decimals for t in self.columns if t.key == key), None)
        if decimals is not None:
            return fixed(value, decimals)
        return str(decimal(value, 2)) if isinstance(value, Fraction) else str(value)

    def _ranked(self) -> tuple[Standing, ...]:
        """The rows once a result is in (before any result the standings are empty)."""
        return self.rows if self.games else ()

    def _display(self) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        from tourney.outputs.export import dropped_mark

        head = (_("Rank"), _("Player"), *(_(t.abbr) for t in self.columns), _("Games"))
        body = [(str(st.rank), dropped_mark(st.player, st.dropped_after),
                 *(self.shown(st, t.key) for t in self.columns), str(st.games)) for st in self._ranked()]
        return head, body

    def to_table(self, cut: int | None = None) -> str:
        from tourney.outputs.export import standings_title, text_table

        head, body = self._display()
        return text_table(standings_title(self.info, self.after_round), head, body,
                          qualified_count(self._ranked(), cut))

    def _keys(self, cut: int | None) -> tuple[str, ...]:
        return ("rank", "player", *(t.key for t in self.columns), "games", "dropped_after",
                *(("qualified",) if cut is not None else ()))

    def _record(self, st: Standing, exact: Callable[[Fraction], object], cut: int | None) -> list[object]:
        return [st.rank, st.player, *(exact(v) if isinstance(v, Fraction) else v
                                      for v in (st.values[t.key] for t in self.columns)),
                st.games, st.dropped_after, *((is_qualified(st, cut),) if cut is not None else ())]

    def to_csv(self, cut: int | None = None) -> str:
        from tourney.outputs.export import text_number

        def shown(v: object) -> object:
            return ("yes" if v else "no") if isinstance(v, bool) else v

        return output.csv_text(self._keys(cut),
                               ([shown(v) for v in self._record(st, text_number, cut)] for st in self._ranked()))

    def to_json(self, cut: int | None = None) -> str:
        from tourney.outputs.export import number

        keys = self._keys(cut)
        return json.dumps([dict(zip(keys, self._record(st, number, cut))) for st in self._ranked()],
                          ensure_ascii=False, indent=2) + "\n"

    def to_html(self, cut: int | None = None) -> str:
        from tourney.outputs.export import html_page

        head, body = self._display()
        rows = self._ranked()
        ties = "<p>{}</p>".format(html.escape(_("Ties: {tiebreaks}.").format(
            tiebreaks=_(", then ").join(_(t.name) for t in self.tiebreaks))))
        return html_page(self.info, self.scheme.title, self.after_round, head, body, ties,
                         qualified_count(rows, cut), [i for i, st in enumerate(rows) if st.dropped_after is not None])

    def _cell(self, key: str, value: object) -> object:
        """A workbook cell: a column with a number format as a decimal, exact values as whole
        numbers or decimals, a flag as 0 or 1."""
        if key in self.game.number_formats and isinstance(value, (int, Fraction)):
            return float(value)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, Fraction):
            return int(value) if value.denominator == 1 else float(value)
        return value

    def _formats(self, keys: Sequence[str]) -> dict[int, str]:
        return {i: self.game.number_formats[k] for i, k in enumerate(keys) if k in self.game.number_formats}

    def _widths(self, keys: Sequence[str], header: Sequence[str]) -> list[int]:
        """The game's width of a column, else the shared one, else as wide as its heading."""
        return [self.game.widths.get(k) or WIDTHS.get(k) or max(8, len(h) + 3) for k, h in zip(keys, header)]

    def write_xlsx(self, path: Path, draws: Sequence[StoredDraw] = (), cut: int | None = None,
                   extra: Sequence[PlainSheet] = ()) -> None:
        """The standings workbook: Standings, Games, Players and Draws sheets, then `extra`."""
        from tourney.event.checking import stored_warning_text
        from tourney.outputs.export import ReportWorkbook, draws_sheet

        game = self.game
        book = ReportWorkbook()
        # The event's language, as the other games' workbooks (the qualified column's yes/no too).
        keys = self._keys(cut)
        header = [_("Rank"), _("Player"), *(_(t.abbr) for t in self.columns), _("Games"), _("Dropped after"),
                  *([_("Qualified")] if cut is not None else [])]
        book.sheet(_("Standings"), header,
                   [(st.rank, st.player, *(self._cell(t.key, st.values[t.key]) for t in self.columns), st.games,
                     st.dropped_after, *((_("yes") if is_qualified(st, cut) else _("no"),) if cut is not None else ()))
                    for st in self.rows],
                   self._widths(keys, header), self._formats(keys), qualified_count(self.rows, cut))
        own = game.games_columns()
        keys = ("round", "table", "seat", "player", *own, "warnings")
        header = [_("Round"), _("Table"), pgettext("printed", "Seat"), _("Player"), *(self._heading(c) for c in own),
                  _("Warnings")]
        book.sheet(_("Games"), header,
                   [(g.round, g.table, g.seat, g.player, *(self._cell(c, self._game_value(g, c)) for c in own),
                     "; ".join(map(stored_warning_text, g.warnings)) or None)
                    for g in self.games],
                   [GAME_POINTS_WIDTH if k == "points" else w for k, w in zip(keys, self._widths(keys, header))],
                   self._formats(keys))
        header = [_("Player"), _("Games"), _("Dropped after")]
        book.sheet(_("Players"), header,
                   [(st.player, st.games, st.dropped_after)
                    for st in sorted(self.rows, key=lambda st: name_order(st.player))],
                   self._widths(("player", "games", "dropped_after"), header))
        info = self.info
        book.sheet(_("Draws"), [_("Draw"), _("Value"), _("Note")],
                   draws_sheet(info, self.scheme, self.tiebreaks, self.lot_order, draws,
                               game_rows=game.scheme_notes(self.scheme), after=game.draw_notes(draws)),
                   [18, 40, 60], wrap=(1, 2))
        for plain in extra:
            book.sheet(plain.title, plain.header, plain.rows, printed=plain.printed)
        book.save(path, report="standings")

    def _heading(self, key: str) -> str:
        """A Games sheet heading: the place, the game points, a table's tiebreak by its own
        word, a sheet column by the game's word for it."""
        if key == "place":
            return _("Place")
        if key == "points":
            return _("Game points")
        tiebreak = next((t for t in self.game.tiebreaks if t.key == key), None)
        if tiebreak is not None and key not in self.game.columns:
            return _(tiebreak.abbr)
        return key.capitalize() if language() == "en" else self.game.words.label(key, language())

    @staticmethod
    def _game_value(g: GameLine, key: str) -> object:
        if key == "place":
            return g.place
        if key == "points":
            return g.points
        return g.values[key] if key in g.values else getattr(g.line, key, None)


def compute_standings(game: TableGame[P, S, L], event: Event, after_round: int | None) -> TableGameStandings[P, S, L]:
    info = event.info()
    scheme = game.scheme(info)
    chain = game.chain(scheme)
    games = score_games(game, event, scheme, after_round)
    rows, lots = rank_players(game, event.players(), games, chain, info)
    return TableGameStandings(game, info, scheme, after_round, tuple(rows), tuple(games), chain, tuple(lots),
                              game.shown(scheme))


def rated_games(game: TableGame[P, S, L], event: Event) -> tuple[RatedGame, ...]:
    """Every stored table as the season rating reads it: the game's own `ranking` of the
    sheet, else the places under the event's scheme (a game whose rules give places)."""
    from tourney.event.rating import RatedGame

    scheme = game.scheme(event.info())
    out: list[RatedGame] = []
    for res in event.results():
        try:
            lines = tuple(game.load(line) for line in res.lines)
        except (KeyError, TypeError, ValueError):
            raise EventError(_("round {round}, table {table}: a stored line is damaged: import the sheet again with "
                               "--correct").format(round=res.round, table=res.table)) from None
        sheet = game.table(lines)
        places = game.ranking(sheet) if game.ranking is not None else game.score(sheet, scheme).places
        out.append(RatedGame(res.round, res.table, tuple(str(line.player) for line in lines), tuple(places)))
    return tuple(sorted(out, key=lambda g: (g.round, g.table)))


def player_view(event: Event, standings: TableGameStandings[P, S, L], player: str) -> PlayerRounds:
    """The player's rounds: table, seat, place at the table and place points; seated rounds
    not played yet too."""
    from tourney.outputs.export import decimal

    rows = round_rows(event, player, {g.round: g for g in standings.games if g.player == player},
                      lambda g, _seat: (g.round, g.table, g.seat, g.place, decimal(g.points, 2)),
                      lambda s: (s.round, s.table, s.seat, None, None))
    return PlayerRounds(("round", "table", "seat", "place", "points"),
                        (N_("Round"), N_("Table"), N_("Seat"), N_("Place"), N_("Points")), rows)
