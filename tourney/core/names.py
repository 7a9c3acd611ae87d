"""Player names, in one place: cleaned once on the way in, compared with Unicode case folding,
matched loosely for "did you mean" warnings, and sorted the German way (DIN 5007-1)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
import difflib

from tourney.core.errors import RegistrationError
from tourney.core.i18n import _

#: The longest name accepted, in characters after cleaning. Real names (with a club or a
#: country added) stay far below; the limit keeps screens, sheets and files usable.
MAX_NAME_LENGTH = 100

# Control (Cc), format (Cf: zero-width, bidi overrides, marks), private use (Co), surrogates (Cs),
# line and paragraph separators (Zl, Zp): invisible, or able to reorder or hide text on a screen.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})
# Tabs and line breaks from a pasted cell are only whitespace; every other control character is refused.
_SPACING_CONTROLS = frozenset("\t\n\r")
_SHOWN = 40  # characters of an over-long name shown in a message

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
# Letters that carry their mark inside (no combining mark to strip): Łukasz is Lukasz without it.
_STROKES = str.maketrans({"ß": "ss", "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ŧ": "t", "æ": "ae", "œ": "oe", "ı": "i"})
_DASHES = str.maketrans({c: " " for c in "-\u2010\u2011\u2012\u2013\u2014\u2212"})


def _shown(text: str) -> str:
    """The repr of `text` for a message, cut short when it is long."""
    return repr(text) if len(text) <= _SHOWN else f"{text[:_SHOWN]!r}…"


def _what(ch: str) -> str:
    """A refused character for a message: 'a control character (U+001B)',
    'an invisible character (U+200B zero width space)'."""
    code = f"U+{ord(ch):04X}"
    if unicodedata.category(ch) == "Cc":
        return _("a control character ({code})").format(code=code)
    name = unicodedata.name(ch, "")
    return _("an invisible character ({code})").format(code=f"{code} {name.lower()}" if name else code)


def _refused(ch: str) -> bool:
    return unicodedata.category(ch) in _REFUSED_CATEGORIES and ch not in _SPACING_CONTROLS


def clean_name(text: str) -> str:
    """The name as stored: NFC, trimmed, inner whitespace collapsed to one space.

    Refuses (RegistrationError) an empty name, one longer than MAX_NAME_LENGTH, and one with
    control characters (NUL, terminal escape codes) or invisible/format characters
    (zero-width space, right-to-left marks and overrides).

    >>> clean_name("  Jan   Mu\\u0308ller ")
    'Jan Müller'
    """
    bad = next((i for i, ch in enumerate(text) if _refused(ch)), None)
    if bad is not None:
        raise RegistrationError(_("the name {name} contains {what} at position {position}: type the name again "
                                  "without it").format(name=_shown(text), what=_what(text[bad]), position=bad + 1))
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise RegistrationError(_("a player name can't be empty"))
    if len(name) > MAX_NAME_LENGTH:
        raise RegistrationError(_("the name {name} is {length} characters long: a name may have at most {max}; "
                                  "shorten it").format(name=_shown(name), length=f"{len(name):,}", max=MAX_NAME_LENGTH))
    return name


@lru_cache(maxsize=8192)  # every sheet line, seat and stored line asks again for the same few hundred names
def name_key(name: str) -> str:
    """The identity of a name: Unicode case folding of the NFC form, whitespace collapsed.
    `JÜRGEN WERNER` and `Jürgen Werner` (composed or decomposed ü) are one person; so are
    `IŞIK` and `Işık` (the Turkish dotless and dotted i fold to i, as upper() loses them)."""
    if name.isascii():  # normalising changes no ASCII text, and folds its case as lower() does
        return " ".join(name.lower().split())
    # Canonical caseless matching (Unicode 3.13): case folding of the NFD form, then composed.
    folded = unicodedata.normalize("NFD", name).casefold().replace("\u0131", "i").replace("i\u0307", "i")
    return " ".join(unicodedata.normalize("NFC", folded).split())


def _loose(name: str, umlauts: bool) -> str:
    text = " ".join(unicodedata.normalize("NFC", name).casefold().split())
    last, comma, first = text.partition(",")
    if comma and first.strip() and last.strip() and "," not in first:
        text = f"{first} {last}"
    text = unicodedata.normalize("NFD", text.translate(_UMLAUTS) if umlauts else text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn").translate(_DASHES).translate(_STROKES)
    return " ".join(text.split())


def similar_key(name: str) -> str:
    """A loose key for names that are probably the same person: case folded, ü→ue, ö→oe,
    ä→ae, ß→ss, other accents and strokes stripped (Ł→L), "Last, First" turned into
    "First Last", hyphens as spaces.

    >>> similar_key("Müller, Jan") == similar_key("Jan Mueller") == "jan mueller"
    True
    >>> similar_key("Łukasz Nowak")
    'lukasz nowak'
    """
    return _loose(name, umlauts=True)


def look_keys(name: str) -> frozenset[str]:
    """The keys under which two names look alike: the similar_key, the same with umlauts
    left out rather than spelled out (`Jurgen Muller` beside `Jürgen Müller`), and each of
    them with its words in sorted order (first and last name swapped: `Müller Jürgen`).

    >>> sorted(look_keys("Jürgen Müller"))
    ['juergen mueller', 'jurgen muller', 'mueller juergen', 'muller jurgen']
    """
    spelled, stripped = _loose(name, umlauts=True), _loose(name, umlauts=False)
    return frozenset({spelled, stripped, *(" ".join(sorted(k.split())) for k in (spelled, stripped))})


#: Names shorter than this (as similar keys) are never "one letter off" from another: with
#: two or three letters, nearly every name is one letter from some other one.
MIN_FUZZY_LENGTH = 4


def _one_letter_off(a: str, b: str) -> bool:
    """a and b differ by exactly one letter substituted, inserted or deleted (a digit or a
    space makes a different name: 'Tisch 1' and 'Tisch 2'), and both are long enough."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1 or len(a) < MIN_FUZZY_LENGTH or a == b:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] and a[i].isalpha() and b[i].isalpha()
    return a[i:] == b[i + 1:] and b[i].isalpha()


