"""The per-game workflow table: every step of every game names a function that exists, and the
commands reach each game's own implementation."""
from __future__ import annotations

import dataclasses
from importlib import import_module

from tourney.games import WORKFLOWS, workflow


def test_every_step_of_every_game_resolves():
    for game, flow in WORKFLOWS.items():
        assert flow.game == game
        for field in dataclasses.fields(flow):
            step = getattr(flow, field.name)
            if callable(step):
                module, name = step.spec.split(":")
                assert hasattr(import_module(module), name), f"{game}.{field.name}: {step.spec} is missing"


def test_each_game_reads_its_own_sheets():
    assert workflow("7wonders").game_import().parse.__name__ == "parse_files"
    assert workflow("duel").game_import().parse.__name__ == "parse_duel_files"
    assert workflow("7wonders").plans_tables and not workflow("duel").plans_tables
