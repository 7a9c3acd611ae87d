"""The 7 Wonders Duel score pad as a `PadDescription`: civilian, science, commercial, guilds,
wonders, progress, coins, military (and the senate with Agora), in the pad's colours."""
from __future__ import annotations

from tourney.games.duel.standings import DuelStanding, DuelStandings
from tourney.export import decimal, fixed
from tourney.pdf.game import GamePrint, StandingsTable
from tourney.pdf.pads import PadCategory, PadDescription
from tourney.pdf.tables import Column
from tourney.pdf.words import words
from tourney.store import Event

#: (sheet column, colour) in the order of the printed pad; the keys are the import columns.
ROWS: tuple[tuple[str, str], ...] = (
    ("blue", "#1E5AA8"), ("green", "#2E7D32"), ("yellow", "#F2C500"), ("purple", "#6A3D9A"),
    ("wonders", "#8D7B68"), ("progress", "#1B9E77"), ("treasury", "#E0A800"), ("military", "#C62828"),
    ("senate", "#5C6B73"),
)
LABELS: dict[str, dict[str, str]] = {
    "en": {"blue": "Civilian", "green": "Science", "yellow": "Commercial", "purple": "Guilds",
           "wonders": "Wonders", "progress": "Progress", "treasury": "Coins ÷ 3", "military": "Military",
           "senate": "Senate (Agora)", "coins": "Coins held"},
    "de": {"blue": "Zivil", "green": "Wissenschaft", "yellow": "Handel", "purple": "Gilden",
           "wonders": "Weltwunder", "progress": "Fortschritt", "treasury": "Münzen ÷ 3", "military": "Militär",
           "senate": "Senat (Agora)", "coins": "Münzen am Ende"},
}
VICTORY: dict[str, tuple[str, tuple[str, ...]]] = {
    "en": ("Victory", ("civilian", "military", "science", "political")),
    "de": ("Sieg", ("zivil", "militär", "wissenschaft", "politik")),
}


def duel_pad(lang: str, agora: bool = True) -> PadDescription:
    """The match slip in `lang`; the senate row only with Agora."""
    labels = LABELS[lang]
    outcome, choices = VICTORY[lang]
    return PadDescription(
        game="7 Wonders Duel",
        categories=tuple(PadCategory(key, labels[key], colour) for key, colour in ROWS
                         if agora or key != "senate"),
        total={"en": "Total", "de": "Summe"}[lang],
        extra=(PadCategory("coins", labels["coins"], "#BDBDBD"),),
        outcome=outcome, outcome_choices=choices if agora else choices[:3])


def no_notes(event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
    return ()


#: Ratios print with 4 decimals, other values with up to 2.
RATIOS = {"omw", "civ_ratio"}
BASE = ("match_points", "wins", "losses", "draws")
WORDS_DE: dict[str, tuple[str, str]] = {
    "match_points": ("MP", "Matchpunkte (Sieg 1, Unentschieden 1/2, Niederlage 0)"),
    "wins": ("S", "gewonnene Partien (ohne Freilose)"), "losses": ("N", "verlorene Partien"),
    "draws": ("U", "Unentschieden (geteilter ziviler Sieg)"),
    "buchholz": ("Buch", "Buchholz: Summe der Matchpunkte der Gegner"),
    "omw": ("OMW%", "Gegner-Siegquote: Matchpunkte der Gegner je Runde, jeweils mindestens 1/3"),
    "sb": ("SB", "Sonneborn-Berger: Matchpunkte der Gegner, gewichtet mit dem Ergebnis gegen sie"),
    "supremacy": ("Vor", "Siege durch militärische, wissenschaftliche oder politische Vorherrschaft"),
    "civ_ratio": ("Ziv%", "ziviler Anteil: eigene SP / SP beider Spieler in Partien mit zivilem Sieg"),
    "vp": ("SP", "Summe der Siegpunkte"), "lot": ("Los", "gezogenes Los (1 = bestes)"),
    "cut": ("Cut", "Platz im Finale (Top-Cut)"), "games": ("Sp.", "Partien (Freilose mitgezählt)"),
}
WORDS_EN: dict[str, tuple[str, str]] = {
    "wins": ("W", "matches won (byes not counted)"), "losses": ("L", "matches lost"),
    "draws": ("D", "draws (shared civilian victory)"), "cut": ("Cut", "place in the top cut"),
    "games": ("Games", "matches played, byes included"),
}


def standings_table(st: DuelStandings, lang: str) -> StandingsTable:
    """Rank, player, match points, wins, losses, draws, the scheme's tiebreaks and the cut."""
    w = words(lang)
    table = WORDS_DE if lang == "de" else WORDS_EN
    chain = {t.key: (t.abbr, t.name) for t in st.tiebreaks}
    keys = ["match_points", "wins", "losses", "draws"] + [t.key for t in st.tiebreaks[1:] if t.key not in BASE]
    has_cut = any(r.cut is not None for r in st.rows)
    keys += ["games"] + (["cut"] if has_cut else [])
    heads = [table.get(k) or chain[k] for k in keys]

    def show(row: DuelStanding, key: str) -> str:
        if key == "cut":
            return "" if row.cut is None else str(row.cut)
        if key == "games":
            return str(row.games)
        value = getattr(row, key) if key in BASE else row.value(key)
        return fixed(value, 4) if key in RATIOS else str(decimal(value, 2))

    columns = (Column("#", 0.6), Column(w["player"], 4.2, "left", bold=True), *[Column(h[0], 1.1) for h in heads])
    rows = tuple((str(r.rank), r.player + (f" ({w['dropped']})" if r.dropped_after is not None else ""),
                  *[show(r, k) for k in keys]) for r in st.rows)
    return StandingsTable(columns, rows, tuple(heads),
                          frozenset(i for i, r in enumerate(st.rows) if r.dropped_after is not None),
                          max((m.round for m in st.matches), default=0))


PRINT = GamePrint(pad=duel_pad, match_slips=True, notes=no_notes, detail="opponent", standings=standings_table)
