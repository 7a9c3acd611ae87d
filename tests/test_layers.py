"""The layers point one way: rules_engine imports nothing of tourney, click, pandas, the store."""
from __future__ import annotations

import ast

import pytest

from conftest import ROOT

FORBIDDEN = ("tourney", "click", "pandas", "sqlalchemy", "openpyxl")
ENGINE_FILES = sorted((ROOT / "rules_engine").rglob("*.py"))


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_engine_never_imports_the_upper_layers(path):
    bad = [m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN]
    assert bad == [], f"{path.relative_to(ROOT)} imports {bad}"


def test_the_check_finds_engine_files():
    assert len(ENGINE_FILES) > 10
