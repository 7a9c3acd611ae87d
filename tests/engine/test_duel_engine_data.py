"""Card facts of rules_engine/duel/data.py checked against two independent public sources.

Sources (transcribed by hand below, facts only):
  A. dagosg/7wonders (GitHub), server/cfg_cards1.tcl … cfg_cards4.tcl, cfg_wonders.tcl,
     cfg_jetons.tcl — a French Tcl implementation (costs as wood/clay/stone/papyrus/glass/gold).
  B. "Rules for 7 Wonders: Duel", a JavaScript rules file in the public code index (search id
     10879789309; CARDS/WONDERS/PROGRESS tables, costs as coins/wood/clay/stone/glass/papyrus).
  C. koenheltzel/bga-sevenwondersduel (GitHub, the Board Game Arena implementation),
     modules/php/Material.php, Senate.php, Draftpool.php, MilitaryTrack.php — used as a third
     source to settle A/B disagreements and as a source for Agora (next to the Agora rulebook,
     /work/shared/rules/7wonders-duel-agora.de.txt and .fr.txt).
  D, E, F. Agora facts the rulebook shows only in pictures: see AGORA_PICTURE_FACTS below.
Also consulted: the base rulebook's construction and trading rules (the English user manual
page "Constructing in 7 Wonders Duel", quoted in test_duel_engine_rules.py) and the rules page
of 7wondersduel.com (military tokens: "when the Conflict pawn enters a zone").

Disagreements (DISAGREEMENTS below): our value, each source's value, and why we chose it.
"""
from __future__ import annotations

import pytest

from rules_engine.duel import data
from rules_engine.duel.data import Colour

LETTER = {"W": 0, "C": 1, "S": 2, "G": 3, "P": 4}


def parse(cost: str) -> tuple[int, tuple[int, ...]]:
    """'2 W S P' -> (2 coins, wood 1, stone 1, papyrus 1)."""
    coins, counts = 0, [0] * 5
    for item in cost.split():
        if item.isdigit():
            coins = int(item)
        else:
            for ch in item:
                counts[LETTER[ch]] += 1
    return coins, tuple(counts)


# card -> (source A cost, source B cost); "0" = free
CARD_COSTS = {
    "LumberYard": ("0", "0"), "LoggingCamp": ("1", "1"), "ClayPool": ("0", "0"), "ClayPit": ("1", "1"),
    "Quarry": ("0", "0"), "StonePit": ("1", "1"), "Glassworks": ("1", "1"), "Press": ("1", "1"),
    "GuardTower": ("0", "0"), "Stable": ("W", "W"), "Garrison": ("C", "C"), "Palisade": ("2", "2"),
    "Workshop": ("P", "P"), "Apothecary": ("G", "G"), "Scriptorium": ("2", "2"), "Pharmacist": ("2", "2"),
    "StoneReserve": ("3", "3"), "ClayReserve": ("3", "3"), "WoodReserve": ("3", "3"), "Tavern": ("0", "0"),
    "Theater": ("0", "0"), "Altar": ("0", "0"), "Baths": ("S", "S"),
    "Sawmill": ("2", "2"), "Brickyard": ("2", "2"), "ShelfQuarry": ("2", "2"), "GlassBlower": ("0", "0"),
    "DryingRoom": ("0", "0"), "Walls": ("SS", "SS"), "HorseBreeders": ("WC", "WC"), "Barracks": ("3", "3"),
    "ArcheryRange": ("WSP", "WSP"), "ParadeGround": ("CCG", "CCG"), "Library": ("WSG", "WSG"),
    "Dispensary": ("CCS", "CCS"), "School": ("WPP", "WPP"), "Laboratory": ("0", "WGG"),
    "Forum": ("3 C", "3 C"), "Caravansery": ("2 GP", "2 GP"), "CustomsHouse": ("4", "4"),
    "Brewery": ("0", "0"), "Tribunal": ("WWG", "WWG"), "Statue": ("CC", "CC"), "Temple": ("WP", "WP"),
    "Aqueduct": ("SSS", "SSS"), "Rostrum": ("WS", "WS"),
    "Arsenal": ("WWCCC", "WWCCC"), "Pretorium": ("8", "8"), "Fortifications": ("CSSP", "CSSP"),
    "SiegeWorkshop": ("WWWG", "WWWG"), "Circus": ("CCSS", "CCSS"), "Academy": ("WSGG", "WSGG"),
    "Study": ("WWGP", "WWGP"), "University": ("CGP", "CGP"), "Observatory": ("SPP", "SPP"),
    "ChamberOfCommerce": ("PP", "PP"), "Port": ("WGP", "WGP"), "Armory": ("SSG", "SSG"),
    "Lighthouse": ("CCG", "CCG"), "Arena": ("WCS", "WCS"), "Palace": ("WCSGG", "WCSGG"),
    "TownHall": ("WWSSS", "WWSSS"), "Obelisk": ("SSG", "SSG"), "Gardens": ("WWCC", "WWCC"),
    "Pantheon": ("WCPP", "WCPP"), "Senate": ("CCSP", "CCSP"),
    "MerchantsGuild": ("WCGP", "WCGP"), "ShipownersGuild": ("CSGP", "WSGP"),
    "BuildersGuild": ("WCSSG", "WCSSG"), "MagistratesGuild": ("WWCP", "WWCP"),
    "ScientistsGuild": ("WWCC", "WWCC"), "MoneylendersGuild": ("WWSS", "WWSS"),
    "TacticiansGuild": ("CSSP", "CSSP"),
}

