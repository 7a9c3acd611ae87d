"""One Card Wonder (Einkartenwunder) facts the sheet checks need: table size, the building
rules and the wonder cards as far as public sources give them.

Every fact is checked against the German rulebook (OSTIA 2022, ../shared/rules/one-card-wonder.de.txt)
and a second public source in tests/test_onecardwonder_data.py, which also records what only
one source gives and where the sources disagree. The rulebook's text names only a few wonders
and gives no card's stage count (they are printed on the cards): `Wonder.stages` is None until
someone transcribes the cards, and the checks fall back to the table rules then.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass

#: Players at one table (setup table "Spielerzahl 2 3 4 5 6").
MIN_PLAYERS = 2
MAX_PLAYERS = 6

#: Buildings on one building board ("Gebäude-Tableaus ... mit ... 4 Gebäude-Feldern").
BOARD_BUILDINGS = 4
#: Building tokens a player gets ("Gebt jedem Spieler 4 Gebäude-Spielsteine"), and so the most
#: buildings anyone builds in a game, board and wonder card together ("Du kannst im gesamten
#: Spiel maximal 4 Gebäude bauen").
MAX_BUILDINGS = 4
#: A wonder card shows at least one building ("mindestens ein weiteres Gebäude auf seiner
#: Wunder-Karte").
MIN_CARD_BUILDINGS = 1
#: Wonders have "ungefähr 10 Bauabschnitte"; a count far above that is more likely a typo.
#: Half as much again as the rulebook's figure is a plausibility bound for warnings, not a
#: rule (the boxes' stage markers, 64 to 72 for up to 6 players, point the same way).
TYPICAL_STAGES = 10
PLAUSIBLE_STAGES = TYPICAL_STAGES + TYPICAL_STAGES // 2
#: Stage markers in the German box ("72 Bauabschnitt-Marker"; the English box has 64): every
#: completed stage at a table holds one, and a building beyond the tokens too (Archimedes).
STAGE_MARKERS = 72
#: Difficulty numbers printed on the wonders ("eine Nummer I, II oder III").
DIFFICULTIES = (1, 2, 3)
#: Wonder cards in the German edition ("20 Wunder-Karten"); the English base game has 14.
WONDER_CARDS = 20
#: The leader (Anführer expansion) whose effect builds every remaining board building at once,
#: the one way to own more than 4 buildings (rulebook FAQ, "mehr als 4 Gebäude haben").
ARCHIMEDES = "Archimedes"


@dataclass(frozen=True)
class Wonder:
    """A wonder card. `name_en` is None where no source gives the English name; `difficulty`,
    `stages` and `card_buildings` are None where no source gives them."""

    name_de: str
    name_en: str | None = None
    difficulty: int | None = None
    stages: int | None = None
    card_buildings: int | None = None
    building_names_de: tuple[str, ...] = ()
    place_de: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name_de,) if self.name_en is None else (self.name_de, self.name_en)


#: The wonders the rulebook's text names (setup example, FAQ), with the buildings it names on them:
#: 4 of the box's 20, so a name that isn't here is most likely one of the others.
WONDERS: tuple[Wonder, ...] = (
    Wonder("Khazne al-Firaun", building_names_de=("Beduinen-Zelte", "Oasen"),
           place_de="Arabische Wüste - 8. Jh. v. Chr."),
    Wonder("Leuchtturm Pharos", building_names_de=("Aussichtsplattform",),
           place_de="Alexandria - 280 v. Chr."),
    Wonder("Apollo-Tempel", building_names_de=("Orakel",)),
    Wonder("Zeus-Statue", building_names_de=("Wettkampfstätte",)),
)

#: One building board the rulebook shows in full: its four buildings.
BUILDING_BOARDS: dict[str, tuple[str, ...]] = {
    "Triumph": ("Obelisk", "Schmiede", "Brennofen", "Hippodrom"),
}


def name_key(name: str) -> str:
    """How wonder names are compared: case, accents, spaces and hyphens don't matter
    ("zeus statue" finds "Zeus-Statue")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.casefold() if ch.isalnum())


def near_wonder(name: str, catalogue: tuple[Wonder, ...] = WONDERS) -> Wonder | None:
    """The wonder card whose name `name` looks like a typo of ("Zeus-Statu"), or None."""
    by_key = {name_key(n): w for w in catalogue for n in w.names}
    close = difflib.get_close_matches(name_key(name), list(by_key), n=1, cutoff=0.8)
    return by_key[close[0]] if close else None


def find_wonder(name: str, catalogue: tuple[Wonder, ...] = WONDERS) -> Wonder | None:
    """The wonder card called `name` (German or English name), or None."""
    key = name_key(name)
    for wonder in catalogue:
        if key in {name_key(n) for n in wonder.names}:
            return wonder
    return None
