"""The statistics report as values: sections (a titled data frame), charts (what to plot, as
plain numbers) and the report; the hook each game's workflow provides (`GameStats`); and the
exact frame helpers the games' statistics share (rates and means as `Fraction`s)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import pandas as pd

from tourney.core.i18n import N_, _

if TYPE_CHECKING:
    from tourney.core.store import Event

#: Below this many games a rate is marked as a small sample (shown, never hidden).
SMALL_SAMPLE = 5
SMALL_TEMPLATE = N_("small sample (n < {n})")  # translated where shown (tourney.outputs.stats.render.cell)
SMALL_NOTE = SMALL_TEMPLATE.format(n=SMALL_SAMPLE)


@dataclass(frozen=True, eq=False)
class Section:
    """One table of the report: `key` names it for `--section` and JSON, `frame` holds exact
    values (ints, `Fraction`s; floats only for spreads and quantiles), `note` says how to read it."""

    key: str
    title: str
    frame: pd.DataFrame
    note: str = ""


@dataclass(frozen=True)
class Bars:
    """Horizontal bars, one per label; `n` (sample sizes) is written beside each bar."""

    key: str
    title: str
    xlabel: str
    ylabel: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    n: tuple[int, ...] = ()
    percent: bool = False


@dataclass(frozen=True)
class GroupedBars:
    """Vertical bars: for each label one bar per series (e.g. winners vs the field)."""

    key: str
    title: str
    xlabel: str
    ylabel: str
    labels: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]


@dataclass(frozen=True)
class Histogram:
    """Counts of whole-number values, stacked by series (e.g. one per round)."""

    key: str
    title: str
    xlabel: str
    ylabel: str
    series: tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Lines:
    """One line per series over the `ticks` (None is a gap); `invert` puts 1 on top (places)."""

    key: str
    title: str
    xlabel: str
    ylabel: str
    ticks: tuple[str, ...]
    series: tuple[tuple[str, tuple[float | None, ...]], ...]
    invert: bool = False


Chart = Bars | GroupedBars | Histogram | Lines


@dataclass(frozen=True, eq=False)
class StatsReport:
    """Statistics of one event or a season: `events` in the order given."""

    title: str
    game: str
    events: tuple[str, ...]
    sections: tuple[Section, ...]
    charts: tuple[Chart, ...]
    notes: tuple[str, ...] = field(default=())
    #: The language its titles and notes are in (the event's); the pages it is written to follow it.
    lang: str = "en"
    #: What the report is, in its language, where the pages say "statistics" (another report
    #: written through these writers, e.g. the season rating); empty: statistics.
    kind: str = ""

    def section(self, key: str) -> Section:
        return next(s for s in self.sections if s.key == key)

    def chart(self, key: str) -> Chart:
        return next(c for c in self.charts if c.key == key)


class GameStats(Protocol):
    """A game's statistics (`Workflow.stats`): frames from one stored event, then sections,
    charts and notes over the frames of every event of the report (each with an `event` column)."""

    def frames(self, event: Event) -> dict[str, pd.DataFrame]:
        """The event's games as frames; `"places"` is required: one row per player of the
        final standings with columns player, place, points (exact), games."""
    def sections(self, frames: Mapping[str, pd.DataFrame], season: bool) -> list[Section]:
        """The game's tables over the frames of every event."""
    def charts(self, frames: Mapping[str, pd.DataFrame]) -> list[Chart]:
        """The game's charts over the frames of every event."""
    def notes(self, frames: Mapping[str, pd.DataFrame]) -> list[str]:
        """What the report cannot say and why (e.g. the sheets record no wonders)."""


