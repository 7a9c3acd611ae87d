"""`make bench` is not part of `make test`, so its scripts could rot unseen: every name they
import from the project (also inside functions) must exist."""
from __future__ import annotations

import ast
from importlib import import_module

import pytest
from conftest import ROOT

SCRIPTS = sorted((ROOT / "benchmarks").glob("bench_*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_benchmark_imports_exist(script):
    for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("tourney",
                                                                                                "rules_engine"):
            module = import_module(node.module)
            for alias in node.names:
                if not hasattr(module, alias.name):
                    import_module(f"{node.module}.{alias.name}")  # a submodule, or ImportError


def test_there_are_benchmarks():
    assert len(SCRIPTS) >= 6
