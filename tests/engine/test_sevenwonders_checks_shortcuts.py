"""The 7 Wonders checks skip their exact searches where a cheap bound already decides
(benchmarks/bench_check_sheet.py). Property: on random sheets near and beyond every bound,
each shortcut decides exactly as the full computation it skips."""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.sevenwonders import CATEGORIES, TableSheet
from rules_engine.sevenwonders import checks as c
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.sample import random_table


def view(sheet: TableSheet) -> c._Table:
    """The checks' view of a drawn table (3-7 players, so there always is one)."""
    t = c._table(sheet)
    assert t is not None
    return t


def _fix_total(p):
    return replace(p, total=sum(getattr(p, k) for k in CATEGORIES))


@st.composite
def sheets(draw):
    """A rule-consistent table, then a few players pushed towards (or past) the bounds."""
    n = draw(st.integers(3, 7))
    sheet = random_table(draw(st.integers(0, 10**6)), n, known_boards=draw(st.booleans()),
                         known_guilds=draw(st.booleans()), symbol_columns=draw(st.booleans()),
                         stage_column=draw(st.booleans()))
    players = list(sheet.players)
    for _ in range(draw(st.integers(0, 3))):
        k = draw(st.integers(0, n - 1))
        p = players[k]
        field = draw(st.sampled_from(["civilian", "science", "guilds", "commercial", "coins", "military",
                                      "wild", "stages", "total", "heavy", "heavy"]))
        if field == "heavy":  # a city whose plays are (nearly) all needed: the searches' edge
            p = replace(p, civilian=draw(st.sampled_from(sorted(c.CIVILIAN_REACHABLE[n])[-20:])),
                        science=draw(st.sampled_from(sorted(c.SCIENCE_REACHABLE[c.MAX_WILD])[-20:])),
                        commercial=draw(st.integers(0, 2)), guilds=draw(st.integers(0, 2)))
            if p.compasses is not None:
                syms = [draw(st.integers(0, c.MAX_SYMBOL)) for _ in range(3)]
                wild = draw(st.integers(0, 2))
                p = replace(p, compasses=syms[0], gears=syms[1], tablets=syms[2], wild=wild,
                            science=c.science_points(*syms, wild))
        elif field == "civilian":
            p = replace(p, civilian=draw(st.sampled_from(sorted(c.CIVILIAN_REACHABLE[n]))))
        elif field == "science":
            p = replace(p, science=draw(st.sampled_from(sorted(c.SCIENCE_REACHABLE[c.MAX_WILD]))))
        elif field == "guilds":
            p = replace(p, guilds=draw(st.integers(-1, 80)))
            if draw(st.booleans()):  # the whole table's guild points: its bound
                players = [_fix_total(replace(q, guilds=draw(st.integers(0, 45)))) for q in players]
        elif field == "commercial":
            p = replace(p, commercial=draw(st.integers(-1, 40)))
        elif field == "coins":
            coins = draw(st.integers(-1, 400))
            p = replace(p, coins=coins, treasury=coins // 3 if draw(st.booleans()) else draw(st.integers(0, 9)))
        elif field == "military":
            p = replace(p, military=draw(st.integers(-8, 20)))
        elif field == "wild" and p.wild is not None:
            p = replace(p, wild=draw(st.integers(0, 3)))
        elif field == "stages" and p.stages is not None:
            p = replace(p, stages=draw(st.integers(-1, 5)))
        if field != "total":
            p = _fix_total(p) if draw(st.booleans()) or field in ("civilian", "heavy") else p
        else:
            p = replace(p, total=p.total + draw(st.integers(-2, 2)))
        players[k] = p
    t = view(TableSheet(tuple(players), sheet.guilds))
    if draw(st.booleans()):  # one player's guild points at their exact bound
        k = draw(st.integers(0, n - 1))
        s = t.seats[k]
        top = c._guild_bound(t.possible, s.board.extra_builds, s.copies_guild, c._guild_values(t, k))[0]
        players = [_fix_total(replace(q, guilds=top + draw(st.integers(-2, 2)))) if q is s.line else q
                   for q in players]
    return TableSheet(tuple(players), sheet.guilds)


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_a_city_with_room_for_a_red_card_fits_without_the_exact_searches(sheet):
    t = view(sheet)
    for s, need in zip(t.seats, t.needs):
        p = s.line
        turns = c._turn_set(p.wonder, p.side, p.wonders, p.stages).slots
        blue = c.blue_need(t.n).get(p.civilian, c._NO_BLUE)[0]
        symbols = None
        if None not in (p.compasses, p.gears, p.tablets) and \
                all(0 <= x <= c.MAX_SYMBOL for x in (p.compasses, p.gears, p.tablets)):
            symbols = (p.compasses, p.gears, p.tablets, p.wild or 0)
        free_sci, paid_sci, _, _ = c._science_need(t.n, p.science, symbols, s.wild, t.scientists, s.copies_guild)
        fixed3 = int(p.commercial > 0) + int(p.guilds > 0 and not s.copies_guild)
        extra = c._commercial_extra(t.n, c.commercial_key(p.commercial), turns)
        over = c._best(blue, free_sci, fixed3, 0, turns, False, extra)[0]
        guild_over = c._best(blue, paid_sci, fixed3, 0, turns, False, extra)[0] if not over else over
        can_win = not c._best(blue, paid_sci, fixed3, 1, turns, True, extra)[0]
        one_play = bool(over) and not c._best(blue, free_sci, fixed3, 0, turns, False)[0]
        assert (need.over, need.guild_over, need.can_win, need.commercial) == (over, guild_over, can_win, one_play)


def _exact_guild_rules(t, sheet):
    """guilds.max, guilds.strategists, guilds.shipowners and guilds.table worked out for every
    player, no bound skipped: the neighbours' defeat tokens from the whole table's battles and
    the Shipowners Guild's exact bound for everyone (the table's bound keeps the quick ones)."""
    out = []
    copies = [s.copies_guild and i != t.barred for i, s in enumerate(t.seats)]
    bounds = [c._guild_bound(t.possible, s.board.extra_builds, copies[i], c._guild_values(t, i))
              for i, s in enumerate(t.seats)]
    for i, (s, (top, _)) in enumerate(zip(t.seats, bounds)):
        if i == t.barred and top < s.line.guilds <= c._guild_bound(t.possible, s.board.extra_builds, True,
                                                                    c._guild_values(t, i))[0]:
            out.append(("guilds.copy", s.line.player))
            continue
        exact = c._guild_values(t, i)
        tokens = c._neighbour_tokens(t, i) if t.ordered else None
        if tokens is not None:
            for k, per in c.DEFEAT_GUILDS:
                exact[k] = per * tokens
        strategists = c._guild_bound(t.possible, s.board.extra_builds, copies[i], exact)[0]
        if c._SHIPOWNERS in t.possible:
            exact[c._SHIPOWNERS] = c._shipowners(t, i)
        if s.line.guilds > top:
            out.append(("guilds.max", s.line.player))
        elif s.line.guilds > strategists:
            out.append(("guilds.strategists", s.line.player))
        elif s.line.guilds > c._guild_bound(t.possible, s.board.extra_builds, copies[i], exact)[0]:
            out.append(("guilds.shipowners", s.line.player))
    best = [max(each[k] for _, each in bounds) for k in range(len(t.possible))]
    table_top = sum(best) + (max(best, default=0) if any(copies) else 0)
    if sum(s.line.guilds for s in t.seats) > table_top and not out:
        out.append(("guilds.table", None))
    return out


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_guild_bounds_skipped_for_players_without_guild_points_decide_the_same(sheet):
    # Covers both shortcuts of _guilds: players without guild points, and the table bound
    # first tried with the players already bounded (a lower bound of the full one).
    t = view(sheet)
    got = [(f.rule, f.player) for f in c._guilds(t, sheet) if f.rule in ("guilds.max", "guilds.strategists",
                                                                         "guilds.shipowners", "guilds.table",
                                                                         "guilds.copy")]
    assert got == _exact_guild_rules(t, sheet)


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_cheap_coin_and_commercial_bounds_are_below_the_exact_ones(sheet):
    t = view(sheet)
    assert t.n * (d.START_COINS + c.YELLOW_EXTRA[t.n]) <= sum(c.coins_max(t, i) for i in range(t.n))
    for s in t.seats:
        assert c.commercial_max(t.n, c._stages_max(s), c.PLAYS + s.board.game_extra) >= 0


@settings(max_examples=300, deadline=None)
@given(sheets())
def test_the_cached_seat_view_counts_the_cards_as_the_line_itself_says(sheet):
    # The seat view is cached by a few fields of the line: the fewest cards and stages it
    # carries (city.cards) must be what the line's own columns give, out-of-range symbol
    # counts included, whatever line filled the cache first.
    t = view(sheet)
    for s in t.seats:
        p = s.line
        parts = c._city_cards(t.n, s.board, s.wild, s.copies_guild, t.scientists, p.wonders, p.stages,
                              p.civilian, p.science, (p.compasses, p.gears, p.tablets), p.commercial > 0,
                              p.guilds > 0)
        assert s.cards == sum(parts)



def test_the_blue_card_tables_built_at_import_match_every_subset_listed_one_by_one():
    # checks.py builds these fast (card by card, subsets packed into sortable ints): they
    # must equal the plain enumeration of every set of distinct blue cards.
    import itertools
    for n in (3, 7):
        copies = d.copies_by_name(n)
        names = [x for x, k in copies.items() if k and d.card(x).colour is d.Colour.BLUE]
        by_sum = {}
        for mask in range(1 << len(names)):
            chosen = [i for i in range(len(names)) if mask >> i & 1]
            key = (sum(4 - copies[names[i]] for i in chosen), sum(1 << (4 * i) for i in chosen))
            by_sum.setdefault(sum(d.card(names[i]).points for i in chosen), []).append(key)
        _, _, subsets = c.civilian_subsets(n)
        assert subsets == {v: tuple(m for _, m in sorted(opts)) for v, opts in by_sum.items()}
        cards = [(x.points, x.age) for x in d.CARDS if x.colour is d.Colour.BLUE and x.copies(n)]
        vecs, most = {}, {}
        for k in range(len(cards) + 1):
            for combo in itertools.combinations(cards, k):
                total = sum(p for p, _ in combo)
                vecs.setdefault(total, set()).add(tuple(sum(1 for _, a in combo if a == age) for age in (1, 2, 3)))
                most[total] = max(most.get(total, 0), k)
        assert c.blue_tables(n) == ({p: c._pareto(v) for p, v in vecs.items()}, most)
