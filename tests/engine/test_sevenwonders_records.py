"""7 Wonders records: golden files, round trips, syntax errors, replay verdicts, self-play
sheets that the score-sheet checker must always accept."""
from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.sevenwonders import (
    Record,
    RecordSyntaxError,
    check_sheet,
    read_records,
    replay,
    selfplay,
    write_records,
)
from rules_engine.sevenwonders.game import Move, Trade, Verb
from rules_engine.sevenwonders.record import Play

DATA = Path(__file__).parents[1] / "data" / "sevenwonders"


def text_of(records: list[Record]) -> str:
    buf = io.StringIO()
    write_records(records, buf)
    return buf.getvalue()


def read_text(text: str) -> list[Record]:
    return list(read_records(io.StringIO(text)))


def golden(name: str) -> Record:
    with open(DATA / name, encoding="utf-8") as fh:
        (record,) = read_records(fh)
    return record


# --- golden files --------------------------------------------------------------------

@pytest.mark.parametrize("name, players", [("selfplay-3p.7w", 3), ("selfplay-7p.7w", 7)])
def test_selfplay_is_reproducible_byte_for_byte(name, players):
    assert text_of(list(selfplay(1, 7, players=players))) == (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["selfplay-3p.7w", "selfplay-7p.7w"])
def test_selfplay_golden_replays_clean(name):
    record = golden(name)
    verdict = replay(record)
    assert verdict.ok and verdict.findings == ()
    assert verdict.totals == record.result
    assert str(verdict.summary) == "ok: scores " + " ".join(map(str, record.result))
    assert check_sheet(verdict.sheet) == []


def test_dispute_trade_house_rules_applied_at_the_table():
    record = golden("dispute-trade.7w")
    verdict = replay(record)
    assert verdict.ok
    assert [(f.rule, f.severity.value, f.player, f.message) for f in verdict.findings] == [
        ("move.illegal", "warning", "Player 2",
         "age 3, turn 6, 'Player 2': build Senate: not every bought resource is used for Senate: bought "
         "resources must be used; the card is discarded for 3 coins instead"),
        ("trade.coins", "warning", "Player 4",
         "age 3, turn 6, 'Player 4': build Pantheon: the trade costs 2 coins, the record says 3; 2 are paid"),
    ]
    assert str(verdict.summary) == "ok: scores 34 37 40 53 42 (2 corrections by the house rules)"


def test_dispute_duplicate_lighthouse_removed_and_recomputed():
    record = golden("dispute-duplicate.7w")
    verdict = replay(record)
    assert not verdict.ok
    assert [(f.rule, f.player) for f in verdict.findings] == [
        ("build.duplicate", "Dora"), ("build.duplicate.recomputed", "Dora"),
        ("result.total", "Dora"), ("result.sheet", "Dora")]
    assert verdict.findings[1].message == ("'Dora': with the duplicate building removed, treasury 14 -> 12, "
                                           "commercial 18 -> 9, total 43 -> 32, coins 42 -> 38")
    assert verdict.findings[2].message == "'Dora' scores 32 in the replay, the Result says 43"
    assert str(verdict.summary) == ("failed: 2 errors, scores 26 43 33 32 41 37 35 (2 corrections by the house "
                               "rules); the Result says 26 43 33 43 41 37 35")
    assert check_sheet(verdict.sheet) == []


def test_golden_files_round_trip_exactly():
    for path in sorted(DATA.glob("*.7w")):
        text = path.read_text(encoding="utf-8")
        assert text_of(read_text(text)) == text, path.name


# --- round trips ---------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_read_write_round_trip(seed, players):
    records = list(selfplay(2, seed, players=players))
    assert read_text(text_of(records)) == records


def test_reader_streams_one_game_at_a_time():
    good = text_of(list(selfplay(1, 3, players=3)))
    games = read_records(io.StringIO(good + '[Game "7 Wonders"]\n[Result "x"]\n\n'))
    first = next(games)
    assert first.players == ("Player 1", "Player 2", "Player 3") and first.errors == ()
    second = next(games)
    assert [str(e) for e in second.errors] == [
        f"line {good.count(chr(10)) + 2}: bad Result 'x': write whole numbers separated by spaces"]


def test_a_mistyped_move_spoils_its_game_only():
    # B4: one mistyped move in game 1 stopped the whole file; now games 2 and 3 are read
    records = list(selfplay(3, 5, players=4))
    text = text_of(records)
    assert "\n1.2 build " in text
    bad = text.replace("\n1.2 build ", "\n1.2 biuld ", 1)
    back = read_text(bad)
    assert len(back) == 3 and back[1:] == records[1:]
    (error,) = back[0].errors
    assert error.message.startswith("bad move '1.2 biuld ")
    assert bad.splitlines()[error.line - 1].startswith("1.2 biuld ")
    assert [replay(r).ok for r in back] == [False, True, True]
    assert str(replay(back[0]).summary) == "unreadable: 1 syntax error"


def test_every_bad_line_of_a_record_is_reported():
    text = '[Game "7 Wonders"]\n[Players "A - B - C"]\n\nAge 1\n1.1 built X\n1.2 build Y (left: wood)\n'
    (record,) = read_text(text)
    assert [e.line for e in record.errors] == [5, 6]


