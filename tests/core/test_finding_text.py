"""The rules engine's findings in the organiser's language: English templates with named
placeholders, rendered through the catalogue at the tourney edge (every finding in every
language); a German event's import of a bad sheet reads German, exactly."""
from __future__ import annotations

import dataclasses

from babel.messages.pofile import read_po
from conftest import line, write_sheet
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.dominations.sheet import PlayerLine as DomLine
from rules_engine.dominations.sheet import TableSheet as DomSheet
from rules_engine.dominations.sheet import check_sheet as check_dominations
from rules_engine.duel.sheet import MatchLine, MatchSheet, check_match
from rules_engine.findings import Finding, Joined, Term, Text, error, render
from rules_engine.onecardwonder.sheet import PlayerLine as OcwLine
from rules_engine.onecardwonder.sheet import TableSheet as OcwSheet
from rules_engine.onecardwonder.sheet import check_sheet as check_onecardwonder
from rules_engine.sevenwonders import check_sheet
from rules_engine.sevenwonders import data as d
from rules_engine.sevenwonders.sample import random_table
from tourney.core.findingtext import finding_text
from tourney.core.i18n import DEFAULT, LANGS, use_language
from conftest import PO

#: The languages with a catalogue: every finding is said in each of them.
TRANSLATED = [lang for lang in LANGS if lang != DEFAULT]


# --- the Finding value -----------------------------------------------------------------------
def test_a_finding_keeps_its_template_and_values_and_formats_english_when_read():
    f = error("sum", "totals don't add up for {player!r}: categories sum to {sum}, total says {total}", "Ann",
              player="Ann", sum=47, total=49)
    assert f.template == "totals don't add up for {player!r}: categories sum to {sum}, total says {total}"
    assert f.params == (("player", "Ann"), ("sum", 47), ("total", 49))
    assert f.message == "totals don't add up for 'Ann': categories sum to 47, total says 49"
    assert f == error("sum", f.template, "Ann", player="Ann", sum=47, total=49) and hash(f) == hash(
        error("sum", f.template, "Ann", player="Ann", sum=47, total=49))


def test_a_finding_without_values_is_its_template_braces_and_all():
    # Tourney passes some messages already formatted, with names a user typed.
    assert error("player.name", "name '{x}' has a brace").message == "name '{x}' has a brace"


def test_words_lists_and_clauses_are_translated_with_the_message():
    words = {"{n} blue for civilian {v}": "{n} blaue für Zivil {v}", " or ": " oder ", "any board": "beliebig",
             "{who!r} needs {parts} on {board}, gives {gives}": "{who!r} braucht {parts} ({board}), gibt {gives}"}
    params = (("who", "Ann"), ("parts", Joined((Text("{n} blue for civilian {v}", (("n", 2), ("v", 5))),))),
              ("board", Term("any board")), ("gives", Joined((2, 5), " or ")))
    template = "{who!r} needs {parts} on {board}, gives {gives}"
    assert render(template, params) == "'Ann' needs 2 blue for civilian 5 on any board, gives 2 or 5"
    assert render(template, params, lambda s: words.get(s, s)) == \
        "'Ann' braucht 2 blaue für Zivil 5 (beliebig), gibt 2 oder 5"


# --- every finding the checks produce formats in both languages ----------------------------------
def catalogue_ids() -> set[str]:
    """The messages every language's catalogue translates."""
    ids: set[str] | None = None
    for lang in TRANSLATED:
        with open(PO.parents[2] / lang / "LC_MESSAGES" / "tourney.po", "rb") as fh:
            translated = {m.id for m in read_po(fh) if m.id and isinstance(m.id, str) and m.string}
        ids = translated if ids is None else ids & translated
    return ids or set()


CATALOGUE = catalogue_ids()


def words_in(value: object) -> list[str]:
    """Every template and `Term` a placeholder value carries (they must be in the catalogue)."""
    if isinstance(value, Term):
        return [str(value)]
    if isinstance(value, Text):
        return [value.template] + [w for _, v in value.params for w in words_in(v)]
    if isinstance(value, Joined):
        return ([value.sep] if value.sep != ", " else []) + [w for v in value.items for w in words_in(v)]
    return []


