"""The printed words of every PDF document, from the gettext catalogue (the game's own
words — score categories — live with the game's pad description)."""
from __future__ import annotations

from tourney.core.i18n import N_, _, pgettext, use_language

#: The words by key, in English (the msgids); `words(lang)` translates them.
WORDS: dict[str, str] = {
    "round": N_("Round"), "table": N_("Table"), "player": N_("Player"), "players": N_("players"),
    "start": N_("starts"), "starts": N_("Starts"), "side": N_("Side"), "wonder": N_("Wonder"),
    "guilds": N_("Guilds in play"), "total": N_("Total"), "signature": N_("Signature"),
    "signatures": N_("Each player signs: the sheet is correct."),
    "by_name": N_("Where to sit"), "by_table": N_("Seating by table"), "pairings_by_name": N_("Pairings by name"),
    "pairings_by_table": N_("Pairings by table"), "opponent": N_("Opponent"), "bye": N_("bye"),
    "page": N_("page {i} of {n}"), "made": N_("made {when}"), "standings": N_("Standings"),
    "after": N_("after round {r} of {n}"), "no_round": N_("before round 1"), "no_results": N_("no results yet"),
    "final": N_("final standings"),
    "cut": N_("qualification cut: top {k}"), "legend": N_("Columns"), "continued": N_("continued"),
    "fold": N_("fold here"), "qr": N_("scan: this table online"), "season": N_("Season report"),
    "dropped": N_("dropped"), "victory": N_("Victory"), "winner": N_("Winner"),
    "match_slip_hint": N_("Fill in every box (0 for none); the player who starts Age I is marked ▶."),
}


def words(lang: str) -> dict[str, str]:
    """The printed words in `lang` (a usage error for a language tourney doesn't speak)."""
    with use_language(lang):
        # A seat on paper is the printed sheets' word ("Sitz" in German: "Platz" is a rank).
        return {**{key: _(word) for key, word in WORDS.items()}, "seat": pgettext("printed", "Seat")}
