"""7 Wonders statistics: wonders and sides, seats, categories (what the winners' lead is made
of), scores per round, the closest tables and the biggest wins, built on the standings' lines."""
from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from rules_engine.sevenwonders import CATEGORIES
from tourney.outputs.stats.model import (
    Bars,
    Chart,
    GroupedBars,
    Histogram,
    Section,
    category_lead,
    chart_values,
    distribution,
    outcome_table,
    UNKNOWN_SIDE,
    shown_side,
)
from tourney.core.i18n import _
from tourney.core.store import Event

#: The tables listed as the closest and as the biggest wins.
EXTREMES = 5


class SevenWondersStats:
    """The 7 Wonders hook of `tourney stats` (see `tourney.outputs.stats.model.GameStats`)."""

    def frames(self, event: Event) -> dict[str, pd.DataFrame]:
        from tourney.games.sevenwonders.standings import compute_standings

        st = compute_standings(event)
        games = pd.DataFrame([{
            "round": g.round, "table": g.table, "seat": g.seat, "player": g.player,
            "wonder": g.score.wonder, "side": g.score.side, **{c: getattr(g.score, c) for c in CATEGORIES},
            "vp": g.vp, "coins": g.coins, "points": g.points, "share": g.share} for g in st.games],
            columns=["round", "table", "seat", "player", "wonder", "side", *CATEGORIES, "vp", "coins", "points",
                     "share"])
        tables = games.groupby(["round", "table"])
        # The place at the table by game points (the scheme's view: players who share points share
        # the place); the float view of the exact points ranks them and is never shown.
        games["place"] = tables["points"].rank(method="min", ascending=False).astype(int) \
            if len(games) else pd.Series(dtype=int)
        games["won"] = games["place"] == 1
        games["players"] = tables["player"].transform("size")
        places = pd.DataFrame([{"player": r.player, "place": r.rank, "points": r.points, "games": r.games}
                               for r in st.rows if r.games], columns=["player", "place", "points", "games"])
        return {"games": games, "places": places}

    def sections(self, frames: Mapping[str, pd.DataFrame], season: bool) -> list[Section]:
        games = frames["games"]
        out = []
        known = games[games["wonder"].notna()].assign(side=lambda f: f["side"].fillna(UNKNOWN_SIDE))
        if len(known):
            wonders = outcome_table(known, ["wonder", "side"])
            out.append(Section("wonders", _("Wonders and sides"), wonders,
                               _("n = games played with the wonder and side; a shared first place counts as a "
                                 "win for each; place at the table by game points")))
        out.append(Section("seats", _("Seat positions"), outcome_table(games, "seat"),
                           _("seat 1 is the start player, then clockwise")))
        out.append(Section("categories", _("Categories: what the winners' lead is made of"),
                           category_lead(games, CATEGORIES),
                           _("mean and spread over every line; field = every line that did not win; "
                             "lead share = the category's part of the winners' lead in total VP")))
        out.append(Section("rounds", _("Score distribution per round (VP)"), distribution(games, "round")))
        margins = table_margins(games, season)
        out.append(Section("closest", _("Closest tables"), margins.nsmallest(EXTREMES, "margin", keep="first"),
                           _("margin = VP of the winner minus the runner-up")))
        out.append(Section("biggest", _("Biggest wins"), margins.nlargest(EXTREMES, "margin", keep="first")))
        return out

    def charts(self, frames: Mapping[str, pd.DataFrame]) -> list[Chart]:
        games = frames["games"]
        charts: list[Chart] = []
        known = games[games["wonder"].notna()].assign(side=lambda f: f["side"].fillna(UNKNOWN_SIDE))
        if len(known):
            w = outcome_table(known, ["wonder", "side"]).sort_values(["win_rate", "n"], ascending=False,
                                                                     kind="stable")
            charts.append(Bars("wonders", _("Win rate by wonder and side"), _("win rate"), _("wonder and side"),
                               tuple(f"{a} {shown_side(b)}" for a, b in zip(w["wonder"], w["side"])),
                               chart_values(w["win_rate"]), tuple(int(n) for n in w["n"]), percent=True))
        rounds = games.groupby("round")["vp"]
        charts.append(Histogram("scores", _("Score distribution"), _("victory points"), _("players"),
                                tuple((_("round {round}").format(round=r), tuple(int(v) for v in vs))
                                      for r, vs in rounds)))
        lead = category_lead(games, CATEGORIES)
        cats = lead[lead["category"] != "vp"]
        charts.append(GroupedBars("categories", _("Category means: winners vs the field"), _("category"),
                                  _("mean victory points"), tuple(_(c) for c in cats["category"]),
                                  ((_("winners"), chart_values(cats["winners_mean"])),
                                   (_("field"), chart_values(cats["field_mean"])))))
        return charts

    def notes(self, frames: Mapping[str, pd.DataFrame]) -> list[str]:
        games = frames["games"]
        missing = int(games["wonder"].isna().sum())
        if missing == len(games):
            return [_("the sheets record no wonders: no statistics per wonder and side")]
        if missing:
            return [_("{missing} of {lines} lines record no wonder: they are left out of the wonder table").format(
                missing=missing, lines=len(games))]
        return []


def table_margins(games: pd.DataFrame, season: bool) -> pd.DataFrame:
    """One row per table: winner and runner-up by VP and the margin between them."""
    keys = ["event", "round", "table"]
    ranked = games.sort_values([*keys, "vp", "seat"], ascending=[True, True, True, False, True], kind="stable")
    ranked = ranked.assign(pos=ranked.groupby(keys).cumcount())
    first = ranked[ranked["pos"] == 0].set_index(keys)
    second = ranked[ranked["pos"] == 1].set_index(keys)
    out = pd.DataFrame({"winner": first["player"], "vp": first["vp"], "runner_up": second["player"],
                        "runner_up_vp": second["vp"]}).dropna().reset_index()
    out["runner_up_vp"] = out["runner_up_vp"].astype(int)
    out["margin"] = out["vp"] - out["runner_up_vp"]
    return out if season else out.drop(columns="event")


STATS = SevenWondersStats()
