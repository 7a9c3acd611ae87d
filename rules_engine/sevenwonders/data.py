"""7 Wonders (1st edition, 2010) card and wonder-board data: the one place for these facts.

Plain frozen values only; the sources each fact was checked against, and where they
disagree, are listed in ``tests/test_sevenwonders_data.py``. Tournament clarifications of
Bonn 2018 that change a card's reading are applied here and marked ``# Bonn 2018``.

Directions: seats are numbered clockwise. ``LEFT`` is the next seat clockwise (seat + 1,
the player Age I and III cards are passed to), ``RIGHT`` the previous one (seat - 1).
The West Trading Post trades with ``LEFT``, the East Trading Post with ``RIGHT``.

Not mixed in: the 2nd edition (2020), which changed cards, counts and boards; its
differences are written down in the data tests, never here.
"""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6, 7)
AGES: tuple[int, ...] = (1, 2, 3)
#: Victory points for a military win at the end of Age I, II, III; a loss is always -1.
MILITARY_WIN: dict[int, int] = {1: 1, 2: 3, 3: 5}
MILITARY_LOSS = -1
#: Cards each player is dealt per age; six are played, the seventh is discarded.
HAND_SIZE = 7
GUILDS_EXTRA = 2  # guilds in play = players + 2
START_COINS = 3
DISCARD_COINS = 3
TRADE_PRICE = 2


class Resource(enum.Enum):
    WOOD = "wood"
    STONE = "stone"
    CLAY = "clay"
    ORE = "ore"
    GLASS = "glass"
    LOOM = "loom"  # textile / cloth
    PAPYRUS = "papyrus"

    @property
    def is_raw(self) -> bool:
        return self in RAW

    @property
    def is_manufactured(self) -> bool:
        return self in MANUFACTURED


W, S, C, O = Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE
G, L, P = Resource.GLASS, Resource.LOOM, Resource.PAPYRUS
RAW: frozenset[Resource] = frozenset({W, S, C, O})
MANUFACTURED: frozenset[Resource] = frozenset({G, L, P})


class Colour(enum.Enum):
    BROWN = "brown"    # raw materials
    GREY = "grey"      # manufactured goods
    BLUE = "blue"      # civilian structures
    YELLOW = "yellow"  # commercial structures
    RED = "red"        # military structures
    GREEN = "green"    # scientific structures
    PURPLE = "purple"  # guilds


class Science(enum.Enum):
    COMPASS = "compass"
    GEAR = "gear"
    TABLET = "tablet"


class Whose(enum.Enum):
    """Whose city an effect looks at, or which neighbour a trade discount applies to."""

    SELF = "self"
    LEFT = "left"
    RIGHT = "right"


NEIGHBOURS: frozenset[Whose] = frozenset({Whose.LEFT, Whose.RIGHT})
SELF_AND_NEIGHBOURS: frozenset[Whose] = frozenset({Whose.SELF, Whose.LEFT, Whose.RIGHT})
ONLY_SELF: frozenset[Whose] = frozenset({Whose.SELF})
#: Hands pass to the left (clockwise, seat + 1) in Ages I and III, to the right in Age II.
PASS_TO: dict[int, Whose] = {1: Whose.LEFT, 2: Whose.RIGHT, 3: Whose.LEFT}


class Counted(enum.Enum):
    """What a per-unit effect (commercial card, guild) counts."""

    CARDS = "cards"                  # cards of the given colours
    WONDER_STAGES = "wonder stages"  # built stages
    DEFEATS = "defeat tokens"        # -1 military tokens


class Action(enum.Enum):
    """Board powers that change what a player may do, not what they own."""

    PLAY_LAST_CARD = "play the seventh card of each age"             # Babylon B
    BUILD_FROM_DISCARD = "build a discarded card for free"           # Halikarnassos
    FREE_BUILD_PER_AGE = "build one card per age for free"           # Olympia A
    COPY_GUILD = "copy a neighbour's guild at the end of the game"   # Olympia B


@dataclass(frozen=True)
class Cost:
    """What building a card or stage takes: coins paid to the bank and resource units."""

    coins: int = 0
    resources: tuple[Resource, ...] = ()

    def units(self) -> Counter[Resource]:
        return Counter(self.resources)

    @property
    def is_free(self) -> bool:
        return not self.coins and not self.resources


