"""Draws anyone can verify: each seated round stores a record of what its draw was made from
(the draw algorithm's version, the players, the rounds kept, the table sizes); the exported
workbook carries the records with the seating as stored in its `tourney-draws` sheet; and
`tourney verify-draws` redraws every round from the revealed seed and names each difference.

A record is kept per round (the latest one counts): `method` says which draw made it, and
each method recomputes the round from the seed and the record alone. A game adds its own
methods (`Workflow.draw_methods`); generic ones live here.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.core.errors import EventError, UsageError
from tourney.core.i18n import DEFAULT, LANGS, _, event_language, local_number, ngettext, translations
from tourney.event.swiss import SwissPlayer, pair_round, robin_pairings, next_cut_round, top_cut
from tourney.core.tables import FORMULA_START

if TYPE_CHECKING:
    from tourney.core.sql import Connection
    from tourney.core.store import Event, Json
    from tourney.event.schedule import Round
    from tourney.event.swiss import Pairing

#: The version of the draw algorithms a record was made with; a later release that changes a
#: draw keeps the old one under the old number, so an old event still verifies. Version 2 hands
#: the schedule optimiser the players in their lot order (a hash of the seed and the name), not
#: in registration order: whoever knows the seed can't steer a player to a table by the order
#: of registering, and the order is redrawn from the names alone.
DRAW_VERSION = 2
#: The versions this release can redraw.
KNOWN_VERSIONS = frozenset({1, 2})
#: The draw kind of a round's record in the store.
RECORD_KIND = "record"
#: The sheet of the exported workbook that `verify-draws` reads (a file format: not translated).
SHEET = "tourney-draws"
HEADER = ("round", "kind", "data")
#: The most characters a piece of a row's data takes in one cell: Excel holds at most 32,767
#: (UTF-16 units) and calls a file with a longer cell damaged. Half of it in code points stays
#: below that whatever the letters; a longer row goes on in the cells to its right.
CELL_CHARACTERS = 16_000


def store_record(conn: Connection, round_no: int, method: str, inputs: Mapping[str, Json]) -> None:
    """Store what round `round_no`'s draw was made from (a newer record replaces it)."""
    from tourney.core import store

    payload: dict[str, Json] = {"draw_version": DRAW_VERSION, "method": method, **inputs}
    store.store_draw(conn, round_no, RECORD_KIND, f"draw v{DRAW_VERSION}", payload)


# --- what a method gets and gives ------------------------------------------------------------------
@dataclass(frozen=True)
class Expected:
    """A round as its draw makes it: the players of each table in seat order, a detail per
    seat where the draw gives one (a 7 Wonders board), and the draws to compare by kind
    (only the keys given are compared)."""

    tables: tuple[tuple[str, ...], ...]
    details: Mapping[tuple[int, int], str] = field(default_factory=dict)
    draws: Mapping[str, Mapping[str, Json]] = field(default_factory=dict)


#: A method: (seed, round, record) → the round as the draw makes it.
DrawMethod = Callable[[int, int, Mapping[str, Any]], Expected]


def schedule_round(seed: int, round_no: int, record: Mapping[str, Any]) -> dict[int, Round]:
    """The rounds the schedule optimiser planned in one go, from `first` on: round → tables of
    player ids (what `tourney seat` planned and stored from)."""
    from tourney.event.schedule import TableSizes, plan_schedule

    first = int(record["first"])
    fixed = [tuple(tuple(int(p) for p in t) for t in rnd) for rnd in record["fixed"]]
    limits = record.get("limits")
    extra: dict[str, Any] = {}
    if limits is not None:
        low, high, usual, game = limits
        extra["limits"] = TableSizes(int(low), int(high), int(usual), str(game))
    players = [int(p) for p in record["players"]]
    if int(record.get("draw_version", 1)) >= 2:
        # The lot order, from the names: the record's own order is not taken on trust.
        from tourney.event.standings import in_lot_order

        names = names_of(record)
        players = in_lot_order(seed, players, lambda p: names[p])
    plan = plan_schedule(players, int(record["plan_rounds"]),
                         [int(n) for n in record["sizes"]], fixed=fixed, seed=f"{seed}:schedule:{first}", **extra)
    return {first + i: rnd for i, rnd in enumerate(plan[len(fixed):])}


