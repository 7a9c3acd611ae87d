"""The 7 Wonders Duel (+ Agora) match sheet of one match, and the checks it must pass.

Pure: values in, findings out. Sources for the rules checked here: the Agora rulebook
(German and French, /work/shared/rules/7wonders-duel-agora.*.txt: chambers, political
supremacy, "the game ends at once" on a supremacy, ties to blue points then a shared win)
and the base game's end-of-game scoring (military 0/2/5/10, 1 VP per 3 coins).
"""
from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from rules_engine.duel import data
from rules_engine.findings import Finding, Joined, Term, error, phrase

#: Score categories in sheet order (CSV column names); `senate` is 0 without Agora.
CATEGORIES: tuple[str, ...] = (
    "blue", "green", "yellow", "purple", "wonders", "progress", "treasury", "military", "senate",
)
#: Military VP at game end: the conflict pawn's zone on the loser's side of the track.
MILITARY_POINTS: tuple[int, ...] = (0, *(vp for _, vp in data.MILITARY_VP))
#: Victory points of the six senate chambers, left to right (Agora).
CHAMBER_POINTS: tuple[int, ...] = data.CHAMBER_VP
#: What the winner of a military supremacy may write: the game ends at once and nothing is
#: scored, so Board Game Arena writes 0; the printed sheet asks for 10 (the last zone).
SUPREMACY_MILITARY: tuple[int, ...] = (0, MILITARY_POINTS[-1])
SENATE_ALL = sum(CHAMBER_POINTS)


class Victory(enum.Enum):
    CIVILIAN = "civilian"
    MILITARY = "military"
    SCIENCE = "science"
    POLITICAL = "political"

    @property
    def supremacy(self) -> bool:
        return self is not Victory.CIVILIAN


@dataclass(frozen=True)
class MatchLine:
    """One player's row. `victory` and `winner` are the raw texts of that row (the checks
    compare both rows); `senate` is None on a sheet without Agora."""

    player: str
    first: bool
    blue: int
    green: int
    yellow: int
    purple: int
    wonders: int
    progress: int
    treasury: int
    military: int
    senate: int | None
    total: int
    coins: int
    victory: str = ""
    winner: str | None = None

    def points(self, category: str) -> int:
        value = getattr(self, category)
        return 0 if value is None else value

    def category_sum(self) -> int:
        return sum(self.points(c) for c in CATEGORIES)


@dataclass(frozen=True)
class MatchSheet:
    """Both rows of one match (normally the starting player first)."""

    round: int
    table: int
    lines: tuple[MatchLine, ...]


@dataclass(frozen=True)
class Outcome:
    """How a match ended: `winner` None is a shared (civilian) victory."""

    victory: Victory
    winner: str | None

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@lru_cache(maxsize=1)
def senate_pairs() -> frozenset[tuple[int, int]]:
    """Every (a, b) senate score pair two players can end with: each chamber is controlled
    by one of them or by nobody, so their chambers are disjoint."""
    pairs = set()
    for owners in product((0, 1, 2), repeat=len(CHAMBER_POINTS)):
        a = sum(p for p, o in zip(CHAMBER_POINTS, owners) if o == 1)
        b = sum(p for p, o in zip(CHAMBER_POINTS, owners) if o == 2)
        pairs.add((a, b))
    return frozenset(pairs)


#: The words German match sheets use for the victories (the rulebook's "zivil", "militärische",
#: "wissenschaftliche", "politische Vorherrschaft"), read like the English ones.
VICTORY_WORDS_DE: dict[str, Victory] = {
    "zivil": Victory.CIVILIAN, "militär": Victory.MILITARY, "militaer": Victory.MILITARY,
    "wissenschaft": Victory.SCIENCE, "politik": Victory.POLITICAL, "politisch": Victory.POLITICAL,
}
#: The words French match sheets use (the French rulebook's "Suprématie Militaire, Scientifique
#: ou Politique" and the civilian victory), read the same way.
VICTORY_WORDS_FR: dict[str, Victory] = {
    "civile": Victory.CIVILIAN, "civil": Victory.CIVILIAN, "militaire": Victory.MILITARY,
    "scientifique": Victory.SCIENCE, "politique": Victory.POLITICAL,
}


def parse_victory(text: str | None) -> Victory | None:
    """The victory named by a cell ('' means civilian, the normal end after Age III), in
    English, German or French."""
    key = (text or "").strip().lower()
    if key == "":
        return Victory.CIVILIAN
    for v in Victory:
        if key == v.value:
            return v
    return VICTORY_WORDS_DE.get(key) or VICTORY_WORDS_FR.get(key)