def cost(spec: str = "", coins: int = 0) -> Cost:
    """A cost from letters: W S C O (raw), G L P (glass, loom, papyrus); e.g. ``"SSO"``."""
    letters = {"W": W, "S": S, "C": C, "O": O, "G": G, "L": L, "P": P}
    return Cost(coins, tuple(letters[ch] for ch in spec))


# --- effects -------------------------------------------------------------------------

@dataclass(frozen=True)
class Produce:
    """Each turn, `amount` units of one of `options` (one option: a plain resource).

    `tradable` is False for the yellow cards and Alexandria's stages: neighbours cannot
    buy those units. A board's printed resource is tradable (Bonn 2018 clarification).
    """

    options: tuple[Resource, ...]
    amount: int = 1
    tradable: bool = True

    @property
    def is_choice(self) -> bool:
        return len(self.options) > 1


@dataclass(frozen=True)
class Shields:
    count: int


@dataclass(frozen=True)
class Points:
    """Victory points counted at the end of the game (in the category of the source)."""

    count: int


@dataclass(frozen=True)
class Coins:
    """Coins taken from the bank once, when the card or stage is built."""

    count: int


@dataclass(frozen=True)
class TradeDiscount:
    """Buy `resources` from the given neighbours for `price` coins per unit (no stacking)."""

    resources: frozenset[Resource]
    neighbours: frozenset[Whose]
    price: int = 1


@dataclass(frozen=True)
class ScienceSymbol:
    """One science symbol; `symbol` None is a wild symbol chosen at the end of the game."""

    symbol: Science | None

    @property
    def is_wild(self) -> bool:
        return self.symbol is None


@dataclass(frozen=True)
class PerUnit:
    """Coins when built and/or points at the end, per unit of `counted` in `whose` cities.

    Coins count at the moment the card is built (the card itself included when it
    matches, e.g. the Lighthouse); points count at the end of the game.
    """

    counted: Counted
    whose: frozenset[Whose]
    coins: int = 0
    points: int = 0
    colours: frozenset[Colour] = frozenset()


@dataclass(frozen=True)
class Power:
    action: Action


Effect = Produce | Shields | Points | Coins | TradeDiscount | ScienceSymbol | PerUnit | Power