WONDER_COSTS = {
    "AppianWay": ("CCSSP", "CCSSP"), "CircusMaximus": ("WSSG", "WSSG"), "Colossus": ("CCCG", "CCCG"),
    "GreatLibrary": ("WWWGP", "WWWGP"), "GreatLighthouse": ("WSPP", "WSPP"),
    "HangingGardens": ("WWGP", "WWGP"), "Mausoleum": ("CCGGP", "WWGGP"), "Piraeus": ("WWCS", "WWCS"),
    "Pyramids": ("SSSP", "SSSP"), "Sphinx": ("CSGG", "CSGG"), "StatueOfZeus": ("WCSPP", "WCSPP"),
    "TempleOfArtemis": ("WSGP", "WSGP"),
}

# (vp, coins, shields, replay) — both sources agree on all of these
WONDER_EFFECTS = {
    "AppianWay": (3, 3, 0, True), "CircusMaximus": (3, 0, 1, False), "Colossus": (3, 0, 2, False),
    "GreatLibrary": (4, 0, 0, False), "GreatLighthouse": (4, 0, 0, False), "HangingGardens": (3, 6, 0, True),
    "Mausoleum": (2, 0, 0, False), "Piraeus": (2, 0, 0, True), "Pyramids": (9, 0, 0, False),
    "Sphinx": (6, 0, 0, True), "StatueOfZeus": (3, 0, 1, False), "TempleOfArtemis": (0, 12, 0, True),
}

# card -> (vp, shields) where both sources agree
CARD_POINTS = {
    "Workshop": (1, 0), "Apothecary": (1, 0), "Scriptorium": (0, 0), "Pharmacist": (0, 0),
    "Theater": (3, 0), "Altar": (3, 0), "Baths": (3, 0), "GuardTower": (0, 1), "Stable": (0, 1),
    "Garrison": (0, 1), "Palisade": (0, 1), "Walls": (0, 2), "HorseBreeders": (0, 1), "Barracks": (0, 1),
    "ArcheryRange": (0, 2), "ParadeGround": (0, 2), "Library": (2, 0), "Dispensary": (2, 0), "School": (1, 0),
    "Laboratory": (1, 0), "Tribunal": (5, 0), "Statue": (4, 0), "Temple": (4, 0), "Aqueduct": (5, 0),
    "Rostrum": (4, 0), "Arsenal": (0, 3), "Pretorium": (0, 3), "Fortifications": (0, 2),
    "SiegeWorkshop": (0, 2), "Circus": (0, 2), "Academy": (3, 0), "Study": (3, 0), "University": (2, 0),
    "Observatory": (2, 0), "ChamberOfCommerce": (3, 0), "Port": (3, 0), "Armory": (3, 0),
    "Lighthouse": (3, 0), "Arena": (3, 0), "Palace": (7, 0), "TownHall": (7, 0), "Obelisk": (5, 0),
    "Gardens": (6, 0), "Pantheon": (6, 0), "Senate": (5, 0),
}

# chains: card with the symbol -> card it makes free (both sources)
CHAINS = {
    "Stable": "HorseBreeders", "Garrison": "Barracks", "Palisade": "Fortifications",
    "Scriptorium": "Library", "Pharmacist": "Dispensary", "Tavern": "Lighthouse", "Theater": "Statue",
    "Altar": "Temple", "Baths": "Aqueduct", "ArcheryRange": "SiegeWorkshop", "ParadeGround": "Circus",
    "School": "University", "Laboratory": "Observatory", "Brewery": "Arena", "Statue": "Gardens",
    "Temple": "Pantheon", "Rostrum": "Senate",
}

