"""Shared fixtures: an isolated folder, a CLI runner, and sheet writers."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "bonn-2018"
HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders",
          "civilian", "commercial", "guilds", "science", "total", "coins"]


class Run:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str, ok: bool | None = True):
        result = self.runner.invoke(cli, list(args), catch_exceptions=False)
        if ok is True:
            assert result.exit_code == 0, result.output
        return result


def invoke(*args: str):
    """The CLI in the current folder, for tests that manage their own files (exit code not checked)."""
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def run(tmp_path, monkeypatch) -> Run:
    monkeypatch.chdir(tmp_path)
    return Run(tmp_path)


def line(round_no, table, seat, player, *, military=0, wonders=3, civilian=10, commercial=0, guilds=0,
         science=0, coins=3, total=None, treasury=None, wonder="", side=""):
    treasury = coins // 3 if treasury is None else treasury
    if total is None:
        total = military + treasury + wonders + civilian + commercial + guilds + science
    return [round_no, table, seat, player, wonder, side, military, treasury, wonders, civilian, commercial,
            guilds, science, total, coins]


def write_sheet(path: Path, rows) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(HEADER)
        w.writerows(rows)
    return path
