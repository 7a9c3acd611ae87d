"""The printed words of every PDF document, in English and German (the game's own words —
score categories — live with the game's pad description)."""
from __future__ import annotations

from tourney.errors import UsageError

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round", "table": "Table", "seat": "Seat", "player": "Player", "players": "players",
        "start": "starts", "starts": "Starts", "side": "Side", "wonder": "Wonder",
        "guilds": "Guilds in play", "total": "Total", "signature": "Signature",
        "signatures": "Each player signs: the sheet is correct.",
        "by_name": "Where to sit", "by_table": "Seating by table", "pairings_by_name": "Pairings by name",
        "pairings_by_table": "Pairings by table", "opponent": "Opponent", "bye": "bye",
        "page": "page {i} of {n}", "made": "made {when}", "standings": "Standings",
        "after": "after round {r} of {n}", "no_round": "before round 1", "no_results": "no results yet",
        "final": "final standings",
        "cut": "qualification cut: top {k}", "legend": "Columns", "continued": "continued",
        "fold": "fold here", "qr": "scan: this table online", "season": "Season report",
        "dropped": "dropped", "victory": "Victory", "winner": "Winner",
        "match_slip_hint": "Fill in every box (0 for none); the player who starts Age I is marked ▶.",
        "pad_hint": "▶ starts, then clockwise. Circle side A or B. Coins ÷ 3, rounded down.",
    },
    "de": {
        "round": "Runde", "table": "Tisch", "seat": "Platz", "player": "Spieler", "players": "Spieler",
        "start": "beginnt", "starts": "Beginnt", "side": "Seite", "wonder": "Weltwunder",
        "guilds": "Gilden im Spiel", "total": "Summe", "signature": "Unterschrift",
        "signatures": "Alle Spieler unterschreiben: das Blatt stimmt.",
        "by_name": "Sitzplan nach Namen", "by_table": "Sitzplan nach Tischen", "pairings_by_name":
        "Paarungen nach Namen", "pairings_by_table": "Paarungen nach Tischen", "opponent": "Gegner",
        "bye": "Freilos", "page": "Seite {i} von {n}", "made": "erstellt {when}", "standings": "Tabelle",
        "after": "nach Runde {r} von {n}", "no_round": "vor Runde 1", "no_results": "noch keine Ergebnisse",
        "final": "Endstand",
        "cut": "Qualifikation: die ersten {k}", "legend": "Spalten", "continued": "Fortsetzung",
        "fold": "hier falten", "qr": "scannen: dieser Tisch online", "season": "Saisonbericht",
        "dropped": "ausgeschieden", "victory": "Sieg", "winner": "Sieger",
        "match_slip_hint": "Jedes Feld ausfüllen (0 für keine); wer Zeitalter I beginnt, ist mit ▶ markiert.",
        "pad_hint": "▶ beginnt, dann im Uhrzeigersinn. Seite A oder B einkreisen. Münzen ÷ 3, abgerundet.",
    },
}


def words(lang: str) -> dict[str, str]:
    """The words of `lang` ("en" or "de")."""
    if lang not in WORDS:
        raise UsageError(f"--lang {lang!r}: documents are printed in {' or '.join(WORDS)}")
    return WORDS[lang]