# token -> (vp, coins), both sources
TOKENS = {"Agriculture": (4, 6), "Philosophy": (7, 0), "Urbanism": (0, 6), "Architecture": (0, 0),
          "Economy": (0, 0), "Law": (0, 0), "Masonry": (0, 0), "Mathematics": (0, 0), "Strategy": (0, 0),
          "Theology": (0, 0)}

# fact -> (our value, source A, source B, reason for our choice)
DISAGREEMENTS = {
    "Laboratory cost": ("W G G", "free", "W G G",
                        "A lists no cost, B wood + 2 glass; every Age II green card costs resources, "
                        "and the Age II green cards A lists all cost 3 resources: A's entry is a slip"),
    "Palace colour": ("blue", "(none)", "blue",
                      "A leaves the colour empty; the Palace is a blue (civilian) building in B"),
    "Shipowners Guild cost": ("C S G P", "C S G P", "W S G P",
                              "C (BGA) also has clay, stone, glass, papyrus: 2 sources against 1"),
    "Mausoleum cost": ("C C G G P", "C C G G P", "W W G G P",
                       "C (BGA) also has 2 clay, 2 glass, papyrus: 2 sources against 1"),
    "Military token passed over": ("applied", "(not modelled)", "(not modelled)",
                                   "C applies only the token of the zone where the pawn stops; the "
                                   "rules page says a token applies when the pawn enters its zone, so a "
                                   "pawn jumping from 2 to 6 takes both tokens here"),
    "Temple of Artemis name": ("The Temple of Artemis", "Le Temple d'Artémis", "The Temple of Anubis",
                               "B's name is wrong (the effect, 12 coins + replay, matches)"),
}

CARDS = {c.code: c for c in data.AGE_CARDS}
WONDERS = {w.code: w for w in data.WONDERS}


def ours(card) -> tuple[int, tuple[int, ...]]:
    return card.coin_cost, card.cost


@pytest.mark.parametrize("code", sorted(CARD_COSTS))
def test_card_cost_agrees_with_both_sources_or_a_listed_disagreement(code):
    a, b = (parse(x) for x in CARD_COSTS[code])
    mine = ours(CARDS[code])
    assert mine in (a, b)
    if a != b:
        assert any(code.startswith(k.split()[0]) or k.startswith(CARDS[code].name)
                   for k in DISAGREEMENTS), f"{code}: sources disagree but no disagreement is written down"


def test_every_card_is_checked():
    assert set(CARD_COSTS) == set(CARDS)
    assert set(WONDER_COSTS) == set(WONDERS) == set(WONDER_EFFECTS)


@pytest.mark.parametrize("code", sorted(WONDER_COSTS))
def test_wonder_cost_and_effects(code):
    a, b = (parse(x)[1] for x in WONDER_COSTS[code])
    w = WONDERS[code]
    assert w.cost in (a, b)
    assert a == b or code == "Mausoleum"
    assert (w.vp, w.coins, w.shields, w.replay) == WONDER_EFFECTS[code]


@pytest.mark.parametrize("code", sorted(CARD_POINTS))
def test_card_points_and_shields(code):
    c = CARDS[code]
    assert (c.vp, c.shields) == CARD_POINTS[code]


def test_chains():
    symbol_of = {c.code: c.chain_to for c in data.AGE_CARDS if c.chain_to}
    made_free = {c.code: c.chain_from for c in data.AGE_CARDS if c.chain_from}
    assert {k: next(m for m, s in made_free.items() if s == v) for k, v in symbol_of.items()} == CHAINS


def test_tokens():
    assert {t.code: (t.vp, t.coins) for t in data.PROGRESS_TOKENS} == TOKENS


def test_counts_and_colours():
    from collections import Counter
    base = [c for c in data.AGE_CARDS if not c.guild]
    assert Counter(c.age for c in base) == {1: 23, 2: 23, 3: 20}
    assert sum(1 for c in data.AGE_CARDS if c.guild) == 7
    assert CARDS["Palace"].colour is Colour.BLUE
    assert Counter(c.colour for c in base if c.age == 1) == {
        Colour.BROWN: 6, Colour.GREY: 2, Colour.RED: 4, Colour.GREEN: 4, Colour.YELLOW: 4, Colour.BLUE: 3}