def assert_speaks_both(findings: list[Finding]) -> None:
    for f in findings:
        english = f.message
        with use_language("en"):
            assert finding_text(f) == english
        for lang in TRANSLATED:
            with use_language(lang):
                said = finding_text(f)
            assert said and said != english or not f.params, (lang, f.rule, english)
        missing = [w for w in [f.template] + [w for _, v in f.params for w in words_in(v)] if w not in CATALOGUE]
        assert not missing, (f.rule, missing)


seven = st.builds(
    lambda seed, n, changes, wonder, side, stages, shape: _spoil(random_table(seed, n), changes, wonder, side,
                                                                 stages, shape),
    st.integers(0, 10_000), st.integers(3, 7),
    st.lists(st.tuples(st.integers(0, 7), st.sampled_from(
        ["military", "treasury", "wonders", "civilian", "commercial", "guilds", "science", "total", "coins",
         "compasses", "gears", "tablets", "wild"]), st.integers(-8, 70)), max_size=6),
    st.sampled_from([None, "Gizah", "Atlantis", "Babylon"]), st.sampled_from([None, "A", "C"]),
    st.one_of(st.none(), st.integers(-1, 5)), st.sampled_from(["keep", "drop", "twice"]))


def _spoil(table, changes, wonder, side, stages, shape):
    players = list(table.players)
    if shape == "drop":
        players = players[:2]
    elif shape == "twice":
        players.append(dataclasses.replace(players[0], seat=len(players) + 2))
    for i, field, value in changes:
        k = i % len(players)
        players[k] = dataclasses.replace(players[k], **{field: value})
    players[0] = dataclasses.replace(players[0], wonder=wonder or players[0].wonder, side=side or players[0].side,
                                     stages=stages)
    guilds = (*d.GUILD_NAMES[:3], "Gilde der Spione", "Bakers Guild", d.GUILD_NAMES[0])
    return dataclasses.replace(table, players=tuple(players), guilds=guilds)


@settings(max_examples=150, deadline=None)
@given(seven)
def test_every_7_wonders_finding_formats_in_every_language(sheet):
    assert_speaks_both(check_sheet(sheet))


#: One field of one line set to a value far off, for a sweep of the table checks.
SWEEP = [{field: v} for field in ("military", "treasury", "wonders", "civilian", "commercial", "guilds", "science",
                                  "coins", "stages") for v in (-1, 4, 9, 17, 30, 60)] + \
        [{"compasses": c, "gears": g, "tablets": t, "wild": w, "science": sc}
         for c, g, t, w, sc in ((5, 0, 0, 0, 25), (4, 4, 4, 0, 20), (2, 1, 1, 3, 13), (1, 1, 1, 0, 5), (4, 4, 4, 2, 100))]


def test_a_sweep_of_spoilt_7_wonders_sheets_formats_in_every_language():
    rules = set()
    for seed in range(12):
        table = random_table(seed, 3 + seed % 5)
        for change in SWEEP:
            for k in (0, 1):
                players = list(table.players)
                players[k] = dataclasses.replace(players[k], **change)
                findings = check_sheet(dataclasses.replace(table, players=tuple(players)))
                assert_speaks_both(findings)
                rules.update(f.rule for f in findings)
    assert len(rules) >= 20, sorted(rules)  # the sweep reaches most of the checks


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-3, 30), min_size=18, max_size=18), st.booleans(), st.sampled_from(
    ["", "civilian", "military", "science", "political", "zivil", "nonsense"]), st.sampled_from([None, "A", "B", "C"]))
