"""The 7 Wonders score pad as a `PadDescription`: the categories in the order and colours
of the game's own pad (military red, coins yellow, wonders, civilian blue, commercial yellow,
guilds purple, science green), in every language tourney speaks."""
from __future__ import annotations

from rules_engine.sevenwonders.data import GUILD_NAMES_BY_LANG, WONDER_NAMES_BY_LANG
from tourney.core.i18n import N_, _, use_language
from tourney.outputs.pdf.pads import PadCategory, PadDescription
from tourney.outputs.pdf.words import words
from tourney.core.store import Event
from tourney.games.sevenwonders.drawstore import round_draws

#: (sheet column, colour) in the order of the printed pad; the keys are the import columns.
ROWS: tuple[tuple[str, str], ...] = (
    ("military", "#C62828"), ("treasury", "#E0A800"), ("wonders", "#8D7B68"), ("civilian", "#1E5AA8"),
    ("commercial", "#F2C500"), ("guilds", "#6A3D9A"), ("science", "#2E7D32"),
)
#: (label, hint) of each category, in English (msgids): translated where the pad is built.
LABELS: dict[str, tuple[str, str]] = {
    "military": (N_("Military"), N_("conflict tokens")), "treasury": (N_("Coins"), N_("coins ÷ 3")),
    "wonders": (N_("Wonders"), N_("built stages")), "civilian": (N_("Civilian"), N_("blue cards")),
    "commercial": (N_("Commercial"), N_("yellow cards")), "guilds": (N_("Guilds"), N_("purple cards")),
    "science": (N_("Science"), N_("green cards")), "coins": (N_("Coins held"), N_("at the end: ties")),
}


def sevenwonders_pad(lang: str, options: frozenset[str] = frozenset()) -> PadDescription:
    """The pad in `lang` (one of `tourney.core.i18n.LANGS`)."""
    with use_language(lang):
        labels = {key: (_(label), _(hint)) for key, (label, hint) in LABELS.items()}
        total, board = _("Total"), _("Wonder · side")
        hint = _("▶ starts, then clockwise. Circle side A or B. Coins ÷ 3, rounded down.")
    return PadDescription(
        game="7 Wonders",
        categories=tuple(PadCategory(key, labels[key][0], colour, labels[key][1]) for key, colour in ROWS),
        total=total,
        extra=(PadCategory("coins", labels["coins"][0], "#BDBDBD", labels["coins"][1]),),
        board=board, board_sides=("A", "B"), hint=hint, board_names=WONDER_NAMES_BY_LANG.get(lang, {}))


def guild_notes(event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
    """The guilds in play at a table of `players` this round (by printed name), for the pad's header."""
    draw = round_draws(event).get(round_no)
    if draw is None:
        return ()
    printed = GUILD_NAMES_BY_LANG.get(lang, {})
    names = ", ".join(printed.get(g, g) for g in draw.guilds_for(players))
    return (f"{words(lang)['guilds']}: {names}",)