def test_disagreements_record_our_choice():
    assert DISAGREEMENTS["Laboratory cost"][0] == "W G G" and CARDS["Laboratory"].cost == parse("WGG")[1]
    assert CARDS["ShipownersGuild"].cost == parse("CSGP")[1]
    assert WONDERS["Mausoleum"].cost == parse("CCGGP")[1]
    assert WONDERS["TempleOfArtemis"].name == DISAGREEMENTS["Temple of Artemis name"][0]


# --------------------------------------------------------------------------- Agora
# fact -> (our value, Agora rulebook (DE/FR), BGA (source C))
AGORA_FACTS = {
    "senators": ((7, 6), (7, 6), (7, 6)),                    # "13 cartes Sénateur (7 Politiciens et 6 Comploteurs)"
    "senators per age": ((5, 5, 3), (5, 5, 3), (5, 5, 3)),  # "Âge I : 5 ... Âge III : 3 cartes Sénateur"
    "influence cubes": (12, 12, 12),                          # "12 cubes Influence"
    "senate actions (blue 0-1, 2-3, 4+)": ((1, 2, 3), (1, 2, 3), (1, 2, 3)),
    "chambers": (6, 6, 6),
    "decrees in play": (6, 6, 6),
    "conspiracies": (16, 16, 16),
    "decrees": (16, 16, 16),
}
# Agora facts the rulebook shows only in pictures (its text says "1, 2 ou 3 points selon les
# Chambres" and nothing of layouts, wonder costs or card symbols). Next to C (BGA), three projects
# written from the physical game, which share no ids, names or comments with C:
#   D. Vanya-ID/wonders-duel (GitHub, a Russian rules companion): src/data/scoreCategories.ts
#      @b13b932 (SENATE_CHAMBER_POINTS), src/data/setup.ts @b13b932 (layoutFor, Agora rows) and
#      src/data/reference.ts @3052360 (wonders, senators, conspiracies).
#   E. MC-freshman/7-Wonders-Duel-game (GitHub), docs/rules/AGORA_DATA.md @5d040e4: read off
#      photos of the cards and board and the English rulebook; it marks its own guesses.
#   F. Nikromes/7-wonders-duel-helper (GitHub, a Russian helper), data.js @04a1dd7: wonders only.
# fact -> (our value, {source: the source's value}); a source that disagrees needs a reason in
# AGORA_DISAGREEMENTS, and at least two sources must give our value.
AGORA_PICTURE_FACTS = {
    "chamber points, left to right": ((1, 2, 3, 3, 2, 1), {
        "C": (1, 2, 3, 3, 2, 1), "D": (1, 2, 3, 3, 2, 1), "E": (1, 2, 3, 3, 2, 1)}),
    "Agora structure rows, Ages I-III": (((3, 4, 5, 6, 7), (7, 6, 5, 4, 3), (2, 3, 4, 5, 4, 3, 2)), {
        "C": ((3, 4, 5, 6, 7), (7, 6, 5, 4, 3), (2, 3, 4, 5, 4, 3, 2)),
        "D": ((3, 4, 5, 6, 7), (7, 6, 5, 4, 3), (2, 3, 4, 5, 4, 3, 2))}),
    "Curia Julia cost": ("W C S G P", {"C": "W C S G P", "D": "W C S G P", "E": "W C S G P", "F": "W C S G P"}),
    "Knossos cost": ("W C S G G", {"C": "W C S G G", "D": "W C S G G", "E": "W C G", "F": "W C S G G"}),
    "politicians per section (left, centre, right)": ((2, 3, 2), {"C": (2, 3, 2), "D": (2, 3, 2), "E": (3, 2, 2)}),
}
# conspiracy -> does the card also show "move 1 influence cube"? ours, then each source
# (E names only six of the sixteen cards).
CONSPIRACY_MOVES = {
    "Extortion": (True, {"C": True, "D": True}),
    "Blackmail": (True, {"C": True, "D": False, "E": True}),
    "Expropriation": (True, {"C": True, "D": True}),
    "Swindle": (True, {"C": True, "D": True}),
    "PoliticalManeuver": (True, {"C": True, "D": True, "E": True}),
    "TurnOfEvents": (True, {"C": True, "D": True, "E": True}),
    "Coercion": (True, {"C": True, "D": True}),
    "InsiderInfluence": (True, {"C": True, "D": True}),
    "Obscurantism": (False, {"C": False, "D": False, "E": False}),
    "Coup": (False, {"C": False, "D": False}),
    "PropertyFraud": (False, {"C": False, "D": False, "E": False}),
    "Treason": (False, {"C": False, "D": False}),
    "Espionage": (False, {"C": False, "D": False}),
    "Embezzlement": (False, {"C": False, "D": False}),
    "Foreclosure": (False, {"C": False, "D": False}),
    "Sabotage": (False, {"C": False, "D": False, "E": False}),
}
# (fact, source) -> why we follow the majority
AGORA_DISAGREEMENTS = {
    ("Knossos cost", "E"): "E lists glass, clay, wood (no stone, one glass); C, D and F all have wood, "
                           "clay, stone and 2 glass: three sources against one",
    ("politicians per section (left, centre, right)", "E"): "E marks 3/2/2 as its only approximation "
                                                            "('no card-by-card list found'); C and D give 2/3/2",
    ("Blackmail", "D"): "D's reference text omits the move; E read the card from a photo and has "
                        "'+ move a cube to a neighbouring chamber', as has C: two sources against one",
}