# --- cards ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """One card design of one age. `min_players` has one entry per physical copy, the
    player-count mark printed on it (3+, 4+, ...); guilds have none (players + 2 of the
    ten are drawn). `chains_from`: owning any of these makes this card free to build."""

    name: str
    age: int
    colour: Colour
    cost: Cost
    effects: tuple[Effect, ...]
    min_players: tuple[int, ...] = ()
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = ()

    def copies(self, players: int) -> int:
        """Copies of this card in the age deck for `players` (guilds: 1, if drawn)."""
        if self.colour is Colour.PURPLE:
            return 1
        return sum(1 for m in self.min_players if m <= players)

    @property
    def is_guild(self) -> bool:
        return self.colour is Colour.PURPLE

    @property
    def points(self) -> int:
        """Fixed victory points printed on the card (blue cards), else 0."""
        return sum(e.count for e in self.effects if isinstance(e, Points))

    @property
    def shields(self) -> int:
        return sum(e.count for e in self.effects if isinstance(e, Shields))

    @property
    def science(self) -> ScienceSymbol | None:
        for e in self.effects:
            if isinstance(e, ScienceSymbol):
                return e
        return None


def _card(name: str, age: int, colour: Colour, c: Cost, effects: tuple[Effect, ...] | Effect,
          players: tuple[int, ...], chains_from: tuple[str, ...] = ()) -> Card:
    if not isinstance(effects, tuple):
        effects = (effects,)
    return Card(name, age, colour, c, effects, players, chains_from)


BROWN, GREY, BLUE, YELLOW = Colour.BROWN, Colour.GREY, Colour.BLUE, Colour.YELLOW
RED, GREEN, PURPLE = Colour.RED, Colour.GREEN, Colour.PURPLE
COMPASS, GEAR, TABLET = Science.COMPASS, Science.GEAR, Science.TABLET


def _one(r: Resource, n: int = 1) -> Produce:
    return Produce((r,), n)


def _either(a: Resource, b: Resource) -> Produce:
    return Produce((a, b))


_AGE_1: tuple[Card, ...] = (
    _card("Lumber Yard", 1, BROWN, cost(), _one(W), (3, 4)),
    _card("Stone Pit", 1, BROWN, cost(), _one(S), (3, 5)),
    _card("Clay Pool", 1, BROWN, cost(), _one(C), (3, 5)),
    _card("Ore Vein", 1, BROWN, cost(), _one(O), (3, 4)),
    _card("Tree Farm", 1, BROWN, cost(coins=1), _either(W, C), (6,)),
    _card("Excavation", 1, BROWN, cost(coins=1), _either(S, C), (4,)),
    _card("Clay Pit", 1, BROWN, cost(coins=1), _either(C, O), (3,)),
    _card("Timber Yard", 1, BROWN, cost(coins=1), _either(S, W), (3,)),
    _card("Forest Cave", 1, BROWN, cost(coins=1), _either(W, O), (5,)),
    _card("Mine", 1, BROWN, cost(coins=1), _either(S, O), (6,)),
    _card("Loom", 1, GREY, cost(), _one(L), (3, 6)),
    _card("Glassworks", 1, GREY, cost(), _one(G), (3, 6)),
    _card("Press", 1, GREY, cost(), _one(P), (3, 6)),
    _card("Pawnshop", 1, BLUE, cost(), Points(3), (4, 7)),
    _card("Baths", 1, BLUE, cost("S"), Points(3), (3, 7)),
    _card("Altar", 1, BLUE, cost(), Points(2), (3, 5)),
    _card("Theater", 1, BLUE, cost(), Points(2), (3, 6)),
    _card("Tavern", 1, YELLOW, cost(), Coins(5), (4, 5, 7)),
    _card("East Trading Post", 1, YELLOW, cost(), TradeDiscount(RAW, frozenset({Whose.RIGHT})), (3, 7)),
    _card("West Trading Post", 1, YELLOW, cost(), TradeDiscount(RAW, frozenset({Whose.LEFT})), (3, 7)),
    _card("Marketplace", 1, YELLOW, cost(), TradeDiscount(MANUFACTURED, NEIGHBOURS), (3, 6)),
    _card("Stockade", 1, RED, cost("W"), Shields(1), (3, 7)),
    _card("Barracks", 1, RED, cost("O"), Shields(1), (3, 5)),
    _card("Guard Tower", 1, RED, cost("C"), Shields(1), (3, 4)),
    _card("Apothecary", 1, GREEN, cost("L"), ScienceSymbol(COMPASS), (3, 5)),
    _card("Workshop", 1, GREEN, cost("G"), ScienceSymbol(GEAR), (3, 7)),
    _card("Scriptorium", 1, GREEN, cost("P"), ScienceSymbol(TABLET), (3, 4)),
)

_AGE_2: tuple[Card, ...] = (
    _card("Sawmill", 2, BROWN, cost(coins=1), _one(W, 2), (3, 4)),
    _card("Quarry", 2, BROWN, cost(coins=1), _one(S, 2), (3, 4)),
    _card("Brickyard", 2, BROWN, cost(coins=1), _one(C, 2), (3, 4)),
    _card("Foundry", 2, BROWN, cost(coins=1), _one(O, 2), (3, 4)),
    _card("Loom", 2, GREY, cost(), _one(L), (3, 5)),
    _card("Glassworks", 2, GREY, cost(), _one(G), (3, 5)),
    _card("Press", 2, GREY, cost(), _one(P), (3, 5)),
    _card("Aqueduct", 2, BLUE, cost("SSS"), Points(5), (3, 7), ("Baths",)),
    _card("Temple", 2, BLUE, cost("WCG"), Points(3), (3, 6), ("Altar",)),
    _card("Statue", 2, BLUE, cost("OOW"), Points(4), (3, 7), ("Theater",)),
    _card("Courthouse", 2, BLUE, cost("CCL"), Points(4), (3, 5), ("Scriptorium",)),
    _card("Forum", 2, YELLOW, cost("CC"), Produce((G, L, P), tradable=False), (3, 6, 7),
          ("East Trading Post", "West Trading Post")),
    _card("Caravansery", 2, YELLOW, cost("WW"), Produce((W, S, C, O), tradable=False), (3, 5, 6),
          ("Marketplace",)),
    _card("Vineyard", 2, YELLOW, cost(),
          PerUnit(Counted.CARDS, SELF_AND_NEIGHBOURS, coins=1, colours=frozenset({BROWN})), (3, 6)),
    _card("Bazar", 2, YELLOW, cost(),
          PerUnit(Counted.CARDS, SELF_AND_NEIGHBOURS, coins=2, colours=frozenset({GREY})), (4, 7)),
    _card("Walls", 2, RED, cost("SSS"), Shields(2), (3, 7)),
    _card("Training Ground", 2, RED, cost("OOW"), Shields(2), (4, 6, 7)),
    _card("Stables", 2, RED, cost("CWO"), Shields(2), (3, 5), ("Apothecary",)),
    _card("Archery Range", 2, RED, cost("WWO"), Shields(2), (3, 6), ("Workshop",)),
    _card("Dispensary", 2, GREEN, cost("OOG"), ScienceSymbol(COMPASS), (3, 4), ("Apothecary",)),
    _card("Laboratory", 2, GREEN, cost("CCP"), ScienceSymbol(GEAR), (3, 5), ("Workshop",)),
    _card("Library", 2, GREEN, cost("SSL"), ScienceSymbol(TABLET), (3, 6), ("Scriptorium",)),
    _card("School", 2, GREEN, cost("WP"), ScienceSymbol(TABLET), (3, 7)),
)

_AGE_3: tuple[Card, ...] = (
    _card("Pantheon", 3, BLUE, cost("CCOGPL"), Points(7), (3, 6), ("Temple",)),
    _card("Gardens", 3, BLUE, cost("CCW"), Points(5), (3, 4), ("Statue",)),
    _card("Town Hall", 3, BLUE, cost("SSOG"), Points(6), (3, 5, 6)),
    _card("Palace", 3, BLUE, cost("WSOCGPL"), Points(8), (3, 7)),
    _card("Senate", 3, BLUE, cost("WWSO"), Points(6), (3, 5), ("Library",)),
    _card("Haven", 3, YELLOW, cost("WOL"),
          PerUnit(Counted.CARDS, ONLY_SELF, coins=1, points=1, colours=frozenset({BROWN})), (3, 4),
          ("Forum",)),
    # Bonn 2018: the Lighthouse counts itself (it is yellow and in the city when counted).
    _card("Lighthouse", 3, YELLOW, cost("SG"),
          PerUnit(Counted.CARDS, ONLY_SELF, coins=1, points=1, colours=frozenset({YELLOW})), (3, 6),
          ("Caravansery",)),
    # Bonn 2018: 2 coins / 2 VP per grey card (the German rulebook, p. 12, misprints it).
    _card("Chamber of Commerce", 3, YELLOW, cost("CCP"),
          PerUnit(Counted.CARDS, ONLY_SELF, coins=2, points=2, colours=frozenset({GREY})), (4, 6)),
    _card("Arena", 3, YELLOW, cost("SSO"),
          PerUnit(Counted.WONDER_STAGES, ONLY_SELF, coins=3, points=1), (3, 5, 7), ("Dispensary",)),
    _card("Fortifications", 3, RED, cost("OOOS"), Shields(3), (3, 7), ("Walls",)),
    _card("Circus", 3, RED, cost("SSSO"), Shields(3), (4, 5, 6), ("Training Ground",)),
    _card("Arsenal", 3, RED, cost("WWOL"), Shields(3), (3, 4, 7)),
    _card("Siege Workshop", 3, RED, cost("CCCW"), Shields(3), (3, 5), ("Laboratory",)),
    _card("Lodge", 3, GREEN, cost("CCLP"), ScienceSymbol(COMPASS), (3, 6), ("Dispensary",)),
    _card("Observatory", 3, GREEN, cost("OOGL"), ScienceSymbol(GEAR), (3, 7), ("Laboratory",)),
    _card("University", 3, GREEN, cost("WWGP"), ScienceSymbol(TABLET), (3, 4), ("Library",)),
    _card("Academy", 3, GREEN, cost("SSSG"), ScienceSymbol(COMPASS), (3, 7), ("School",)),
    _card("Study", 3, GREEN, cost("WPL"), ScienceSymbol(GEAR), (3, 5), ("School",)),
)


def _guild(name: str, c: str, effect: Effect) -> Card:
    return Card(name, 3, PURPLE, cost(c), (effect,))


def _per(counted: Counted, whose: frozenset[Whose], points: int, *colours: Colour) -> PerUnit:
    return PerUnit(counted, whose, points=points, colours=frozenset(colours))


GUILDS: tuple[Card, ...] = (
    _guild("Workers Guild", "OOCSW", _per(Counted.CARDS, NEIGHBOURS, 1, BROWN)),
    # Bonn 2018: 2 VP per grey card (German rulebook misprint, "Gilde der Künstler").
    _guild("Craftsmens Guild", "OOSS", _per(Counted.CARDS, NEIGHBOURS, 2, GREY)),
    _guild("Traders Guild", "GLP", _per(Counted.CARDS, NEIGHBOURS, 1, YELLOW)),
    _guild("Philosophers Guild", "CCCLP", _per(Counted.CARDS, NEIGHBOURS, 1, GREEN)),
    _guild("Spies Guild", "CCCG", _per(Counted.CARDS, NEIGHBOURS, 1, RED)),
    _guild("Strategists Guild", "OOSL", _per(Counted.DEFEATS, NEIGHBOURS, 1)),
    # Bonn 2018: a guild copied by Olympia B is not a purple card here.
    _guild("Shipowners Guild", "WWWGP", _per(Counted.CARDS, ONLY_SELF, 1, BROWN, GREY, PURPLE)),
    _guild("Scientists Guild", "WWOOP", ScienceSymbol(None)),
    _guild("Magistrates Guild", "WWWSL", _per(Counted.CARDS, NEIGHBOURS, 1, BLUE)),
    _guild("Builders Guild", "SSCCG", _per(Counted.WONDER_STAGES, SELF_AND_NEIGHBOURS, 1)),
)


def _link(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Fill `chains_to` from `chains_from`, so both directions are one fact."""
    targets: dict[str, list[str]] = {}
    for c in cards:
        for parent in c.chains_from:
            targets.setdefault(parent, []).append(c.name)
    out = []
    for c in cards:
        to = tuple(sorted(targets.get(c.name, ())))
        out.append(Card(c.name, c.age, c.colour, c.cost, c.effects, c.min_players, c.chains_from, to))
    return tuple(out)


