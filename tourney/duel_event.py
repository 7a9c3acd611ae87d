"""7 Wonders Duel events on the event store: presets, pairing the next round (Swiss,
round robin, top cut), reading and storing match sheets, and standings.

A Duel round is stored like a 7 Wonders seating: one table per match, seat 1 = the player
who starts Age I, seat 2 the other; a table with one seat is a bye.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Mapping, Sequence

import sqlalchemy as sa

from rules_engine.duel.sheet import CATEGORIES, MatchLine, MatchSheet, Outcome, Victory, check_match, outcome
from rules_engine.findings import error, warning
from tourney import store
from tourney.duel_standings import (
    MATCH_POINTS, DuelStanding, MatchResult, chain, cut_places, cut_winner, duel_standings,
)
from tourney.errors import SeatingError, UsageError
from tourney.names import name_key
from tourney.results import (
    CheckReport, EventView, GameImport, Line, ParsedTable, Seats, TableRows, _at,
    parse_sheets,
)
from tourney.schemes import Scheme, find_scheme
from tourney.seating import SeatedRound
from tourney.sheetio import SheetFormat, SheetRow, has_header, read_sheet_file
from tourney.standings import Tiebreak, lot_key
from tourney.swiss import Pairing, SwissPlayer, next_cut_round, pair_round, round_robin, top_cut

# --- presets ---------------------------------------------------------------------------
#: How each Duel scheme pairs its rounds (the tiebreaks live in tourney.schemes).
PAIRING = {"swiss": "swiss", "wbc": "swiss", "roundrobin": "roundrobin"}
DEFAULT_BYE = Fraction(1)


def parse_bye_score(text: str) -> Fraction:
    """A bye score from the command line: 1, 0.5, 1/2 or 0."""
    try:
        value = Fraction(text.strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--bye-score {text!r} is not a number: write 1, 1/2 or 0") from None
    if not 0 <= value <= 1:
        raise UsageError(f"--bye-score {text!r}: a bye is worth between 0 and 1 match points")
    return value


def bye_points(event: store.Event) -> Fraction:
    with event.engine.connect() as conn:
        value = conn.execute(sa.select(store.meta_t.c.value).where(store.meta_t.c.key == "bye_points")).scalar()
    return Fraction(value) if value else DEFAULT_BYE


def set_bye_points(event: store.Event, value: Fraction) -> None:
    with event.transaction() as conn:
        conn.execute(sa.delete(store.meta_t).where(store.meta_t.c.key == "bye_points"))
        conn.execute(sa.insert(store.meta_t).values(key="bye_points", value=str(value)))
        store.log(conn, "settings", f"bye worth {value} match points")


# --- reading the stored event ------------------------------------------------------------
@dataclass(frozen=True)
class StoredRound:
    number: int
    tables: dict[int, tuple[str, ...]]  # table -> players by seat (seat 1 starts)


def stored_rounds(event: store.Event) -> dict[int, StoredRound]:
    tables: dict[int, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for s in event.seats():
        tables[s.round][s.table].append(s.player)
    return {r: StoredRound(r, {t: tuple(ps) for t, ps in ts.items()}) for r, ts in tables.items()}


def _victory_of(scores: dict) -> Victory:
    return Victory(scores.get("victory", "civilian"))


def match_results(event: store.Event, upto_round: int | None = None) -> list[MatchResult]:
    """Every stored match, and every bye of a round up to the last one with results (a
    bye counts once its round is under way), in round and table order."""
    out: list[MatchResult] = []
    results = {(t.round, t.table): t for t in event.results(upto_round=upto_round)}
    played = max((r for r, _ in results), default=0)
    for r, rnd in sorted(stored_rounds(event).items()):
        if (upto_round is not None and r > upto_round) or r > played:
            continue
        for t, players in sorted(rnd.tables.items()):
            if len(players) == 1:
                out.append(MatchResult(r, t, players[0], None))
                continue
            res = results.get((r, t))
            if res is None:
                continue
            a, b = res.lines
            winner = a.player if a.scores.get("won") else b.player if b.scores.get("won") else None
            out.append(MatchResult(r, t, a.player, b.player, winner, _victory_of(a.scores),
                                   (a.scores.get("total", 0), b.scores.get("total", 0))))
    return out


# --- standings ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelStandings:
    """Standings of a Duel event, ready for every export format."""

    info: store.EventInfo
    scheme: Scheme
    after_round: int | None
    rows: tuple[DuelStanding, ...]
    tiebreaks: tuple[Tiebreak, ...]  # match points first, then the scheme's chain
    matches: tuple[MatchResult, ...]
    lot_order: tuple[str, ...]
    bye_points: Fraction

    game = "duel"


def lots(event: store.Event) -> tuple[str, ...]:
    seed = event.info().seed
    return tuple(p.name for p in sorted(event.players(), key=lambda p: lot_key(seed, p.name)))


def compute_duel_standings(event: store.Event, after_round: int | None = None) -> DuelStandings:
    info = event.info()
    scheme = find_scheme(info.scheme, info.game)
    matches = match_results(event, after_round)
    lot_order = lots(event)
    players = event.players()
    bye = bye_points(event)
    cut = _cut_state(event)
    start = cut[0]["payload"]["round"] if cut else None
    swiss = [m for m in matches if start is None or m.round < start]
    rows = duel_standings([p.name for p in players], swiss, scheme.tiebreaks, bye_points=bye,
                          lots={n: i for i, n in enumerate(lot_order, 1)},
                          dropped={p.name: p.dropped_after for p in players})
    if start is not None and (after_round is None or after_round >= start):
        # The cut decides the top places; the Swiss rounds order everyone else (and
        # players who share a cut place).
        by_round: dict[int, list[MatchResult]] = defaultdict(list)
        for m in matches:
            if m.round >= start:
                by_round[m.round].append(m)
        places = cut_places(cut[0]["payload"]["seeds"], [by_round[r] for r in sorted(by_round)])
        order = sorted(range(len(rows)), key=lambda i: (places.get(rows[i].player, 10**9), i))
        rows = [replace(rows[i], rank=k, cut=places.get(rows[i].player)) for k, i in enumerate(order, 1)]
    return DuelStandings(info, scheme, after_round, tuple(rows), (MATCH_POINTS,) + chain(scheme.tiebreaks),
                         tuple(matches), lot_order, bye)


# --- pairing -----------------------------------------------------------------------------
def _missing_results(event: store.Event, before: int) -> list[tuple[int, int]]:
    have = {(t.round, t.table) for t in event.results()}
    return [(r, t) for r, rnd in sorted(stored_rounds(event).items()) if r < before
            for t, ps in sorted(rnd.tables.items()) if len(ps) == 2 and (r, t) not in have]


def swiss_players(event: store.Event, round_no: int) -> list[SwissPlayer]:
    """The active players of `round_no` with their history from the earlier rounds."""
    st = compute_duel_standings(event, round_no - 1)
    order = {row.player: i for i, row in enumerate(st.rows)}
    points = {row.player: row.match_points for row in st.rows}
    opponents: dict[str, set[str]] = defaultdict(set)
    byes: dict[str, int] = defaultdict(int)
    firsts: dict[str, int] = defaultdict(int)
    last: dict[str, bool] = {}
    results = {(t.round, t.table): t for t in event.results(upto_round=round_no - 1)}
    for r, rnd in sorted(stored_rounds(event).items()):
        if r >= round_no:
            continue
        for t, players in sorted(rnd.tables.items()):
            if len(players) == 1:
                byes[players[0]] += 1
                continue
            a, b = players
            res = results.get((r, t))
            if res is not None and res.lines[1].scores.get("first"):
                a, b = b, a  # the sheet says who really started
            opponents[a].add(b)
            opponents[b].add(a)
            firsts[a] += 1
            last[a], last[b] = True, False
    return [SwissPlayer(p.name, points.get(p.name, Fraction(0)), frozenset(opponents[p.name]), byes[p.name],
                        firsts[p.name], last.get(p.name), order.get(p.name, len(order)))
            for p in event.players() if p.active_in(round_no)]


def _store_pairings(event: store.Event, round_no: int, pairings: Sequence[Pairing], seed: str, how: str) -> None:
    ids = {p.name: p.id for p in event.players()}
    tables = [[(ids[name], None) for name in p.players] for p in pairings]
    with event.transaction() as conn:
        store.store_seating(conn, round_no, "seat", tables)
        store.store_draw(conn, round_no, "pairings", seed,
                         [{"table": p.table, "first": p.first, "second": p.second, "flags": list(p.flags)}
                          for p in pairings])
        matches = sum(not p.is_bye for p in pairings)
        byes = [p.first for p in pairings if p.is_bye]
        store.log(conn, "seat", f"round {round_no}: {how}, {matches} matches"
                                + (f", bye {', '.join(byes)}" if byes else "") + f", seed {seed!r}")


def _check_open(event: store.Event, round_no: int) -> None:
    if round_no < 1:
        raise SeatingError(f"round {round_no}: rounds are numbered from 1")
    if any(t.round == round_no for t in event.results()):
        raise SeatingError(f"round {round_no} already has results: its pairings can't change")
    later = [r for r in event.seated_rounds() if r > round_no]
    if later:
        raise SeatingError(f"round {max(later)} is already paired: re-pair rounds from the last one back")


def pair_swiss_round(event: store.Event, round_no: int) -> tuple[Pairing, ...]:
    _check_open(event, round_no)
    missing = _missing_results(event, round_no)
    if missing:
        shown = ", ".join(f"round {r} table {t}" for r, t in missing[:6]) + (" …" if len(missing) > 6 else "")
        raise SeatingError(f"round {round_no} can't be paired yet: results missing for {shown}: "
                           "import them first")
    seed = f"{event.info().seed}:pair:{round_no}"
    result = pair_round(swiss_players(event, round_no), seed)
    _store_pairings(event, round_no, result.pairings, seed, "Swiss pairing")
    return result.pairings


def _round_robin_schedule(event: store.Event) -> tuple[list[str], list[tuple[Pairing, ...]]]:
    """The round robin drawn for round 1 (stored with its order), or a new draw."""
    for d in event.draws():
        if d["kind"] == "roundrobin":
            names = list(d["payload"])
            return names, round_robin(names)
    names = [n for n in lots(event) if any(p.name == n and p.active_in(1) for p in event.players())]
    return names, round_robin(names)


def pair_round_robin_round(event: store.Event, round_no: int) -> tuple[Pairing, ...]:
    _check_open(event, round_no)
    names, schedule = _round_robin_schedule(event)
    if round_no > len(schedule):
        raise SeatingError(f"round {round_no}: a round robin of {len(names)} players has {len(schedule)} rounds")
    active = {p.name for p in event.players() if p.active_in(round_no)}
    late = sorted(active - set(names))
    if late:
        raise SeatingError(f"{', '.join(map(repr, late))} joined after the round robin was drawn: a round robin "
                           "can't take late entries (drop them, or start a Swiss event)")
    out: list[Pairing] = []
    for p in schedule[round_no - 1]:
        playing = [x for x in p.players if x in active]
        if len(playing) == 2:
            out.append(Pairing(len(out) + 1, p.first, p.second, p.flags))
        elif playing:
            out.append(Pairing(len(out) + 1, playing[0], None, ("bye: the opponent dropped",)))
    out.sort(key=lambda p: p.is_bye)
    out = [Pairing(i, p.first, p.second, p.flags) for i, p in enumerate(out, 1)]
    seed = f"{event.info().seed}:roundrobin"
    if not any(d["kind"] == "roundrobin" for d in event.draws()):
        with event.transaction() as conn:
            store.store_draw(conn, None, "roundrobin", seed, names)
    _store_pairings(event, round_no, out, seed, "round robin")
    return tuple(out)


def _as_seated(round_no: int, pairings: Sequence[Pairing]) -> SeatedRound:
    return SeatedRound(round_no, tuple(p.players for p in pairings))


def seat_duel_rounds(event: store.Event, round_no: int | None = None, all_rounds: bool = False,
                     tables: str | None = None) -> list[SeatedRound]:
    """`tourney seat` for a Duel event: pair the next round (Swiss: after the previous
    round's results), or round N; `--all` for a round robin."""
    if tables is not None:
        raise UsageError(f"--tables {tables!r}: Duel tables seat two players; leave --tables out")
    info = event.info()
    method = PAIRING.get(info.scheme, "swiss")
    seated = event.seated_rounds()
    if round_no is None:
        open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
        if not open_rounds:
            raise SeatingError(f"all {info.rounds} rounds are paired already: use --round N to re-pair a round "
                               "that has no results yet, or --cut K for a top cut")
        rounds = open_rounds if all_rounds else open_rounds[:1]
    else:
        rounds = [round_no]
    if all_rounds and method == "swiss" and len(rounds) > 1:
        raise SeatingError("Swiss rounds are paired one at a time, each after the results of the one before: "
                           "use 'tourney seat EVENT' without --all")
    pair = pair_round_robin_round if method == "roundrobin" else pair_swiss_round
    return [_as_seated(r, pair(event, r)) for r in rounds]


def _cut_state(event: store.Event) -> list[dict]:
    return [d for d in event.draws() if d["kind"] == "topcut"]


def seat_top_cut(event: store.Event, size: int) -> SeatedRound:
    """Pair the next top-cut round: the first from the standings after the Swiss rounds
    (seeds 1..size), later ones from the winners of the previous cut round. A shared
    victory in the cut sends the higher seed through."""
    info = event.info()
    draws = _cut_state(event)
    seated = event.seated_rounds()
    if not draws:
        swiss_done = max(seated, default=0)
        if swiss_done < info.rounds:
            raise SeatingError(f"the top cut follows the {info.rounds} Swiss rounds: round {swiss_done + 1} is not "
                               "paired yet")
        missing = _missing_results(event, swiss_done + 1)
        if missing:
            raise SeatingError(f"the top cut needs every Swiss result first: {len(missing)} match(es) missing")
        st = compute_duel_standings(event)
        seeds = [r.player for r in st.rows if r.dropped_after is None][:size]
        if len(seeds) < size:
            raise SeatingError(f"a top cut of {size} needs {size} active players, the standings have {len(seeds)}")
        pairings = top_cut(seeds, size)
        round_no = swiss_done + 1
        payload = {"seeds": seeds, "round": round_no}
    else:
        seeds = list(draws[0]["payload"]["seeds"])
        last = max(seated)
        missing = _missing_results(event, last + 1)
        if missing:
            raise SeatingError(f"round {last} of the top cut has {len(missing)} match(es) without a result: "
                               "import them first")
        rank = {s: i for i, s in enumerate(seeds)}
        results = {(m.round, m.table): m for m in match_results(event)}
        winners = [cut_winner(results[(last, t)], rank) for t in sorted(stored_rounds(event)[last].tables)]
        if len(winners) == 1:
            raise SeatingError(f"the top cut is decided: {winners[0]!r} won the final")
        pairings = next_cut_round(winners, seeds)
        round_no = last + 1
        payload = {"seeds": seeds, "round": round_no}
    seed = f"{info.seed}:topcut:{round_no}"
    with event.transaction() as conn:
        store.store_draw(conn, round_no, "topcut", seed, payload)
    _store_pairings(event, round_no, pairings, seed, f"top cut of {size}")
    return _as_seated(round_no, pairings)


# --- match sheets: reading ------------------------------------------------------------------
REQUIRED = ("round", "table", "player", "first", *[c for c in CATEGORIES if c != "senate"], "total", "coins")
OPTIONAL_INT = ("senate",)
OPTIONAL_TEXT = ("victory", "winner")
COLUMNS = ("round", "table", "player", "first", *CATEGORIES, "total", "coins", "victory", "winner")
ALIASES: dict[str, str] = {c: c for c in COLUMNS}
ALIASES.update({
    "runde": "round", "tisch": "table", "spieler": "player", "name": "player", "startspieler": "first",
    "blau": "blue", "grün": "green", "gruen": "green", "gelb": "yellow", "lila": "purple", "violett": "purple",
    "weltwunder": "wonders", "fortschritt": "progress", "münzen-punkte": "treasury", "schatz": "treasury",
    "militär": "military", "militaer": "military", "senat": "senate", "summe": "total", "gesamt": "total",
    "münzen": "coins", "muenzen": "coins", "sieg": "victory", "sieger": "winner", "gewinner": "winner",
})


def _first_is_0_or_1(values: Mapping[str, object]) -> list[tuple[str, str]]:
    if values.get("first") not in (None, 0, 1):
        return [("first", f"first must be 1 (started Age I) or 0, got {values['first']!r}")]
    return []


#: The Duel match sheet: one line per player, two lines per match.
MATCH_SHEET = SheetFormat(
    REQUIRED, OPTIONAL_TEXT, OPTIONAL_INT, ALIASES, frozenset({"round", "table", "player", "first", "total"}),
    no_header="{file}: no Duel match-sheet header row (expected columns: " + ", ".join(COLUMNS) + ")",
    row_checks=(_first_is_0_or_1,),
)


def read_match_file(path: str | Path) -> list[SheetRow]:
    """All match-sheet rows in a CSV or XLSX file (every worksheet with a match header)."""
    return read_sheet_file(path, MATCH_SHEET)


def looks_like_duel(paths: Sequence[str | Path]) -> bool:
    """True when the first file has a Duel match-sheet header (for `tourney check`
    without an event)."""
    return has_header(paths[0], MATCH_SHEET) if paths else False


# --- match sheets: checking and storing -------------------------------------------------------
def _line(row: SheetRow) -> MatchLine:
    v = row.values
    return MatchLine(player=row.player, first=v.get("first") == 1,
                     **{c: v.get(c) for c in CATEGORIES},  # type: ignore[arg-type]
                     total=v["total"], coins=v["coins"],  # type: ignore[arg-type]
                     victory=str(v.get("victory") or ""), winner=v.get("winner"))  # type: ignore[arg-type]


def _match(r: int, t: int, rows: list[SheetRow], readable: bool) -> ParsedTable[MatchSheet]:
    ordered = sorted(rows, key=lambda x: -(x.values.get("first") or 0))  # who started Age I first
    sheet = MatchSheet(r, t, tuple(_line(row) for row in ordered)) if readable else None
    return ParsedTable(r, t, tuple(ordered), sheet)


def parse_duel_files(paths: Sequence[str | Path]) -> CheckReport:
    """Read every file, group rows into matches and run the Duel checks on each."""
    return parse_sheets(paths, read_match_file, _match, check_match)


def check_duel_against_event(report: CheckReport, event: store.Event, *, register: bool = False,
                             correct: bool = False) -> None:
    """Registration, drops, the stored pairing and stored results."""
    view = EventView.of(event)
    rounds = stored_rounds(event)
    seated = view.seated
    for table in report.tables:
        r, t = table.round, table.table
        report.findings.extend(view.table_findings(table, correct=correct, beyond=seated.get(r) != "seat"))
        for row in table.rows:
            if row.player:
                report.findings.extend(view.row_findings(table, row, register=register))
        if seated.get(r) == "seat" and r in rounds:
            planned = rounds[r].tables.get(t)
            on_sheet = tuple(row.player for row in table.rows)
            if planned is None:
                report.findings.append(_at(table, error(
                    "pairing", f"round {r} has no table {t}: the pairing has tables 1 to "
                               f"{max(rounds[r].tables)}; fix the table number")))
            elif len(planned) == 1:
                report.findings.append(_at(table, error(
                    "pairing", f"table {t} in round {r} is {planned[0]!r}'s bye: there is no match to record")))
            elif {name_key(x) for x in planned} != {name_key(x) for x in on_sheet}:
                report.findings.append(_at(table, error(
                    "pairing", f"the sheet has {' v '.join(map(repr, on_sheet))} but round {r}, table {t} is "
                               f"{planned[0]!r} v {planned[1]!r}: fix the names or the table number")))
            elif table.sheet is not None:
                first = [ln.player for ln in table.sheet.lines if ln.first]
                if first and name_key(first[0]) != name_key(planned[0]):
                    report.findings.append(_at(table, warning(
                        "first.draw", f"{first[0]!r} started Age I on the sheet but the pairing had "
                                      f"{planned[0]!r} start: the sheet is kept as played")))


def check_duel_files(paths: Sequence[str | Path], event: store.Event | None = None) -> CheckReport:
    """`tourney check` for match sheets: every finding, against the event when given."""
    return DUEL_IMPORT.check_files(paths, event)


def _scores(line: MatchLine, result: Outcome) -> dict[str, object]:
    scores: dict[str, object] = {c: line.points(c) for c in CATEGORIES}
    scores.update(total=line.total, coins=line.coins, first=int(line.first),
                  won=int(result.winner == line.player), victory=result.victory.value)
    if line.senate is None:
        scores.pop("senate")
    return scores


def _duel_rows(event: store.Event) -> TableRows:
    seated = event.seated_rounds()
    rounds = stored_rounds(event)

    def table_rows(table: ParsedTable[MatchSheet], ids: dict[str, int]) -> tuple[Seats | None, list[Line]]:
        sheet = table.sheet
        assert sheet is not None  # every match is readable once there are no errors
        r, t = table.round, table.table
        result = outcome(sheet)
        seats: Seats | None = None
        if seated.get(r) == "seat" and r in rounds:
            planned = [name_key(x) for x in rounds[r].tables[t]]
            lines = sorted(sheet.lines, key=lambda ln: planned.index(name_key(ln.player)))
        else:
            lines = list(sheet.lines)
            seats = [(ids[name_key(ln.player)], None) for ln in lines]
        return seats, [(seat, ids[name_key(ln.player)], None, None, _scores(ln, result))
                       for seat, ln in enumerate(lines, 1)]

    return table_rows


DUEL_IMPORT = GameImport(parse_duel_files, check_duel_against_event, _duel_rows)