# --- exact frame helpers ------------------------------------------------------------------------
def ratio(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    """Elementwise exact quotient (`Fraction`s; a zero denominator gives None)."""
    num = numerator.map(Fraction)
    return pd.Series([n / d if d else None for n, d in zip(num, denominator)], index=numerator.index, dtype=object)


def outcome_table(frame: pd.DataFrame, by: str | list[str], *, value: str = "vp") -> pd.DataFrame:
    """Per group: games n, wins, exact win rate, mean `value`, mean game points and mean place,
    and a note on small samples. `frame` needs columns won (bool), place, points, `value`."""
    g = frame.groupby(by, sort=True, dropna=False)
    out = g.agg(n=("player", "size"), wins=("won", "sum"), value_sum=(value, "sum"),
                points_sum=("points", "sum"), place_sum=("place", "sum")).reset_index()
    out["win_rate"] = ratio(out["wins"], out["n"])
    out[f"mean_{value}"] = ratio(out["value_sum"], out["n"])
    out["mean_points"] = ratio(out["points_sum"], out["n"])
    out["mean_place"] = ratio(out["place_sum"], out["n"])
    out["note"] = small_sample_notes(out["n"])
    keys = [by] if isinstance(by, str) else by
    return out[[*keys, "n", "wins", "win_rate", f"mean_{value}", "mean_points", "mean_place", "note"]]


def small_sample_notes(n: pd.Series) -> pd.Series:
    return n.map(lambda k: SMALL_NOTE if k < SMALL_SAMPLE else "")


def _objects(values: Sequence[Fraction | None]) -> pd.Series:
    """Exact values as a column of Python objects (pandas keeps `Fraction`s as they are)."""
    return pd.Series(list(values), dtype=object)


def category_lead(frame: pd.DataFrame, categories: Sequence[str], total: str = "vp") -> pd.DataFrame:
    """Per category: mean and spread over every line, winners' mean vs the field's (every line
    that did not win), the lead (difference) and the share of the winners' total lead it
    explains (the categories add up to the total, so the shares add up to 1)."""
    cols = [*categories, total]
    winners, others = frame[frame["won"]], frame[~frame["won"]]
    n, nw, no = len(frame), len(winners), len(others)
    sums, wsums, osums = frame[cols].sum(), winners[cols].sum(), others[cols].sum()
    out = pd.DataFrame({"category": cols})
    out["mean"] = _objects([Fraction(int(sums[c]), n) if n else None for c in cols])
    out["spread"] = [float(frame[c].std(ddof=0)) if n else None for c in cols]
    out["winners_mean"] = _objects([Fraction(int(wsums[c]), nw) if nw else None for c in cols])
    out["field_mean"] = _objects([Fraction(int(osums[c]), no) if no else None for c in cols])
    out["lead"] = [w - o if w is not None and o is not None else None
                   for w, o in zip(out["winners_mean"], out["field_mean"])]
    total_lead = out["lead"].iloc[-1]
    out["lead_share"] = [d / total_lead if d is not None and total_lead else None for d in out["lead"]]
    return out


def distribution(frame: pd.DataFrame, by: str, value: str = "vp") -> pd.DataFrame:
    """Per group: n, min, quartiles, max, exact mean and spread of `value`."""
    g = frame.groupby(by, sort=True)[value]
    out = g.agg(n="size", min="min", max="max", total="sum").reset_index()
    q = g.quantile(pd.Index([0.25, 0.5, 0.75])).unstack()
    out["q1"], out["median"], out["q3"] = q[0.25].to_numpy(), q[0.5].to_numpy(), q[0.75].to_numpy()
    out["mean"] = ratio(out["total"], out["n"])
    out["spread"] = g.std(ddof=0).to_numpy()
    return out[[by, "n", "min", "q1", "median", "q3", "max", "mean", "spread"]]


def chart_values(values: pd.Series) -> tuple[float, ...]:
    """Exact values as floats for plotting (None as NaN: a gap)."""
    return tuple(float("nan") if v is None else float(v) for v in values)


#: The side of a wonder whose sheet gave none (the frames group by it).
UNKNOWN_SIDE = "?"


def shown_side(side: str) -> str:
    """A wonder's side as a person reads it: A, B, or "side unknown" in their language."""
    return _("side unknown") if side == UNKNOWN_SIDE else side