#: Every card design (Age I, II, III, then the ten guilds). Grey cards of Age I and II
#: share names: they are the same building, and a city may hold only one of each name.
CARDS: tuple[Card, ...] = _link(_AGE_1 + _AGE_2 + _AGE_3) + GUILDS
GUILD_NAMES: tuple[str, ...] = tuple(g.name for g in GUILDS)
#: The guilds' names on the German 1st-edition cards, for German score sheets (sources in
#: tests/test_sevenwonders_data.py; the 2nd edition renamed two of them).
GUILD_NAMES_DE: dict[str, str] = {
    "Workers Guild": "Gilde der Arbeiter", "Craftsmens Guild": "Gilde der Künstler",
    "Traders Guild": "Gilde der Händler", "Philosophers Guild": "Gilde der Philosophen",
    "Spies Guild": "Gilde der Spione", "Strategists Guild": "Gilde der Strategen",
    "Shipowners Guild": "Gilde der Reeder", "Scientists Guild": "Gilde der Wissenschaftler",
    "Magistrates Guild": "Gilde der Beamten", "Builders Guild": "Gilde der Baumeister",
}
#: The guilds' names on the French cards (Repos Production), for French score sheets.
GUILD_NAMES_FR: dict[str, str] = {
    "Workers Guild": "Guilde des travailleurs", "Craftsmens Guild": "Guilde des artisans",
    "Traders Guild": "Guilde des commerçants", "Philosophers Guild": "Guilde des philosophes",
    "Spies Guild": "Guilde des espions", "Strategists Guild": "Guilde des stratèges",
    "Shipowners Guild": "Guilde des armateurs", "Scientists Guild": "Guilde des scientifiques",
    "Magistrates Guild": "Guilde des magistrats", "Builders Guild": "Guilde des bâtisseurs",
}
#: The wonders' names on the French boards (Repos Production: "Le Colosse de Rhodes", "Les
#: Pyramides de Gizeh", ...) and, where it differs from the English edition's, on the German
#: ones (Asmodee/Repos: "Die Pyramiden von Gizeh"); every one is an accepted spelling
#: (`WONDER_ALIASES`), so a sheet printed with them imports.
WONDER_NAMES_BY_LANG: dict[str, dict[str, str]] = {
    "fr": {"Alexandria": "Alexandrie", "Babylon": "Babylone", "Ephesos": "Éphèse", "Gizah": "Gizeh",
           "Halikarnassos": "Halicarnasse", "Olympia": "Olympie", "Rhodos": "Rhodes"},
    "de": {"Gizah": "Gizeh"},
}
#: The guilds' printed names by language (English: the names themselves).
GUILD_NAMES_BY_LANG: dict[str, dict[str, str]] = {"de": GUILD_NAMES_DE, "fr": GUILD_NAMES_FR}


