"""click in the user's language: its own messages (usage errors, "Usage:", the help option)
looked up in tourney's catalogues, and the help of every command and option translated when
click shows it, not when the command is declared.

click looks its words up with `gettext` functions each of its modules binds when it is
imported (`from gettext import gettext as _`): `speak_click` rebinds them to tourney's, which
say them in the current language (`tourney.core.i18n`). The English words below are click's
own msgids, marked here so that `make messages` puts them in the catalogues; a test checks
they are still click's (tests/edges/test_cli_language.py).
"""
from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from tourney.core.i18n import N_, Nn_, _, ngettext, pgettext

_F = TypeVar("_F", bound=Callable[..., Any])

#: The click modules that look words up (all loaded by `import click`).
CLICK_MODULES = ("click.core", "click.decorators", "click.exceptions", "click.formatting", "click.parser",
                 "click.termui", "click.types", "click.utils")

#: What click itself says to a user of tourney (its programming errors are left out).
CLICK_MESSAGES = (
    N_("Aborted!"),
    N_("Options"),
    N_("Commands"),
    N_("Usage:"),
    N_("Missing command."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Could not open file {filename!r}: {message}"),
    N_("unknown error"),
    N_("Value must be an iterable."),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("deprecated"),
    N_("Show the version and exit."),
    N_("Show this message and exit."),
    N_("Do you want to continue?"),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Error: invalid input"),
    N_("Press any key to continue..."),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid UUID."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    Nn_("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}."),
    Nn_("{len_type} values are required, but {len_value} was given.",
        "{len_type} values are required, but {len_value} were given."),
)


def speak_click() -> None:
    """Make click say its words through tourney's catalogues, in the current language."""
    for name in CLICK_MODULES:
        module = sys.modules[name]
        words = vars(module)
        if "_" in words:
            words["_"] = _
        if "ngettext" in words:
            words["ngettext"] = ngettext


# Once, when the CLI is imported: before a command is declared, and before click says anything.
speak_click()


class TranslatedHelp:
    """A command or option whose help is said in the current language when click reads it. The
    msgid is the help as written (a docstring without its indentation, as click shows it)."""

    _help: str | None = None

    @property
    def help(self) -> str | None:
        return _(inspect.cleandoc(self._help)) if self._help else self._help

    @help.setter
    def help(self, text: str | None) -> None:
        self._help = text


def type_words() -> dict[str, str]:
    """The names of click's value types as an option's help shows them (`--round INTEGER`), in
    the current language (the words click itself leaves in English)."""
    return {"text": pgettext("metavar", "text"), "integer": pgettext("metavar", "integer"),
            "integer range": pgettext("metavar", "integer range"), "float": pgettext("metavar", "float"),
            "float range": pgettext("metavar", "float range"), "boolean": pgettext("metavar", "boolean"),
            "filename": pgettext("metavar", "filename"), "path": pgettext("metavar", "path")}


class HelpOption(TranslatedHelp, click.Option):
    """An option whose help, and the name of its value's type, are translated when shown
    (`option` declares one)."""

    def make_metavar(self, ctx: click.Context) -> str:
        if self.metavar is None and self.type.get_metavar(param=self, ctx=ctx) is None:
            word = type_words().get(self.type.name)
            if word is not None:
                return word.upper() + ("..." if self.nargs != 1 else "")
        return super().make_metavar(ctx)


def option(*decls: str, **attrs: Any) -> Callable[[_F], _F]:
    """`click.option` with its help translated when shown: mark the help with `N_`."""
    attrs.setdefault("cls", HelpOption)
    return click.option(*decls, **attrs)


def help_option(found: click.Option | None) -> click.Option | None:
    """The command's `--help` (click builds it once per command and keeps its help): said in the
    current language each time it is shown."""
    if found is not None:
        found.help = _("Show this message and exit.")
    return found
