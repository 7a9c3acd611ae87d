"""The language of everything tourney says to the organiser: gettext catalogues under
`tourney/locale` (Babel extracts and compiles them, `make messages`), and `_()`/`ngettext()`
bound to the current language, a context variable the CLI sets once the event is open.

English is the source language: an English message is its own msgid. Messages are
`.format()`ed after translation (`_("round {n}").format(n=2)`), never f-strings, so the
extractor sees them. See docs/translating.md.
"""
from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Protocol

from rules_engine.findings import Text
from rules_engine.findings import phrase

#: Every language tourney speaks, English (the source) first: the one list a new language
#: joins (with its catalogue under `tourney/locale`; docs/translating.md).
LANGS = ("en", "de", "fr")
DEFAULT = "en"
#: Each language's decimal sign (CLDR's, as Babel has it: tests/core/test_i18n.py checks),
#: kept here so showing a number loads no locale data.
DECIMAL_SIGN = {"en": ".", "de": ",", "fr": ","}
#: A number as the tool writes it for display (`17.5`, `-0.9464`): what `local_number` localises.
_DISPLAY_NUMBER = re.compile(r"-?\d+\.\d+")
DOMAIN = "tourney"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str] = ContextVar("tourney_language", default=DEFAULT)


class HasSettings(Protocol):
    """What `event_language` reads: an event's stored settings (`store.Event`)."""

    def setting(self, key: str) -> str | None: ...


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of `lang`; English (the msgids themselves) needs none."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


def _spoken(lang: str) -> str:
    """`lang`, which the caller checked (`tourney.event.setup.check_language`, the CLI's choices):
    another is a programming error."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: tourney speaks {', '.join(LANGS)}")
    return lang


def language() -> str:
    """The current language ("en" unless the CLI or a caller set another)."""
    return _current.get()


def set_language(lang: str) -> None:
    """Make `lang` the current language of this context (the CLI, once per command)."""
    _current.set(_spoken(lang))


@contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Speak `lang` inside the block, then the language before it again."""
    token = _current.set(_spoken(lang))
    try:
        yield
    finally:
        _current.reset(token)


def event_language(event: HasSettings) -> str:
    """The event's language (its "lang" setting, shared with the live server), else English."""
    lang = event.setting("lang")
    return lang if lang in LANGS else DEFAULT


def _(message: str) -> str:
    """`message` in the current language (itself when the catalogue lacks it)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for `n`, in the current language."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogue without translating it now: for words declared in
    module constants (column headings, tiebreak names) and translated where they are shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for the catalogue, as `N_` does (`ngettext` says it)."""
    return singular, plural


def and_list(items: Sequence[str]) -> Text | str:
    """'a', 'a and b', 'a, b and c' as a clause, said in the language of the message it goes
    into (a finding or cause rendered later); `join_and` says it now."""
    if len(items) < 2:
        return "".join(items)
    return phrase("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def join_and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the current language."""
    said = and_list(items)
    return said if isinstance(said, str) else said.render(_)


def join_or(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c' in the current language."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def pgettext(context: str, message: str) -> str:
    """`message` in the current language where the same English word is said differently in
    `context` (a word the printed sheets share with the import's vocabulary: "printed")."""
    return translations(_current.get()).pgettext(context, message)


def local_number(value: object, lang: str | None = None) -> str:
    """A cell as a person reads it in `lang` (default the current language): a decimal number
    (`Decimal`, `float`, or text such as `0.9464` as the outputs round it) with the language's
    decimal sign (`0,9464` in German); anything else as `str` gives it. CSV, JSON and XLSX
    keep machine numbers: only what is shown goes through here."""
    text = "" if value is None else str(value)
    sign = DECIMAL_SIGN.get(lang or _current.get(), ".")
    if sign != "." and _DISPLAY_NUMBER.fullmatch(text):
        return text.replace(".", sign)
    return text


#: Where the system locale is read from, in gettext's order (Python's `gettext.find`).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """TOURNEY_LANG names a language tourney does not speak (the value; the CLI says it)."""


def option_language(argv: Sequence[str]) -> str | None:
    """The value of `--lang VALUE` or `--lang=VALUE` anywhere in `argv` (the last one; not after
    `--`), when it is a language tourney speaks: click reports any other value itself."""
    found = None
    for at, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and at + 1 < len(argv):
            found = argv[at + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    return found if found in LANGS else None


def system_language(environ: Mapping[str, str]) -> str:
    """The language of the system locale as gettext finds it (`de_DE.UTF-8` is "de"; the first
    of LANGUAGE's list that tourney speaks), else English; on a system without these variables
    (Windows) the locale Python reads."""
    for variable in LOCALE_VARIABLES:
        if value := environ.get(variable):
            break
    else:
        import locale  # only where no variable says it (Windows)

        value = locale.getlocale()[0] or ""
    for name in value.split(":"):
        lang = re.split(r"[_.@-]", name, maxsplit=1)[0].lower()
        if lang in LANGS:
            return lang
    return DEFAULT


def user_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language a command speaks before it opens an event (its usage errors, its help):
    `--lang` in `argv`, else TOURNEY_LANG, else the system locale. UnknownLanguage when
    TOURNEY_LANG names another language."""
    if lang := option_language(argv):
        return lang
    if chosen := environ.get("TOURNEY_LANG"):
        if chosen not in LANGS:
            raise UnknownLanguage(chosen)
        return chosen
    return system_language(environ)
