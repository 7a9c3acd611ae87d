from rules_engine import find_ruleset
from rules_engine.sevenwonders import PlayerScore, TableSheet, check_sheet


def line(seat, name, **kw):
    base = dict(military=0, treasury=1, wonders=3, civilian=10, commercial=0, guilds=0, science=0, coins=3)
    base.update(kw)
    total = sum(base[c] for c in ("military", "treasury", "wonders", "civilian", "commercial", "guilds", "science"))
    base.setdefault("total", total)
    if "total" not in kw:
        base["total"] = total
    return PlayerScore(seat=seat, player=name, **base)


def test_find_ruleset_aliases():
    assert find_ruleset("7WD").name == "duel"
    assert find_ruleset("7w").name == "7wonders"
    assert find_ruleset(" 7 Wonders Duel ") is find_ruleset("7wonders-duel") is find_ruleset("duel")


def test_sum_mismatch_is_reported_with_numbers():
    sheet = TableSheet(tuple(line(i, n) for i, n in enumerate("ABC", 1)) + (line(4, "Anna", total=49),))
    msgs = [f.message for f in check_sheet(sheet)]
    assert msgs == ["totals don't add up for 'Anna': categories sum to 14, total says 49"]
