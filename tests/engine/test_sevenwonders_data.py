"""7 Wonders 1st-edition data: counts, chains, boards, and the sources every fact was checked against.

Sources (facts only, no code taken):
- [JB] joffrey-bion/seven-wonders, sw-engine/src/main/resources/org/luxons/sevenwonders/
  engine/data/cards.json and wonders.json (cards, costs, chains, counts 3-7, both board sides).
- [BM] Miniand/brdg.me, game/seven_wonders/deck.go (cards, costs, chains, player-count
  marks per copy, guild effects), card_bonus.go (argument order vp, coins: Arena 1 VP and
  3 coins per stage, Vineyard 1 coin, Bazar 2 coins) and card_commercial.go (Tavern 5 coins).
- [SR] Sulaiman281/RMI-SevenWonders, Server/src/main/java/com/wonders/servers/game/Stages.java
  (both sides of all seven boards: stage costs and effects).
- [RB] the official English rulebook, Asmodee "7 Wonders user manual" page 9 (side B stage
  effects) and "7wonders rules us color" (box contents: 49 / 49 / 50 cards per age).
- [BONN] /work/shared/rules/7wonders-tournament-bonn-2018.de.txt (tournament clarifications).
- [DE1] theutrama/7Wonders (GitHub), src/controller/CardController.java: a German 1st-edition
  game (Card(3, "Gilde der Beamten", "magistratesguild", ...)); German guild names.
- [DE2] dpapukchiev/7-wonders-simulation (GitHub) @82b6c0e, .../cards/CardName.java: German
  display names written without umlauts (GILDER_DER_BEAMTEN("Gilde der Beamten")).
- [PASS] forum.dominionstrategy.com topic 8152 and the fenyobds.shop "7 Wonders New Edition"
  product text, both: "cards are passed left-right-left over the three ages".

Every card fact (colour, cost, chain, effect, copies per player count) agrees in [JB] and
[BM] unless listed in DISAGREEMENTS; every board fact agrees in [JB] and [SR] (side B
effects also in [RB]).
"""
from collections import Counter

import pytest

from rules_engine.sevenwonders import data as d

SOURCES = ("JB", "BM", "SR", "RB", "BONN", "DE1", "DE2", "PASS")

#: Where the sources disagree, what each says and what the data follows.
DISAGREEMENTS = {
    "Lighthouse counts": "[JB] counts grey cards; [BM] and [RB] count yellow (commercial) cards; "
                         "[BONN] 'the Lighthouse counts itself' only makes sense for yellow: data says yellow",
    "Stone Pit / Clay Pool marks": "kariya2/seven-wonders docs/complete-card-list.md gives 1,2,2,2,2 copies "
                                   "for 3..7 players; [JB] and [BM] give marks 3+ and 5+ (1,1,2,2,2): "
                                   "data follows [JB]/[BM], which also makes Age I hold 7 cards per player",
    "Ephesos A stage 2 cost": "zackgomez/7wonders wonders.js says 3 clay; [JB] and [SR] say 2 wood: data says 2 wood",
    "Halikarnassos A stage 3 cost": "zackgomez/7wonders wonders.js says 2 papyrus; [JB] and [SR] say 2 loom: "
                                    "data says 2 loom",
    "Chamber of Commerce / Craftsmens Guild": "the German rulebook p. 12 misprints the per-grey value; "
                                              "[BONN], [JB] and [BM] say 2: data says 2",
}


def test_sources_and_disagreements_are_named():
    assert len(SOURCES) >= 2
    assert all(len(v) > 20 for v in DISAGREEMENTS.values())


def test_disagreements_resolved_as_written():
    assert d.card("Lighthouse").effects[0].colours == {d.Colour.YELLOW}
    assert d.card("Stone Pit").min_players == (3, 5) and d.card("Clay Pool").min_players == (3, 5)
    assert [d.card(x).copies(4) for x in ("Stone Pit", "Clay Pool")] == [1, 1]
    assert d.board("Ephesos", "A").stages[1].cost.units() == Counter({d.Resource.WOOD: 2})
    assert d.board("Halikarnassos", "A").stages[2].cost.units() == Counter({d.Resource.LOOM: 2})
    assert d.card("Chamber of Commerce").effects[0].points == 2
    assert d.card("Craftsmens Guild").effects[0].points == 2


