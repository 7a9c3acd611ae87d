"""The README's quickstart runs as written, and every command has help text and a README row."""
from __future__ import annotations

import re
import shlex

import pytest
from click.testing import CliRunner

from conftest import ROOT, fill_sheet
from openpyxl import load_workbook
from tourney.cli import cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


def quickstart_commands() -> list[list[str]]:
    block = re.search(r"## Quickstart.*?```bash\n(.*?)```", README, re.S)
    assert block, "README has no Quickstart bash block"
    return [shlex.split(line)[1:] for line in block.group(1).splitlines() if line.startswith("tourney ")]


def block_commands(heading: str) -> list[list[str]]:
    block = re.search(rf"## {heading}.*?```bash\n(.*?)```", README, re.S)
    assert block, f"README has no bash block under '## {heading}'"
    return [shlex.split(line)[1:] for line in block.group(1).splitlines() if line.startswith("tourney ")]


def event_day_commands() -> list[list[str]]:
    return block_commands("The event day, step by step")


def test_readme_event_day_walk_runs(tmp_path, monkeypatch):
    """Seat, print, check, import, standings, a late entry and a drop, a correction, the final
    standings and workbook: every command of the README's walk, in order, exits 0."""
    commands = event_day_commands()
    assert len(commands) >= 20
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    runner = CliRunner()
    outputs = []
    for args in commands:
        result = runner.invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, f"tourney {' '.join(args)}\n{result.output}"
        outputs.append(result.output)
    shown = re.search(r"The standings after round 3 with `--cut 4`:\n\n```\n(.*?)```", README, re.S)
    assert shown and shown.group(1) in outputs[commands.index(["standings", "cup.db", "--cut", "4"])]
    assert (tmp_path / "final.xlsx").is_file() and (tmp_path / "standings.pdf").is_file()
    # The event day's seating (a late entry and a drop re-planned rounds 2 and 3) redraws from its seed.
    assert outputs[commands.index(["verify-draws", "final.xlsx", "--seed", "2026"])] == "all 3 rounds match\n"


def test_readme_own_event_runs_with_a_german_sign_up_list(tmp_path, monkeypatch):
    """The "Your own event" block, in order: the list is a user's own (first and last name
    columns), the sheets workbook is filled in where the README says to type the pads' numbers."""
    commands = block_commands("Your own event")
    assert [c[0] for c in commands] == ["new", "players", "seat", "print", "sheets", "check", "results", "standings",
                                        "export"]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "spieler.csv").write_text("Vorname,Nachname\n" + "".join(
        f"{first},{last}\n" for first, last in [("Anna", "Schmidt"), ("Ben", "Meyer"), ("Cleo", "Wagner"),
                                                ("Dana", "Becker"), ("Emil", "Hoffmann"), ("Frida", "Schulz"),
                                                ("Greta", "Koch"), ("Hugo", "Richter")]), encoding="utf-8")
    runner = CliRunner()
    outputs = {}
    for args in commands:
        if args[0] == "check":
            book = load_workbook(tmp_path / "runde1.xlsx")
            for ws in book.worksheets[1:]:
                fill_sheet(ws)
            book.save(tmp_path / "runde1.xlsx")
        result = runner.invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, f"tourney {' '.join(args)}\n{result.output}"
        outputs[args[0]] = result.output
    assert outputs["players"] == "8 Spieler ab Runde 1 angemeldet\n"
    # The seed is drawn at random: round 1 shows its fingerprint, 16 hex digits.
    assert re.fullmatch(r"Runde 1: 8 Spieler an 2 Tischen \(4\+4\)\n"
                        r"Fingerabdruck der Auslosung [0-9a-f]{16} \(SHA-256 des geheimen Startwerts\)\n",
                        outputs["seat"]), outputs["seat"]
    assert outputs["results"].endswith("2 Tische gespeichert\n")
    assert "Anna Schmidt" in outputs["standings"] and (tmp_path / "herbst-cup.xlsx").is_file()


def test_readme_quickstart_runs(tmp_path, monkeypatch):
    commands = quickstart_commands()
    assert len(commands) >= 8
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    runner = CliRunner()
    for args in commands:
        result = runner.invoke(cli, args, catch_exceptions=False)
        assert result.exit_code == 0, f"tourney {' '.join(args)}\n{result.output}"
    assert (tmp_path / "standings.xlsx").is_file() and (tmp_path / "standings.html").is_file()


def all_commands(group=cli, prefix=()):
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from all_commands(cmd, prefix + (name,))
        else:
            yield prefix + (name,), cmd


@pytest.mark.parametrize("path, cmd", list(all_commands()), ids=lambda x: " ".join(x) if isinstance(x, tuple) else "")
def test_every_command_has_help_and_a_readme_entry(path, cmd):
    assert cmd.help and cmd.help.strip()
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0
    assert f"tourney {' '.join(path)}" in README, f"README does not document 'tourney {' '.join(path)}'"


def commands_examples() -> list[str]:
    block = re.search(r"## Commands\n.*?One example of each command.*?```\n(.*?)```", README, re.S)
    assert block, "README's Commands section has no block of examples"
    return block.group(1).splitlines()


@pytest.mark.parametrize("path", [p for p, _cmd in all_commands()], ids=" ".join)
def test_every_command_has_an_example_under_commands(path):
    assert any(line.startswith(f"tourney {' '.join(path)} ") for line in commands_examples()), \
        f"README's Commands section has no example of 'tourney {' '.join(path)}'"


def test_every_file_the_readme_links_exists():
    linked = set(re.findall(r"\]\(((?:docs|examples)/[^)#\s]+)", README)) | set(re.findall(r"`(docs/[\w.-]+)`", README))
    assert len(linked) >= 10
    assert sorted(f for f in linked if not (ROOT / f).exists()) == []
