"""German throughout: the event's language, the gettext catalogues (every language's complete),
German collation, and a German event end to end with exact output."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from conftest import PO, line, write_sheet
from openpyxl import load_workbook

from tourney.core.collation import collation_key
from tourney.games.sevenwonders.draws import draw_round
from tourney.games.sevenwonders.drawstore import draw_payload, guild_rows
from tourney.core.i18n import DEFAULT, LANGS, LOCALE_DIR, _, ngettext, use_language
from tourney.core.store import StoredDraw

ROOT = Path(__file__).resolve().parents[2]
#: Every language with a catalogue (English is the msgids themselves).
TRANSLATED = [lang for lang in LANGS if lang != DEFAULT]


def code_messages() -> dict[tuple[str | tuple[str, ...], str | None], str]:
    """Every (msgid, context) the code marks (as `make messages` extracts it), with where it is."""
    method_map, options_map = parse_mapping_cfg(io.StringIO((ROOT / "babel.cfg").read_text()))
    out: dict[tuple[str | tuple[str, ...], str | None], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(ROOT, method_map, options_map):
        out.setdefault((message, context), f"{filename}:{lineno}")
    return out


def keyword_subscripts() -> list[str]:
    """Places where a name babel.cfg extracts messages from is subscripted (`text[0] == ";"`):
    Babel 2.19 opens a call at `name[` and takes the strings up to the next `)` for a message, so
    the catalogue would depend on a variable's name and on Babel's version."""
    import tokenize

    from babel.messages.extract import DEFAULT_KEYWORDS

    method_map, options_map = parse_mapping_cfg(io.StringIO((ROOT / "babel.cfg").read_text()))
    out = []
    for pattern, method in method_map:
        if method not in ("python", "tourney.cli.extraction.extract"):  # the CLI's: Python's and docstrings
            continue
        declared = options_map[pattern]["keywords"]  # a string, or parsed to a dict by newer Babel
        names = declared if isinstance(declared, dict) else [k.split(":")[0] for k in declared.split()]
        keywords = set(DEFAULT_KEYWORDS) | set(names)
        for path in sorted(ROOT.glob(pattern.replace("**", "**/*"))):
            with open(path, "rb") as fh:
                tokens = [t for t in tokenize.tokenize(fh.readline) if t.type not in (tokenize.NL, tokenize.COMMENT)]
            for tok, after in zip(tokens, tokens[1:]):
                if tok.type == tokenize.NAME and tok.string in keywords and after.string == "[":
                    out.append(f"{path.relative_to(ROOT)}:{tok.start[0]}: {tok.line.strip()}")
    return out


def test_no_extraction_keyword_is_subscripted():
    found = keyword_subscripts()
    assert not found, ("a name babel.cfg extracts messages from is subscripted, which Babel reads as a call; "
                       "rename the variable:\n" + "\n".join(found))


def po_file(lang: str) -> Path:
    return PO.parents[2] / lang / "LC_MESSAGES" / "tourney.po"


def catalogue(lang: str = "de"):
    with open(po_file(lang), "rb") as fh:
        return read_po(fh)


def test_every_language_has_a_catalogue_and_every_catalogue_a_language():
    assert LOCALE_DIR == PO.parents[2]
    assert sorted(p.name for p in LOCALE_DIR.iterdir() if p.is_dir()) == sorted(TRANSLATED)
    assert LANGS[0] == DEFAULT == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_in_the_code_has_a_translation(lang):
    catalogue_ = catalogue(lang)
    missing = []
    for (message, context), where in code_messages().items():
        msgid = message[0] if isinstance(message, tuple) else message
        entry = catalogue_.get(msgid, context)
        strings = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"run 'make messages' and translate in {lang}/.../tourney.po:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang):
    for entry in catalogue(lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set(re.findall(r"\{[^{}]*\}", "".join(ids)))
        for form, s in enumerate(strings):
            # a form may keep only its English form's own (click's "1 was given" / "{len} were given")
            own = set(re.findall(r"\{[^{}]*\}", ids[min(form, len(ids) - 1)]))
            assert set(re.findall(r"\{[^{}]*\}", s)) in (wanted, own), entry.id


def text(context):
    """A message context as read_po gives it (read_mo gives bytes)."""
    return context.decode() if isinstance(context, bytes) else context


def plain(value):
    """A message id or string as one hashable value (plural forms: a tuple; read_mo gives lists)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_up_to_date_with_the_po_file(lang):
    with open(po_file(lang).with_suffix(".mo"), "rb") as fh:
        compiled = {(text(m.context), plain(m.id)): plain(m.string) for m in read_mo(fh) if m.id}
    source = {(m.context, plain(m.id)): plain(m.string) for m in catalogue(lang) if m.id and not m.fuzzy}
    assert compiled == source, "run 'make messages' (pybabel compile) and commit tourney.mo"


def test_french_plurals_take_the_singular_for_zero_and_one():
    assert catalogue("fr").plural_forms == "nplurals=2; plural=(n > 1);"
    with use_language("fr"):
        assert [ngettext("{n} table", "{n} tables", n).format(n=n) for n in (0, 1, 2)] == \
            ["0 table", "1 table", "2 tables"]