@pytest.mark.parametrize("players", d.PLAYER_COUNTS)
@pytest.mark.parametrize("age", d.AGES)
def test_each_age_deals_seven_cards_per_player(age, players):
    assert d.deck_size(age, players) == 7 * players


def test_box_holds_49_49_50_cards():
    # [RB] contents: 49 Age I, 49 Age II, 50 Age III cards (the 10 guilds are Age III).
    phys = Counter()
    for c in d.CARDS:
        phys[c.age] += 1 if c.is_guild else len(c.min_players)
    assert (phys[1], phys[2], phys[3]) == (49, 49, 50)


def test_ten_guilds_and_27_23_18_designs():
    assert len(d.GUILDS) == 10
    assert [len(d.age_cards(a)) for a in d.AGES] == [27, 23, 18]


# English guild -> German 1st-edition name in [DE1] and in [DE2] ([DE2] drops umlauts);
# [BONN] also writes "Gilde der Reeder" and "Gilde der Künstler" (the 2 VP per grey card guild).
GUILDS_DE = {
    "Workers Guild": ("Gilde der Arbeiter", "Gilde der Arbeiter"),
    "Craftsmens Guild": ("Gilde der Künstler", "Gilde der Kunstler"),
    "Traders Guild": ("Gilde der Händler", "Gilde der Handler"),
    "Philosophers Guild": ("Gilde der Philosophen", "Gilde der Philosophen"),
    "Spies Guild": ("Gilde der Spione", "Gilde der Spione"),
    "Strategists Guild": ("Gilde der Strategen", "Gilde der Strategen"),
    "Shipowners Guild": ("Gilde der Reeder", "Gilde der Reeder"),
    "Scientists Guild": ("Gilde der Wissenschaftler", "Gilde der Wissenschaftler"),
    "Magistrates Guild": ("Gilde der Beamten", "Gilde der Beamten"),
    "Builders Guild": ("Gilde der Baumeister", "Gilde der Baumeister"),
}


def test_german_guild_names_agree_with_two_sources():
    plain = str.maketrans("äöü", "aou")
    assert d.GUILD_NAMES_DE.keys() == set(d.GUILD_NAMES)
    for guild, (de1, de2) in GUILDS_DE.items():
        assert d.GUILD_NAMES_DE[guild] == de1 and de1.translate(plain) == de2, guild


def test_every_chain_target_exists_in_a_later_age():
    by_name = {c.name: c for c in d.CARDS}
    for c in d.CARDS:
        for parent in c.chains_from:
            assert parent in by_name, (c.name, parent)
            assert by_name[parent].age == c.age - 1
            assert c.name in by_name[parent].chains_to
        for child in c.chains_to:
            assert by_name[child].age == c.age + 1


def test_worked_card_facts():
    assert d.card("Tavern").effects == (d.Coins(5),)
    assert d.card("Tavern").copies(3) == 0 and d.card("Tavern").copies(7) == 3
    assert d.card("Caravansery").copies(6) == 3
    assert d.card("Palace").cost.units() == Counter(d.Resource)
    assert d.card("Forum").chains_from == ("East Trading Post", "West Trading Post")
    assert d.card("Apothecary").chains_to == ("Dispensary", "Stables")
    assert d.card("Loom", 1).min_players == (3, 6) and d.card("Loom", 2).min_players == (3, 5)
    assert d.card("Pawnshop").copies(3) == 0
    lighthouse = d.card("Lighthouse").effects[0]
    assert lighthouse.colours == {d.Colour.YELLOW} and (lighthouse.coins, lighthouse.points) == (1, 1)
    chamber = d.card("Chamber of Commerce").effects[0]
    assert (chamber.coins, chamber.points, chamber.colours) == (2, 2, {d.Colour.GREY})
    assert d.card("Craftsmens Guild").effects[0].points == 2
    assert d.card("Scientists Guild").science.is_wild
    assert d.card("East Trading Post").effects[0].neighbours == {d.Whose.RIGHT}


