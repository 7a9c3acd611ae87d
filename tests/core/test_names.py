"""Player names: cleaned once, compared with Unicode case folding, look-alikes found, German order."""
from __future__ import annotations

import unicodedata

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tourney.core.errors import RegistrationError
from tourney.core.names import (
    MAX_NAME_LENGTH,
    MIN_FUZZY_LENGTH,
    SimilarNames,
    _one_letter_off,
    clean_name,
    look_keys,
    name_key,
    printable,
    similar_key,
    similar_names,
    sort_key,
)


def test_clean_name_trims_collapses_and_composes():
    assert clean_name("  Jan \t  Müller\n") == "Jan Müller"
    assert clean_name("Ju\u0308rgen\u00a0Werner") == "Jürgen Werner"  # NFD ü, no-break space
    assert clean_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH


@pytest.mark.parametrize("text, message", [
    ("", "a player name can't be empty"),
    (" \t ", "a player name can't be empty"),
    ("Ole\x00", (r"the name 'Ole\x00' contains a control character (U+0000) at position 4: "
                "type the name again without it")),
    ("\x1b[31mOle", (r"the name '\x1b[31mOle' contains a control character (U+001B) at position 1: "
                    "type the name again without it")),
    ("Ole\u202eX", (r"the name 'Ole\u202eX' contains an invisible character (U+202E right-to-left override) "
                   "at position 4: type the name again without it")),
    ("An\u200bna", (r"the name 'An\u200bna' contains an invisible character (U+200B zero width space) "
                   "at position 3: type the name again without it")),
    ("\u200fAnna", (r"the name '\u200fAnna' contains an invisible character (U+200F right-to-left mark) "
                   "at position 1: type the name again without it")),
    ("Anna\u2028Lena", (r"the name 'Anna\u2028Lena' contains an invisible character (U+2028 line separator) "
                       "at position 5: type the name again without it")),
    ("x" * 101, ("the name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… is 101 characters long: a name may have "
                "at most 100; shorten it")),
    ("y" * 100_001, ("the name 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'… is 100,001 characters long: a name may "
                    "have at most 100; shorten it")),
])
def test_clean_name_refuses_with_the_repr(text, message):
    with pytest.raises(RegistrationError) as exc:
        clean_name(text)
    assert str(exc.value) == message


def test_name_key_folds_case_and_decomposed_umlauts():
    assert name_key("JÜRGEN WERNER") == name_key("Jürgen Werner") == name_key("ju\u0308rgen  werner")
    assert name_key("Strauß") == name_key("STRAUSS")  # Unicode case folding, not lower()
    assert name_key("Jan Müller") != name_key("Jan Mueller")


def test_similar_key_folds_spellings_order_and_hyphens():
    assert similar_key("Jan Müller") == similar_key("Jan Mueller") == similar_key("Müller, Jan") == "jan mueller"
    assert similar_key("Weiß") == similar_key("WEISS") == "weiss"
    assert similar_key("Zoë Kästner") == "zoe kaestner"
    assert similar_key("Anna-Lena Graf") == similar_key("anna lena graf")
    assert similar_key("Müller, Jan, Dr.") == "mueller, jan, dr."  # two commas: left as it is


def test_similar_names_spellings_and_one_letter_off():
    known = ["Jan Müller", "Anna Schmidt", "Jürgen Weiß", "Spieler 1", "Bo", "Ben Meyer"]
    assert similar_names("Jan Mueller", known) == ["Jan Müller"]
    assert similar_names("Müller, Jan", known) == ["Jan Müller"]
    assert similar_names("Anna Schmitt", known) == ["Anna Schmidt"]  # one letter substituted
    assert similar_names("Anna Schmid", known) == ["Anna Schmidt"]  # one letter left out
    assert similar_names("Jürgen Weis", known) == ["Jürgen Weiß"]  # weis / weiss: one letter
    assert similar_names("Ben Meyers", known) == ["Ben Meyer"]
    assert similar_names("Spieler 2", known) == []  # a digit is another name
    assert similar_names("Jo", known) == []  # too short to guess
    assert similar_names("JAN MÜLLER", known) == []  # the same name: not a look-alike
    assert similar_names("Anna Schmidtke", known) == []  # two letters more
    assert similar_names("Ben Maier", known) == []  # two letters off


