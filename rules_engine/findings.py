"""Findings: what a checker reports instead of raising (rule id, severity, message).

A finding's message is an English template with named placeholders and the values that fill
them (``error("sum", "totals don't add up for {player!r} …", name, s=47)``), so a reader may
show it in another language: `render` takes the translator (tourney passes gettext's); the
engine itself only ever formats English (`Finding.message`), and only when it is read.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass

#: The values that fill a template's placeholders, by name (a tuple: findings stay hashable).
Params = tuple[tuple[str, object], ...]
#: What turns an English template, word or separator into the reader's language.
Translate = Callable[[str], str]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


class Term(str):
    """A placeholder value that is an English word or phrase to translate with the message
    (``Term("any board")``, a column name), unlike names and numbers, shown as they are."""

    __slots__ = ()


@dataclass(frozen=True)
class Text:
    """A part of a message with placeholders of its own (``Text("{n} blue for civilian {v}", …)``),
    translated with the message: for lists of clauses that a sentence joins."""

    template: str
    params: Params = ()

    def render(self, translate: Translate | None = None) -> str:
        return render(self.template, self.params, translate)

    def __str__(self) -> str:
        return self.render()


def phrase(template: str, **params: object) -> Text:
    return Text(template, tuple(params.items()))


@dataclass(frozen=True)
class Joined:
    """Values shown one after another: `sep` is ", " or " or " (translated as a word)."""

    items: tuple[object, ...]
    sep: str = ", "

    def render(self, translate: Translate | None = None) -> str:
        sep = self.sep if translate is None or self.sep == ", " else translate(self.sep)
        return sep.join(str(_value(v, translate)) for v in self.items)

    def __str__(self) -> str:
        return self.render()


def _value(v: object, translate: Translate | None) -> object:
    if isinstance(v, (Text, Joined)):
        return v.render(translate)
    if isinstance(v, Term):
        return str(v) if translate is None else translate(v)
    return v


def render(template: str, params: Params, translate: Translate | None = None) -> str:
    """`template` (translated first when `translate` is given) filled with `params`; a
    template without params is the message as it is (braces and all)."""
    if translate is not None:
        template = translate(template)
    if not params:
        return template
    return template.format_map({k: _value(v, translate) for k, v in params})


@dataclass(frozen=True)
class Finding:
    """One problem found in a sheet or a record.

    `rule` is a stable id (e.g. ``"sum"``, ``"military.pairs"``) that tests, exports and
    documentation refer to; `player` names the player it concerns, if any. `template` is
    the English message with named placeholders, `params` their values.
    """

    rule: str
    severity: Severity
    template: str
    player: str | None = None
    params: Params = ()

    @property
    def message(self) -> str:
        """The message in English, formatted now (checks stay fast: most are never read)."""
        return render(self.template, self.params)

    def render(self, translate: Translate | None = None) -> str:
        """The message with `translate` applied to the template and every `Term` in it."""
        return render(self.template, self.params, translate)

    @property
    def clause(self) -> Text:
        """The message as a clause of another message (a verdict's summary), translated with it."""
        return Text(self.template, self.params)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def error(rule: str, template: str, player: str | None = None, /, **params: object) -> Finding:
    """An error finding: `params` fill the template's placeholders (the player it concerns is
    one of them only when passed by name too: a template without params is never formatted)."""
    return Finding(rule, Severity.ERROR, template, player, tuple(params.items()))


def warning(rule: str, template: str, player: str | None = None, /, **params: object) -> Finding:
    return Finding(rule, Severity.WARNING, template, player, tuple(params.items()))


def errors(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.ERROR]


def warnings(findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is Severity.WARNING]
