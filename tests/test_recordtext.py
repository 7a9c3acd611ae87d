"""The shared record-text reader: tag lines, bodies, streaming, escapes, line numbers."""
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import duel, sevenwonders
from rules_engine.recordtext import RawRecord, RecordSyntaxError, split_records, write_tags


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


def test_a_bad_tag_line_names_its_line_after_the_good_record_is_yielded():
    records = split_records(io.StringIO('[Event "A"]\n\n1. x\n\n[Event "B]\n'))
    assert next(records).start_line == 1
    with pytest.raises(RecordSyntaxError) as info:
        next(records)
    assert (info.value.line, info.value.message) == (5, "bad tag line '[Event \"B]': write [Name \"value\"]")
    assert str(info.value) == "line 5: bad tag line '[Event \"B]': write [Name \"value\"]"


def test_text_before_the_first_tag_suggests_the_games_first_tag():
    with pytest.raises(RecordSyntaxError) as info:
        split('\nhello\n', example_tag='[Game "7 Wonders"]')
    assert str(info.value) == "line 2: expected a tag line like [Game \"7 Wonders\"], got 'hello'"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d"
                                      "\x1e\x85\u2028\u2029")))
def test_escapes_round_trip(value):
    out = io.StringIO()
    write_tags([("Annotator", value), ("Event", 'say "hi" \\ bye')], out)
    (record,) = split(out.getvalue())
    assert [(name, v) for name, v, _ in record.tags] == [("Annotator", value), ("Event", 'say "hi" \\ bye')]


def test_both_games_share_the_error_type():
    assert duel.RecordSyntaxError is sevenwonders.RecordSyntaxError is RecordSyntaxError