def age_cards(age: int) -> tuple[Card, ...]:
    """The non-guild card designs of one age."""
    return tuple(c for c in CARDS if c.age == age and not c.is_guild)


def deck_size(age: int, players: int) -> int:
    """Cards in the age deck for `players`, guilds (players + 2) included in Age III."""
    n = sum(c.copies(players) for c in age_cards(age))
    return n + (players + GUILDS_EXTRA if age == 3 else 0)


def card(name: str, age: int | None = None) -> Card:
    """The card called `name` (case-insensitive); `age` picks between same-named greys."""
    key = name.strip().casefold()
    for c in CARDS:
        if c.name.casefold() == key and (age is None or c.age == age):
            return c
    raise KeyError(f"unknown 7 wonders card {name!r}" + (f" in age {age}" if age else ""))


def copies_by_name(players: int) -> dict[str, int]:
    """Copies of each building name in all three decks for `players` (guilds excluded)."""
    out: dict[str, int] = {}
    for c in CARDS:
        if not c.is_guild:
            out[c.name] = out.get(c.name, 0) + c.copies(players)
    return out


def names_of(colour: Colour, players: int) -> tuple[str, ...]:
    """Distinct building names of a colour present at `players` (a city holds each once)."""
    seen: dict[str, None] = {}
    for c in CARDS:
        if c.colour is colour and not c.is_guild and c.copies(players):
            seen[c.name] = None
    return tuple(seen)


