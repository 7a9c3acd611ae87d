"""The CLI speaks the user's language before any event is open (issue 46, item 8): click's own
usage errors and every `--help` text, in the language of `--lang`, TOURNEY_LANG or the system
locale. `tourney --help` is compared with golden files (UPDATE_GOLDEN=1 rewrites them)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli import cli
from tourney.cli.speech import CLICK_MESSAGES
from tourney.core.i18n import LANGS, user_language

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "cli"
#: No language from the machine: only what a test gives (None removes a variable).
NO_LOCALE = {"TOURNEY_LANG": None, "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None,
             "COLUMNS": "80"}


def run(*args: str, **env: str | None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={**NO_LOCALE, **env}, prog_name="tourney")
    return result.exit_code, result.output


MISTAKES = {  # (arguments, exit code, output) per language
    "en": [
        (["seat"], 2, "Usage: tourney seat [OPTIONS] EVENT\nTry 'tourney seat --help' for help.\n\n"
                      "Error: Missing argument 'EVENT'.\n"),
        (["--bogus"], 2, "Usage: tourney [OPTIONS] COMMAND [ARGS]...\nTry 'tourney --help' for help.\n\n"
                         "Error: No such option '--bogus'.\n"),
        (["standings", "x.db", "--format", "xml"], 2,
         "Usage: tourney standings [OPTIONS] EVENT\nTry 'tourney standings --help' for help.\n\n"
         "Error: Invalid value for '--format': 'xml' is not one of 'table', 'csv', 'json'.\n"),
        (["seat", "a.db", "b", "c"], 2, "Usage: tourney seat [OPTIONS] EVENT\nTry 'tourney seat --help' for help.\n\n"
                                        "Error: Got unexpected extra arguments (b c)\n"),
    ],
    "de": [
        (["seat"], 2, "Aufruf: tourney seat [OPTIONS] EVENT\nHilfe: 'tourney seat --help'.\n\n"
                      "Fehler: Fehlendes Argument 'EVENT'.\n"),
        (["--bogus"], 2, "Aufruf: tourney [OPTIONS] COMMAND [ARGS]...\nHilfe: 'tourney --help'.\n\n"
                         "Fehler: Option '--bogus' gibt es nicht.\n"),
        (["standings", "x.db", "--format", "xml"], 2,
         "Aufruf: tourney standings [OPTIONS] EVENT\nHilfe: 'tourney standings --help'.\n\n"
         "Fehler: Ungültiger Wert für '--format': 'xml' ist keiner von 'table', 'csv', 'json'.\n"),
        (["seat", "a.db", "b", "c"], 2, "Aufruf: tourney seat [OPTIONS] EVENT\nHilfe: 'tourney seat --help'.\n\n"
                                        "Fehler: Unerwartete zusätzliche Argumente (b c)\n"),
    ],
    "fr": [
        (["seat"], 2, "Utilisation : tourney seat [OPTIONS] EVENT\nAide : 'tourney seat --help'.\n\n"
                      "Erreur : Argument manquant 'EVENT'.\n"),
        (["--bogus"], 2, "Utilisation : tourney [OPTIONS] COMMAND [ARGS]...\nAide : 'tourney --help'.\n\n"
                         "Erreur : L'option '--bogus' n'existe pas.\n"),
        (["standings", "x.db", "--format", "xml"], 2,
         "Utilisation : tourney standings [OPTIONS] EVENT\nAide : 'tourney standings --help'.\n\n"
         "Erreur : Valeur invalide pour '--format' : 'xml' n'est pas l'un de 'table', 'csv', 'json'.\n"),
        (["seat", "a.db", "b", "c"], 2, "Utilisation : tourney seat [OPTIONS] EVENT\nAide : 'tourney seat --help'.\n\n"
                                        "Erreur : Arguments supplémentaires inattendus (b c)\n"),
    ],
}


def golden(name: str, output: str) -> str:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(output, encoding="utf-8")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_seat_help_in_the_language_of_tourney_lang_or_the_locale(lang):
    code, output = run("seat", "--help", TOURNEY_LANG=lang)
    assert (code, output) == (0, golden(f"seat-help-{lang}.txt", output))
    assert run("seat", "--help", LANG=f"{lang}_{lang.upper()}.UTF-8") == (0, output)


@pytest.mark.parametrize("lang", LANGS)
def test_help_in_the_language_of_lang(lang):
    """`--lang` of a command that has one (`sheets`: the sheets' language) says its help too."""
    code, output = run("sheets", "--help", "--lang", lang, TOURNEY_LANG="en" if lang != "en" else "de")
    assert (code, output) == (0, golden(f"sheets-help-{lang}.txt", output))


@pytest.mark.parametrize("lang", LANGS)
def test_usage_mistakes_in_the_users_language(lang):
    for args, code, output in MISTAKES[lang]:
        assert run(*args, TOURNEY_LANG=lang) == (code, output), args
        assert run(*args, LC_ALL=f"{lang}_FR.UTF-8" if lang == "fr" else f"{lang}_DE.UTF-8") == (code, output), args


def test_lang_anywhere_on_the_line_wins_over_tourney_lang_and_the_locale():
    code, output = run("new", "x.db", "--lang=de", TOURNEY_LANG="fr", LANG="fr_FR.UTF-8")
    assert (code, output) == (2, "Aufruf: tourney new [OPTIONS] EVENT\nHilfe: 'tourney new --help'.\n\n"
                                 "Fehler: Fehlende Option '--game'.\n")
    code, output = run("new", "--lang", "fr", "x.db", "--game", "7wonders", "--rounds", "0", TOURNEY_LANG="de")
    assert code == 2 and output.endswith("Erreur : Valeur invalide pour '--rounds' : 0 n'est pas dans "
                                         "l'intervalle 1<=x<=99.\n"), output
    # a language tourney does not speak: click says so, in the user's language
    code, output = run("new", "x.db", "--game", "7wonders", "--lang", "es", TOURNEY_LANG="de")
    assert code == 2 and output.endswith("Fehler: Ungültiger Wert für '--lang': 'es' ist keiner von 'en', 'de', "
                                         "'fr'.\n"), output


def test_the_version_in_the_users_language():
    from tourney import __version__

    assert run("--version", TOURNEY_LANG="de") == (0, f"tourney, Version {__version__}\n")
    assert run("--version", TOURNEY_LANG="en") == (0, f"tourney, version {__version__}\n")


def test_an_unknown_tourney_lang_is_refused_in_the_systems_language():
    assert run("--help", TOURNEY_LANG="es", LANG="de_DE.UTF-8") == (
        2, "Fehler: TOURNEY_LANG=es: tourney spricht en, de, fr; eine davon setzen, oder die Variable entfernen, "
           "dann gilt die Sprache des Systems\n")


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_help_in_each_language(lang):
    """Every command's line in `tourney --help`, and `--version`'s and `--help`'s own help."""
    code, output = run("--help", TOURNEY_LANG=lang)
    assert (code, output) == (0, golden(f"help-{lang}.txt", output))


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_commands_help_is_translated(lang):
    """No command's or option's help stays English (a word-for-word copy of the English help)."""
    for path in command_paths():
        said = set(help_lines(run(*path, "--help", TOURNEY_LANG="en")[1]))
        code, output = run(*path, "--help", TOURNEY_LANG=lang)
        assert code == 0, output
        same = [line for line in help_lines(output) if line in said]
        assert same == [], (path, same)


def command_paths() -> list[list[str]]:
    import click

    paths: list[list[str]] = []

    def walk(group: click.Group, prefix: list[str]) -> None:
        for name, command in group.commands.items():
            paths.append([*prefix, name])
            if isinstance(command, click.Group):
                walk(command, [*prefix, name])

    walk(cli, [])
    return paths


def help_lines(output: str) -> list[str]:
    """The prose of a help page: no usage line, no example command, no option names."""
    lines = []
    output = re.sub(r"(?ms)^  (Example|Beispiel|Exemple) ?:.*?(?=\n\n|\Z)", "", output)
    for line in output.splitlines():
        text = re.sub(r"^\s+(-\S+(, -\S+)?( [A-Z][A-Z .]*)?)?\s+", "", line).strip()
        if len(text.split()) >= 4 and "tourney " not in text and not text.startswith("["):
            lines.append(text)
    return lines


def test_the_language_is_read_from_the_line_then_tourney_lang_then_the_locale():
    assert user_language(["seat", "--lang", "fr"], {"TOURNEY_LANG": "de"}) == "fr"
    assert user_language(["seat", "--lang=fr"], {}) == "fr"
    assert user_language(["seat", "--", "--lang", "fr"], {"TOURNEY_LANG": "de"}) == "de"
    assert user_language(["seat", "--lang", "es"], {"LANG": "fr_CA.UTF-8"}) == "fr"
    assert user_language([], {"LANGUAGE": "es:de", "LANG": "fr_FR.UTF-8"}) == "de"
    assert user_language([], {"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}) == "en"
    assert user_language([], {"LC_MESSAGES": "de_AT@euro"}) == "de"


def test_clicks_messages_are_still_clicks():
    """The click words marked in tourney/cli/speech.py are msgids click still uses: a newer click
    that rewords one would otherwise speak English there again."""
    import click
    from babel.messages.extract import extract

    said = set()
    for path in Path(click.__file__).parent.glob("*.py"):
        with open(path, "rb") as fh:
            said |= {m for _line, m, _c, _ctx in extract("python", fh, keywords={"_": None, "ngettext": (1, 2)})}
    # looked up by value (`_(extra["required"])`), so not extracted from click's source
    looked_up = {"required"} if 'extra["required"] = "required"' in Path(click.core.__file__).read_text() else set()
    assert [m for m in CLICK_MESSAGES if m not in said | looked_up] == []
