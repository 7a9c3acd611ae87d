"""`tourney verify` and `tourney selfplay` with 7 Wonders records: exact output, exit codes."""
from __future__ import annotations

import shutil
from pathlib import Path

from conftest import invoke as run

DATA = Path(__file__).parents[1] / "data" / "sevenwonders"


def test_verify_dispute_with_house_rule_corrections_passes(tmp_path):
    path = tmp_path / "trade.7w"
    shutil.copy(DATA / "dispute-trade.7w", path)
    result = run("verify", str(path))
    assert result.exit_code == 0
    assert result.output == (
        f"{path}:1: Player 1 - Player 2 - Player 3 - Player 4 - Player 5: ok: scores 34 37 40 53 42 "
        "(2 corrections by the house rules)\n"
        "  warning [move.illegal] age 3, turn 6, 'Player 2': build Senate: not every bought resource is used "
        "for Senate: bought resources must be used; the card is discarded for 3 coins instead\n"
        "  warning [trade.coins] age 3, turn 6, 'Player 4': build Pantheon: the trade costs 2 coins, the record "
        "says 3; 2 are paid\n"
        "1 game: 1 ok, 0 failed\n")


def test_verify_duplicate_lighthouse_fails(tmp_path):
    path = tmp_path / "dup.7w"
    shutil.copy(DATA / "dispute-duplicate.7w", path)
    result = run("verify", str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (f"{path}:1: Anna - Ben - Cleo - Dora - Emil - Fritz - Greta: failed: 2 errors, scores "
                        "26 43 33 32 41 37 35 (2 corrections by the house rules); the Result says "
                        "26 43 33 43 41 37 35")
    assert lines[1].startswith("  warning [build.duplicate] age 3, turn 2, 'Dora': build Lighthouse: the city "
                               "already has Lighthouse")
    assert lines[-1] == "1 game: 0 ok, 1 failed"


def test_selfplay_seven_wonders_with_players_then_verify(tmp_path):
    path = tmp_path / "games.7w"
    result = run("selfplay", "--game", "7wonders", "--players", "3", "-n", "2", "--seed", "7", "-o", str(path))
    assert (result.exit_code, result.output) == (0, f"wrote 2 games to {path}\n")
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Game "7 Wonders"]\n') and text.count('[Players "Player 1 - Player 2 - Player 3"]') == 2
    # the first game is the golden one (same seed, first game)
    assert text.startswith((DATA / "selfplay-3p.7w").read_text(encoding="utf-8").rstrip("\n"))
    verified = run("verify", str(path))
    assert verified.exit_code == 0 and verified.output.endswith("2 games: 2 ok, 0 failed\n")


def test_selfplay_bad_player_count_is_a_usage_error(tmp_path):
    result = run("selfplay", "--game", "7w", "--players", "9", "-n", "1", "-o", str(tmp_path / "x.7w"))
    assert result.exit_code == 2
    assert "Error: players=9: 7 Wonders is played by 3 to 7" in result.output


def test_verify_reads_on_after_a_mistyped_move(tmp_path):
    # B4: one mistyped move in game 1 gave "0 games, 1 unreadable file"; games 2 and 3 are fine
    path = tmp_path / "three.7w"
    assert run("selfplay", "--game", "7w", "--players", "3", "-n", "3", "--seed", "7", "-o", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    bad_line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("1.1 build "))) + 1
    path.write_text(text.replace("\n1.1 build ", "\n1.1 biuld ", 1), encoding="utf-8")
    result = run("verify", str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{path}:1: Player 1 - Player 2 - Player 3: unreadable: 1 syntax error"
    assert lines[1].startswith(f"  error [syntax] line {bad_line}: bad move '1.1 biuld ")
    assert [line.split(": ", 2)[2].split(":")[0] for line in lines[2:4]] == ["ok", "ok"]
    assert lines[4] == "3 games: 2 ok, 1 failed"


def test_verify_in_german_says_the_replay_notes_and_syntax_errors_in_german(tmp_path):
    trade, broken = tmp_path / "trade.7w", tmp_path / "broken.7w"
    shutil.copy(DATA / "dispute-trade.7w", trade)
    broken.write_text('[Game "7 Wonders"]\n[Players "A - B - C"]\n[Wonders "Gizah A - Rhodos B - Babylon Q"]\n')
    result = run("verify", "--lang", "de", str(trade), str(broken))
    assert result.exit_code == 1
    assert result.output == (
        f"{trade}:1: Player 1 - Player 2 - Player 3 - Player 4 - Player 5: in Ordnung: Punkte 34 37 40 53 42 "
        "(2 Korrekturen nach den Hausregeln)\n"
        "  Warnung [move.illegal] Zeitalter 3, Runde 6, 'Player 2': build Senate: nicht jeder gekaufte Rohstoff "
        "wird für Senate gebraucht: gekaufte Rohstoffe müssen verwendet werden; die Karte wird stattdessen für "
        "3 Münzen abgeworfen\n"
        "  Warnung [trade.coins] Zeitalter 3, Runde 6, 'Player 4': build Pantheon: der Handel kostet 2 Münzen, "
        "die Aufzeichnung sagt 3; 2 werden gezahlt\n"
        f"{broken}:1: A - B - C: unlesbar: 1 Syntaxfehler\n"
        "  Fehler [syntax] Zeile 3: ungültiges Weltwunder 'Babylon Q' im Wonders-Tag: Spielplan und Seite "
        'schreiben, z. B. [Wonders "Gizah A - Rhodos B - Babylon B"]\n'
        "2 Partien: 1 in Ordnung, 1 fehlerhaft\n")


def test_verify_in_german_says_the_failed_and_unreplayable_verdicts_in_german(tmp_path):
    # issue 13 item 7: the summary's clauses (corrections, the Result's totals) and the finding
    # a record can't be replayed past are said in German too
    dup, hand = tmp_path / "dup.7w", tmp_path / "hand.7w"
    shutil.copy(DATA / "dispute-duplicate.7w", dup)
    hand.write_text((DATA / "selfplay-3p.7w").read_text().replace("\n1.1 build Altar\n", "\n1.1 build Palace\n"))
    result = run("verify", "--lang", "de", str(dup), str(hand))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (f"{dup}:1: Anna - Ben - Cleo - Dora - Emil - Fritz - Greta: fehlerhaft: 2 Fehler, Punkte "
                        "26 43 33 32 41 37 35 (2 Korrekturen nach den Hausregeln); das Result sagt "
                        "26 43 33 43 41 37 35")
    unreplayable = "Zeitalter 1, Runde 1, 'Player 1': build 'Palace': die Karte ist nicht auf der Hand (Scriptorium, " \
        "West Trading Post, Lumber Yard, Glassworks, Altar, Timber Yard, Press)"
    assert lines[-3:] == [f"{hand}:1: Player 1 - Player 2 - Player 3: nicht nachspielbar: {unreplayable}",
                          f"  Fehler [move.hand] {unreplayable}",
                          "2 Partien: 0 in Ordnung, 2 fehlerhaft"]
