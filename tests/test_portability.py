"""tourney runs on Windows: no call that exists only on POSIX systems goes without a fallback,
and every module making one is listed in docs/windows.md with what differs there.

Read from the source (ast), so a new `import fcntl` or `os.getuid()` fails here on Linux too."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

DOC = ROOT / "docs" / "windows.md"
FILES = sorted(p for package in ("tourney", "rules_engine") for p in (ROOT / package).rglob("*.py"))
#: Modules Windows does not have.
POSIX_MODULES = {"resource", "fcntl", "termios", "tty", "pty", "pwd", "grp", "posix", "crypt", "syslog"}
#: `os` names Windows does not have.
POSIX_OS = {"fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "getgroups", "setsid", "setpgid", "setpgrp",
            "getpgid", "killpg", "nice", "sysconf", "getloadavg", "chown", "lchown", "fchown", "mkfifo", "mknod",
            "statvfs", "sched_getaffinity", "WNOHANG", "O_NOFOLLOW", "lchmod"}
#: Names that exist on Windows but do less or something else there (file modes, signals,
#: the login name, inode numbers, fork as a start method, Linux's /proc).
DIFFERENT = {"chmod", "fchmod", "umask", "getuser", "st_ino", "st_mode", "HANDLED_SIGNALS"}


def catches_import_error(node: ast.Try) -> bool:
    names = set()
    for handler in node.handlers:
        if handler.type is None:
            return True
        for t in handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]:
            names.add(ast.unparse(t))
    return bool(names & {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def posix_imports(tree: ast.AST) -> list[ast.stmt]:
    found: list[ast.stmt] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in POSIX_MODULES for a in node.names):
            found.append(node)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in POSIX_MODULES:
            found.append(node)
    return found


def guarded(node: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """Whether `node` sits in the body of a `try` that catches ImportError."""
    while node in up:
        parent = up[node]
        if isinstance(parent, ast.Try) and node in parent.body and catches_import_error(parent):
            return True
        node = parent
    return False


def uses(tree: ast.AST) -> set[str]:
    """The POSIX-only or differing names a module uses (`os.fork`, `signal.signal`, "fork", "/proc/")."""
    found = {a.name.split(".")[0] for node in posix_imports(tree) for a in node.names} & POSIX_MODULES
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if ast.unparse(node.value) == "os" and node.attr in POSIX_OS | DIFFERENT or node.attr in DIFFERENT:
                found.add(node.attr)
            if ast.unparse(node.value) == "signal":
                found.add("signal")
        elif isinstance(node, ast.alias) and node.name in DIFFERENT:
            found.add(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                node.value == "fork" or node.value.startswith("/proc/")):
            found.add(node.value)
    return found


def source(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", FILES, ids=name)
def test_a_posix_only_module_is_imported_with_a_fallback(path):
    tree = source(path)
    up = parents(tree)
    assert [ast.unparse(n) for n in posix_imports(tree) if not guarded(n, up)] == [], \
        f"{name(path)}: import it inside try/except ImportError, with what happens without it (docs/windows.md)"


@pytest.mark.parametrize("path", FILES, ids=name)
def test_a_posix_only_os_call_sits_where_the_platform_was_asked(path):
    """`os.fork()` and its kind only in a function that asks which system it runs on, or that
    imported a POSIX-only module with a fallback first."""
    tree = source(path)
    up = parents(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "os" and node.attr in POSIX_OS:
            function = node
            while function in up and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                function = up[function]
            text = ast.unparse(function)
            asked = "sys.platform" in text or "os.name" in text or any(guarded(n, up) for n in posix_imports(function))
            assert asked, f"{name(path)} line {node.lineno}: os.{node.attr} exists only on POSIX systems"


def test_every_module_with_a_posix_only_call_is_listed_in_docs_windows():
    listed = DOC.read_text(encoding="utf-8")
    using = {name(p): sorted(found) for p in FILES if (found := uses(source(p)))}
    assert {f: u for f, u in using.items() if f"`{f}`" not in listed} == {}
    assert "resource" in using["tourney/server/run.py"]  # the scan sees them (a guard of this test)
