"""One Card Wonder sheets: the rulebook's end of game, a passing and a failing case per check,
and the places under the tournament reading.

Rulebook quotes are from the German rulebook (OSTIA 2022). TESTWUNDER below is a made-up card
with a known stage count (no public source gives a real card's count): it stands for a card an
event's catalogue knows.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rankings import follows_order, is_competition_ranking

from rules_engine.findings import Severity
from rules_engine.onecardwonder import (
    ALIASES,
    NAME,
    SHEET_TYPES,
    TITLE,
    PlaceReading,
    PlayerLine,
    TableSheet,
    Wonder,
    check_sheet,
    places,
)

TESTWUNDER = Wonder("Testwunder", name_en="Test Wonder", difficulty=1, stages=10, card_buildings=2)
CATALOGUE = (TESTWUNDER, Wonder("Zweitwunder", stages=12))


def table(*rows: tuple) -> TableSheet:
    """Rows as (player, wonder, stages, buildings, winner), seats 1..n in order."""
    return TableSheet(tuple(PlayerLine(i, *row) for i, row in enumerate(rows, 1)))


def rules(sheet: TableSheet, **kw) -> list[str]:
    return [f.rule for f in check_sheet(sheet, **kw)]


GOOD = table(("Anna", "Zeus-Statue", 9, 3, True), ("Ben", "Leuchtturm Pharos", 7, 4, False),
             ("Cleo", None, 7, 0, False))


def test_module_names():
    assert (NAME, TITLE, ALIASES) == ("onecardwonder", "One Card Wonder",
                                      ("ocw", "one card wonder", "einkartenwunder"))
    assert SHEET_TYPES == (PlayerLine, TableSheet)


def test_a_good_sheet_has_no_findings():
    assert check_sheet(GOOD) == []
    assert check_sheet(table(("Anna", "test wonder", 10, 2, True), ("Ben", "Zweitwunder", 9, 4, False)),
                       catalogue=CATALOGUE) == []


def test_rulebook_the_first_to_complete_wins_buildings_are_optional():
    # "Wer zuerst alle Bauabschnitte seines Wunders vollendet hat, gewinnt sofort das Spiel.
    #  Erinnerung: Es ist nicht notwendig, dass Du ein oder mehrere Gebäude baust."
    sheet = table(("Anna", "Testwunder", 10, 0, True), ("Ben", "Zweitwunder", 11, 4, False))
    assert check_sheet(sheet, catalogue=CATALOGUE) == []
    assert places(sheet) == (1, 2)


def test_rulebook_at_most_four_buildings():
    # "Hinweis: Du kannst im gesamten Spiel maximal 4 Gebäude bauen. Wenn Du alle
    #  Gebäude-Spielsteine eingesetzt hast, kannst Du kein weiteres Gebäude mehr bauen."
    sheet = table(("Anna", "Testwunder", 10, 4, True), ("Ben", "Zweitwunder", 3, 5, False))
    [f] = check_sheet(sheet, catalogue=CATALOGUE)
    assert (f.rule, f.severity, f.player) == ("buildings.max", Severity.ERROR, "Ben")
    assert f.message == ("buildings 5 for 'Ben': a player has 4 building tokens and builds at most 4 buildings "
                         "in a game, board and wonder card together (more only with the leader Archimedes of "
                         "the Leaders (Anführer) expansion); check the sheet")


def test_rulebook_archimedes_allows_the_wonder_cards_buildings_too():
    # "Du kannst die Gebäude auf der Wunder-Karte zusätzlich bauen, so dass Du mehr als 4 Gebäude
    #  haben kannst." (Anführer FAQ, Archimedes)
    six = table(("Anna", "Testwunder", 10, 6, True), ("Ben", None, 3, 1, False))
    [f] = check_sheet(six, catalogue=CATALOGUE, leaders=True)
    assert (f.rule, f.severity) == ("buildings.archimedes", Severity.WARNING)
    seven = table(("Anna", "Testwunder", 10, 7, True), ("Ben", None, 3, 1, False))
    [f] = check_sheet(seven, catalogue=CATALOGUE, leaders=True)
    assert (f.rule, f.severity) == ("buildings.max", Severity.ERROR)
    assert "the building board has 4 and 'Testwunder' 2, so at most 6" in f.message


@pytest.mark.parametrize("n,ok", [(1, False), (2, True), (6, True), (7, False)])
def test_two_to_six_players(n, ok):
    sheet = table(("P0", None, 5, 1, True), *((f"P{i}", None, 3, 1, False) for i in range(1, n)))
    assert ("table.size" not in rules(sheet)) is ok


def test_players_count_message():
    [f] = check_sheet(table(("Anna", None, 9, 1, True)))
    assert f.message == "the table has 1 player: One Card Wonder is played by 2 to 6, so fix the sheet or split the table"


def test_a_player_on_two_rows():
    sheet = table(("Anna", None, 9, 1, True), ("anna ", None, 3, 1, False))
    assert rules(sheet) == ["player.twice"]


def test_seats_are_one_to_n():
    bad = TableSheet((PlayerLine(1, "Anna", None, 9, 1, True), PlayerLine(3, "Ben", None, 3, 1, False)))
    [f] = check_sheet(bad)
    assert f.rule == "seats"
    assert f.message == ("seat is 'Anna' 1, 'Ben' 3: a table of 2 has seat 1 to 2, each once; number the seats "
                         "clockwise from the start player (seat 1)")


def test_exactly_one_winner():
    none = table(("Anna", None, 9, 1, False), ("Ben", None, 3, 1, False))
    [f] = check_sheet(none)
    assert f.rule == "winner.count" and f.message.startswith("no winner is marked: write 1 in the winner column")
    two = table(("Anna", None, 9, 1, True), ("Ben", None, 8, 1, True))
    [f] = check_sheet(two)
    assert f.rule == "winner.count" and f.message.startswith("'Anna' and 'Ben' are both marked as winner")


def test_the_winner_completed_every_stage_of_a_known_wonder():
    sheet = table(("Anna", "Testwunder", 9, 1, True), ("Ben", None, 3, 1, False))
    [f] = check_sheet(sheet, catalogue=CATALOGUE)
    assert (f.rule, f.player) == ("winner.stages", "Anna")
    assert f.message == ("'Anna' is marked as winner with stages 9, but 'Testwunder' has 10: the winner completed "
                         "every stage, so write 10 or fix the winner column")


def test_the_winner_of_an_unknown_wonder_completed_at_least_one_stage():
    assert rules(table(("Anna", None, 0, 1, True), ("Ben", None, 0, 1, False))) == ["winner.stages"]
    assert rules(table(("Anna", None, 1, 1, True), ("Ben", None, 0, 1, False))) == []


def test_nobody_else_completed_their_wonder():
    sheet = table(("Anna", None, 9, 1, True), ("Ben", "Zweitwunder", 12, 1, False))
    [f] = check_sheet(sheet, catalogue=CATALOGUE)
    assert (f.rule, f.player) == ("stages.completed", "Ben")
    assert rules(table(("Anna", None, 9, 1, True), ("Ben", "Zweitwunder", 11, 1, False)),
                 catalogue=CATALOGUE) == []


def test_stages_within_the_wonder():
    sheet = table(("Anna", "Testwunder", 11, 1, True), ("Ben", "Zweitwunder", 13, 1, False))
    assert rules(sheet, catalogue=CATALOGUE) == ["stages.max", "stages.max"]


def test_an_implausible_stage_count_is_a_warning():
    # "Jedes Wunder setzt sich aus ungefähr 10 Bauabschnitten zusammen": above 15 is more likely a typo.
    sheet = table(("Anna", None, 16, 1, True), ("Ben", None, 15, 1, False))
    [f] = check_sheet(sheet)
    assert (f.rule, f.severity, f.player) == ("stages.plausible", Severity.WARNING, "Anna")
    assert f.message == "stages 16 for 'Anna': a wonder has about 10 construction stages; check the sheet"


def test_one_archimedes_per_table():
    # "erhält jeder Spieler ... einen Anführer" (10 leader boards, each once): one player's
    # Archimedes builds beyond the 4 tokens, a second player can't as well.
    two = table(("Anna", None, 10, 6, True), ("Ben", None, 4, 5, False), ("Cleo", None, 3, 2, False))
    found = [(f.rule, f.severity, f.message) for f in check_sheet(two, leaders=True)]
    # An error: the rulebook states it, and its facts need no second source (issue 50, item 8).
    assert ("buildings.archimedes.table", Severity.ERROR, "'Anna' and 'Ben' have more than 4 buildings, but only "
            "the leader Archimedes allows that and a table has him once; check the sheet") in found
    one = table(("Anna", None, 10, 6, True), ("Ben", None, 4, 4, False), ("Cleo", None, 3, 2, False))
    assert "buildings.archimedes.table" not in rules(one, leaders=True)


def test_a_table_uses_at_most_the_boxs_stage_markers():
    # "72 Bauabschnitt-Marker": six players' 13 stages each take 78.
    full = table(*((f"P{i}", None, 13 if i > 1 else 14, 1, i == 1) for i in range(1, 7)))
    assert [(f.severity, f.message) for f in check_sheet(full) if f.rule == "stages.markers"] == [
        (Severity.ERROR, "the table's stages (and buildings beyond the tokens) take 79 stage markers, but the box "
                         "has 72; check the sheet")]  # a rulebook fact: an error (issue 50, item 8)
    # Exactly the 72 markers pass.
    assert "stages.markers" not in rules(table(*((f"P{i}", None, 12, 1, i == 1) for i in range(1, 7))))


@pytest.mark.parametrize("column,value,rule", [
    ("stages", -1, "stages.negative"), ("stages", Fraction(7, 2), "stages.whole"), ("stages", 3.0, "stages.whole"),
    ("buildings", -2, "buildings.negative"), ("buildings", "2", "buildings.whole"),
])
def test_counts_whole_and_not_negative(column, value, rule):
    row = {"seat": 2, "player": "Ben", "wonder": None, "stages": 3, "buildings": 1, "winner": False}
    row[column] = value
    sheet = TableSheet((PlayerLine(1, "Anna", None, 9, 1, True), PlayerLine(**row)))
    assert rules(sheet) == [rule]


def test_no_wonder_twice_at_a_table():
    sheet = table(("Anna", "Zeus-Statue", 9, 1, True), ("Ben", "zeus statue", 3, 1, False))
    [f] = check_sheet(sheet)
    assert (f.rule, f.player) == ("wonder.duplicate", "Ben")
    assert f.message == ("wonder 'Zeus-Statue' is on the rows of 'Anna' and 'Ben': each wonder card is in the "
                         "game once, so fix one of them")


def test_one_card_under_its_german_and_its_english_name_is_twice_at_the_table():
    # Issue 50, item 7: the catalogue's card is compared, not the spelling.
    sheet = table(("Anna", "Testwunder", 10, 1, True), ("Ben", "Test Wonder", 3, 1, False))
    [f] = check_sheet(sheet, catalogue=CATALOGUE)
    assert (f.rule, f.player) == ("wonder.duplicate", "Ben")
    assert f.message == ("'Testwunder' and 'Test Wonder' on the rows of 'Anna' and 'Ben' are one wonder card, "
                         "'Testwunder' (its German and English names): each wonder card is in the game once, "
                         "so fix one of them")
    other = table(("Anna", "Testwunder", 10, 1, True), ("Ben", "Zweitwunder", 3, 1, False))
    assert check_sheet(other, catalogue=CATALOGUE) == []


def test_a_misspelt_wonder_name_is_a_warning_that_names_the_card():
    sheet = table(("Anna", "Zeus-Statu", 9, 1, True), ("Ben", "", 3, 1, False))
    [f] = check_sheet(sheet)
    assert (f.rule, f.severity) == ("wonder.unknown", Severity.WARNING)
    assert f.message == ("wonder 'Zeus-Statu' of 'Anna' is not a known wonder card: did you mean 'Zeus-Statue'? "
                         "(its stages can't be checked)")


def test_a_card_the_built_in_list_lacks_is_no_warning():
    # The rulebook names 4 of the box's 20 wonders: the other 16 are real cards, not typos,
    # and a round of sheets must not bring a warning for each of them.
    sheet = table(("Anna", "Kolosseum", 9, 1, True), ("Ben", "Hängende Gärten", 3, 1, False))
    assert check_sheet(sheet) == []


def test_with_a_complete_catalogue_any_other_name_is_unknown():
    cards = (Wonder("Zeus-Statue", stages=9), Wonder("Kolosseum", stages=10))
    sheet = table(("Anna", "Kolosseum", 10, 1, True), ("Ben", "Atlantis", 3, 1, False))
    [f] = check_sheet(sheet, catalogue=cards, complete=True)
    assert (f.rule, f.player) == ("wonder.unknown", "Ben")
    assert f.message == ("wonder 'Atlantis' of 'Ben' is not a known wonder card: check the spelling (its "
                         "stages can't be checked)")


def test_places_winner_first_then_stages_with_shared_places():
    sheet = table(("Anna", None, 5, 1, False), ("Ben", None, 9, 1, True), ("Cleo", None, 7, 1, False),
                  ("Dana", None, 5, 1, False), ("Emil", None, 2, 1, False))
    assert places(sheet) == (3, 1, 2, 3, 5)
    assert places(sheet, PlaceReading.WINNER_ONLY) == (2, 1, 2, 2, 2)


def test_the_winner_is_first_even_with_fewer_stages_than_others():
    # Wonders differ in size: the winner of a small wonder can have fewer stages than a loser.
    sheet = table(("Anna", None, 12, 1, False), ("Ben", None, 8, 1, True))
    assert places(sheet) == (2, 1)


ROWS = st.lists(st.tuples(st.integers(0, 12), st.booleans()), min_size=2, max_size=6)


@given(ROWS)
def test_places_are_a_ranking_with_ties_that_follows_winner_then_stages(rows):
    sheet = table(*((f"P{i}", None, stages, 1, won) for i, (stages, won) in enumerate(rows)))
    got = places(sheet)
    keys = [(0, 0) if won else (1, -stages) for stages, won in rows]
    assert is_competition_ranking(got)
    assert follows_order(got, keys)
    if sum(won for _, won in rows) == 1:
        assert min(got) == 1 and got.count(1) == 1


@given(ROWS)
def test_a_sheet_the_checks_accept_has_exactly_one_first_place(rows):
    sheet = table(*((f"P{i}", None, stages, 1, won) for i, (stages, won) in enumerate(rows)))
    if not any(f.is_error for f in check_sheet(sheet)):
        got = places(sheet)
        assert got.count(1) == 1 and got[[won for _, won in rows].index(True)] == 1
