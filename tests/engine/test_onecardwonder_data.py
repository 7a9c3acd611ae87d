"""One Card Wonder facts of rules_engine/onecardwonder/data.py and the sources each was checked against.

Sources (facts only, quoted short):
- [DE] the German rulebook, OSTIA-Spiele 2022 under licence from APE Games
  (/work/shared/rules/one-card-wonder.de.txt).
- [EN] the English rulebook, APE Games, "One Card Wonder ocw rules small en" (scribd.com document
  613572979): components, setup and the difficulty note.
- [APE] the publisher's page, apegames.com/portfolio/one-card-wonder/ (components).
- [SHOP] boardgamebandit.ca "One Card Wonder" product page (players, workers, how it ends).
- [OAK] oakleafgames.wordpress.com/games/one-card-wonder/ (the designer's pre-publication page).
- [SK] spielkultisten.de/rezensionen/o/one-card-wonder/ (a German review of the OSTIA edition:
  setup, difficulty, buildings on the wonder card).
- [JUA] jungundaltspielt.de "Kleine Schachtel, großes Spiel: One Card Wonder von OSTIA-Spiele"
  (a German review of the OSTIA edition: the wonder cards differ in their stage counts).

Facts only [DE] gives are listed in ONE_SOURCE: the rulebook is the game's own rules, so a fact it
states is a fact (issue 50, item 8: the one Archimedes per table and the 72 stage markers are
errors); a warning stays only where the rulebook's own words are vague ("ungefähr 10
Bauabschnitte": `stages.plausible`). Where sources disagree, DISAGREEMENTS says
what each says and what the data follows. No public source in reach lists the wonder cards
with their stage counts, so no card's `stages` is filled in (see test_no_stage_count_is_invented);
searched again in session 3 (publisher, reviews, BoardGameGeek-like listings, code of digital
implementations) and session 4 (about 25 more page queries in four languages: wonder names,
Kickstarter, BoardGameGeek files, Tabletopia/Tabletop Simulator, print-and-play; exact-string and
repository searches of public code for the German wonder and building names): still no list of the
wonders with difficulty and stages. One more name, "Grand Canal", appears in a single French review
(ludolegars.fr) and is not used without a second source.
"""
from __future__ import annotations

import pytest

from rules_engine.onecardwonder import data

# fact -> (our value, [DE] quote, second source and its quote)
FACTS: dict[str, tuple[object, str, str]] = {
    "players per table": (
        (data.MIN_PLAYERS, data.MAX_PLAYERS), "Spielerzahl 2 3 4 5 6",
        "[SHOP] 'Number of Players 2-6'; [EN] setup table 'Players 2 3 4 5 6'"),
    "buildings on a building board": (
        data.BOARD_BUILDINGS, "12 Gebäude-Tableaus mit Lager, Übersicht über die Aktionen und 4 Gebäude-Feldern",
        "[APE] 'Each player mat contains a space to store resources and four unique buildings'"),
    "building tokens per player": (
        data.MAX_BUILDINGS, "Gebt jedem Spieler 4 Gebäude-Spielsteine",
        ("[APE] 'Obelisks are used to mark completed support buildings. There are four obelisks in each of "
        "six player colors'; [SHOP] 'Players have four worker meeples'")),
    "at most 4 buildings a game": (
        data.MAX_BUILDINGS, "Du kannst im gesamten Spiel maximal 4 Gebäude bauen",
        ("[SHOP] 'your workers mark individual buildings as you build them' with four workers: a fifth "
        "building has no marker")),
    "difficulty I-III": (
        data.DIFFICULTIES, "Die Wunder haben in der unteren Ecke der Illustration eine Nummer I, II oder III",
        ("[EN] 'Wonders have a number I, II, III in the lower left or right corners showing the relative "
        "complexity'; [SK] 'Mischt die Wunder (ggf. aussortiert nach Schwierigkeitsgrad von 1 bis 3)'")),
    "a wonder card shows at least one building": (
        data.MIN_CARD_BUILDINGS, "mindestens ein weiteres Gebäude auf seiner Wunder-Karte",
        ("[SK] 'Auch auf dem eigenen Wunder finden wir ein oder zwei Gebäude' (the 'or two', an upper bound, "
         "has no second source and is not used)")),
    "wonders differ in their number of stages": (
        "per card", "Jedes Wunder setzt sich aus ungefähr 10 Bauabschnitten zusammen",
        ("[JUA] 'Auf der Wunderkarte sind unterschiedlich viele Bauabschnitte' (so a stage count belongs to "
         "each card, `Wonder.stages`, never one number for all)")),
    "one wonder each, none twice": (
        "distinct", "legt eine Karte mehr offen aus als Spieler teilnehmen ... wählt ein Wunder",
        "[EN] 'reveal one more than the number of players ... each player picks one wonder'"),
    "the first to complete the wonder wins, at once": (
        "winner", "Wer zuerst alle Bauabschnitte seines Wunders vollendet hat, gewinnt sofort das Spiel",
        ("[SHOP] 'The first player to complete their wonder wins the game!'; [APE] 'Be the first to complete "
        "your wonder'")),
}

