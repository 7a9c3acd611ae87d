"""The 7 Wonders Duel score pad as a `PadDescription`: civilian, science, commercial, guilds,
wonders, progress, coins, military (and the senate with Agora), in the pad's colours."""
from __future__ import annotations

from tourney.games.duel.ranking import DuelStanding
from tourney.games.duel.standings import DuelStandings
from tourney.outputs.export import decimal, fixed
from tourney.core.i18n import N_, _, use_language
from tourney.outputs.pdf.game import GamePrint, StandingsTable
from tourney.outputs.pdf.pads import PadCategory, PadDescription
from tourney.outputs.pdf.tables import Column
from tourney.outputs.pdf.words import words
from tourney.core.store import Event

#: (sheet column, colour) in the order of the printed pad; the keys are the import columns.
ROWS: tuple[tuple[str, str], ...] = (
    ("blue", "#1E5AA8"), ("green", "#2E7D32"), ("yellow", "#F2C500"), ("purple", "#6A3D9A"),
    ("wonders", "#8D7B68"), ("progress", "#1B9E77"), ("treasury", "#E0A800"), ("military", "#C62828"),
    ("senate", "#5C6B73"),
)
#: The label of each row, in English (msgids): translated where the slip is built.
LABELS: dict[str, str] = {
    "blue": N_("Civilian"), "green": N_("Science"), "yellow": N_("Commercial"), "purple": N_("Guilds"),
    "wonders": N_("Wonders"), "progress": N_("Progress"), "treasury": N_("Coins ÷ 3"), "military": N_("Military"),
    "senate": N_("Senate (Agora)"), "coins": N_("Coins held"),
}
#: The ways to win, as the slip offers them to circle (civilian, military, science, political).
VICTORIES = (N_("civilian"), N_("military"), N_("science"), N_("political"))


def duel_pad(lang: str, options: frozenset[str] = frozenset({"agora"})) -> PadDescription:
    """The match slip in `lang`; the senate row and the political victory only in an event
    played with Agora (`tourney new --option agora`)."""
    agora = "agora" in options
    with use_language(lang):
        labels = {key: _(label) for key, label in LABELS.items()}
        outcome, choices, total = _("Victory"), tuple(_(v) for v in VICTORIES), _("Total")
    return PadDescription(
        game="7 Wonders Duel",
        categories=tuple(PadCategory(key, labels[key], colour) for key, colour in ROWS
                         if agora or key != "senate"),
        total=total,
        extra=(PadCategory("coins", labels["coins"], "#BDBDBD"),),
        outcome=outcome, outcome_choices=choices if agora else choices[:3])


def no_notes(event: Event, round_no: int, players: int, lang: str) -> tuple[str, ...]:
    return ()


#: Ratios print with 4 decimals, other values with up to 2.
RATIOS = {"omw", "civ_ratio"}
BASE = ("match_points", "wins", "losses", "draws")
#: (abbreviation, legend) of the columns that are not a tiebreak of every scheme, in English
#: (msgids); the tiebreaks bring their own words.
COLUMNS: dict[str, tuple[str, str]] = {
    "match_points": (N_("MP"), N_("match points (win 1, draw 1/2, loss 0)")),
    "wins": (N_("W"), N_("matches won (byes not counted)")), "losses": (N_("L"), N_("matches lost")),
    "draws": (N_("D"), N_("draws (shared civilian victory)")), "cut": (N_("Cut"), N_("place in the top cut")),
    "games": (N_("Games"), N_("matches played, byes included")),
}


def standings_table(st: DuelStandings, lang: str) -> StandingsTable:
    """Rank, player, match points, wins, losses, draws, the scheme's tiebreaks and the cut."""
    w = words(lang)
    chain = {t.key: (t.abbr, t.name) for t in st.tiebreaks}
    keys = ["match_points", "wins", "losses", "draws"] + [t.key for t in st.tiebreaks[1:] if t.key not in BASE]
    has_cut = any(r.cut is not None for r in st.rows)
    keys += ["games"] + (["cut"] if has_cut else [])
    with use_language(lang):
        heads = [(_(abbr), _(name)) for abbr, name in (COLUMNS.get(k) or chain[k] for k in keys)]

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
