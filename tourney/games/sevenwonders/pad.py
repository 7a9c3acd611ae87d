"""The 7 Wonders score pad as a `PadDescription`: the categories in the order and colours
of the game's own pad (military red, coins yellow, wonders, civilian blue, commercial yellow,
guilds purple, science green), in English and German."""
from __future__ import annotations

from rules_engine.sevenwonders.data import GUILD_NAMES_DE
from tourney.export import decimal, fixed
from tourney.pdf.game import GamePrint, StandingsTable
from tourney.pdf.game import standings_table as handout
from tourney.pdf.pads import PadCategory, PadDescription
from tourney.pdf.words import words
from tourney.games.sevenwonders.standings import SevenWondersStandings
from tourney.store import Event

#: (sheet column, colour) in the order of the printed pad; the keys are the import columns.
ROWS: tuple[tuple[str, str], ...] = (
    ("military", "#C62828"), ("treasury", "#E0A800"), ("wonders", "#8D7B68"), ("civilian", "#1E5AA8"),
    ("commercial", "#F2C500"), ("guilds", "#6A3D9A"), ("science", "#2E7D32"),
)
LABELS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"military": ("Military", "conflict tokens"), "treasury": ("Coins", "coins ÷ 3"),
           "wonders": ("Wonders", "built stages"), "civilian": ("Civilian", "blue cards"),
           "commercial": ("Commercial", "yellow cards"), "guilds": ("Guilds", "purple cards"),
           "science": ("Science", "green cards"), "coins": ("Coins held", "at the end: ties")},
    "de": {"military": ("Militär", "Konfliktmarker"), "treasury": ("Münzen", "Münzen ÷ 3"),
           "wonders": ("Weltwunder", "gebaute Stufen"), "civilian": ("Zivil", "blaue Karten"),
           "commercial": ("Handel", "gelbe Karten"), "guilds": ("Gilden", "lila Karten"),
           "science": ("Wissenschaft", "grüne Karten"), "coins": ("Münzen am Ende", "für Gleichstand")},
}
WORDS = {"en": ("7 Wonders", "Total", "Wonder · side"), "de": ("7 Wonders", "Summe", "Weltwunder · Seite")}


def sevenwonders_pad(lang: str) -> PadDescription:
    """The pad in `lang` ("en" or "de")."""
    labels = LABELS[lang]
    game, total, board = WORDS[lang]
    return PadDescription(
        game=game,
        categories=tuple(PadCategory(key, labels[key][0], colour, labels[key][1]) for key, colour in ROWS),
        total=total,
        extra=(PadCategory("coins", labels["coins"][0], "#BDBDBD", labels["coins"][1]),),
        board=board, board_sides=("A", "B"))


def guild_notes(event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
    """The guilds in play at a table of `players` this round (by printed name), for the pad's header."""
    from tourney.games.sevenwonders.drawstore import round_draws

    draw = round_draws(event).get(round_no)
    if draw is None:
        return ()
    names = ", ".join(GUILD_NAMES_DE.get(g, g) if lang == "de" else g for g in draw.guilds_for(players))
    return (f"{words(lang)['guilds']}: {names}",)


#: German words for the standings columns (the English ones are the tiebreaks' own).
TIEBREAKS_DE: dict[str, tuple[str, str]] = {
    "points": ("Punkte", "Spielpunkte"), "share": ("Anteil", "Summe der relativen Anteile"),
    "vp": ("SP", "Summe der Siegpunkte"), "coins": ("Münzen", "Summe der Münzen"),
    "lot": ("Los", "gezogenes Los (1 = bestes)"),
}


def standings_table(st: SevenWondersStandings, lang: str) -> StandingsTable:
    """Rank, player, game points and every tiebreak of the scheme, then games played."""
    show = {"points": lambda s: str(decimal(s.points, 2)), "share": lambda s: fixed(s.share, 4),
            "vp": lambda s: str(s.vp), "coins": lambda s: str(s.coins), "lot": lambda s: str(s.lot)}
    return handout(st, lang, TIEBREAKS_DE, lambda row, key: show[key](row))


PRINT = GamePrint(pad=sevenwonders_pad, match_slips=False, notes=guild_notes, detail="board",
                  standings=standings_table)