# --- wonder boards -------------------------------------------------------------------

@dataclass(frozen=True)
class Stage:
    cost: Cost
    effects: tuple[Effect, ...]

    @property
    def points(self) -> int:
        return sum(e.count for e in self.effects if isinstance(e, Points))


@dataclass(frozen=True)
class Board:
    """One side of a wonder board: its printed resource and its stages, built in order."""

    name: str
    side: str
    resource: Resource
    stages: tuple[Stage, ...]

    def stage_points(self) -> tuple[int, ...]:
        """Victory points with 0, 1, ... all stages built (cumulative)."""
        out, total = [0], 0
        for s in self.stages:
            total += s.points
            out.append(total)
        return tuple(out)

    def wild_science(self) -> int:
        return sum(1 for s in self.stages for e in s.effects
                   if isinstance(e, ScienceSymbol) and e.is_wild)

    def has_power(self, action: Action) -> bool:
        return any(isinstance(e, Power) and e.action is action for s in self.stages for e in s.effects)


def _stage(c: str, *effects: Effect) -> Stage:
    return Stage(cost(c), effects)


_ANY_RAW_PRIVATE = Produce((W, S, C, O), tradable=False)
_ANY_MANUFACTURED_PRIVATE = Produce((G, L, P), tradable=False)

BOARDS: tuple[Board, ...] = (
    Board("Alexandria", "A", G, (
        _stage("SS", Points(3)), _stage("OO", _ANY_RAW_PRIVATE), _stage("GG", Points(7)))),
    Board("Alexandria", "B", G, (
        _stage("CC", _ANY_RAW_PRIVATE), _stage("WW", _ANY_MANUFACTURED_PRIVATE), _stage("SSS", Points(7)))),
    Board("Babylon", "A", C, (
        _stage("CC", Points(3)), _stage("WWW", ScienceSymbol(None)), _stage("CCCC", Points(7)))),
    Board("Babylon", "B", C, (
        _stage("CL", Points(3)), _stage("GWW", Power(Action.PLAY_LAST_CARD)),
        _stage("CCCP", ScienceSymbol(None)))),
    Board("Ephesos", "A", P, (
        _stage("SS", Points(3)), _stage("WW", Coins(9)), _stage("PP", Points(7)))),
    Board("Ephesos", "B", P, (
        _stage("SS", Points(2), Coins(4)), _stage("WW", Points(3), Coins(4)),
        _stage("PLG", Points(5), Coins(4)))),
    Board("Gizah", "A", S, (
        _stage("SS", Points(3)), _stage("WWW", Points(5)), _stage("SSSS", Points(7)))),
    Board("Gizah", "B", S, (
        _stage("WW", Points(3)), _stage("SSS", Points(5)), _stage("CCC", Points(5)),
        _stage("SSSSP", Points(7)))),
    Board("Halikarnassos", "A", L, (
        _stage("CC", Points(3)), _stage("OOO", Power(Action.BUILD_FROM_DISCARD)), _stage("LL", Points(7)))),
    Board("Halikarnassos", "B", L, (
        _stage("OO", Points(2), Power(Action.BUILD_FROM_DISCARD)),
        _stage("CCC", Points(1), Power(Action.BUILD_FROM_DISCARD)),
        _stage("GPL", Power(Action.BUILD_FROM_DISCARD)))),
    Board("Olympia", "A", W, (
        _stage("WW", Points(3)), _stage("SS", Power(Action.FREE_BUILD_PER_AGE)), _stage("OO", Points(7)))),
    Board("Olympia", "B", W, (
        _stage("WW", TradeDiscount(RAW, NEIGHBOURS)), _stage("SS", Points(5)),
        _stage("OOL", Power(Action.COPY_GUILD)))),
    Board("Rhodos", "A", O, (
        _stage("WW", Points(3)), _stage("CCC", Shields(2)), _stage("OOOO", Points(7)))),
    Board("Rhodos", "B", O, (
        _stage("SSS", Shields(1), Points(3), Coins(3)), _stage("OOOO", Shields(1), Points(4), Coins(4)))),
)

