"""The 7 Wonders Duel (+ Agora) match sheet of one match, and the checks it must pass.

Pure: values in, findings out. Sources for the rules checked here: the Agora rulebook
(German and French, /work/shared/rules/7wonders-duel-agora.*.txt: chambers, political
supremacy, "the game ends at once" on a supremacy, ties to blue points then a shared win)
and the base game's end-of-game scoring (military 0/2/5/10, 1 VP per 3 coins). What the
card list allows (each card, wonder and token exists once; science, wonder, progress and guild
limits) comes from `bounds`, derived from `data` on first use; docs/sheet-checks.md lists each
rule with the fact it rests on.
"""
from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from rules_engine.duel import bounds, data
from rules_engine.duel.names import CATEGORIES as CATEGORIES  # re-exported: the sheet's columns
from rules_engine.findings import Finding, Joined, Term, error, phrase

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
        # spelled out: the checks ask for every sheet (a loop over CATEGORIES shows in the benchmark)
        return (self.blue + self.green + self.yellow + self.purple + self.wonders + self.progress + self.treasury
                + self.military + (self.senate or 0))


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
    if min(p.blue, p.green, p.yellow, p.purple, p.wonders, p.progress, p.treasury, p.senate or 0) < 0:
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
    senate = p.senate or 0
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
    sa, sb = a.senate or 0, b.senate or 0
    if 0 <= sa <= SENATE_ALL and 0 <= sb <= SENATE_ALL and (sa, sb) not in senate_pairs():
        out.append(error("senate.chambers", "senate {senate} for {player!r} and {other_senate} for {other!r}: "
                                            "a chamber has one controller, so together at most {most}",
                         senate=sa, player=a.player, other_senate=sb, other=b.player, most=SENATE_ALL))
    return out


def _named_winner(sheet: MatchSheet) -> tuple[str | None, list[Finding]]:
    """The `winner` cell shared by both rows (None when empty), or findings."""
    if not any(ln.winner for ln in sheet.lines):
        return None, []                       # the common case: no winner column (a civilian victory)
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
    if not any(ln.victory for ln in sheet.lines):
        return Victory.CIVILIAN, []           # the common case: no victory written, the normal end
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
            if ln.senate == SENATE_ALL:
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


#: The sheet category holding the points of each colour's cards.
_CATEGORY_OF = {data.Colour.BLUE: "blue", data.Colour.GREEN: "green", data.Colour.YELLOW: "yellow"}


def _deck_checks(a: MatchLine, b: MatchLine, science_winner: str | None, agora: bool) -> list[Finding]:
    """Blue, green and yellow points from the deck (each card exists once), green with the
    science rule (`science_winner` won by science supremacy, if anyone)."""
    out: list[Finding] = []
    for colour, column in _CATEGORY_OF.items():
        va, vb = a.points(column), b.points(column)
        if va < 0 or vb < 0:
            continue                          # `negative` says so
        d = bounds.deck(colour)
        if bounds.has(d.pairs, va, vb):
            if colour is data.Colour.GREEN:
                out.extend(_science_checks(a, b, science_winner, agora))
            continue
        bad = [ln for ln, v in ((a, va), (b, vb)) if not bounds.has(d.pairs, v, 0)]
        for ln in bad:
            out.append(error("cards.deck", "{column} {value} for {player!r}: no set of the deck's {column} cards "
                                           "adds up to {value} (each card exists once; they give {values})",
                             ln.player, column=Term(column), value=ln.points(column), player=ln.player,
                             values=Joined(d.values)))
        if not bad:
            out.append(error("cards.deck", "{column} {value} for {player!r} and {other_value} for {other!r}: each "
                                           "card exists once, and no two sets of the deck's {column} cards give "
                                           "both (all of them give {most})",
                             column=Term(column), value=va, player=a.player, other_value=vb, other=b.player,
                             most=d.most))
    return out


def _law_by_pair(w: MatchLine, agora: bool) -> bool:
    """Must the winner's Law token (a progress token) come from a pair of identical symbols on
    its green cards? In the base game, unless its wonder points may include the Great Library
    (which gives a token); with Agora, Espionage gives one too."""
    return not agora and w.wonders not in bounds.library_wonders()