def _deletions(key: str) -> set[str]:
    """The key and every string one letter shorter: two keys one letter apart share one of
    these (digits are not deleted, so 'Spieler 1' and 'Spieler 2' share none)."""
    if len(key) < MIN_FUZZY_LENGTH:
        return {key}
    return {key} | {key[:i] + key[i + 1:] for i, ch in enumerate(key) if ch.isalpha()}


class SimilarNames:
    """An index of known names answering "which look like this one?" without comparing
    against every name (a roster of thousands is checked in linear time)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._names: dict[str, list[str]] = {}  # a look key -> names
        self._near: dict[str, set[str]] = {}  # a look key or one of its deletions -> look keys
        self._last: tuple[str, frozenset[str]] = ("", frozenset())  # (name, look_keys) of the last find, for add
        for name in names:
            self.add(name)

    def _keys(self, name: str) -> frozenset[str]:
        return self._last[1] if self._last[0] == name else look_keys(name)

    def add(self, name: str) -> None:
        for key in self._keys(name):
            self._names.setdefault(key, []).append(name)
            for d in _deletions(key):
                self._near.setdefault(d, set()).add(key)

    def find(self, name: str) -> list[str]:
        """Known names sharing a look key (see `look_keys`) or one letter off one (see
        `_one_letter_off`), except `name` itself (the same name_key), in German order."""
        keys, own = look_keys(name), name_key(name)
        self._last = (name, keys)
        found = {n for key in keys for d in _deletions(key) for k in self._near.get(d, ())
                 if k == key or _one_letter_off(key, k) for n in self._names[k] if name_key(n) != own}
        return sorted(found, key=sort_key)


_FOLD = str.maketrans({"ß": "ss", "ẞ": "ss", "æ": "ae", "ø": "o", "đ": "d", "ł": "l"})


def fold(name: str) -> str:
    """A name for matching what players type: case-, accent- and umlaut-tolerant
    ('Jürgen Weiß' and 'jurgen weiss' match), spaces collapsed."""
    text = unicodedata.normalize("NFKD", name.casefold().translate(_FOLD))
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).split())


def similar(typed: str, names: list[str], limit: int = 3) -> list[str]:
    """The names closest to `typed` once folded (a letter or two off, ü/ue, ß/ss), best first."""
    folded = {fold(n): n for n in names}
    key = fold(typed)
    return [folded[k] for k in difflib.get_close_matches(key, list(folded), n=limit, cutoff=0.75)]


def similar_names(name: str, known: Iterable[str]) -> list[str]:
    """The names in `known` that look like `name`: a look key in common, or one letter off
    (edit distance 1 on the look keys, the edit a letter, both keys at least
    MIN_FUZZY_LENGTH long). Names equal to `name` up to case are left out.

    >>> similar_names("Jan Mueller", ["Jan Müller", "Jon Mueller", "Anna Schmidt"])
    ['Jan Müller', 'Jon Mueller']
    """
    return SimilarNames(known).find(name)


def question_marks_match(name: str, known: Iterable[str]) -> list[str]:
    """The names in `known` that `name` stands for when each '?' in it is one letter Excel
    could not save in its CSV (Windows-1252): `?ukasz Nowak` for `Łukasz Nowak`; case ignored,
    in German order.

    >>> question_marks_match("?ukasz nowak", ["Łukasz Nowak", "Lukas Nowak"])
    ['Łukasz Nowak']
    """
    pattern = re.compile(".".join(re.escape(part) for part in name.split("?")), re.IGNORECASE)
    return sorted((n for n in known if pattern.fullmatch(n)), key=sort_key)


def sort_key(name: str) -> tuple[str, str, str]:
    """German collation (DIN 5007-1): Ä sorts with A, ß as ss, case ignored; ties broken
    accents after plain letters, then by case, so the order is total and stable.

    >>> sorted(["Zoë", "Bauer", "Yves", "Ärger", "anna"], key=sort_key)
    ['anna', 'Ärger', 'Bauer', 'Yves', 'Zoë']
    """
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFC", name).casefold())
    base = "".join(ch for ch in folded if unicodedata.category(ch) != "Mn")
    return base, folded, name


def printable(name: str) -> str:
    """The name as it may go to a terminal: control and invisible characters (which old
    event files may hold) written as escapes like repr does (``\\x1b``), the rest unchanged."""
    if not any(_refused(ch) or ch in _SPACING_CONTROLS for ch in name):
        return name
    return "".join(repr(ch)[1:-1] if _refused(ch) or ch in _SPACING_CONTROLS else ch for ch in name)