WONDERS: tuple[str, ...] = tuple(dict.fromkeys(b.name for b in BOARDS))
SIDES: tuple[str, ...] = ("A", "B")

#: Other spellings accepted on sheets (English, German, French and Greek forms).
WONDER_ALIASES: dict[str, str] = {
    "alexandria": "Alexandria", "alexandrie": "Alexandria", "the lighthouse of alexandria": "Alexandria",
    "babylon": "Babylon", "babylone": "Babylon", "the hanging gardens of babylon": "Babylon",
    "ephesos": "Ephesos", "ephesus": "Ephesos", "éphèse": "Ephesos", "ephese": "Ephesos",
    "the temple of artemis in ephesus": "Ephesos",
    "gizah": "Gizah", "giza": "Gizah", "gizeh": "Gizah", "the pyramids of giza": "Gizah",
    "halikarnassos": "Halikarnassos", "halicarnassus": "Halikarnassos", "halikarnassus": "Halikarnassos",
    "halicarnasse": "Halikarnassos", "the mausoleum of halicarnassus": "Halikarnassos",
    "olympia": "Olympia", "olympie": "Olympia", "the statue of zeus in olympia": "Olympia",
    "rhodos": "Rhodos", "rhodes": "Rhodos", "the colossus of rhodes": "Rhodos",
}


def wonder_name(name: str) -> str | None:
    """The canonical board name for a spelling on a sheet, or None if unknown."""
    return WONDER_ALIASES.get(name.strip().casefold())


def board(name: str, side: str) -> Board:
    """The board `name` (any accepted spelling), side ``"A"`` or ``"B"``."""
    canon = wonder_name(name)
    s = side.strip().upper()
    for b in BOARDS:
        if b.name == canon and b.side == s:
            return b
    raise KeyError(f"unknown 7 wonders board {name!r} side {side!r}")


def guild_name(name: str) -> str | None:
    """The canonical guild name for a spelling (apostrophes and case ignored), or None."""
    key = name.strip().casefold().replace("'", "").replace("’", "")
    if not key.endswith("guild"):
        key += " guild"
    for g in GUILD_NAMES:
        if g.casefold() == key:
            return g
    return None