def _science_checks(a: MatchLine, b: MatchLine, science_winner: str | None, agora: bool) -> list[Finding]:
    g = bounds.green()
    if science_winner is None:
        for ln in (a, b):
            if ln.green > g.most_free:
                return [error("science.green", "green {green} for {player!r}: that many green points need cards "
                                               "of all six symbols (five symbols give at most {most}), a science "
                                               "supremacy, which ends the game at once", ln.player,
                              green=ln.green, player=ln.player, most=g.most_free)]
        if not bounds.has(g.free, a.green, b.green):
            return [error("science.green", "green {value} for {player!r} and {other_value} for {other!r}: every "
                                           "split of the green cards that gives both puts all six symbols in one "
                                           "city, a science supremacy, which ends the game at once",
                          value=a.green, player=a.player, other_value=b.green, other=b.player)]
        return []
    w, lo = (a, b) if science_winner == a.player else (b, a)
    if w.green < g.least_science:
        return [error("science.green", "{player!r} won by science supremacy with green {green}: six different "
                                       "symbols need at least {least} green points (the cheapest card of each "
                                       "symbol, the Law token counting as one)", w.player,
                      player=w.player, green=w.green, least=g.least_science)]
    if lo.green > g.most_free or not bounds.has(g.science, w.green, lo.green):
        return [error("science.green", "green {value} for {player!r}, who won by science supremacy, and "
                                       "{other_value} for {other!r}: no split of the green cards gives both, "
                                       "six symbols to the winner (the Law token counting as one) and at most "
                                       "five to the other", value=w.green, player=w.player,
                      other_value=lo.green, other=lo.player)]
    if _law_by_pair(w, agora) and not bounds.has(g.science_paired, w.green, lo.green):
        return [error("science.law", "{player!r} won by science supremacy with green {green} (and {other_value} "
                                     "for {other!r}), so with the Law token and five symbols on its green cards; "
                                     "but Law is a progress token, which comes from a pair of identical symbols "
                                     "(no split of the green cards gives the winner five symbols and a pair) or "
                                     "from the Great Library (not among wonders {wonders}); check the green, "
                                     "wonders and victory columns", w.player, player=w.player, green=w.green,
                      other_value=lo.green, other=lo.player, wonders=w.wonders)]
    return []


def _wonder_checks(a: MatchLine, b: MatchLine, agora: bool) -> list[Finding]:
    va, vb = a.wonders, b.wonders
    if va < 0 or vb < 0:
        return []
    w = bounds.wonders(agora)
    if bounds.has(w.pairs, va, vb):
        return []
    out: list[Finding] = []
    for ln in (a, b):
        if not bounds.has(w.pairs, ln.wonders, 0):
            out.append(error("wonders.bound", "wonders {value} for {player!r}: no set of at most {n} wonders "
                                              "adds up to {value} (a player builds at most {n}; the wonders "
                                              "give {values})",
                             ln.player, value=ln.wonders, player=ln.player, n=w.per_player,
                             values=Joined(w.values)))
    if out:
        return out
    if va + vb > w.best_table:
        return [error("wonders.bound", "wonders {value} for {player!r} and {other_value} for {other!r}: only "
                                       "{built} wonders are built in a game, worth at most {most} together",
                      value=va, player=a.player, other_value=vb, other=b.player, built=data.MAX_WONDERS_BUILT,
                      most=w.best_table)]
    return [error("wonders.bound", "wonders {value} for {player!r} and {other_value} for {other!r}: no split of "
                                   "the wonders gives both (each wonder exists once, a player builds at most {n}, "
                                   "the table {built})", value=va, player=a.player, other_value=vb,
                  other=b.player, n=w.per_player, built=data.MAX_WONDERS_BUILT)]


def _progress_checks(a: MatchLine, b: MatchLine, agora: bool) -> list[Finding]:
    va, vb = a.progress, b.progress
    if va < 0 or vb < 0:
        return []
    p = bounds.progress(agora)
    if bounds.has(p.pairs, va, vb):
        return [] if agora else _token_checks(a, b)
    out: list[Finding] = []
    scoring = Joined(tuple(f"{name} {vp}" for name, vp in p.scoring))
    for ln in (a, b):
        if not bounds.has(p.pairs, ln.progress, 0):
            out.append(error("progress.value", "progress {value} for {player!r}: no set of progress tokens adds up "
                                               "to {value} ({scoring}, Mathematics {per} per token held; at most "
                                               "{n} tokens in a game)", ln.player, value=ln.progress,
                             player=ln.player, scoring=scoring, per=p.per_token, n=p.tokens))
    if out:
        return out
    return [error("progress.value", "progress {value} for {player!r} and {other_value} for {other!r}: each token "
                                    "exists once and a game hands out at most {n}, so no split of them gives both",
                  value=va, player=a.player, other_value=vb, other=b.player, n=p.tokens)]


def _token_sources(ln: MatchLine) -> int:
    """The most progress tokens a player can hold in the base game: one per pair of identical
    science symbols its green points allow, one for the Great Library if its wonder points may
    include it (-1: the green points are no set of cards: `cards.deck` says so)."""
    pairs = bounds.green_pairs()
    if not 0 <= ln.green < len(pairs) or pairs[ln.green] < 0:
        return -1
    return pairs[ln.green] + (ln.wonders in bounds.library_wonders())


