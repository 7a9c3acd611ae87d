"""Duel statistics: how matches were won (civilian, military, science, political), the first
player's advantage, what the winners' lead is made of, and the Agora senate's impact."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pandas as pd

from rules_engine.duel.sheet import CATEGORIES, Victory
from tourney.outputs.stats.model import (
    Bars,
    Chart,
    Histogram,
    Section,
    category_lead,
    chart_values,
    distribution,
    ratio,
    small_sample_notes,
)
from tourney.core.i18n import N_, _
from tourney.core.store import Event
from tourney.games.duel.stored import load_match

LINE_COLUMNS = ["round", "table", "seat", "player", "first", *CATEGORIES, "vp", "coins", "agora", "points", "won",
                "place", "victory"]


class DuelStats:
    """The Duel hook of `tourney stats` (see `tourney.outputs.stats.model.GameStats`)."""

    def frames(self, event: Event) -> dict[str, pd.DataFrame]:
        from tourney.games.duel.standings import compute_standings

        lines, matches = [], []
        for res in event.results():
            match = load_match(res)
            winner, victory = match.outcome.winner, match.outcome.victory.value
            a, b = match.sheet.lines
            agora = a.senate is not None and b.senate is not None
            for seat, ln in enumerate(match.sheet.lines, 1):
                won = winner == ln.player
                lines.append({"round": res.round, "table": res.table, "seat": seat, "player": ln.player,
                              "first": ln.first, **{c: ln.points(c) for c in CATEGORIES}, "vp": ln.total,
                              "coins": ln.coins, "agora": agora,
                              "points": Fraction(1, 2) if winner is None else Fraction(int(won)),
                              "won": won, "place": 1 if won or winner is None else 2, "victory": victory})
            first, second = (a, b) if a.first else (b, a)
            matches.append({"round": res.round, "table": res.table, "victory": victory, "draw": winner is None,
                            "first_won": winner == first.player, "second_won": winner == second.player,
                            "agora": agora, "senate_first": first.points("senate"),
                            "senate_second": second.points("senate")})
        st = compute_standings(event)
        places = pd.DataFrame([{"player": r.player, "place": r.rank, "points": r.match_points, "games": r.games}
                               for r in st.rows if r.games], columns=["player", "place", "points", "games"])
        return {"games": pd.DataFrame(lines, columns=LINE_COLUMNS),
                "matches": pd.DataFrame(matches, columns=["round", "table", "victory", "draw", "first_won",
                                                          "second_won", "agora", "senate_first",
                                                          "senate_second"]),
                "places": places}

    def sections(self, frames: Mapping[str, pd.DataFrame], season: bool) -> list[Section]:
        games, matches = frames["games"], frames["matches"]
        out = [Section("victories", _("Victory types"), victory_types(matches),
                       _("share of all matches; a shared civilian victory is a draw")),
               Section("first_player", _("First player advantage"), first_player(matches),
                       _("first = the player who started Age I; first player's win rate = the first player's wins / "
                         "matches")),
               Section("categories", _("Categories: what the winners' lead is made of"),
                       category_lead(games, CATEGORIES),
                       _("field = every line that did not win (both lines of a draw); lead share = the "
                         "category's part of the winners' lead in total VP"))]
        agora = matches[matches["agora"]]
        if len(agora):
            out.append(Section("senate", _("Agora: the senate's impact"), senate_impact(agora),
                               _("decided matches with Agora, by the winner's senate points against the loser's")))
        out.append(Section("rounds", _("Score distribution per round (VP)"), distribution(games, "round")))
        return out

    def charts(self, frames: Mapping[str, pd.DataFrame]) -> list[Chart]:
        games, matches = frames["games"], frames["matches"]
        v = victory_types(matches)
        charts: list[Chart] = [Bars("victories", _("Victory types"), _("share of matches"), _("victory"),
                                    tuple(_(k) for k in v["victory"]), chart_values(v["share"]),
                                    tuple(int(n) for n in v["n"]), percent=True)]
        rounds = games.groupby("round")["vp"]
        charts.append(Histogram("scores", _("Score distribution"), _("victory points"), _("players"),
                                tuple((_("round {round}").format(round=r), tuple(int(x) for x in xs))
                                      for r, xs in rounds)))
        return charts

    def notes(self, frames: Mapping[str, pd.DataFrame]) -> list[str]:
        notes = [_("Duel match sheets record no wonders: no wonder pick or win rates (the sheet would need the "
                   "wonders each player drafted and built)")]
        if not frames["matches"]["agora"].any():
            notes.append(_("no match was played with Agora (no senate column): no senate statistics"))
        return notes


def victory_types(matches: pd.DataFrame) -> pd.DataFrame:
    """Per victory type (every type listed, in the rules' order): matches and share; draws apart."""
    kinds = [v.value for v in Victory]
    counts = matches.assign(victory=matches["victory"].where(~matches["draw"], "draw")) \
        .groupby("victory").size().reindex([*kinds, "draw"], fill_value=0)
    out = counts.rename("n").reset_index()
    out["share"] = ratio(out["n"], pd.Series(len(matches), index=out.index))
    return out


def first_player(matches: pd.DataFrame) -> pd.DataFrame:
    """Per victory type and over all matches: the first player's wins, the second's, draws."""
    both = pd.concat([matches, matches.assign(victory="all")], ignore_index=True)
    out = both.groupby("victory", sort=False).agg(n=("draw", "size"), first_wins=("first_won", "sum"),
                                                   second_wins=("second_won", "sum"), draws=("draw", "sum"))
    order = [v.value for v in Victory if v.value in out.index] + ["all"]
    out = out.reindex(order).reset_index()
    out["first_win_rate"] = ratio(out["first_wins"], out["n"])
    out["note"] = small_sample_notes(out["n"])
    return out


#: The words of the tables' rows (said in the reader's language: `render.WORD_COLUMNS`).
ROW_WORDS = (N_("all"), N_("winner ahead"), N_("level"), N_("winner behind"))


def senate_impact(agora: pd.DataFrame) -> pd.DataFrame:
    """Decided matches with Agora by whether the winner had more, equal or fewer senate points."""
    decided = agora[~agora["draw"]]
    win = decided["senate_first"].where(decided["first_won"], decided["senate_second"])
    lose = decided["senate_second"].where(decided["first_won"], decided["senate_first"])
    lead = (win - lose).map(lambda d: "winner ahead" if d > 0 else ("level" if d == 0 else "winner behind"))
    frame = pd.DataFrame({"senate": lead, "win": win, "lose": lose})
    out = frame.groupby("senate").agg(n=("win", "size"), win_sum=("win", "sum"), lose_sum=("lose", "sum")) \
        .reindex(["winner ahead", "level", "winner behind"], fill_value=0).reset_index()
    out["share"] = ratio(out["n"], pd.Series(len(decided), index=out.index))
    out["mean_winner_senate"] = ratio(out["win_sum"], out["n"])
    out["mean_loser_senate"] = ratio(out["lose_sum"], out["n"])
    out = out.drop(columns=["win_sum", "lose_sum"])
    out["note"] = small_sample_notes(out["n"])
    return out


STATS = DuelStats()
