"""`tourney verify` and `tourney selfplay`: exact output and exit codes (click's CliRunner)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import invoke as run

DATA = Path(__file__).parents[1] / "data" / "duel"


def test_verify_golden_records(tmp_path):
    path = tmp_path / "military.txt"
    shutil.copy(DATA / "military.txt", path)
    result = run("verify", str(path))
    assert result.exit_code == 0
    assert result.output == (
        f"{path}:1: Anna Weber - Bob Martin: ok: 0-1 military 29-40 after 67 moves\n"
        "1 game: 1 ok, 0 failed\n")


def test_verify_reports_an_illegal_game_and_exits_1(tmp_path):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    shutil.copy(DATA / "science.txt", good)
    shutil.copy(DATA / "illegal-unaffordable.txt", bad)
    result = run("verify", str(good), str(bad))
    assert result.exit_code == 1
    assert result.output == (
        f"{good}:1: Anna Weber - Bob Martin: ok: 0-1 science 31-34 after 69 moves\n"
        f"{bad}:1: Anna Weber - Bob Martin: illegal: 1 error\n"
        "  error [move.illegal] move 37, Anna Weber: cannot afford 'Forum': needs 1 clay, has 0, "
        "plus 3 coins, trade costs 1, has 2 coins\n"
        "2 games: 1 ok, 1 failed\n")


def test_verify_a_result_that_disagrees_exits_1(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text((DATA / "military.txt").read_text().replace(
        '[Result "0-1 military"]', '[Result "1-0 military"]').replace("Arsenal 0-1", "Arsenal 1-0"))
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert "  error [result] the Result tag says '1-0 military', the replay gives '0-1 military'\n" \
        in result.output
    assert result.output.endswith("1 game: 0 ok, 1 failed\n")


def test_verify_and_check_agree_on_military_0_for_the_supremacy_winner(tmp_path):
    # Issue 31, item 7: the winner of a military supremacy writes 0 as online sheets do; `check`
    # accepts that sheet, so `verify` of the recorded game accepts it too.
    from rules_engine.duel.sheet import MatchLine, MatchSheet, check_match

    text = (DATA / "military.txt").read_text()
    won = "blue=4 green=2 yellow=3 purple=8 wonders=13 progress=0 treasury=0 military=10 senate=0 total=40 coins=0"
    online = won.replace("military=10", "military=0").replace("total=40", "total=30")
    path = tmp_path / "online.txt"
    path.write_text(text.replace(won, online))
    result = run("verify", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.endswith("1 game: 1 ok, 0 failed\n")
    values = dict(item.split("=") for item in online.split())
    lines = (MatchLine("Anna Weber", True, 11, 6, 0, 0, 5, 4, 3, 0, None, 29, 10, "military", "Bob Martin"),
             MatchLine("Bob Martin", False, *(int(values[k]) for k in ("blue", "green", "yellow", "purple", "wonders",
                                                                       "progress", "treasury", "military")),
                       None, int(values["total"]), int(values["coins"]), "military", "Bob Martin"))
    assert check_match(MatchSheet(3, 1, lines)) == []


def test_verify_a_syntax_error_fails_its_game_and_names_the_line(tmp_path):
    path = tmp_path / "broken.txt"
    path.write_text('[Event "x"]\n[Game "duel"]\n\n1. Pyramids 3. Sphinx\n')
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert result.output == (
        f"{path}:1: ? - ?: unreadable: 1 syntax error\n"
        "  error [syntax] line 4: move number '3.' out of sequence: expected 2.\n"
        "1 game: 0 ok, 1 failed\n")
    assert "Traceback" not in result.output


def test_verify_reads_on_after_a_broken_game(tmp_path):
    # the Duel reader has always read on after an illegal move; a misnumbered one now too
    good = (DATA / "science.txt").read_text(encoding="utf-8")
    path = tmp_path / "three.txt"
    path.write_text(good.replace(" 3. ", " 4. ", 1) + good + good, encoding="utf-8")
    second, third = (1 + k * good.count("\n") for k in (1, 2))
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[2:] == [
        f"{path}:{second}: Anna Weber - Bob Martin: ok: 0-1 science 31-34 after 69 moves",
        f"{path}:{third}: Anna Weber - Bob Martin: ok: 0-1 science 31-34 after 69 moves",
        "3 games: 2 ok, 1 failed"]
    assert result.output.splitlines()[1].startswith("  error [syntax] line ")


@pytest.mark.parametrize("game", ["7wonders-duel", "sevenwondersduel", "7 Wonders Duel"])
def test_verify_reads_every_alias_the_registry_accepts(tmp_path, game):
    # B1: [Game "7wonders-duel"] was accepted by the registry, then refused by the Duel reader
    path = tmp_path / "alias.txt"
    path.write_text(re.sub(r'\[Game "[^"]*"\]', f'[Game "{game}"]', (DATA / "military.txt").read_text(
        encoding="utf-8")), encoding="utf-8")
    result = run("verify", str(path))
    assert (result.exit_code, result.output) == (0, (
        f"{path}:1: Anna Weber - Bob Martin: ok: 0-1 military 29-40 after 67 moves\n"
        "1 game: 1 ok, 0 failed\n"))


def test_verify_a_file_with_a_byte_order_mark(tmp_path):
    # issue #14 item 9: Notepad's "UTF-8 with BOM" must not read as "no [Game] tag"
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + (DATA / "military.txt").read_bytes())
    result = run("verify", str(path))
    assert (result.exit_code, result.output) == (0, (
        f"{path}:1: Anna Weber - Bob Martin: ok: 0-1 military 29-40 after 67 moves\n"
        "1 game: 1 ok, 0 failed\n"))


def test_verify_missing_file_and_missing_game_tag(tmp_path):
    nogame = tmp_path / "nogame.txt"
    nogame.write_text('[Event "x"]\n\n1. Pyramids\n')
    missing = tmp_path / "missing.txt"
    result = run("verify", str(missing), str(nogame))
    assert result.exit_code == 1
    assert result.output == (
        "0 games: 0 ok, 0 failed, 2 unreadable files\n"
        f"error: {missing}: cannot read: no such file or directory\n"
        f"error: {nogame}:1: no [Game \"...\"] tag in the first record's header: "
        "add [Game \"duel\"] (or another game name)\n")


def test_verify_unknown_game(tmp_path):
    path = tmp_path / "chess.txt"
    path.write_text('[Event "x"]\n[Game "chess"]\n\n1. e4\n')
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert result.output.endswith(f"error: {path}:2: unknown game 'chess': use one of 7wonders, duel\n")


def test_verify_binary_file(tmp_path):
    path = tmp_path / "blob.txt"
    path.write_bytes(b"\xff\xfe\x00[")
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert result.output.endswith(f"error: {path}: not a text file (UTF-8 expected)\n")


def test_selfplay_writes_reproducible_games_that_verify(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    result = run("selfplay", "--game", "duel", "-n", "3", "--seed", "11", "-o", str(a))
    assert result.exit_code == 0
    assert result.output == f"wrote 3 games to {a}\n"
    assert run("selfplay", "--game", "7wd", "-n", "3", "--seed", "11", "-o", str(b)).exit_code == 0
    assert a.read_text() == b.read_text()
    verified = run("verify", str(a))
    assert verified.exit_code == 0
    assert verified.output.endswith("3 games: 3 ok, 0 failed\n")


def test_selfplay_agora(tmp_path):
    path = tmp_path / "agora.txt"
    result = run("selfplay", "--game", "duel", "--agora", "-n", "2", "--seed", "4", "-o", str(path))
    assert (result.exit_code, result.output) == (0, f"wrote 2 games to {path}\n")
    assert '[Expansions "Agora"]' in path.read_text()
    verified = run("verify", str(path))
    assert verified.exit_code == 0 and verified.output.endswith("2 games: 2 ok, 0 failed\n")


def test_verify_agora_golden_record(tmp_path):
    path = tmp_path / "p.txt"
    shutil.copy(DATA / "agora-political.txt", path)
    result = run("verify", str(path))
    assert result.exit_code == 0
    assert result.output == (f"{path}:1: Carla Diaz - Dieter Ernst: ok: 1-0 political 42-18 after 61 moves\n"
                             "1 game: 1 ok, 0 failed\n")


def test_selfplay_agora_for_another_game_is_a_usage_error(tmp_path):
    result = run("selfplay", "--game", "7wonders", "--agora", "-n", "1", "-o", str(tmp_path / "x.txt"))
    assert result.exit_code == 2
    assert "Error: --agora does not apply to 7 Wonders self-play: it takes --players K (3-7)" in result.output


def test_selfplay_players_for_duel_is_a_usage_error(tmp_path):
    result = run("selfplay", "--game", "duel", "--players", "3", "-n", "1", "-o", str(tmp_path / "x.txt"))
    assert result.exit_code == 2
    assert "Error: --players does not apply to 7 Wonders Duel self-play: it takes --agora" in result.output


def test_selfplay_unknown_game_is_a_usage_error(tmp_path):
    result = run("selfplay", "--game", "chess", "-n", "1", "-o", str(tmp_path / "x.txt"))
    assert result.exit_code == 2
    assert "unknown game 'chess': use one of 7wonders, duel" in result.output


def test_commands_have_help():
    for name in ("verify", "selfplay"):
        result = run(name, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output


def test_verify_in_german_says_the_syntax_errors_and_illegal_moves_in_german(tmp_path):
    broken, bad = tmp_path / "broken.txt", tmp_path / "bad.txt"
    broken.write_text('[Event "x"]\n[Game "duel"]\n\n1. Pyramids 3. Sphinx\n')
    shutil.copy(DATA / "illegal-unaffordable.txt", bad)
    result = run("verify", "--lang", "de", str(broken), str(bad))
    assert result.exit_code == 1
    assert result.output == (
        f"{broken}:1: ? - ?: unlesbar: 1 Syntaxfehler\n"
        "  Fehler [syntax] Zeile 4: Zugnummer '3.' außer der Reihe: erwartet war 2.\n"
        f"{bad}:1: Anna Weber - Bob Martin: regelwidrig: 1 Fehler\n"
        "  Fehler [move.illegal] Zug 37, Anna Weber: 'Forum' ist nicht bezahlbar: braucht 1 Ton, hat 0, "
        "dazu 3 Münzen, der Handel kostet 1, vorhanden sind 2 Münzen\n"
        "2 Partien: 0 in Ordnung, 2 fehlerhaft\n")


def test_verify_in_german_says_every_duel_verdict_in_german(tmp_path):
    # issue 13 item 7: the one-line summaries too; the Result tag's words stay the record's data
    military = (DATA / "military.txt").read_text()
    files = {"ok": military,
             "disagrees": military.replace('[Result "0-1 military"]', '[Result "1-0 military"]').replace(
                 "Arsenal 0-1", "Arsenal 1-0"),
             "pantheon": military.replace('[Expansions "-"]', '[Expansions "Pantheon"]'),
             "setup": military.replace("Tokens: Philosophy", "Tokens: Filosophy")}
    paths = {name: tmp_path / f"{name}.txt" for name in files}
    for name, content in files.items():
        paths[name].write_text(content)
    result = run("verify", "--lang", "de", *map(str, paths.values()))
    assert result.exit_code == 1
    assert result.output == (
        f"{paths['ok']}:1: Anna Weber - Bob Martin: in Ordnung: 0-1 military 29-40 nach 67 Zügen\n"
        f"{paths['disagrees']}:1: Anna Weber - Bob Martin: Ergebnis weicht ab: 0-1 military 29-40 nach 67 Zügen\n"
        "  Fehler [result] der Result-Tag sagt '1-0 military', das Nachspielen ergibt '0-1 military'\n"
        f"{paths['pantheon']}:1: Anna Weber - Bob Martin: nicht nachgespielt: unbekannte Erweiterungen "
        "'Pantheon': bekannt sind das Grundspiel und Agora\n"
        "  Fehler [expansions] unbekannte Erweiterungen 'Pantheon': bekannt sind das Grundspiel und Agora\n"
        f"{paths['setup']}:1: Anna Weber - Bob Martin: fehlerhafter Aufbau: 2 Fehler\n"
        "  Fehler [setup.tokens] unbekannt (Fortschrittsplättchen): 'Filosophy'\n"
        "  Fehler [setup.tokens] 5 Fortschrittsplättchen liegen auf dem Spielplan, die Aufzeichnung hat 4\n"
        "4 Partien: 1 in Ordnung, 3 fehlerhaft\n")


def test_verify_in_german_names_the_agora_phase_in_german(tmp_path):
    path = tmp_path / "agora.txt"
    text = (DATA / "agora-civilian.txt").read_text()
    path.write_text(re.sub(r"\n1\. \S+", "\n1. Nowhere", text, count=1))
    result = run("verify", "--lang", "de", str(path))
    assert result.exit_code == 1
    assert "Fehler [move.illegal] Zug 1, " in result.output
    assert "'Nowhere' ist nicht möglich: ein Weltwunder wählen (eines von " in result.output