def test_swapped_names_umlauts_left_out_and_strokes_look_alike():
    known = ["Jürgen Müller", "Łukasz Nowak", "Anna Berg"]
    assert similar_names("Müller Jürgen", known) == ["Jürgen Müller"]  # first and last name columns swapped
    assert similar_names("Mueller Juergen", known) == ["Jürgen Müller"]
    assert similar_names("Jurgen Muller", known) == ["Jürgen Müller"]  # umlauts left out, not spelled out
    assert similar_names("Muller Jurgen", known) == ["Jürgen Müller"]
    assert similar_names("Lukasz Nowak", known) == ["Łukasz Nowak"]
    assert similar_names("Nowak Lukasz", known) == ["Łukasz Nowak"]
    assert similar_names("Berg Anna", known) == ["Anna Berg"]
    assert similar_names("Jürgen Möller", known) == ["Jürgen Müller"]  # one letter off, as before
    assert similar_names("Jörg Müller", known) == []
    assert similar_key("Łukasz Nowak") == similar_key("LUKASZ NOWAK") == "lukasz nowak"


def test_similar_index_finds_names_added_later():
    index = SimilarNames(["Jan Müller"])
    assert index.find("Jan Mueller") == ["Jan Müller"]
    index.add("Jan Mueller")
    assert index.find("Jan Muller") == ["Jan Mueller", "Jan Müller"]


def test_sort_key_is_german_din_5007_1():
    names = ["Zoë", "Yves", "Bauer", "Ärger", "Ölig", "Otto", "Strauss", "Straub", "Straße", "anna", "Anna"]
    assert sorted(names, key=sort_key) == ["Anna", "anna", "Ärger", "Bauer", "Ölig", "Otto", "Straße",
                                           "Straub", "Strauss", "Yves", "Zoë"]


def test_printable_escapes_what_a_terminal_would_obey():
    assert printable("Jürgen") == "Jürgen"
    assert printable("\x1b[2JOle\u202e") == r"\x1b[2JOle\u202e"


names_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)


@settings(deadline=None)  # no timing in tests: the machine may be busy
@given(names_text)
def test_clean_name_is_idempotent(text):
    try:
        once = clean_name(text)
    except RegistrationError:
        return
    assert clean_name(once) == once
    assert unicodedata.is_normalized("NFC", once) and once == once.strip()


@settings(deadline=None)  # no timing in tests: the machine may be busy
@given(st.text(st.characters(whitelist_categories=("Lu", "Ll", "Zs")), min_size=1, max_size=30))
def test_case_variants_have_one_name_key(text):
    assume(text.strip())
    name = clean_name(text)
    for variant in (name.upper(), name.lower(), name.title(), name.swapcase(), unicodedata.normalize("NFD", name)):
        assert name_key(clean_name(variant)) == name_key(name)


@given(st.text(st.characters(max_codepoint=127)))
def test_the_name_key_of_ascii_text_is_canonical_caseless_matching(text):
    """name_key takes a shortcut for ASCII names: the same key as the Unicode way it skips."""
    folded = unicodedata.normalize("NFD", text).casefold()
    assert name_key(text) == " ".join(unicodedata.normalize("NFC", folded).split())


def levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


letters = st.text(st.sampled_from("abcdeäöüß"), min_size=1, max_size=7)


@settings(deadline=None)  # no timing in tests: the machine may be busy
@given(letters, letters)
def test_one_letter_off_is_edit_distance_one_on_letters(a, b):
    expected = levenshtein(a, b) == 1 and min(len(a), len(b)) >= MIN_FUZZY_LENGTH
    assert _one_letter_off(a, b) == expected


@st.composite
def rosters(draw):
    """Names and near copies of them (one character changed, added or left out)."""
    chars = st.sampled_from("abcAB 1-,äÄüß")
    names = draw(st.lists(st.text(chars, min_size=1, max_size=7), min_size=1, max_size=6))
    for name in list(names):
        for _ in range(draw(st.integers(0, 3))):
            i = draw(st.integers(0, len(name)))
            edit = draw(st.sampled_from(["sub", "ins", "del"]))
            c = draw(chars)
            names.append(name[:i] + c + name[i + (edit == "sub"):] if edit != "del" else name[:i] + name[i + 1:])
    return [n for n in names if n.strip()] or ["x"]


@settings(deadline=None)  # no timing in tests: the machine may be busy
@given(rosters())
def test_similar_index_finds_exactly_what_comparing_every_pair_finds(known):
    index = SimilarNames(known)
    for name in known[:5]:
        pairwise = {n for n in known if name_key(n) != name_key(name)
                    and any(a == b or _one_letter_off(a, b) for a in look_keys(name) for b in look_keys(n))}
        assert index.find(name) == sorted(pairwise, key=sort_key)


def test_season_matches_players_with_the_same_folding():
    from tourney.event.season import normalise

    assert normalise("Müller, Jan") == normalise("JAN MUELLER") == normalise("Jan  Müller")
    assert normalise("Zoë Kästner") == normalise("Zoe Kaestner")
    assert normalise("Jan Müller") != normalise("Jan Möller")  # one letter off is a warning, never a match