def civilian_winner(a: MatchLine, b: MatchLine) -> str | None:
    """Higher total wins; equal totals go to more blue points; still equal is shared."""
    keys: tuple[Callable[[MatchLine], int], ...] = (lambda x: x.total, lambda x: x.blue)
    for key in keys:
        if key(a) != key(b):
            return a.player if key(a) > key(b) else b.player
    return None


def _line_checks(p: MatchLine) -> list[Finding]:
    out: list[Finding] = []
    name = p.player
    s = p.category_sum()
    if s != p.total:
        out.append(error("sum", "totals don't add up for {player!r}: categories sum to {sum}, total says {total}",
                         name, player=name, sum=s, total=p.total))
    for c in CATEGORIES:
        v = getattr(p, c)
        if v is not None and v < 0 and c != "military":  # military has its own check
            out.append(error("negative", "{column} {value} for {player!r} is negative: points can't be", name,
                             column=Term(c), value=v, player=name))
    if p.coins < 0:
        out.append(error("coins.negative", "{player!r} has {coins} coins: coins can't be negative", name,
                         player=name, coins=p.coins))
    elif p.treasury != p.coins // 3:
        out.append(error("treasury", "treasury for {player!r} should be coins div 3 = {coins} div 3 = "
                                     "{want}, sheet says {treasury}", name,
                         player=name, coins=p.coins, want=p.coins // 3, treasury=p.treasury))
    if p.military not in MILITARY_POINTS:
        out.append(error("military.value", "military {military} for {player!r}: the conflict track gives "
                                           "0, 2, 5 or 10 points", name, military=p.military, player=name))
    senate = p.points("senate")
    if senate > SENATE_ALL:
        out.append(error("senate.value", "senate {senate} for {player!r}: chambers are worth 1, 2, 3, 3, 2, 1, "
                                         "so at most {most}", name, senate=senate, player=name, most=SENATE_ALL))
    return out


def _pair_checks(a: MatchLine, b: MatchLine) -> list[Finding]:
    out: list[Finding] = []
    if a.player.casefold() == b.player.casefold():
        out.append(error("player.twice", "{player!r} is on both rows: a match has two different players",
                         a.player, player=a.player))
    if a.first == b.first:
        which = Term("both rows") if a.first else Term("neither row")
        out.append(error("first", "first = 1 on {which}: mark exactly one player as the one who started "
                                  "Age I", which=which))
    if a.military > 0 and b.military > 0:
        out.append(error("military.both", "military {military} for {player!r} and {other_military} for "
                                          "{other!r}: the conflict pawn scores for one player only, "
                                          "the other has 0", military=a.military, player=a.player,
                         other_military=b.military, other=b.player))
    sa, sb = a.points("senate"), b.points("senate")
    if 0 <= sa <= SENATE_ALL and 0 <= sb <= SENATE_ALL and (sa, sb) not in senate_pairs():
        out.append(error("senate.chambers", "senate {senate} for {player!r} and {other_senate} for {other!r}: "
                                            "a chamber has one controller, so together at most {most}",
                         senate=sa, player=a.player, other_senate=sb, other=b.player, most=SENATE_ALL))
    return out


def _named_winner(sheet: MatchSheet) -> tuple[str | None, list[Finding]]:
    """The `winner` cell shared by both rows (None when empty), or findings."""
    names = {(ln.winner or "").strip().casefold() for ln in sheet.lines}
    if len(names) > 1:
        shown = Joined(tuple(repr(ln.winner or "") for ln in sheet.lines), " and ")
        return None, [error("winner.rows", "winner is {shown} on the two rows: write the same on both", shown=shown)]
    name = (sheet.lines[0].winner or "").strip() if names else ""
    if not name:
        return None, []
    players = {ln.player.casefold(): ln.player for ln in sheet.lines}
    if name.casefold() not in players:
        return None, [error("winner.unknown", "winner {name!r} is not a player of this match: write {players}",
                            name=name, players=Joined(tuple(repr(p) for p in players.values()), " or "))]
    return players[name.casefold()], []


def _victory(sheet: MatchSheet) -> tuple[Victory | None, list[Finding]]:
    texts = [(ln.victory or "").strip().lower() for ln in sheet.lines]
    if len(set(texts)) > 1:
        return None, [error("victory.rows", "victory is {one!r} on one row and {other!r} on the "
                                            "other: write the same on both", one=texts[0], other=texts[1])]
    v = parse_victory(texts[0])
    if v is None:
        return None, [error("victory.value", "victory {victory!r}: write civilian, military, science or "
                                             "political (German sheets: zivil, militär, wissenschaft, politik)",
                            victory=texts[0])]
    return v, []


def _outcome(sheet: MatchSheet) -> tuple[Outcome | None, list[Finding]]:
    a, b = sheet.lines
    victory, out = _victory(sheet)
    named, more = _named_winner(sheet)
    out += more
    if victory is None or more:
        return None, out
    by_name = {a.player: (a, b), b.player: (b, a)}
    if victory is Victory.CIVILIAN:
        computed = civilian_winner(a, b)
        if named is not None and named != computed:
            if computed is None:
                why = phrase("the totals and blue points are equal: a shared victory")
            elif a.total == b.total:
                why = phrase("{player!r} has the higher total (equal totals, more blue points)", player=computed)
            else:
                why = phrase("{player!r} has the higher total", player=computed)
            out.append(error("winner.civilian", "winner says {named!r} but {why}: fix the points or the "
                                                "winner", named, named=named, why=why))
        for ln in (a, b):
            if ln.points("senate") == SENATE_ALL:
                out.append(error("political.missed", "{player!r} has senate {senate}, all six chambers: "
                                                     "that is a political supremacy, which ends the game at "
                                                     "once; write victory political", ln.player,
                                 player=ln.player, senate=SENATE_ALL))
        return Outcome(victory, computed), out
    winner = named
    if winner is None:
        # The points identify the winner of a military or political supremacy.
        if victory is Victory.MILITARY:
            cands = [ln.player for ln in (a, b) if ln.military == 10]
        elif victory is Victory.POLITICAL:
            cands = [ln.player for ln in (a, b) if ln.points("senate") == SENATE_ALL]
        else:
            cands = []
        if len(cands) != 1:
            out.append(error("winner.missing", "a {victory} supremacy needs the winner: add a winner "
                                               "column with the winner's name on both rows",
                             victory=Term(victory.value)))
            return None, out
        winner = cands[0]
    w, lo = by_name[winner]
    if victory is Victory.MILITARY:
        if lo.military != 0:
            out.append(error("military.supremacy", "{player!r} lost to a military supremacy but has military "
                                                   "{military}: the loser of a military supremacy scores no "
                                                   "military points, write 0", lo.player,
                             player=lo.player, military=lo.military))
        if w.military not in SUPREMACY_MILITARY:
            out.append(error("military.supremacy", "{player!r} won by military supremacy but has military "
                                                   "{military}: the pawn reached the capital past the "
                                                   "10-point zone, write 10 (or 0, as Board Game Arena "
                                                   "does: the game ends before scoring)", w.player,
                             player=w.player, military=w.military))
    if victory is Victory.POLITICAL:
        if w.points("senate") != SENATE_ALL or lo.points("senate") != 0:
            out.append(error("political", "{player!r} won by political supremacy, controlling all six "
                                          "chambers: senate must be {senate} for {player!r} (says "
                                          "{says}) and 0 for {other!r} (says {other_says})", w.player,
                             player=w.player, senate=SENATE_ALL, says=w.points("senate"), other=lo.player,
                             other_says=lo.points("senate")))
    elif lo.points("senate") == SENATE_ALL or w.points("senate") == SENATE_ALL:
        who = w if w.points("senate") == SENATE_ALL else lo
        out.append(error("political.missed", "{player!r} has senate {senate}, all six chambers: that "
                                             "is a political supremacy, which ends the game at once",
                         who.player, player=who.player, senate=SENATE_ALL))
    return Outcome(victory, winner), out


def check_match(sheet: MatchSheet) -> list[Finding]:
    """Every finding for one match sheet (empty when it is plausible)."""
    if len(sheet.lines) != 2:
        names = ", ".join(repr(ln.player) for ln in sheet.lines)
        return [error("match.rows", "the match has {n} row(s) ({names}): a Duel match "
                                    "sheet has exactly two, one per player", n=len(sheet.lines), names=names)]
    out: list[Finding] = []
    for ln in sheet.lines:
        out.extend(_line_checks(ln))
    out.extend(_pair_checks(*sheet.lines))
    out.extend(_outcome(sheet)[1])
    return out


#: The per-game entry point name shared with the 7 Wonders checker.
check_sheet = check_match


def outcome(sheet: MatchSheet) -> Outcome:
    """The result of a sheet that passed ``check_match`` (raises ValueError otherwise)."""
    if len(sheet.lines) != 2:
        raise ValueError(f"round {sheet.round}, table {sheet.table}: a match has two rows")
    result, findings = _outcome(sheet)
    if result is None:
        raise ValueError(f"round {sheet.round}, table {sheet.table}: {findings[0].message}")
    return result
