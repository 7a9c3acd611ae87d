"""The one build step pyproject.toml can't say: the example events under `examples/` go into the
wheel as `tourney/examples`, so `tourney demo` works after `pip install .`, `pipx install .` or
`uv tool install .` as it does in a checkout (`tourney.demo.EXAMPLES` looks there first)."""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithExamples(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the checkout's examples/
            return
        target = Path(self.build_lib) / "tourney" / "examples"
        shutil.rmtree(target, ignore_errors=True)  # build/ outlives a build: no example removed since stays
        shutil.copytree(Path(__file__).resolve().parent / "examples", target,
                        ignore=shutil.ignore_patterns("__pycache__", "*.db", "*.db-*"))


setup(cmdclass={"build_py": BuildWithExamples})
