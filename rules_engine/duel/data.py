"""7 Wonders Duel card, wonder, token and layout data: the one place where game facts live.

Plain frozen dataclasses and enums; the engine turns them into int tables at import time.
Sources and their disagreements are listed in tests/test_duel_engine_data.py.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Resource(enum.IntEnum):
    WOOD = 0
    CLAY = 1
    STONE = 2
    GLASS = 3
    PAPYRUS = 4


class Colour(enum.IntEnum):
    BROWN = 0
    GREY = 1
    BLUE = 2
    GREEN = 3
    YELLOW = 4
    RED = 5
    PURPLE = 6
    SENATOR = 7      # Agora senator cards: not buildings, never counted as a colour


class Science(enum.IntEnum):
    """The seven scientific symbols; each of the first six is on exactly two green cards."""

    WHEEL = 0       # Apothecary, School
    SETSQUARE = 1   # Workshop, Laboratory
    QUILL = 2       # Scriptorium, Library
    MORTAR = 3      # Pharmacist, Dispensary
    SUNDIAL = 4     # Academy, Study
    GLOBE = 5       # University, Observatory
    SCALES = 6      # the Law progress token only


W, C, S, G, P = Resource


def _cost(*resources: Resource) -> tuple[int, int, int, int, int]:
    counts = [0] * 5
    for r in resources:
        counts[r] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


@dataclass(frozen=True)
class Card:
    """An Age card (building). `chain_to`/`chain_from` are chaining symbol names."""

    code: str                      # record notation, CamelCase English name
    name: str
    age: int
    colour: Colour
    coin_cost: int = 0
    cost: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    produces: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    produces_one_of: tuple[Resource, ...] = ()   # Forum, Caravansery
    fixed_price: tuple[Resource, ...] = ()       # Stone/Clay/Wood Reserve, Customs House
    vp: int = 0
    shields: int = 0
    science: Science | None = None
    coins: int = 0                               # immediate coins (Tavern, Brewery)
    coins_per: tuple[Colour, ...] = ()           # Age III yellow: coins per own card of colours
    coins_per_wonder: int = 0                    # Arena
    coins_rate: int = 0                          # coins per counted card
    guild: str = ""                              # guild kind, see GUILD_KINDS
    chain_from: str = ""
    chain_to: str = ""
    senator: str = ""                            # Agora: "politician" or "conspirator"
    section: int = 0                             # Agora politician: 1 left, 2 centre, 3 right


@dataclass(frozen=True)
class Wonder:
    code: str
    name: str
    cost: tuple[int, int, int, int, int]
    vp: int = 0
    coins: int = 0
    opponent_loses: int = 0
    shields: int = 0
    replay: bool = False
    produces_one_of: tuple[Resource, ...] = ()
    destroys: Colour | None = None        # opponent loses one card of this colour
    special: str = ""                     # "library", "mausoleum", "curia" or "knossos"
    agora: bool = False


@dataclass(frozen=True)
class ProgressToken:
    code: str
    name: str
    vp: int = 0
    coins: int = 0
    agora: bool = False


# Guild kinds: which cards (or what) count in the city that has the most of them.
GUILD_KINDS = {
    "merchants": (Colour.YELLOW,),
    "shipowners": (Colour.BROWN, Colour.GREY),
    "magistrates": (Colour.BLUE,),
    "scientists": (Colour.GREEN,),
    "tacticians": (Colour.RED,),
    "builders": (),      # 2 VP per wonder in the city with the most wonders, no coins
    "moneylenders": (),  # 1 VP per 3 coins in the richest city, no coins
}

B, Gy, Bl, Gn, Y, R, Pu, _SENATOR = Colour

AGE_CARDS: tuple[Card, ...] = (
    # Age I (23)
    Card("LumberYard", "Lumber Yard", 1, B, produces=_cost(W)),
    Card("LoggingCamp", "Logging Camp", 1, B, coin_cost=1, produces=_cost(W)),
    Card("ClayPool", "Clay Pool", 1, B, produces=_cost(C)),
    Card("ClayPit", "Clay Pit", 1, B, coin_cost=1, produces=_cost(C)),
    Card("Quarry", "Quarry", 1, B, produces=_cost(S)),
    Card("StonePit", "Stone Pit", 1, B, coin_cost=1, produces=_cost(S)),
    Card("Glassworks", "Glassworks", 1, Gy, coin_cost=1, produces=_cost(G)),
    Card("Press", "Press", 1, Gy, coin_cost=1, produces=_cost(P)),
    Card("GuardTower", "Guard Tower", 1, R, shields=1),
    Card("Stable", "Stable", 1, R, cost=_cost(W), shields=1, chain_to="horseshoe"),
    Card("Garrison", "Garrison", 1, R, cost=_cost(C), shields=1, chain_to="sword"),
    Card("Palisade", "Palisade", 1, R, coin_cost=2, shields=1, chain_to="tower"),
    Card("Workshop", "Workshop", 1, Gn, cost=_cost(P), vp=1, science=Science.SETSQUARE),
    Card("Apothecary", "Apothecary", 1, Gn, cost=_cost(G), vp=1, science=Science.WHEEL),
    Card("Scriptorium", "Scriptorium", 1, Gn, coin_cost=2, science=Science.QUILL, chain_to="book"),
    Card("Pharmacist", "Pharmacist", 1, Gn, coin_cost=2, science=Science.MORTAR, chain_to="gear"),
    Card("StoneReserve", "Stone Reserve", 1, Y, coin_cost=3, fixed_price=(S,)),
    Card("ClayReserve", "Clay Reserve", 1, Y, coin_cost=3, fixed_price=(C,)),
    Card("WoodReserve", "Wood Reserve", 1, Y, coin_cost=3, fixed_price=(W,)),
    Card("Tavern", "Tavern", 1, Y, coins=4, chain_to="jug"),
    Card("Theater", "Theater", 1, Bl, vp=3, chain_to="mask"),
    Card("Altar", "Altar", 1, Bl, vp=3, chain_to="moon"),
    Card("Baths", "Baths", 1, Bl, cost=_cost(S), vp=3, chain_to="drop"),
    # Age II (23)
    Card("Sawmill", "Sawmill", 2, B, coin_cost=2, produces=_cost(W, W)),
    Card("Brickyard", "Brickyard", 2, B, coin_cost=2, produces=_cost(C, C)),
    Card("ShelfQuarry", "Shelf Quarry", 2, B, coin_cost=2, produces=_cost(S, S)),
    Card("GlassBlower", "Glass-Blower", 2, Gy, produces=_cost(G)),
    Card("DryingRoom", "Drying Room", 2, Gy, produces=_cost(P)),
    Card("Walls", "Walls", 2, R, cost=_cost(S, S), shields=2),
    Card("HorseBreeders", "Horse Breeders", 2, R, cost=_cost(C, W), shields=1, chain_from="horseshoe"),
    Card("Barracks", "Barracks", 2, R, coin_cost=3, shields=1, chain_from="sword"),
    Card("ArcheryRange", "Archery Range", 2, R, cost=_cost(S, W, P), shields=2, chain_to="target"),
    Card("ParadeGround", "Parade Ground", 2, R, cost=_cost(C, C, G), shields=2, chain_to="helmet"),
    Card("Library", "Library", 2, Gn, cost=_cost(S, W, G), vp=2, science=Science.QUILL, chain_from="book"),
    Card("Dispensary", "Dispensary", 2, Gn, cost=_cost(C, C, S), vp=2, science=Science.MORTAR,
         chain_from="gear"),
    Card("School", "School", 2, Gn, cost=_cost(W, P, P), vp=1, science=Science.WHEEL, chain_to="harp"),
    Card("Laboratory", "Laboratory", 2, Gn, cost=_cost(W, G, G), vp=1, science=Science.SETSQUARE,
         chain_to="lamp"),
    Card("Forum", "Forum", 2, Y, coin_cost=3, cost=_cost(C), produces_one_of=(G, P)),
    Card("Caravansery", "Caravansery", 2, Y, coin_cost=2, cost=_cost(G, P), produces_one_of=(W, C, S)),
    Card("CustomsHouse", "Customs House", 2, Y, coin_cost=4, fixed_price=(P, G)),
    Card("Brewery", "Brewery", 2, Y, coins=6, chain_to="barrel"),
    Card("Tribunal", "Tribunal", 2, Bl, cost=_cost(W, W, G), vp=5),
    Card("Statue", "Statue", 2, Bl, cost=_cost(C, C), vp=4, chain_from="mask", chain_to="column"),
    Card("Temple", "Temple", 2, Bl, cost=_cost(W, P), vp=4, chain_from="moon", chain_to="sun"),
    Card("Aqueduct", "Aqueduct", 2, Bl, cost=_cost(S, S, S), vp=5, chain_from="drop"),
    Card("Rostrum", "Rostrum", 2, Bl, cost=_cost(S, W), vp=4, chain_to="senate"),
    # Age III (20)
    Card("Arsenal", "Arsenal", 3, R, cost=_cost(C, C, C, W, W), shields=3),
    Card("Pretorium", "Pretorium", 3, R, coin_cost=8, shields=3),
    Card("Fortifications", "Fortifications", 3, R, cost=_cost(S, S, C, P), shields=2, chain_from="tower"),
    Card("SiegeWorkshop", "Siege Workshop", 3, R, cost=_cost(W, W, W, G), shields=2, chain_from="target"),
    Card("Circus", "Circus", 3, R, cost=_cost(C, C, S, S), shields=2, chain_from="helmet"),
    Card("Academy", "Academy", 3, Gn, cost=_cost(S, W, G, G), vp=3, science=Science.SUNDIAL),
    Card("Study", "Study", 3, Gn, cost=_cost(W, W, G, P), vp=3, science=Science.SUNDIAL),
    Card("University", "University", 3, Gn, cost=_cost(C, G, P), vp=2, science=Science.GLOBE,
         chain_from="harp"),
    Card("Observatory", "Observatory", 3, Gn, cost=_cost(S, P, P), vp=2, science=Science.GLOBE,
         chain_from="lamp"),
    Card("ChamberOfCommerce", "Chamber of Commerce", 3, Y, cost=_cost(P, P), vp=3,
         coins_per=(Gy,), coins_rate=3),
    Card("Port", "Port", 3, Y, cost=_cost(W, G, P), vp=3, coins_per=(B,), coins_rate=2),
    Card("Armory", "Armory", 3, Y, cost=_cost(S, S, G), vp=3, coins_per=(R,), coins_rate=1),
    Card("Lighthouse", "Lighthouse", 3, Y, cost=_cost(C, C, G), vp=3, coins_per=(Y,), coins_rate=1,
         chain_from="jug"),
    Card("Arena", "Arena", 3, Y, cost=_cost(C, S, W), vp=3, coins_per_wonder=2, chain_from="barrel"),
    Card("Palace", "Palace", 3, Bl, cost=_cost(C, S, W, G, G), vp=7),
    Card("TownHall", "Town Hall", 3, Bl, cost=_cost(S, S, S, W, W), vp=7),
    Card("Obelisk", "Obelisk", 3, Bl, cost=_cost(S, S, G), vp=5),
    Card("Gardens", "Gardens", 3, Bl, cost=_cost(C, C, W, W), vp=6, chain_from="column"),
    Card("Pantheon", "Pantheon", 3, Bl, cost=_cost(C, W, P, P), vp=6, chain_from="sun"),
    Card("Senate", "Senate", 3, Bl, cost=_cost(C, C, S, P), vp=5, chain_from="senate"),
    # Guilds (7; three go into Age III)
    Card("MerchantsGuild", "Merchants Guild", 3, Pu, cost=_cost(C, W, G, P), guild="merchants"),
    Card("ShipownersGuild", "Shipowners Guild", 3, Pu, cost=_cost(C, S, G, P), guild="shipowners"),
    Card("BuildersGuild", "Builders Guild", 3, Pu, cost=_cost(S, S, C, W, G), guild="builders"),
    Card("MagistratesGuild", "Magistrates Guild", 3, Pu, cost=_cost(W, W, C, P), guild="magistrates"),
    Card("ScientistsGuild", "Scientists Guild", 3, Pu, cost=_cost(C, C, W, W), guild="scientists"),
    Card("MoneylendersGuild", "Moneylenders Guild", 3, Pu, cost=_cost(S, S, W, W), guild="moneylenders"),
    Card("TacticiansGuild", "Tacticians Guild", 3, Pu, cost=_cost(S, S, C, P), guild="tacticians"),
)

WONDERS: tuple[Wonder, ...] = (
    Wonder("AppianWay", "The Appian Way", _cost(S, S, C, C, P), vp=3, coins=3, opponent_loses=3,
           replay=True),
    Wonder("CircusMaximus", "Circus Maximus", _cost(S, S, W, G), vp=3, shields=1, destroys=Colour.GREY),
    Wonder("Colossus", "The Colossus", _cost(C, C, C, G), vp=3, shields=2),
    Wonder("GreatLibrary", "The Great Library", _cost(W, W, W, G, P), vp=4, special="library"),
    Wonder("GreatLighthouse", "The Great Lighthouse", _cost(W, S, P, P), vp=4, produces_one_of=(W, C, S)),
    Wonder("HangingGardens", "The Hanging Gardens", _cost(W, W, G, P), vp=3, coins=6, replay=True),
    Wonder("Mausoleum", "The Mausoleum", _cost(C, C, G, G, P), vp=2, special="mausoleum"),
    Wonder("Piraeus", "Piraeus", _cost(W, W, S, C), vp=2, produces_one_of=(G, P), replay=True),
    Wonder("Pyramids", "The Pyramids", _cost(S, S, S, P), vp=9),
    Wonder("Sphinx", "The Sphinx", _cost(S, C, G, G), vp=6, replay=True),
    Wonder("StatueOfZeus", "The Statue of Zeus", _cost(S, W, C, P, P), vp=3, shields=1, destroys=Colour.BROWN),
    Wonder("TempleOfArtemis", "The Temple of Artemis", _cost(W, S, G, P), coins=12, replay=True),
)

PROGRESS_TOKENS: tuple[ProgressToken, ...] = (
    ProgressToken("Agriculture", "Agriculture", vp=4, coins=6),
    ProgressToken("Architecture", "Architecture"),
    ProgressToken("Economy", "Economy"),
    ProgressToken("Law", "Law"),
    ProgressToken("Masonry", "Masonry"),
    ProgressToken("Mathematics", "Mathematics"),
    ProgressToken("Philosophy", "Philosophy", vp=7),
    ProgressToken("Strategy", "Strategy"),
    ProgressToken("Theology", "Theology"),
    ProgressToken("Urbanism", "Urbanism", coins=6),
)

# Rules constants (base game rulebook).
START_COINS = 7
# Wonder draft: who picks each of the 8 wonders (0 = the first player). First four: A, B, B, A;
# the next four: B, A, A, B.
DRAFT_ORDER = (0, 1, 1, 0, 1, 0, 0, 1)
TRADE_BASE = 2                 # price = 2 + opponent's brown/grey production of that resource
DISCARD_BASE = 2               # discard: 2 coins + 1 per own yellow card
URBANISM_CHAIN_COINS = 4
MATHEMATICS_VP_PER_TOKEN = 3
BUILDERS_VP_PER_WONDER = 2     # Builders Guild: per wonder in the city with the most wonders
MONEYLENDERS_COINS_PER_VP = 3  # Moneylenders Guild: 1 VP per 3 coins in the richest city
MAX_WONDERS_BUILT = 7
SCIENCE_SUPREMACY = 6
CAPITAL = 9                    # conflict pawn distance that wins by military supremacy
# (first position of the zone, coins the opponent loses) for each side's looting tokens
LOOTING_TOKENS = ((3, 2), (6, 5))
MILITARY_VP = ((1, 2), (3, 5), (6, 10))   # (first position of the zone, VP)
CARDS_REMOVED_PER_AGE = 3
GUILDS_IN_AGE_III = 3
BOARD_TOKENS = 5
LIBRARY_DRAW = 3

# Card structures: row sizes top to bottom, which rows are face up, and each row's card
# positions in half-card units (a card at x is covered by the cards at x-1 and x+1 of the
# row below it).
def _centred(n: int) -> tuple[int, ...]:
    return tuple(2 * i - (n - 1) for i in range(n))


@dataclass(frozen=True)
class Structure:
    age: int
    rows: tuple[tuple[int, ...], ...]
    face_up: tuple[bool, ...]

    @property
    def size(self) -> int:
        return sum(len(r) for r in self.rows)


STRUCTURES: tuple[Structure, ...] = (
    Structure(1, tuple(_centred(n) for n in (2, 3, 4, 5, 6)), (True, False, True, False, True)),
    Structure(2, tuple(_centred(n) for n in (6, 5, 4, 3, 2)), (True, False, True, False, True)),
    Structure(3, (_centred(2), _centred(3), _centred(4), (-2, 2), _centred(4), _centred(3), _centred(2)),
              (True, False, True, False, True, False, True)),
)


# ----------------------------------------------------------------------------- Agora
# Facts from the Agora rulebook (/work/shared/rules/7wonders-duel-agora.de.txt, .fr.txt) and the
# open Board Game Arena implementation (koenheltzel/bga-sevenwondersduel, material and senate
# code); what the rulebook shows only in pictures (chamber points, layouts, wonder costs, card
# symbols) is also checked against three projects written from the physical game. Sources and
# their disagreements: tests/test_duel_engine_data.py.
SENATORS: tuple[Card, ...] = tuple(
    [Card(f"PoliticianL{i}", "Politician (left)", 0, Colour.SENATOR, senator="politician", section=1)
     for i in (1, 2)]
    + [Card(f"PoliticianC{i}", "Politician (centre)", 0, Colour.SENATOR, senator="politician", section=2)
       for i in (1, 2, 3)]
    + [Card(f"PoliticianR{i}", "Politician (right)", 0, Colour.SENATOR, senator="politician", section=3)
       for i in (1, 2)]
    + [Card(f"Conspirator{i}", "Conspirator", 0, Colour.SENATOR, senator="conspirator") for i in range(1, 7)])

AGORA_WONDERS: tuple[Wonder, ...] = (
    # selected: conspire; built: trigger an unprepared conspiracy (optional), 6 coins, replay
    Wonder("CuriaJulia", "Curia Julia", _cost(P, G, C, W, S), coins=6, replay=True, special="curia",
           agora=True),
    # selected: place 1 influence; built: place 1 influence, may move 1, 3 VP
    Wonder("Knossos", "Knossos", _cost(G, G, C, W, S), vp=3, special="knossos", agora=True),
)

AGORA_TOKENS: tuple[ProgressToken, ...] = (
    ProgressToken("Corruption", "Corruption", agora=True),          # senators are recruited for free
    ProgressToken("OrganizedCrime", "Organized Crime", agora=True),  # conspiring keeps both cards
)


@dataclass(frozen=True)
class Conspiracy:
    code: str
    name: str
    then_move: bool = False      # the card also shows "you may move 1 influence cube"


CONSPIRACIES: tuple[Conspiracy, ...] = (
    Conspiracy("Extortion", "Extortion", then_move=True),          # take an unbuilt wonder of the opponent
    Conspiracy("Blackmail", "Blackmail", then_move=True),          # take half the opponent's coins, rounded up
    Conspiracy("Expropriation", "Expropriation", then_move=True),  # discard an opponent's blue card
    Conspiracy("Swindle", "Swindle", then_move=True),              # discard an opponent's yellow card
    Conspiracy("Obscurantism", "Obscurantism"),                    # lock a progress token for the game
    Conspiracy("Coup", "Coup"),                                    # 2 shields
    Conspiracy("PropertyFraud", "Property Fraud"),                 # build a last-row card for free
    Conspiracy("Treason", "Treason"),                              # build a removed card for free
    Conspiracy("PoliticalManeuver", "Political Maneuver", then_move=True),  # place, remove opponent's
    Conspiracy("Espionage", "Espionage"),                          # take a progress token from the box
    Conspiracy("TurnOfEvents", "Turn of Events", then_move=True),  # discard 1 (or 2) accessible cards
    Conspiracy("Embezzlement", "Embezzlement"),                    # +own cubes coins, opponent -their cubes
    Conspiracy("Foreclosure", "Foreclosure"),                      # take an opponent's brown or grey card
    Conspiracy("Coercion", "Coercion", then_move=True),            # swap a blue or green card
    Conspiracy("InsiderInfluence", "Insider Influence", then_move=True),  # move a decree
    Conspiracy("Sabotage", "Sabotage"),                            # return an opponent's built wonder
)


@dataclass(frozen=True)
class Decree:
    code: str
    name: str
    colour: Colour | None = None   # the colour it concerns, if any


DECREES: tuple[Decree, ...] = (
    Decree("BlueCoins", "coins when a blue card is built", Colour.BLUE),
    Decree("GreenCoins", "coins when a green card is built", Colour.GREEN),
    Decree("YellowCoins", "coins when a yellow card is built", Colour.YELLOW),
    Decree("RedCoins", "coins when a red card is built", Colour.RED),
    Decree("YellowDiscount", "ignore 1 cost symbol of yellow cards", Colour.YELLOW),
    Decree("RedDiscount", "ignore 1 cost symbol of red cards", Colour.RED),
    Decree("GreenDiscount", "ignore 1 cost symbol of green cards", Colour.GREEN),
    Decree("WonderDiscount", "wonders cost 1 resource less"),
    Decree("Shield", "1 shield while controlled"),
    Decree("RawTrade", "buy raw materials 1 coin cheaper (at least 1)"),
    Decree("GoodsTrade", "buy manufactured goods 1 coin cheaper (at least 1)"),
    Decree("SenateActions", "2 more blue cards when counting senate actions"),
    Decree("DiscardCoins", "2 more coins when discarding"),
    Decree("WonderCoins", "coins when a wonder is built"),
    Decree("OpponentChains", "use the opponent's chain symbols"),
    Decree("ConspiratorReplay", "play again after recruiting a conspirator"),
)

CHAMBERS = 6
CHAMBER_VP = (1, 2, 3, 3, 2, 1)            # chambers 1..6, left to right
SECTIONS = ((1, 2), (3, 4), (5, 6))        # left, centre, right
INFLUENCE_CUBES = 12
SENATORS_PER_AGE = (5, 5, 3)
DECREES_IN_PLAY = 6
SENATE_ACTIONS = ((0, 1), (2, 2), (4, 3))  # (blue cards from, senate actions)

AGORA_STRUCTURES: tuple[Structure, ...] = (
    Structure(1, tuple(_centred(n) for n in (3, 4, 5, 6, 7)), (True, False, True, False, True)),
    Structure(2, tuple(_centred(n) for n in (7, 6, 5, 4, 3)), (True, False, True, False, True)),
    Structure(3, tuple(_centred(n) for n in (2, 3, 4, 5, 4, 3, 2)),
              (True, False, True, False, True, False, True)),
)
