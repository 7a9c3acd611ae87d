"""Golden schedules: the exact tables a seed gives, so refactoring the optimiser provably
changes no event's seating (an event re-planned after an upgrade must keep its draw).

The golden file was written by the code these tests pin; regenerate it only for an
intended change of the draw, and say so in the commit."""
from __future__ import annotations

import json

import pytest
from conftest import ROOT

from tourney.event.schedule import plan_schedule

GOLDEN = json.loads((ROOT / "tests" / "golden" / "schedules.json").read_text(encoding="utf-8"))


def _plan(case: dict) -> list:
    fixed = ()
    if case.get("fixed_from"):
        source = GOLDEN[case["fixed_from"]]
        fixed = [tuple(tuple(t) for t in rnd) for rnd in source["tables"][: case["fixed"]]]
    s = plan_schedule(case["players"], case["rounds"], case["plan"], fixed=fixed, seed=case["seed"])
    return [[list(t) for t in rnd] for rnd in s]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_seeded_schedules_match_the_golden_tables(name):
    case = GOLDEN[name]
    assert _plan(case) == case["tables"]
