"""docs/sheet-checks.md lists every rule id the score-sheet checks of every game can report
(issue 31: every rule with the fact it rests on)."""
import re

import pytest
from conftest import ROOT

SOURCES = {
    "sevenwonders": ("rules_engine/sevenwonders/sheet.py", "rules_engine/sevenwonders/checks.py"),
    "duel": ("rules_engine/duel/sheet.py", "rules_engine/duel/bounds.py"),
    "onecardwonder": ("rules_engine/onecardwonder/sheet.py",),
    "dominations": ("rules_engine/dominations/sheet.py",),
}


def rule_ids(paths: tuple[str, ...]) -> set[str]:
    ids: set[str] = set()
    for path in paths:
        text = (ROOT / path).read_text()
        ids |= set(re.findall(r'(?:error|warning)\("([a-z.]+)"', text))
        ids |= set(re.findall(r'tablecheck\.positions\(.*?, "[a-z]+", "([a-z.]+)"', text, re.S))
        for column in re.findall(r'tablecheck\.count\(p\.\w+, "([a-z]+)"', text):
            ids |= {f"{column}.whole", f"{column}.negative"}
        if "tablecheck.table_size" in text:
            ids.add("table.size")
        if "tablecheck.duplicate_players" in text:
            ids.add("player.twice")
    return ids


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_rule_of_every_game_is_in_the_sheet_checks_page(game):
    doc = (ROOT / "docs" / "sheet-checks.md").read_text()
    ids = rule_ids(SOURCES[game])
    assert len(ids) >= 2
    missing = sorted(rule for rule in ids if f"`{rule}`" not in doc)
    assert missing == []


def test_the_rule_finder_sees_the_shared_helpers_rules():
    ids = rule_ids(SOURCES["dominations"])
    assert {"seats", "initiative.order", "vp.whole", "influence.negative", "vp.minimum", "table.size"} <= ids