def test_the_current_language_translates_and_english_is_the_message_itself():
    assert _("Standings") == "Standings"
    with use_language("de"):
        assert _("Standings") == "Tabelle"
        assert ngettext("{pages} page", "{pages} pages", 1).format(pages=1) == "1 Seite"
        assert ngettext("{pages} page", "{pages} pages", 3).format(pages=3) == "3 Seiten"
        with use_language("fr"):
            assert _("Standings") == "Classement"
        assert _("Standings") == "Tabelle"
    assert _("Standings") == "Standings"


def test_german_collation_sorts_umlauts_with_their_base_letter():
    names = ["Zoë Kästner", "Bauer", "Ärger", "Özdemir", "Adam", "Oskar", "Weiß", "Weiss"]
    assert sorted(names, key=collation_key) == ["Adam", "Ärger", "Bauer", "Oskar", "Özdemir", "Weiss", "Weiß",
                                                "Zoë Kästner"]


# --- a German event, end to end ------------------------------------------------------------
NAMES = ("Bauer", "Ärger", "Zoë Kästner", "Özdemir")


def german_event(run):
    assert run("new", "de.db", "--game", "7wonders", "--seed", "7", "--name", "Bonner Cup", "--lang", "de").output \
        == "'Bonner Cup' in de.db angelegt: 7wonders, Wertung bonn, 4 Runden, Fingerabdruck der Auslosung 9b10265cd65f58c6\n"
    run("players", "add", "de.db", *NAMES)


def test_a_german_event_lists_players_in_german_order(run):
    german_event(run)
    assert run("players", "list", "de.db").output == (
        "Spieler      Erste Runde  Ausgeschieden nach\n"
        "Ärger                  1\n"
        "Bauer                  1\n"
        "Özdemir                1\n"
        "Zoë Kästner            1\n"
        "4 Spieler, 4 aktiv\n")
    # JSON keys stay English: a machine contract.
    assert json.loads(run("players", "list", "de.db", "--format", "json").output)[0] == \
        {"player": "Bauer", "first_round": 1, "dropped_after": None}


def test_a_german_event_seats_and_shows_the_seating_in_german(run):
    german_event(run)
    assert run("seat", "de.db").output == ("Runde 1: 4 Spieler an 1 Tisch (4)\n"
                                           "Fingerabdruck der Auslosung 9b10265cd65f58c6 (SHA-256 des geheimen Startwerts)\n")
    out = run("seating", "de.db").output.splitlines()
    assert out[0] == "Runde  Tisch  Sitz  Spieler      Weltwunder"
    assert len(out) == 1 + 4 + 2
    assert out[5].startswith("Runde 1, Weltwunder: ") and out[6].startswith("Runde 1, Gilden: ")
    assert out[6].endswith(" (in dieser Reihenfolge: ein Tisch mit n Spielern spielt die ersten n + 2)")
    assert run("seating", "de.db", "--round", "2").output == \
        "Runde 2 ist nicht ausgelost: mit 'tourney seat EVENT --round 2' auslosen\n"


def store_round_one(run):
    vps = (20, 15, 10, 5)
    rows = [line(1, 1, s, n, civilian=c) for s, (n, c) in enumerate(zip(NAMES, vps), 1)]
    write_sheet(run.folder / "r1.csv", rows)
    run("results", "import", "de.db", "r1.csv")


def test_german_standings_exact(run):
    german_event(run)
    store_round_one(run)
    run("players", "drop", "de.db", "Zoë Kästner")
    assert run("standings", "de.db").output == (
        "Bonner Cup: Tabelle\n"
        "Platz  Spieler                      Punkte  Anteil  SP  Münzen  Los  Partien\n"
        "-----  ---------------------------  ------  ------  --  ------  ---  -------\n"
        "    1  Bauer                             6  0,2909  24       3    3        1\n"
        "    2  Ärger                             4  0,2303  19       3    1        1\n"
        "    3  Zoë Kästner (ausgeschieden)       2  0,1697  14       3    4        1\n"
        "    4  Özdemir                           1  0,1091   9       3    2        1\n")
    assert run("standings", "de.db", "--format", "csv").output.splitlines()[:2] == \
        ["rank,player,points,share,vp,coins,lot,games,dropped_after", "1,Bauer,6,0.290909091,24,3,3,1,"]


def test_german_exports_html_and_xlsx(run):
    german_event(run)
    store_round_one(run)
    assert run("export", "de.db", "-o", "t.html").output == "t.html geschrieben\n"
    page = (run.folder / "t.html").read_text()
    assert '<html lang="de">' in page and "<th>Platz</th><th>Spieler</th><th>Punkte</th>" in page
    assert "Bei Gleichstand: Spielpunkte, dann Summe der relativen Anteile" in page
    run("export", "de.db", "-o", "t.xlsx")
    wb = load_workbook(run.folder / "t.xlsx")
    assert wb.sheetnames == ["Tabelle", "Partien", "Spieler", "Auslosungen", "tourney-draws"]
    assert [c.value for c in wb["Tabelle"][1]][:3] == ["Platz", "Spieler", "Punkte"]
    assert [r[0] for r in wb["Spieler"].iter_rows(min_row=2, values_only=True)] == \
        ["Ärger", "Bauer", "Özdemir", "Zoë Kästner"]
    # --lang overrides the event's language for the file only; the message stays German.
    assert run("export", "de.db", "-o", "en.html", "--lang", "en").output == "en.html geschrieben\n"
    assert '<html lang="en">' in (run.folder / "en.html").read_text()