def names_of(record: Mapping[str, Any]) -> dict[int, str]:
    return {int(k): str(v) for k, v in record["names"].items()}


def by_schedule(seed: int, round_no: int, record: Mapping[str, Any]) -> Expected:
    """A round seated by the schedule optimiser alone."""
    names = names_of(record)
    rnd = schedule_round(seed, round_no, record)[round_no]
    return Expected(tuple(tuple(names[p] for p in t) for t in rnd))


def _swiss_players(record: Mapping[str, Any]) -> list[Any]:
    return [SwissPlayer(p["name"], Fraction(p["score"]), frozenset(p["opponents"]), int(p["byes"]),
                        int(p["firsts"]), p["started_last"], int(p["order"])) for p in record["players"]]


def _pairs(pairings: Sequence[Pairing]) -> Expected:
    return Expected(tuple(p.players for p in pairings))


def by_swiss(seed: int, round_no: int, record: Mapping[str, Any]) -> Expected:
    """A Swiss round: the players with their points, opponents and starts before it."""
    return _pairs(pair_round(_swiss_players(record), f"{seed}:pair:{round_no}").pairings)


def by_round_robin(seed: int, round_no: int, record: Mapping[str, Any]) -> Expected:
    """A round robin: the order is the players' lot (sha256 of the seed and the name)."""
    from tourney.event.standings import in_lot_order

    order = in_lot_order(seed, record["order"], str)
    return _pairs(robin_pairings(order, round_no, frozenset(record["active"])))


def by_top_cut(seed: int, round_no: int, record: Mapping[str, Any]) -> Expected:
    """A top-cut round: no lot, the standings' seeds (and the winners of the round before)."""
    seeds = list(record["seeds"])
    winners = record.get("winners")
    return _pairs(next_cut_round(winners, seeds) if winners is not None else top_cut(seeds, int(record["size"])))


GENERIC_METHODS: dict[str, DrawMethod] = {
    "schedule": by_schedule, "swiss": by_swiss, "roundrobin": by_round_robin, "topcut": by_top_cut}


# --- out: the workbook's sheet ---------------------------------------------------------------------
def sheet_rows(event: Event) -> list[tuple[object, ...]]:
    """The `tourney-draws` sheet: the event (its fingerprint, the seed once revealed), then per
    round its record, its seating as stored (a row per table) and its latest draws of every
    other kind. A row's data longer than a cell holds goes on in the cells to its right
    (`pieces`); `read_export` joins them, and reads the old layout (one cell a row) too."""
    from tourney.event.drawproof import seed_proof

    info = event.info()
    proof = seed_proof(event)
    head: dict[str, Json] = {"game": info.game, "name": info.name, "rounds": info.rounds,
                             "fingerprint": proof.fingerprint, "draw_version": DRAW_VERSION,
                             "lang": event_language(event)}
    if proof.seed is not None:
        head["seed"] = str(proof.seed)
    rows: list[tuple[int, str, str]] = [(0, "event", _dump(head))]
    latest: dict[tuple[int, str], Json] = {}
    for d in event.draws():
        if d.round is not None and d.kind != "seats":  # the seats draw repeats the seating
            latest[(d.round, d.kind)] = d.payload
    seating: dict[int, dict[int, list[Json]]] = {}
    for s in event.seats():
        seat: dict[str, Json] = {"seat": s.seat, "player": s.player}
        if s.wonder:
            seat["detail"] = s.wonder
        seating.setdefault(s.round, {}).setdefault(s.table, []).append(seat)
    sources = event.seated_rounds()
    for r in sorted(set(seating) | {r for r, _k in latest}):
        if (r, RECORD_KIND) in latest:
            rows.append((r, RECORD_KIND, _dump(latest[(r, RECORD_KIND)])))
        source = sources.get(r, "seat")
        rows += [(r, "seating", _dump({"source": source, "tables": [{"table": t, "seats": seats}]}))
                 for t, seats in sorted(seating.get(r, {}).items())]
        rows += [(r, kind, _dump(payload)) for (rr, kind), payload in sorted(latest.items())
                 if rr == r and kind != RECORD_KIND]
    return [(r, kind, *pieces(data)) for r, kind, data in rows]