def test_every_duel_finding_formats_in_every_language(values, first, victory, winner):
    def row(name, vs, is_first):
        blue, green, yellow, purple, wonders, progress, treasury, military, senate = vs
        return MatchLine(name, is_first, blue, green, yellow, purple, wonders, progress, treasury, military, senate,
                         total=sum(vs) + (values[0] % 3), coins=vs[0] - 5, victory=victory, winner=winner)
    sheet = MatchSheet(1, 1, (row("A", values[:9], first), row("B", values[9:], first)))
    assert_speaks_both(check_match(sheet))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.sampled_from(["Colosseum", "Kolosseum", "Unbekannt", None]),
                          st.integers(-1, 9), st.one_of(st.integers(-1, 7), st.just(2.5)), st.booleans()),
                min_size=1, max_size=7))
def test_every_one_card_wonder_finding_formats_in_every_language(rows):
    lines = tuple(OcwLine(seat, f"P{i % 3}", wonder, stages, buildings, winner)  # type: ignore[arg-type]
                  for i, (seat, wonder, stages, buildings, winner) in enumerate(rows))
    assert_speaks_both(check_onecardwonder(OcwSheet(lines)) + check_onecardwonder(OcwSheet(lines), leaders=True))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(-5, 120), st.integers(0, 6), st.integers(-1, 7),
                          st.integers(-1, 30), st.integers(-1, 8)), min_size=1, max_size=7))
def test_every_dominations_finding_formats_in_every_language(rows):
    lines = tuple(DomLine(seat, f"P{i % 4}", vp, ini, obj, infl, dom)
                  for i, (seat, vp, ini, obj, infl, dom) in enumerate(rows))
    assert_speaks_both(check_dominations(DomSheet(lines)))


# --- a German event imports a bad sheet: German lines, exactly --------------------------------
def test_a_german_event_refuses_a_bad_sheet_in_german(run):
    run("new", "de.db", "--game", "7wonders", "--seed", "7", "--name", "Bonner Cup", "--lang", "de")
    run("players", "add", "de.db", "Anna", "Bernd", "Clara", "Dora")
    rows = [line(1, 1, 1, "Anna", civilian=20, total=30), line(1, 1, 2, "Bernd", coins=-3, treasury=0),
            line(1, 1, 3, "Clara", civilian=15), line(1, 1, 4, "Dora", civilian=5)]
    write_sheet(run.folder / "r1.csv", rows)
    r = run("results", "import", "de.db", "r1.csv", ok=None)
    assert r.exit_code == 1
    assert r.output == (
        "r1.csv:2: Runde 1, Tisch 1: Fehler: die Summe stimmt nicht für 'Anna': die Kategorien ergeben 24, "
        "die Summe sagt 30 [sum]\n"
        "r1.csv:3: Runde 1, Tisch 1: Fehler: 'Bernd' hat -3 Münzen: Münzen können nicht negativ sein "
        "[coins.negative]\n"
        "geprüft: 1 Datei: 1 Tisch, 4 Spieler: 2 Fehler, 0 Warnungen: nichts gespeichert\n")
    # The same sheet in English, from `tourney check --lang en`: the rule ids stay as they are.
    r = run("check", "r1.csv", "--event", "de.db", "--lang", "en", ok=None)
    assert r.output.splitlines()[0] == \
        "r1.csv:2: round 1, table 1: error: totals don't add up for 'Anna': categories sum to 24, total says 30 [sum]"
    assert r.output.splitlines()[-1] == "checked 1 file: 1 table, 4 players: 2 errors, 0 warnings"


def test_a_german_event_names_the_sheet_column_and_the_likely_cause_in_german(run):
    run("new", "de.db", "--game", "7wonders", "--seed", "7", "--lang", "de")
    run("players", "add", "de.db", "Anna", "Bernd", "Clara")
    rows = [line(1, 1, 1, "Anna", commercial=-2), line(1, 1, 2, "Bernd"), line(1, 1, 3, "Klara")]
    write_sheet(run.folder / "r1.csv", rows)
    r = run("check", "r1.csv", "--event", "de.db", ok=None)
    assert "Fehler: Handel -2 für 'Anna' ist negativ: nur Militär kann negativ sein [negative]" in r.output
    assert "Fehler: 'Klara' ist nicht angemeldet: gemeint ist wohl 'Clara'? bitte den Namen auf dem Blatt " \
           "korrigieren [player.unknown]" in r.output
