"""Every word the live pages show, in English and German (one catalogue; a gettext/Babel
catalogue can replace it without touching the templates, which call `t(key)`)."""
from __future__ import annotations

from collections.abc import Callable

CATALOGUE: dict[str, dict[str, str]] = {
    "seating": {"en": "Seating", "de": "Sitzplan"},
    "standings": {"en": "Standings", "de": "Tabelle"},
    "round": {"en": "Round", "de": "Runde"},
    "table": {"en": "Table", "de": "Tisch"},
    "seat": {"en": "Seat", "de": "Platz"},
    "player": {"en": "Player", "de": "Spieler"},
    "wonder": {"en": "Wonder", "de": "Weltwunder"},
    "rank": {"en": "Rank", "de": "Platz"},
    "games": {"en": "Games", "de": "Spiele"},
    "points": {"en": "Points", "de": "Punkte"},
    "score": {"en": "Score", "de": "Punkte"},
    "opponents": {"en": "Opponents", "de": "Gegner"},
    "find_name": {"en": "Find my name", "de": "Meinen Namen suchen"},
    "find_placeholder": {"en": "Type your name", "de": "Namen eingeben"},
    "no_match": {"en": "No player of that name", "de": "Kein Spieler mit diesem Namen"},
    "not_published": {"en": "The seating is not out yet: it appears here as soon as the organiser "
                            "publishes it.",
                      "de": "Der Sitzplan ist noch nicht veröffentlicht: er erscheint hier, sobald die "
                            "Turnierleitung ihn freigibt."},
    "no_results": {"en": "No results yet.", "de": "Noch keine Ergebnisse."},
    "dropped": {"en": "dropped", "de": "ausgeschieden"},
    "cut_line": {"en": "cut", "de": "Qualifikation"},
    "pending": {"en": "not in yet", "de": "noch offen"},
    "projector": {"en": "Projector", "de": "Beamer"},
    "time_left": {"en": "Time left", "de": "Restzeit"},
    "updated": {"en": "updates by itself", "de": "aktualisiert sich selbst"},
    "my_page": {"en": "My rounds", "de": "Meine Runden"},
    "unknown_player": {"en": "No player of that name in this event.",
                       "de": "Kein Spieler dieses Namens in diesem Turnier."},
    "desk": {"en": "Desk", "de": "Eingabe"},
    "login": {"en": "Log in", "de": "Anmelden"},
    "logout": {"en": "Log out", "de": "Abmelden"},
    "token": {"en": "Desk token", "de": "Zugangscode"},
    "bad_token": {"en": "That token is not valid.", "de": "Dieser Zugangscode ist ungültig."},
    "tables": {"en": "Tables", "de": "Tische"},
    "entered": {"en": "entered", "de": "erfasst"},
    "enter": {"en": "Enter", "de": "Erfassen"},
    "save": {"en": "Save", "de": "Speichern"},
    "saved": {"en": "Saved as version", "de": "Gespeichert als Version"},
    "findings": {"en": "Findings", "de": "Hinweise"},
    "no_findings": {"en": "No findings: ready to save.", "de": "Keine Hinweise: bereit zum Speichern."},
    "conflict": {"en": "Another desk saved this table first. Compare and save again.",
                 "de": "Ein anderer Platz hat diesen Tisch zuerst gespeichert. Vergleichen und erneut "
                       "speichern."},
    "stored_version": {"en": "Stored version", "de": "Gespeicherte Version"},
    "your_version": {"en": "Your entry", "de": "Ihre Eingabe"},
    "reason": {"en": "Reason for the correction", "de": "Grund der Korrektur"},
    "organiser": {"en": "Organiser", "de": "Turnierleitung"},
    "seat_next": {"en": "Seat the next round", "de": "Nächste Runde auslosen"},
    "publish": {"en": "Publish seating of round", "de": "Sitzplan veröffentlichen: Runde"},
    "published": {"en": "published", "de": "veröffentlicht"},
    "download_sheets": {"en": "Download score sheets of round", "de": "Spielberichte herunterladen: Runde"},
    "timer": {"en": "Start round timer (minutes)", "de": "Rundenuhr starten (Minuten)"},
    "start": {"en": "Start", "de": "Start"},
    "done": {"en": "Done", "de": "Erledigt"},
    "not_seated": {"en": "No round is seated yet.", "de": "Noch keine Runde ausgelost."},
}


def translator(lang: str) -> Callable[[str], str]:
    """`t(key)` for templates: the text in `lang`, English when missing, the key when unknown."""
    def t(key: str) -> str:
        entry = CATALOGUE.get(key)
        return key if entry is None else entry.get(lang) or entry["en"]

    return t