def _dump(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pieces(text: str, size: int = CELL_CHARACTERS) -> list[str]:
    """`text` cut into cells of at most `size` characters; no piece after the first starts with
    what a spreadsheet takes for a formula or an apostrophe (the writer would mark it, and the
    reader could not tell the mark from the data)."""
    out: list[str] = []
    start = 0
    while len(text) - start > size:
        end = start + size
        while end > start + 1 and text[end].startswith((*FORMULA_START, "'")):
            end -= 1
        out.append(text[start:end])
        start = end
    return [*out, text[start:]]


# --- in: verifying an export -----------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """One round as the export shows it."""

    round: int
    source: str
    tables: tuple[tuple[str, ...], ...]
    details: Mapping[tuple[int, int], str]
    draws: Mapping[str, Mapping[str, Any]]
    record: Mapping[str, Any] | None


@dataclass(frozen=True)
class Verified:
    """What `verify-draws` found: the rounds redrawn, their differences, the rounds no lot drew."""

    checked: tuple[int, ...]
    differences: tuple[str, ...]
    not_drawn: tuple[int, ...]

    def text(self) -> str:
        lines = list(self.differences)
        if self.not_drawn:
            lines.append(_("not drawn by tourney (seated from score sheets or before draws were recorded): round "
                           "{rounds}").format(rounds=", ".join(map(str, self.not_drawn))))
        if not self.differences and not self.checked:
            lines.append(_("no round was drawn by tourney: nothing to redraw"))
        elif not self.differences:
            lines.append(ngettext("all {n} round matches", "all {n} rounds match", len(self.checked)).format(
                n=len(self.checked)))
        else:
            lines.append(ngettext("{n} difference: the draws do not match the seed",
                                  "{n} differences: the draws do not match the seed", len(self.differences)).format(
                n=len(self.differences)))
        return "".join(line + "\n" for line in lines)


def workbook_language(sheets: Sequence[str]) -> str | None:
    """The language a standings workbook was written in, by its first sheet's name (a workbook
    from before the event row said it)."""
    return next((lang for lang in LANGS if sheets and translations(lang).gettext("Standings") == sheets[0]), None)


def read_export(path: str | Path, speak: Callable[[str], None] = lambda lang: None,
                lang: str | None = None) -> tuple[dict[str, Any], list[Found]]:
    """The event row and every round of an exported workbook's `tourney-draws` sheet; once the
    workbook is open, `speak` is handed `lang`, else the workbook's language."""
    p = Path(path)
    if not p.is_file():
        raise EventError(_("{file}: no such file: give the workbook written by 'tourney export EVENT -o "
                           "FILE.xlsx'").format(file=p))
    if p.suffix.lower() != ".xlsx":
        raise EventError(_("{file}: verify-draws reads the workbook of 'tourney export EVENT -o FILE.xlsx' (its "
                           "'{sheet}' sheet holds every draw)").format(file=p.name, sheet=SHEET))
    from openpyxl import load_workbook

    try:
        wb = load_workbook(p, read_only=True, data_only=True)
    except Exception as exc:  # a damaged file in any way openpyxl finds it
        raise EventError(_("{file}: not a readable workbook ({problem})").format(file=p.name, problem=exc)) from None
    rows = list(wb[SHEET].iter_rows(values_only=True)) if SHEET in wb.sheetnames else []
    wb.close()
    try:  # the event row says the workbook's language (since issue 46)
        written = json.loads(_joined(rows[1])).get("lang") if len(rows) > 1 else None
    except (ValueError, AttributeError):
        written = None
    speak(lang or (written if written in LANGS else None) or workbook_language(wb.sheetnames) or DEFAULT)
    if SHEET not in wb.sheetnames:
        raise EventError(_("{file} has no '{sheet}' sheet: export the event again with this tourney ('tourney "
                           "export EVENT -o FILE.xlsx')").format(file=p.name, sheet=SHEET))
    head: dict[str, Any] | None = None
    rounds: dict[int, dict[str, Any]] = {}
    for i, row in enumerate(rows[1:], 2):
        try:
            r, kind, data = int(str(row[0])), str(row[1]), json.loads(_joined(row))
            if kind == "seating" and "seating" in rounds.get(r, {}):  # a row per table: one seating
                rounds[r]["seating"]["tables"] += data["tables"]
                continue
        except (ValueError, IndexError, TypeError, KeyError):
            raise EventError(_("{file}, sheet '{sheet}', row {row}: not a draw row (round, kind, data): the "
                               "workbook was changed after the export").format(file=p.name, sheet=SHEET,
                                                                                row=i)) from None
        if r == 0 and kind == "event":
            head = data
        else:
            rounds.setdefault(r, {})[kind] = data
    if head is None:
        raise EventError(_("{file}, sheet '{sheet}': the event row is missing: export the event again").format(
            file=p.name, sheet=SHEET))
    found = []
    for r, kinds in sorted(rounds.items()):
        seating = kinds.pop("seating", {"source": "seat", "tables": []})
        tables = [sorted(t["seats"], key=lambda s: int(s["seat"])) for t in sorted(seating["tables"],
                                                                                   key=lambda t: int(t["table"]))]
        details = {(ti, int(s["seat"])): str(s["detail"]) for ti, t in enumerate(tables, 1) for s in t
                   if s.get("detail")}
        record = kinds.pop(RECORD_KIND, None)
        found.append(Found(r, str(seating.get("source", "seat")), tuple(tuple(str(s["player"]) for s in t)
                                                                          for t in tables),
                           details, {k: v for k, v in kinds.items() if isinstance(v, dict)}, record))
    return head, found


def _joined(row: Sequence[object]) -> str:
    """A row's data: its third cell and the cells it goes on in (`pieces`)."""
    return "".join(str(c) for c in row[2:] if c is not None)


def verify_export(path: str | Path, seed: str, methods: Mapping[str, DrawMethod] = GENERIC_METHODS,
                  game_methods: Callable[[str], Mapping[str, DrawMethod]] | None = None,
                  speak: Callable[[str], None] = lambda lang: None, lang: str | None = None) -> Verified:
    """`tourney verify-draws EXPORT --seed SEED`: redraw every round that has a record and
    compare it with the seating and draws the export shows, seat by seat (`speak`: as for
    `read_export`)."""
    from tourney.event.drawproof import fingerprint

    head, rounds = read_export(path, speak, lang)
    if not seed.isdigit():
        raise UsageError(_("--seed {seed!r}: a seed is a whole number (the one 'tourney event EVENT --reveal-seed' "
                           "shows)").format(seed=seed))
    number = int(seed)
    if fingerprint(number) != head.get("fingerprint"):
        raise EventError(_("seed {seed} is not the seed this event committed to: its SHA-256 fingerprint is "
                           "{fingerprint}, the event's is {committed}").format(
            seed=number, fingerprint=fingerprint(number), committed=head.get("fingerprint")))
    known = dict(methods)
    if game_methods is not None:
        known.update(game_methods(str(head.get("game"))))
    checked: list[int] = []
    differences: list[str] = []
    not_drawn: list[int] = []
    for f in rounds:
        if f.record is None or f.source != "seat":
            if f.tables:
                not_drawn.append(f.round)
            continue
        version = f.record.get("draw_version")
        if version not in KNOWN_VERSIONS:
            raise EventError(_("round {round} was drawn with draw version {version}, which this tourney does not "
                               "know (it knows {known}): verify with the tourney release that ran the "
                               "event").format(round=f.round, version=version,
                                               known=", ".join(map(str, sorted(KNOWN_VERSIONS)))))
        method = known.get(str(f.record.get("method")))
        if method is None:
            raise EventError(_("round {round}: unknown draw method {method!r}: verify with the tourney release that "
                               "ran the event").format(round=f.round, method=f.record.get("method")))
        try:
            expected = method(number, f.round, f.record)
        except (KeyError, TypeError, ValueError) as exc:
            differences.append(_("round {round}: its draw record is damaged ({problem})").format(
                round=f.round, problem=exc))
            checked.append(f.round)
            continue
        differences += compare(f, expected) + record_differences(f, rounds)
        checked.append(f.round)
    return Verified(tuple(checked), tuple(differences), tuple(not_drawn))


def compare(found: Found, expected: Expected) -> list[str]:
    """Each difference between a round as drawn and as the export shows it, seat by seat."""
    out: list[str] = []
    r = found.round
    for t in range(1, max(len(expected.tables), len(found.tables)) + 1):
        want = expected.tables[t - 1] if t <= len(expected.tables) else ()
        have = found.tables[t - 1] if t <= len(found.tables) else ()
        for s in range(1, max(len(want), len(have)) + 1):
            w = want[s - 1] if s <= len(want) else _("nobody")
            h = have[s - 1] if s <= len(have) else _("nobody")
            if w != h:
                out.append(_("round {round}, table {table}, seat {seat}: expected {expected}, found {found}").format(
                    round=r, table=t, seat=s, expected=w, found=h))
    for (t, s), w in sorted(expected.details.items()):
        board = found.details.get((t, s), _("nothing"))
        if w != board:
            out.append(_("round {round}, table {table}, seat {seat}: expected board {expected}, found "
                         "{found}").format(round=r, table=t, seat=s, expected=w, found=board))
    for kind, keys in sorted(expected.draws.items()):
        stored = found.draws.get(kind, {})
        for key, drawn in sorted(keys.items()):
            kept = stored.get(key)
            if drawn != kept:
                out.append(_("round {round}, {what}: expected {expected}, found {found}").format(
                    round=r, what=f"{kind} {key}", expected=_shown(drawn), found=_shown(kept)))
    return out


def record_differences(found: Found, rounds: Sequence[Found]) -> list[str]:
    """Where a round's draw record disagrees with the earlier rounds the export shows: the
    rounds fixed when it was planned (their seating, the boards each player had) or a Swiss
    player's opponents and byes. A record must not be trusted for what the export shows
    elsewhere: changed, it would redraw whatever seating was stored."""
    record = found.record
    if record is None:
        return []
    try:
        if "fixed" in record:
            return _fixed_differences(found.round, record, rounds)
        if record.get("method") == "swiss":
            return _swiss_differences(found.round, record, rounds)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return [_("round {round}: its draw record is damaged ({problem})").format(round=found.round, problem=exc)]
    return []


def _fixed_differences(round_no: int, record: Mapping[str, Any], rounds: Sequence[Found]) -> list[str]:
    names = names_of(record)
    first = int(record["first"])
    earlier = [f for f in rounds if f.round < first and f.tables]
    fixed = [tuple(tuple(names[int(p)] for p in t) for t in rnd) for rnd in record["fixed"]]
    out: list[str] = []
    for k in range(max(len(fixed), len(earlier))):
        kept = fixed[k] if k < len(fixed) else ()
        shown = earlier[k].tables if k < len(earlier) else ()
        if shown != kept:
            at = earlier[k].round if k < len(earlier) else k + 1
            table = next((t for t in range(1, max(len(kept), len(shown)) + 1)
                          if kept[t - 1:t] != shown[t - 1:t]), 1)  # the first table that differs
            out.append(_("round {round} was drawn from round {earlier} as it was seated then, but the export shows "
                         "round {earlier} seated otherwise (table {table}): the draw record or that round's seating "
                         "was changed after the draw").format(round=round_no, earlier=at, table=table))
    if "had" in record:
        had: dict[str, set[str]] = {}
        for f in earlier:
            for (t, seat), board in f.details.items():
                had.setdefault(f.tables[t - 1][seat - 1], set()).add(board)
        kept_had = {names[int(p)]: set(boards) for p, boards in record["had"].items()}
        for name in sorted(set(had) | set(kept_had)):
            if had.get(name, set()) != kept_had.get(name, set()):
                out.append(_("round {round}: its draw record says {player} had played {recorded} before, but the "
                             "export's earlier rounds show {found}").format(
                    round=round_no, player=name, recorded=_shown(sorted(kept_had.get(name, ()))) or _("nothing"),
                    found=_shown(sorted(had.get(name, ()))) or _("nothing")))
    return out


def _swiss_differences(round_no: int, record: Mapping[str, Any], rounds: Sequence[Found]) -> list[str]:
    met: dict[str, set[str]] = {}
    byes: dict[str, int] = {}
    for f in rounds:
        if f.round >= round_no:
            continue
        for players in f.tables:
            if len(players) == 1:
                byes[players[0]] = byes.get(players[0], 0) + 1
            for p in players:
                met.setdefault(p, set()).update(q for q in players if q != p)
    out: list[str] = []
    for p in record["players"]:
        name = str(p["name"])
        kept, shown = set(map(str, p["opponents"])), met.get(name, set())
        if kept != shown:
            out.append(_("round {round}: its draw record says {player} had met {recorded}, but the export's earlier "
                         "rounds show {found}").format(round=round_no, player=name,
                                                       recorded=_shown(sorted(kept)) or _("nobody"),
                                                       found=_shown(sorted(shown)) or _("nobody")))
        if int(p["byes"]) != byes.get(name, 0):
            out.append(_("round {round}: byes of {player} before it: {recorded} in its draw record, {found} in the "
                         "export's earlier rounds").format(round=round_no, player=name, recorded=int(p["byes"]),
                                                       found=byes.get(name, 0)))
    before = next((f for f in rounds if f.round == round_no - 1), None)
    if before is not None and before.record is not None and before.record.get("method") == "swiss":
        out += _points_differences(round_no, before, record)
    return out


def _points_differences(round_no: int, before: Found, record: Mapping[str, Any]) -> list[str]:
    """The match points two Swiss records in a row give must grow by what the round between
    them can give: a match 1 and 0, or 1/2 each; every bye of the round the same; no match,
    nothing. (The results themselves are not in the draws sheet: a record is held to its
    neighbour and to the pairings.)"""
    assert before.record is not None
    was = {str(p["name"]): Fraction(p["score"]) for p in before.record["players"]}
    now = {str(p["name"]): Fraction(p["score"]) for p in record["players"]}
    gain = {name: now[name] - was[name] for name in now.keys() & was.keys()}
    r, out = before.round, []
    seated: set[str] = set()
    bye_gains: dict[str, Fraction] = {}
    for players in before.tables:
        seated.update(players)
        if len(players) == 1 and players[0] in gain:
            bye_gains[players[0]] = gain[players[0]]
        elif len(players) == 2 and all(p in gain for p in players):
            a, b = players
            if sorted((gain[a], gain[b])) not in ([0, 1], [Fraction(1, 2), Fraction(1, 2)]):
                out.append(_("round {round}: the match points its draw record gives {player} and {opponent} grew by "
                             "{gain} and {other} since round {earlier}'s record, which their match in round {earlier} "
                             "can't give (a win 1, a draw 1/2 each, a loss 0)").format(
                    round=round_no, player=a, opponent=b, gain=_points(gain[a]), other=_points(gain[b]),
                    earlier=r))
    if len(set(bye_gains.values())) > 1 or any(not 0 <= g <= 1 for g in bye_gains.values()):
        out.append(_("round {round}: its draw record counts the byes of round {earlier} differently: {gains}").format(
            round=round_no, earlier=r, gains=", ".join(f"{p} {_points(g)}" for p, g in sorted(bye_gains.items()))))
    for name in sorted(gain.keys() - seated):
        if gain[name]:
            out.append(_("round {round}: its draw record gives {player} {gain} more match points than round "
                         "{earlier}'s record, without a match in round {earlier}").format(
                round=round_no, player=name, gain=_points(gain[name]), earlier=r))
    return out


def _points(value: Fraction) -> str:
    """Match points as a person reads them: 1, 0.5 (0,5 in German)."""
    return str(value.numerator) if value.denominator == 1 else local_number(format(float(value), "g"))


def _shown(value: Any) -> str:
    if value is None:
        return _("nothing")
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)
