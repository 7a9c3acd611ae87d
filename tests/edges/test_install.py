"""tourney installs like any Python tool: `pip install .`, `pipx install .` and `uv tool install .`
build a wheel through setuptools' PEP 517 hooks, and the wheel must carry every file the package
reads (catalogues, server templates and static files, the example events).

The test builds the source distribution from a copy of the checkout, the wheel from that
(so MANIFEST.in is tried too), installs the wheel with `--no-deps` into a new virtual environment
whose dependencies are the ones `make test` installed from the lock (no network), and runs
`tourney demo` and a German PDF from there, in a folder away from the checkout.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pypdf

from conftest import ROOT

#: What a clone holds that building needs (pyproject.toml names README.md as the long description).
SOURCE = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "requirements.lock",
          "tourney", "rules_engine", "examples")
#: Generous: a loaded machine is slow, and nothing here is measured.
TIMEOUT = 600


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def build(hook: str, source: Path, out: Path) -> Path:
    """Run setuptools' `build_sdist` or `build_wheel` hook in `source`, as pip, pipx and uv do."""
    out.mkdir()
    name = run([sys.executable, "-c", f"import sys; from setuptools import build_meta; "
                f"print(build_meta.{hook}(sys.argv[1]))", str(out)], cwd=source).strip().splitlines()[-1]
    return out / name


def shipped_files() -> set[str]:
    """Every file the installed package must hold, as named in the wheel: the two packages'
    files, and the examples as `tourney/examples`."""
    def files(folder: Path, prefix: str) -> set[str]:
        return {prefix + p.relative_to(folder).as_posix() for p in folder.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
                and not p.name.endswith((".db", ".db-wal", ".db-shm"))}
    return (files(ROOT / "tourney", "tourney/") | files(ROOT / "rules_engine", "rules_engine/")
            | files(ROOT / "examples", "tourney/examples/"))


def clean_env() -> dict[str, str]:
    """The environment without what would point the new interpreter back at the checkout, in
    English whatever the machine's language."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "TOURNEY_LANG", "LANGUAGE")}
    return {**env, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONUTF8": "1"}


def test_the_wheel_carries_every_file_and_runs_the_demo_from_a_clean_environment(tmp_path):
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, clone / name, ignore=shutil.ignore_patterns("__pycache__", "*.db*"))
        elif (ROOT / name).is_file():
            shutil.copy2(ROOT / name, clone / name)
    sdist = build("build_sdist", clone, tmp_path / "sdist")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    wheel = build("build_wheel", unpacked, tmp_path / "wheel")

    with zipfile.ZipFile(wheel) as zf:
        in_wheel = set(zf.namelist())
    assert shipped_files() - in_wheel == set()

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    run([sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check", "install", "--no-deps",
         "--no-index", "--no-cache-dir", "--quiet", str(wheel)], cwd=tmp_path)
    # The dependencies: those of this interpreter's environment, from the lock. A path in a .pth
    # file is only added to sys.path: that environment's editable tourney stays out of sight.
    purelib = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                       cwd=tmp_path).strip())
    (purelib / "lock-dependencies.pth").write_text(
        "\n".join(dict.fromkeys(sysconfig.get_path(p) for p in ("purelib", "platlib"))) + "\n", encoding="utf-8")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = clean_env()
    where = run([str(python), "-c", "import tourney, rules_engine; print(tourney.__file__); "
                 "print(rules_engine.__file__)"], cwd=elsewhere, env=env)
    assert all(Path(line).is_relative_to(venv) for line in where.splitlines()), where

    tourney = shutil.which("tourney", path=str(scripts))
    assert tourney is not None
    installed = run([tourney, "demo", "--dir", "demo", "--brief"], cwd=elsewhere, env=env)
    in_checkout = str(shutil.which("tourney", path=str(Path(sys.executable).parent)))  # the editable install
    checkout = run([in_checkout, "demo", "--dir", "demo", "--brief"], cwd=tmp_path, env=env)
    events = sorted((ROOT / "examples").glob("*/event.json"))
    examples = [p.parent.name for p in events]
    assert installed.replace(str(elsewhere), "HERE") == checkout.replace(str(tmp_path), "HERE")
    assert len(examples) >= 3
    assert all((elsewhere / "demo" / json.loads(p.read_text(encoding="utf-8"))["standings"]).is_file() for p in events)
    assert sorted(p.stem for p in (elsewhere / "demo").glob("*.db")) == examples

    said = run([tourney, "print", "demo/bonn-2018.db", "--round", "1", "--what", "seating", "--lang", "de",
                "-o", "sitzplan.pdf"], cwd=elsewhere, env=env)
    assert said == "wrote sitzplan.pdf: round 1, 1 page\n"
    page = pypdf.PdfReader(elsewhere / "sitzplan.pdf").pages[0]
    assert "Runde 1 · Sitzplan nach Namen" in page.extract_text()
    fonts = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert any("DejaVuSans" in f for f in fonts), fonts