def test_trade_and_discard_build_notation_round_trip():
    play = Play(3, 2, Move(Verb.STAGE, "Baths", Trade(("clay",), ("ore", "ore"), 5), ("Temple",)))
    record = Record(players=("A", "B", "C"), wonders=(("Gizah", "A"),) * 3, hands=((),), moves=((play,),))
    text = text_of([record])
    assert "3.2 stage Baths (left: clay; right: ore ore; 5 coins) + Temple\n" in text
    assert read_text(text) == [record]


@pytest.mark.parametrize("line, message", [
    ("1.1 built Lumber Yard", "bad move '1.1 built Lumber Yard': write TURN.SEAT VERB CARD, e.g. '2.3 build "
                              "Temple (left: wood clay; right: glass; 6 coins)', verbs build, free, stage, discard"),
    ("1.1 build Stockade (left: wood)", "trade (left: wood) needs the resources bought and the coins paid, "
                                        "e.g. (left: wood; 2 coins)"),
    ("1.1 build Stockade (left: timber; 2 coins)", "bad resources 'timber' in trade (left: timber; 2 coins): "
                                                   "use wood, stone, clay, ore, glass, loom, papyrus"),
    ("Hand 2: Loom", "hand 2 out of order: expected Hand 1"),
    ("Age 3", "'Age 3' out of order: give Age 1, Age 2, Age 3 in turn"),
])
def test_syntax_errors_say_what_and_where(line, message):
    text = '[Game "7 Wonders"]\n[Players "A - B - C"]\n\nAge 1\n' + line + "\n"
    (record,) = read_text(text)
    assert [(e.line, e.message) for e in record.errors] == [(5, message)]
    assert all(isinstance(e, RecordSyntaxError) for e in record.errors)


def test_empty_record_round_trips():
    assert read_text(text_of([Record()])) == [Record()]


def test_record_of_another_game_is_refused():
    (record,) = read_text('[Game "duel"]\n\n')
    assert [str(e) for e in record.errors] == ["line 1: game 'duel' in a 7 Wonders file: use one game per file"]


@pytest.mark.parametrize("game", ["7 Wonders", "7wonders", "7w", "SevenWonders", "7-wonders"])
def test_every_alias_of_the_game_tag_is_read(game):
    (record,) = read_text(f'[Game "{game}"]\n\n')
    assert record.errors == ()


# --- replay verdicts -------------------------------------------------------------------

def _swap_move(record: Record, age: int, k: int, move: Move) -> Record:
    moves = [list(m) for m in record.moves]
    moves[age - 1][k] = dataclasses.replace(moves[age - 1][k], move=move)
    return dataclasses.replace(record, moves=tuple(tuple(m) for m in moves))


def test_card_not_in_hand_makes_the_record_unreplayable():
    record = golden("selfplay-3p.7w")
    bad = _swap_move(record, 1, 0, Move(Verb.BUILD, "Palace"))
    verdict = replay(bad)
    assert not verdict.ok and verdict.sheet is None
    assert verdict.findings[-1].rule == "move.hand"
    assert str(verdict.summary).startswith("not replayable: age 1, turn 1, 'Player 1': build 'Palace': "
                                           "the card isn't in the hand (")


def test_discard_build_without_halikarnassos_is_reported_and_ignored():
    record = golden("selfplay-3p.7w")
    first = record.moves[0][0]
    bad = _swap_move(record, 1, 0, dataclasses.replace(first.move, from_discard=("Palace",)))
    verdict = replay(bad)
    assert [f.rule for f in verdict.findings] == ["discard.unearned"]
    assert verdict.findings[0].message == (
        "age 1, turn 1, 'Player 1': Palace named from the discard pile, but no stage with Halikarnassos' power "
        "was built this turn; nothing is built")
    assert verdict.ok and verdict.totals == record.result


def test_wrong_result_is_an_error():
    record = golden("selfplay-3p.7w")
    wrong = dataclasses.replace(record, result=(1, 2, 3), sheets=None)
    verdict = replay(wrong)
    assert not verdict.ok
    assert [f.rule for f in verdict.findings] == ["result.total"] * 3


def test_hands_must_be_the_deck():
    record = golden("selfplay-3p.7w")
    hands = [list(h) for h in record.hands[0]]
    hands[0][0] = "Tavern"  # not in the 3-player deck
    bad = dataclasses.replace(record, hands=(tuple(tuple(h) for h in hands),) + record.hands[1:])
    verdict = replay(bad)
    assert not verdict.ok and verdict.findings[0].rule == "deal.deck"
    assert "too many: Tavern" in verdict.findings[0].message


def test_unknown_wonder_is_reported():
    record = dataclasses.replace(golden("selfplay-3p.7w"), wonders=(("Atlantis", "A"), ("Gizah", "A"),
                                                                    ("Rhodos", "B")))
    verdict = replay(record)
    assert not verdict.ok and verdict.findings[0].rule == "setup.wonders"


def test_selfplay_options_are_checked():
    with pytest.raises(ValueError, match="players=8"):
        next(iter(selfplay(1, 0, players=8)))
    with pytest.raises(ValueError, match="'colour' is not a 7 wonders self-play option"):
        next(iter(selfplay(1, 0, colour="red")))


# --- property: the checker accepts every game the engine plays -----------------------------

GAMES = int(os.environ.get("SEVENWONDERS_GAMES", "250"))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_engine_sheets_always_pass_check_sheet(players):
    for record in selfplay(GAMES // 5, 1000 + players, players=players):
        verdict = replay(record)
        assert verdict.ok, (record.round, verdict.summary)
        found = check_sheet(verdict.sheet)
        assert found == [], (players, record.round, verdict.sheet, found)