def test_blue_points_and_science_symbols():
    blue = {c.name: c.points for c in d.CARDS if c.colour is d.Colour.BLUE}
    assert blue == {"Pawnshop": 3, "Baths": 3, "Altar": 2, "Theater": 2, "Aqueduct": 5, "Temple": 3,
                    "Statue": 4, "Courthouse": 4, "Pantheon": 7, "Gardens": 5, "Town Hall": 6,
                    "Palace": 8, "Senate": 6}
    symbols = Counter(c.science.symbol for c in d.CARDS if c.colour is d.Colour.GREEN)
    assert symbols == {d.Science.COMPASS: 4, d.Science.GEAR: 4, d.Science.TABLET: 4}


def test_shields_per_age():
    for c in d.CARDS:
        if c.colour is d.Colour.RED:
            assert c.shields == c.age


@pytest.mark.parametrize("name, side, points", [
    ("Gizah", "A", (0, 3, 8, 15)),
    ("Gizah", "B", (0, 3, 8, 13, 20)),
    ("Rhodos", "B", (0, 3, 7)),
    ("Ephesos", "B", (0, 2, 5, 10)),
    ("Halikarnassos", "B", (0, 2, 3, 3)),
    ("Olympia", "B", (0, 0, 5, 5)),
    ("Alexandria", "B", (0, 0, 0, 7)),
    ("Babylon", "B", (0, 3, 3, 3)),
])
def test_wonder_stage_points(name, side, points):
    assert d.board(name, side).stage_points() == points


def test_boards_and_aliases():
    assert len(d.BOARDS) == 14 and len(d.WONDERS) == 7
    assert d.board("Giza", "b") is d.board("Gizah", "B")
    assert d.board("Halicarnassus", "A").resource is d.Resource.LOOM
    assert d.wonder_name("Atlantis") is None
    assert d.board("Babylon", "A").wild_science() == 1 and d.board("Babylon", "B").wild_science() == 1
    assert d.board("Olympia", "B").has_power(d.Action.COPY_GUILD)
    assert sum(s.effects.count(d.Shields(2)) for s in d.board("Rhodos", "A").stages) == 1
    with pytest.raises(KeyError):
        d.board("Rhodos", "C")


def test_guild_name_spellings():
    assert d.guild_name("Craftsmen's Guild") == "Craftsmens Guild"
    assert d.guild_name("Thieves Guild") is None
    assert d.guild_name("craftsmens") == "Craftsmens Guild"
    assert d.guild_name("Scientists Guild") == "Scientists Guild"


#: 2nd edition (2020) differences, kept out of the data. Only what a source states
#: (fenyobds.shop / board-game.co.uk product pages for "7 Wonders: New Edition"):
SECOND_EDITION = {
    "boards": "larger boards with a day side and a night side instead of sides (A) and (B): "
              "sheets of the Bonn 2018 events record A or B, so day/night are not accepted",
    "cards": "cost and chain iconography redrawn; the card list was rebalanced ('balancing tweaks'), "
             "so no 2nd-edition count or cost may be compared with this data",
    "expansions": "1st-edition expansions do not combine with the 2nd edition",
}


def test_second_edition_not_mixed_in():
    assert "2nd edition" in d.__doc__
    assert d.SIDES == ("A", "B")
    with pytest.raises(KeyError):
        d.board("Gizah", "day")
    # 1st-edition facts: Olympia A's free build per age, Halikarnassos A stage 2 costs 3 ore.
    assert d.board("Olympia", "A").has_power(d.Action.FREE_BUILD_PER_AGE)
    assert d.board("Halikarnassos", "A").stages[1].cost.units() == Counter({d.Resource.ORE: 3})
    assert set(SECOND_EDITION) == {"boards", "cards", "expansions"}


def test_passing_directions():
    # [PASS]: Age I and III hands pass left (clockwise), Age II to the right.
    assert d.PASS_TO == {1: d.Whose.LEFT, 2: d.Whose.RIGHT, 3: d.Whose.LEFT}