def test_the_german_draws_sheet_notes_the_guilds_per_table_size():
    d = draw_round(1, 1, ((1, 2, 3, 4, 5), (6, 7, 8, 9)))
    draws = [StoredDraw(1, kind, "s", payload, "2026-01-01T00:00:00+00:00")
             for kind, payload in (("seats", [["a"] * 5, ["b"] * 4]), ("wonders", draw_payload(d)))]
    with use_language("de"):
        rows = guild_rows(draws)
    assert [r[2] for r in rows] == ["an jedem Tisch dieser Größe im Spiel"] * 2


def test_german_no_results_yet_and_the_cut(run):
    german_event(run)
    assert run("standings", "de.db").output == "Bonner Cup: Tabelle\nnoch keine Ergebnisse\n"
    assert run("event", "de.db", "--cut", "2").output == \
        "Bonner Cup: 7wonders, Wertung bonn, 4 Runden, Fingerabdruck der Auslosung 9b10265cd65f58c6, Datum nicht gesetzt, Sprache de, " \
        "Qualifikation bis Platz 2\n"
    store_round_one(run)
    run("export", "de.db", "-o", "t.html")
    assert '<p class="cutnote">Qualifikation: die ersten 2 über der roten Linie.</p>' in \
        (run.folder / "t.html").read_text()


def test_a_german_event_refuses_in_german(run):
    german_event(run)
    store_round_one(run)
    r = run("desk", "remove", "de.db", "Tisch 9", ok=None)
    assert r.exit_code == 1 and r.output.endswith("kein Eingabeplatz 'Tisch 9': siehe 'tourney desk list'\n")
    r = run("export", "de.db", "-o", "t.txt", ok=None)
    assert r.exit_code == 2
    assert "kann nicht nach 't.txt' exportieren: eine Datei mit der Endung .xlsx, .csv, .json, .html oder .pdf " \
           "angeben" in r.output


def test_the_language_is_changed_with_event_and_stays_english_by_default(run):
    run("new", "en.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    assert run("event", "en.db").output.endswith(", language en\n")
    assert run("event", "en.db", "--lang", "de").output == \
        "Cup: 7wonders, Wertung bonn, 4 Runden, Fingerabdruck der Auslosung 9b10265cd65f58c6, Datum nicht gesetzt, Sprache de\n"
    assert " hat die Veranstaltung geändert: Sprache = 'de'\n" in run("results", "history", "en.db").output
    # A command without an event after a German one speaks English again.
    r = run("new", "x.db", "--game", "7wonders", "--date", "18.03.2018", ok=None)
    assert "write it as YYYY-MM-DD" in r.output


@pytest.mark.parametrize("lang", LANGS)
def test_tourney_new_lang_is_the_setting_the_live_server_reads(run, lang):
    from tourney.event.live import event_lang
    from tourney.core.store import Event

    run("new", "l.db", "--game", "7wonders", "--seed", "1", "--lang", lang)
    assert event_lang(Event.open("l.db")) == lang


def test_every_language_has_its_decimal_sign_as_cldr_says():
    from babel.numbers import get_decimal_symbol

    from tourney.core.i18n import DECIMAL_SIGN, LANGS

    assert {lang: DECIMAL_SIGN[lang] for lang in LANGS} == {lang: get_decimal_symbol(lang) for lang in LANGS}


def test_shown_numbers_take_the_readers_decimal_sign_and_nothing_else_changes():
    from decimal import Decimal

    from tourney.core.i18n import local_number

    assert [local_number(v, "de") for v in (Decimal("17.5"), "0.9464", "-1.25", 22, "Anna 1.5", "1.2.3", None)] == \
        ["17,5", "0,9464", "-1,25", "22", "Anna 1.5", "1.2.3", ""]
    assert local_number("0.9464", "en") == "0.9464" and local_number("0.9464", "fr") == "0,9464"


def test_no_message_is_marked_inside_an_f_string():
    """Babel's extractor does not look into f-strings (one token before Python 3.12): a `_()`
    there would never reach the catalogue. Found by tokenising every file babel.cfg maps."""
    import io
    import re
    import tokenize

    marked = re.compile(r"\{[^{}]*\b(_|ngettext|N_)\(\s*[rRbBuU]?[\"']")  # a literal: a variable's msgid is marked where it is set
    found = []
    for path in sorted((ROOT / "tourney").rglob("*.py")):
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if tok.type == tokenize.STRING and re.match(r"(?i)r?f", tok.string) and marked.search(tok.string):
                found.append(f"{path.relative_to(ROOT)}:{tok.start[0]}")
    assert found == []