# fact -> ([DE] quote, why no second source)
ONE_SOURCE: dict[str, tuple[str, str]] = {
    "about 10 stages per wonder": (
        "Jedes Wunder setzt sich aus ungefähr 10 Bauabschnitten zusammen",
        "no other source gives a number; used only for the 'stages.plausible' warning"),
    "each player gets one leader, each leader board once (so one Archimedes a table)": (
        "erhält jeder Spieler verdeckt zusammen mit den beiden Gebäude-Tableaus einen Anführer ... 10 Anführer-Tableaus",
        "[APE] names 'Leader Tiles' only; a rulebook fact: the 'buildings.archimedes.table' error"),
    "Archimedes allows more than 4 buildings": (
        "Du kannst die Gebäude auf der Wunder-Karte zusätzlich bauen, so dass Du mehr als 4 Gebäude haben kannst",
        "the leaders FAQ is in [DE] only; [APE] says only 'Leaders provide game-changing advantages'"),
    "wonder names Khazne al-Firaun, Leuchtturm Pharos, Apollo-Tempel, Zeus-Statue": (
        "KHAZNE AL-FIRAUN / LEUCHTTURM PHAROS / Orakel (Apollo-Tempel) / Wettkampfstätte (Zeus-Statue)",
        "no second source lists the cards; English names are left None rather than guessed"),
    "building board Triumph: Obelisk, Schmiede, Brennofen, Hippodrom": (
        "≈ TRIUMPH ≈ ... Obelisk ... Schmiede ... Brennofen ... Hippodrom",
        "shown in [DE]'s picture of a board only; data only, no check uses it"),
}

# fact -> (our value, [DE], other source, reason)
DISAGREEMENTS: dict[str, tuple[object, str, str, str]] = {
    "wonder cards in the box": (
        data.WONDER_CARDS, "20 Wunder-Karten", "[EN] '14 Wonder Cards'; [OAK] '14+ Unique double-sided Wonder cards'",
        ("the German edition bundles more wonders than the English base game; Bonn plays the German box. "
        "No check depends on it: the catalogue is not a closed list (an unknown name is only a warning)")),
    "stage markers in the box": (
        data.STAGE_MARKERS, "72 Bauabschnitt-Marker", "[EN] '64 Stage Markers'; [OAK] '64 wonder cubes'",
        ("follows the card count (more wonders in the German box), which Bonn plays: the 'stages.markers' "
         "error counts the German rulebook's 72 (a rulebook fact, issue 50); the English box's 64 would refuse "
         "earlier")),
    "the issue's building rule": (
        data.MAX_BUILDINGS, "maximal 4 Gebäude ... im gesamten Spiel",
        "issue 19: 'at most 4 buildings from the building board, plus those on the wonder card'",
        ("the rulebook caps all buildings, board and card together, at the 4 tokens; board + card is the cap "
        "only with Archimedes (leaders), which check_sheet(leaders=True) allows with a warning")),
}


@pytest.mark.parametrize("fact", sorted(FACTS))
def test_every_fact_names_two_sources(fact):
    ours, de, other = FACTS[fact]
    assert ours is not None and de and other.startswith("[")


def test_table_and_building_numbers():
    assert (data.MIN_PLAYERS, data.MAX_PLAYERS) == (2, 6)
    assert data.BOARD_BUILDINGS == 4 and data.MAX_BUILDINGS == 4 and data.MIN_CARD_BUILDINGS == 1
    assert data.DIFFICULTIES == (1, 2, 3)
    assert data.TYPICAL_STAGES == 10 and data.PLAUSIBLE_STAGES == 15 and data.STAGE_MARKERS == 72


def test_single_source_facts_and_disagreements_are_written_down():
    assert len(ONE_SOURCE) == 5 and all(de and why for de, why in ONE_SOURCE.values())
    assert DISAGREEMENTS["wonder cards in the box"][0] == 20
    assert DISAGREEMENTS["the issue's building rule"][0] == 4


def test_the_catalogue_holds_the_wonders_the_rulebook_names():
    assert [w.name_de for w in data.WONDERS] == ["Khazne al-Firaun", "Leuchtturm Pharos", "Apollo-Tempel",
                                                 "Zeus-Statue"]
    assert data.find_wonder("Leuchtturm Pharos").building_names_de == ("Aussichtsplattform",)
    assert data.find_wonder("khazne al firaun").place_de == "Arabische Wüste - 8. Jh. v. Chr."
    assert data.BUILDING_BOARDS["Triumph"] == ("Obelisk", "Schmiede", "Brennofen", "Hippodrom")
    assert len(data.WONDERS) <= data.WONDER_CARDS


def test_no_stage_count_is_invented():
    """No second source gives a card's stages, difficulty or English name: they stay unknown."""
    for w in data.WONDERS:
        assert (w.name_en, w.difficulty, w.stages, w.card_buildings) == (None, None, None, None)


@pytest.mark.parametrize("typed,found", [
    ("Zeus-Statue", "Zeus-Statue"), ("zeus statue", "Zeus-Statue"), ("ZEUSSTATUE", "Zeus-Statue"),
    ("Apollo Tempel", "Apollo-Tempel"), ("Colosseum", None), ("", None),
])
def test_wonder_names_match_loosely(typed, found):
    w = data.find_wonder(typed)
    assert (w.name_de if w else None) == found


def test_english_names_are_found_when_known():
    card = data.Wonder("Zeus-Statue", name_en="Statue of Zeus", stages=9)
    assert data.find_wonder("statue of zeus", (card,)) is card
    assert card.names == ("Zeus-Statue", "Statue of Zeus")
