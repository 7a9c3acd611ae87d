"""No import cycle in `rules_engine` or `tourney`, counting every import: function-local ones
and those under TYPE_CHECKING too (a circle hidden in a function is still a circle)."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT


@dataclass(frozen=True)
class Edge:
    """`source` imports `target` at `line` of its file."""

    source: str
    target: str
    line: int


def modules(package: str) -> dict[str, Path]:
    """Every module of `package` by dotted name (a package's ``__init__`` under the package's name)."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """The modules of `known` that module `name` (file `path`) imports, with the line."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                # `from pkg import sub` imports the submodule `pkg.sub`; any other name comes from `pkg`
                target = f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                if target in known:
                    yield target, node.lineno


def import_graph(package: str) -> dict[str, list[Edge]]:
    """Module -> its imports of other modules of `package` (each target once, first line)."""
    known = modules(package)
    graph: dict[str, list[Edge]] = {}
    for name, path in known.items():
        edges: dict[str, Edge] = {}
        for target, line in _imported(name, path, known):
            if target != name and target not in edges:
                edges[target] = Edge(name, target, line)
        graph[name] = list(edges.values())
    return graph


def cycles(graph: dict[str, list[Edge]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        # Iterative Tarjan: (node, iterator over its edges) frames, so a deep chain needs no recursion.
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            edge = next(edges, None)
            if edge is not None:
                if edge.target not in index:
                    index[edge.target] = low[edge.target] = len(index)
                    stack.append(edge.target)
                    on_stack.add(edge.target)
                    work.append((edge.target, iter(graph[edge.target])))
                elif edge.target in on_stack:
                    low[node] = min(low[node], index[edge.target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def cycle_path(graph: dict[str, list[Edge]], component: list[str]) -> list[Edge]:
    """One closed path of imports through `component`, from its first module back to it."""
    start, members = component[0], set(component)
    came: dict[str, Edge] = {}
    queue = [start]
    for node in queue:        # breadth first: the shortest way back to the start
        for edge in graph[node]:
            if edge.target not in members:
                continue
            if edge.target == start:
                path = [edge]
                while path[0].source != start:
                    path.insert(0, came[path[0].source])
                return path
            if edge.target not in came:
                came[edge.target] = edge
                queue.append(edge.target)
    raise AssertionError(f"no path back to {start} in {component}")


def describe(graph: dict[str, list[Edge]], found: list[list[str]]) -> str:
    """Each cycle's modules and one path through it, with the line of each import."""
    out = []
    for component in found:
        path = " -> ".join(f"{e.source} (line {e.line})" for e in cycle_path(graph, component))
        out.append(f"{len(component)} modules in a cycle: {', '.join(component)}\n"
                   f"  for instance {path} -> {component[0]}")
    return "\n".join(out)


def assert_no_cycle(package: str) -> None:
    graph = import_graph(package)
    found = cycles(graph)
    assert not found, f"import cycles in {package}:\n{describe(graph, found)}"


def test_rules_engine_has_no_import_cycle() -> None:
    assert_no_cycle("rules_engine")


def test_tourney_has_no_import_cycle() -> None:
    assert_no_cycle("tourney")


# --- the graph builder itself -------------------------------------------------------------------------
def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_builder_counts_every_kind_of_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "from pkg.a import A\n",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import b\nA = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/b.py": "def f():\n    from ..c import C\n    return C\n",
        "pkg/c.py": "import pkg.sub\nfrom . import a\nfrom pkg import d\nC = 1\n",
        "pkg/d.py": "",
    })
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    graph = import_graph("pkg")
    assert {n: [e.target for e in es] for n, es in graph.items()} == {
        "pkg": ["pkg.a"], "pkg.a": ["pkg.sub.b"], "pkg.sub": [], "pkg.sub.b": ["pkg.c"],
        "pkg.c": ["pkg.sub", "pkg.a", "pkg.d"], "pkg.d": []}
    found = cycles(graph)
    assert found == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    assert describe(graph, found) == (
        "3 modules in a cycle: pkg.a, pkg.c, pkg.sub.b\n"
        "  for instance pkg.a (line 3) -> pkg.sub.b (line 2) -> pkg.c (line 2) -> pkg.a")


def late_imports(path: Path, known: dict[str, Path]) -> Iterator[str]:
    """Imports inside a function of `path` from a module its top level imports already (a name
    of it, not a submodule): they gain no start-up time and would be at the top (issue 47)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top = {n.module for n in tree.body if isinstance(n, ast.ImportFrom) and not n.level}
    top |= {a.name for n in tree.body if isinstance(n, ast.Import) for a in n.names}
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module in top:
                if not any(f"{node.module}.{a.name}" in known for a in node.names):
                    yield f"{path.relative_to(ROOT)}:{node.lineno}: from {node.module} import …"
            elif isinstance(node, ast.Import) and all(a.name in top for a in node.names):
                yield f"{path.relative_to(ROOT)}:{node.lineno}: import {', '.join(a.name for a in node.names)}"


@pytest.mark.parametrize("package", ["rules_engine", "tourney"])
def test_no_function_imports_again_what_its_module_imports(package):
    known = modules(package)
    found = [line for path in known.values() for line in late_imports(path, known)]
    assert found == [], "move these imports to the top of their module:\n" + "\n".join(found)


def test_the_late_import_check_finds_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "A = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/b.py": "B = 1\n",
        "pkg/c.py": ("from pkg.a import A\nfrom pkg import sub\n\ndef f():\n    from pkg.a import A\n"
                     "    from pkg.sub import b  # a submodule: may load later\n    return A, b\n"),
    })
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    known = modules("pkg")
    assert [line for path in known.values() for line in late_imports(path, known)] == [
        "pkg/c.py:5: from pkg.a import …"]
