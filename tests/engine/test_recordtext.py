"""The shared record-text reader: tag lines, bodies, streaming, escapes, line numbers."""
import io

from hypothesis import given
from hypothesis import strategies as st

from rules_engine import duel, find_ruleset, sevenwonders
from rules_engine.duel.record import record_format
from rules_engine.recordtext import (
    GameName,
    GameNames,
    RawRecord,
    RecordSyntaxError,
    first_tag,
    split_records,
    write_tags,
)


def split(text: str, **kw) -> list[RawRecord]:
    return list(split_records(io.StringIO(text), **kw))


def test_two_games_in_one_stream_with_blank_lines():
    text = '\n\n[Event "A"]\n[Round "1"]\n\n1. x\n\n\n[Event "B"]\n\nmoves\n'
    assert split(text) == [
        RawRecord(3, (("Event", "A", 3), ("Round", "1", 4)), ((5, ""), (6, "1. x"), (7, ""), (8, ""))),
        RawRecord(9, (("Event", "B", 9),), ((10, ""), (11, "moves"))),
    ]


def test_a_tag_line_right_after_the_body_starts_the_next_record():
    assert [r.start_line for r in split('[Event "A"]\n\n1. x\n[Event "B"]\n')] == [1, 4]


def test_tags_without_a_body_and_an_empty_stream():
    assert split('[Event "A"]\n') == [RawRecord(1, (("Event", "A", 1),), ())]
    assert split("") == []
    assert split("\n  \n") == []


def test_crlf_line_ends_are_dropped():
    assert split('[Event "A"]\r\n\r\nbody\r\n') == [RawRecord(1, (("Event", "A", 1),), ((2, ""), (3, "body")))]


def test_a_bad_tag_line_is_an_error_on_its_own_record():
    first, second = split('[Event "A"]\n\n1. x\n\n[Event "B]\n[Round "2"]\n\nbody\n')
    assert (first.start_line, first.errors) == (1, ())
    assert (second.start_line, second.tags, second.body) == (5, (("Round", "2", 6),), ((7, ""), (8, "body")))
    (error,) = second.errors
    assert (error.line, error.message) == (5, "bad tag line '[Event \"B]': write [Name \"value\"]")
    assert str(error) == "line 5: bad tag line '[Event \"B]': write [Name \"value\"]"


def test_text_before_the_first_tag_suggests_the_games_first_tag():
    (record,) = split('\nhello\nmore\n[Event "A"]\n', example_tag='[Game "7 Wonders"]')
    assert record.start_line == 4 and record.tags == (("Event", "A", 4),)
    assert [str(e) for e in record.errors] == ["line 2: expected a tag line like [Game \"7 Wonders\"], got 'hello'"]
    (alone,) = split("hello\n")
    assert (alone.start_line, alone.tags, len(alone.errors)) == (1, (), 1)


def test_a_byte_order_mark_is_not_part_of_the_first_tag():
    # issue #14 item 9: a file saved by a Windows editor starts with U+FEFF
    (record,) = split('\ufeff[Game "duel"]\n[Event "A"]\n')
    assert record.tags == (("Game", "duel", 1), ("Event", "A", 2)) and record.errors == ()
    assert first_tag(io.StringIO('\ufeff[Event "A"]\n[Game "7w"]\n\n[Game "duel"]\n'), "Game") == ("7w", 2)


def test_first_tag_reads_only_the_first_header():
    assert first_tag(io.StringIO('[Event "A"]\n\n1. x\n[Game "duel"]\n'), "Game") is None
    assert first_tag(io.StringIO("hello\n[Game \"duel\"]\n"), "Game") is None


def test_the_headers_visitor_skips_the_body():
    text = '[Game "duel"]\n[Event "A"]\n\n1. ???\n[Game "duel"\n[Event "B"]\n'
    first, second = find_ruleset("duel").read_headers(io.StringIO(text))
    assert (first.line, first.tags, first.errors) == (1, (("Game", "duel"), ("Event", "A")), ())
    assert first.get("Event") == "A" and first.get("Round") is None
    assert second.line == 5 and second.tags == (("Event", "B"),) and len(second.errors) == 1


def test_a_reader_knows_only_the_game_names_it_is_handed():
    # The registry hands the reader every game; a reader handed fewer names knows no more.
    names = GameNames("duel", (GameName("duel", "7 Wonders Duel", frozenset({"duel", "7 wonders duel"}), True),
                               GameName("dominations", "Dominations", frozenset({"dominations"}), False)))
    reader = record_format(names)
    assert [[e.message for e in r.errors] for r in reader.read_records(io.StringIO(
        '[Game "7 Wonders Duel"]\n\n[Game "7wd"]\n\n[Game "Dominations"]\n\n'))] == [
        [], ["unknown game '7wd': use one of duel"],
        ["no game records for Dominations: replay and self-play are for duel"]]
    (record,) = duel.read_records(io.StringIO('[Game "7wd"]\n\n'))      # the registry's names
    assert record.errors == ()


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d"
                                      "\x1e\x85\u2028\u2029")))
def test_escapes_round_trip(value):
    out = io.StringIO()
    write_tags([("Annotator", value), ("Event", 'say "hi" \\ bye')], out)
    (record,) = split(out.getvalue())
    assert [(name, v) for name, v, _ in record.tags] == [("Annotator", value), ("Event", 'say "hi" \\ bye')]


def test_both_games_share_the_error_type():
    assert duel.RecordSyntaxError is sevenwonders.RecordSyntaxError is RecordSyntaxError
