"""Wonder and guild draws per round (card names come from rules_engine.sevenwonders.data)."""
from itertools import permutations

import pytest

from tourney.games.sevenwonders.draws import GUILDS, WONDERS, RoundDraw, draw_round, draw_rounds, wonders_had
from tourney.event.schedule import plan_schedule
from tourney.games.sevenwonders.drawstore import draw_payload, guild_rows, stored_round_draw
from tourney.core.store import StoredDraw

def test_the_draw_pool_is_the_base_game():
    assert len(set(WONDERS)) == 7 and "Halikarnassos" in WONDERS
    assert len(set(GUILDS)) == 10 and "Craftsmens Guild" in GUILDS


def test_draw_is_reproducible_and_depends_on_seed_and_round():
    tables = ((1, 2, 3, 4, 5), (6, 7, 8, 9))
    a = draw_round(42, 1, tables)
    assert a == draw_round(42, 1, tables)
    assert {draw_round(s, r, tables) for s in (42, 43) for r in (1, 2, 3)} != {a}
    assert sorted(a.wonders) == sorted(WONDERS)
    assert a.wonder(1) == a.wonders[0]


def test_guilds_are_an_ordered_draw_and_a_table_of_n_plays_the_first_n_plus_two():
    d = draw_round(1, 1, ((1, 2, 3, 4, 5), (6, 7, 8, 9)))
    assert len(d.guilds) == 7 and len(set(d.guilds)) == 7 and d.per_table
    assert d.guilds_for(5) == d.guilds and d.guilds_for(4) == d.guilds[:6]
    assert len(draw_round(1, 1, ((1, 2, 3, 4), (5, 6, 7))).guilds) == 6
    # The largest table plays the guilds the round-wide draw used to give (same seed).
    assert set(d.guilds) == set(draw_round(1, 1, ((1, 2, 3, 4, 5),)).guilds)


def _stored(kind, round_no, payload):
    return StoredDraw(round_no, kind, "s", payload, "2026-01-01T00:00:00+00:00")


def test_draws_stored_before_the_per_table_draw_keep_their_guilds():
    old = stored_round_draw(_stored("wonders", 2, {"wonders": list(WONDERS), "guilds": list(GUILDS[:7])}))
    assert not old.per_table and old.guilds_for(4) == GUILDS[:7]
    new = draw_round(3, 2, ((1, 2, 3, 4, 5), (6, 7, 8, 9)))
    assert stored_round_draw(_stored("wonders", 2, draw_payload(new))) == new


def test_the_draws_sheet_lists_the_guilds_per_table_size():
    d = draw_round(1, 1, ((1, 2, 3, 4, 5), (6, 7, 8, 9)))
    rows = guild_rows([_stored("seats", 1, [["a"] * 5, ["b"] * 4]), _stored("wonders", 1, draw_payload(d))])
    assert rows == [("round 1: guilds, table of 5", ", ".join(d.guilds), "in play at every table of this size"),
                    ("round 1: guilds, table of 4", ", ".join(d.guilds[:6]), "in play at every table of this size")]


def _repeats(tables, order, had):
    return sum(order[seat - 1] in had.get(p, set()) for t in tables for seat, p in enumerate(t, 1))


@pytest.mark.parametrize("n", [13, 23, 40])
def test_each_round_gives_as_few_players_a_wonder_again_as_any_order_could(n):
    schedule = plan_schedule(range(n), 4, seed=3)
    draws = draw_rounds(3, schedule)
    for r, (rnd, draw) in enumerate(zip(schedule, draws)):
        had = wonders_had(schedule[:r], draws[:r])
        fewest = min(_repeats(rnd, order, had) for order in permutations(WONDERS, 5))
        assert _repeats(rnd, draw.wonders, had) == fewest


def test_forced_repeat_is_kept_to_the_minimum():
    # One table of 7 plays twice in the same seats: everyone must repeat; nothing else
    # can be asked. With seats rotated by one, seven orders avoid all repeats.
    table = tuple(range(7))
    first = draw_round(0, 1, (table,))
    had = wonders_had([(table,)], [first])
    rotated = (table[1:] + table[:1],)
    second = draw_round(0, 2, rotated, had)
    assert all(second.wonder(s) not in had[p] for s, p in enumerate(rotated[0], 1))


def test_fixed_draws_are_kept():
    schedule = plan_schedule(range(13), 3, seed=1)
    fixed = (RoundDraw(1, WONDERS, GUILDS[:7]),)
    draws = draw_rounds(9, schedule, fixed)
    assert draws[0] is fixed[0]
    assert draws == draw_rounds(9, schedule, fixed)
    assert len(draws) == 3 and [d.round for d in draws] == [1, 2, 3]


def test_table_of_eight_is_refused():
    with pytest.raises(ValueError, match="table of 8"):
        draw_round(0, 1, (tuple(range(8)),))


def test_with_no_player_history_the_seats_get_other_wonders_than_before():
    # New players at every round: any order avoids repeats, so the draw changes what each
    # seat (above all seat 1, the start player) gets.
    schedule = [((1, 2, 3, 4, 5),), ((6, 7, 8, 9, 10),), ((11, 12, 13, 14, 15),)]
    draws = draw_rounds(5, schedule)
    for seat in range(1, 6):
        assert len({d.wonder(seat) for d in draws}) == 3


def test_the_draws_sheet_names_the_guilds_as_the_languages_cards_do():
    """Issue 46, item 8: a German or French workbook's Draws sheet says the guilds as that
    edition's cards do, not in English."""
    from rules_engine.sevenwonders.data import GUILD_NAMES_DE, GUILD_NAMES_FR
    from tourney.core.i18n import use_language

    d = draw_round(1, 1, ((1, 2, 3, 4),))
    stored = [_stored("seats", 1, [["a"] * 4]), _stored("wonders", 1, draw_payload(d))]
    for lang, names, words in (("de", GUILD_NAMES_DE, "Runde 1: Gilden, Tisch zu 4"),
                               ("fr", GUILD_NAMES_FR, None)):
        with use_language(lang):
            (label, value, _note), = guild_rows(stored)
        assert value == ", ".join(names[g] for g in d.guilds_for(4))
        assert not any(g in value for g in d.guilds) and (words is None or label == words), label