def _agora_values() -> dict[str, object]:
    def cost(w) -> str:
        return " ".join(ch for ch, n in zip("WCSGP", w.cost) for _ in range(n))

    wonders = {w.code: w for w in data.AGORA_WONDERS}
    sections = tuple(sum(1 for c in data.SENATORS if c.senator == "politician" and c.section == k) for k in (1, 2, 3))
    return {
        "chamber points, left to right": data.CHAMBER_VP,
        "Agora structure rows, Ages I-III": tuple(tuple(len(r) for r in s.rows) for s in data.AGORA_STRUCTURES),
        "Curia Julia cost": cost(wonders["CuriaJulia"]),
        "Knossos cost": cost(wonders["Knossos"]),
        "politicians per section (left, centre, right)": sections,
    }


def _check_sources(fact: str, value: object, sources: dict[str, object]) -> None:
    agreeing = [src for src, v in sources.items() if v == value]
    assert len(agreeing) >= 2, f"{fact}: only {agreeing} give our value {value!r}"
    for src, v in sources.items():
        if v != value:
            assert (fact, src) in AGORA_DISAGREEMENTS, f"{fact}: source {src} says {v!r}, no reason written down"


def test_agora_picture_facts_agree_with_two_sources():
    values = _agora_values()
    for fact, (value, sources) in AGORA_PICTURE_FACTS.items():
        assert values[fact] == value, fact
        _check_sources(fact, value, sources)
    moves = {c.code: c.then_move for c in data.CONSPIRACIES}
    assert moves.keys() == CONSPIRACY_MOVES.keys()
    for code, (value, sources) in CONSPIRACY_MOVES.items():
        assert moves[code] == value, code
        _check_sources(code, value, sources)
    # every written-down disagreement is still one (a fixed source or value drops its excuse)
    for fact, src in AGORA_DISAGREEMENTS:
        value, sources = AGORA_PICTURE_FACTS.get(fact) or CONSPIRACY_MOVES[fact]
        assert sources[src] != value, (fact, src)
    # the structures hold the base 20 cards plus the senators of each age
    assert [s.size for s in data.AGORA_STRUCTURES] == [20 + n for n in data.SENATORS_PER_AGE] == [25, 25, 23]


def test_agora_facts():
    pol = sum(1 for c in data.SENATORS if c.senator == "politician")
    ours = {
        "senators": (pol, len(data.SENATORS) - pol),
        "senators per age": data.SENATORS_PER_AGE,
        "influence cubes": data.INFLUENCE_CUBES,
        "senate actions (blue 0-1, 2-3, 4+)": tuple(n for _, n in data.SENATE_ACTIONS),
        "chambers": data.CHAMBERS,
        "decrees in play": data.DECREES_IN_PLAY,
        "conspiracies": len(data.CONSPIRACIES),
        "decrees": len(data.DECREES),
    }
    for fact, (value, rulebook, bga) in AGORA_FACTS.items():
        assert ours[fact] == value == rulebook == bga, fact
    # effects beside the costs: C, D, E and F agree (Curia Julia 6 coins + replay, Knossos 3 VP)
    assert {w.code: (w.vp, w.coins, w.replay) for w in data.AGORA_WONDERS} == {
        "CuriaJulia": (0, 6, True), "Knossos": (3, 0, False)}