def _token_checks(a: MatchLine, b: MatchLine) -> list[Finding]:
    """Base game: the tokens behind each player's progress points come from its pairs of
    identical symbols and the Great Library."""
    least = bounds.least_tokens()
    out: list[Finding] = []
    for ln in (a, b):
        need = least[ln.progress] if 0 <= ln.progress < len(least) else -1
        most = _token_sources(ln)
        if need > 0 and 0 <= most < need:
            out.append(error("progress.tokens", "progress {value} for {player!r} takes at least {need} progress "
                                                "{tokens}, but a player gets one for each pair of identical science "
                                                "symbols and one from the Great Library: green {green} allow "
                                                "{pairs} pairs, and the Great Library is {library} wonders {wonders}; "
                                                "check the progress, green and wonders columns", ln.player,
                             value=ln.progress, player=ln.player, need=need,
                             tokens=Term("token") if need == 1 else Term("tokens"), green=ln.green,
                             pairs=bounds.green_pairs()[ln.green],
                             library=Term("among") if ln.wonders in bounds.library_wonders() else Term("not among"),
                             wonders=ln.wonders))
    return out


def _guild_most(kind: str, colours: tuple[data.Colour, ...], a: MatchLine, b: MatchLine, agora: bool) -> int:
    """The most one guild can be worth on this sheet: it scores by the city with the most."""
    if kind == "builders":
        w = bounds.wonders(agora)
        return data.BUILDERS_VP_PER_WONDER * max(w.max_built(a.wonders), w.max_built(b.wonders))
    if kind == "moneylenders":
        return max(a.coins, b.coins, 0) // data.MONEYLENDERS_COINS_PER_VP
    most = 0
    for ln in (a, b):
        n = 0
        for col in colours:
            column = _CATEGORY_OF.get(col)
            n += bounds.deck(col).max_cards(ln.points(column)) if column else bounds.deck_size((col,))
        most = max(most, n)
    return most


def _guild_checks(a: MatchLine, b: MatchLine, agora: bool) -> list[Finding]:
    together = max(a.purple, 0) + max(b.purple, 0)
    if together <= bounds.guild_floor():
        return []                             # within what any sheet allows (the common case)
    ranked = sorted(((_guild_most(kind, cols, a, b, agora), name) for name, kind, cols in bounds.guilds()),
                    reverse=True)[:data.GUILDS_IN_AGE_III]
    most = sum(v for v, _ in ranked)
    if together <= most:
        return []
    return [error("guilds.bound", "purple {value} for {player!r} and {other_value} for {other!r}: only {n} guilds "
                                  "are in play, and by this sheet's other points and coins the best {n} give at "
                                  "most {most} ({best})", value=a.purple, player=a.player, other_value=b.purple,
                  other=b.player, n=data.GUILDS_IN_AGE_III, most=most,
                  best=Joined(tuple(f"{name} {v}" for v, name in ranked)))]


def _bound_checks(a: MatchLine, b: MatchLine, result: Outcome | None) -> list[Finding]:
    """What the card list allows: each card, wonder and token exists once."""
    agora = a.senate is not None or b.senate is not None
    science = result.winner if result is not None and result.victory is Victory.SCIENCE else None
    t = bounds.tables(agora)
    if science is None:
        g, ga, gb = t.green_free, a.green, b.green
    else:
        w, lo = (a, b) if science == a.player else (b, a)
        g, ga, gb = t.green_science if _law_by_pair(w, agora) is False else t.green_paired, w.green, lo.green
    # The common case, every pair in its table (bounds.has spelled out: this runs for every sheet).
    if (0 <= a.blue < len(t.blue) and 0 <= a.yellow < len(t.yellow) and 0 <= ga < len(g)
            and 0 <= a.wonders < len(t.wonders) and 0 <= a.progress < len(t.progress)
            and min(b.blue, b.yellow, gb, b.wonders, b.progress, a.purple, b.purple) >= 0
            and (t.blue[a.blue] >> b.blue) & (t.yellow[a.yellow] >> b.yellow) & (g[ga] >> gb)
            & (t.wonders[a.wonders] >> b.wonders) & (t.progress[a.progress] >> b.progress) & 1
            and a.purple + b.purple <= t.guild_floor
            and (agora or (a.progress == 0 and b.progress == 0) or not _token_checks(a, b))):
        return []
    return (_deck_checks(a, b, science, agora) + _wonder_checks(a, b, agora) + _progress_checks(a, b, agora)
            + _guild_checks(a, b, agora))


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
    result, findings = _outcome(sheet)
    out.extend(_bound_checks(*sheet.lines, result))
    out.extend(findings)
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
