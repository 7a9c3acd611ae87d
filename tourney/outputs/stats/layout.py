"""What the statistics charts share however they are drawn (matplotlib pictures in `plots`,
PDF vector graphics in `pdfcharts`): the colours, and each chart's size and margins."""
from __future__ import annotations

from dataclasses import dataclass

from tourney.outputs.stats.model import Bars, Chart, GroupedBars, Lines

COLOURS = ("#1F5F8B", "#E0A800", "#C62828", "#1B9E77", "#7B3294", "#8D7B68", "#E66101", "#5E3C99",
           "#4D9221", "#B35806", "#2166AC", "#762A83")


@dataclass(frozen=True)
class Layout:
    """A chart's size and the margins around its axes, in inches."""

    width: float
    height: float
    left: float
    right: float
    bottom: float
    top: float


def layout(chart: Chart) -> Layout:
    """7.5 inches wide; a bar chart as high as its bars need and with room for its labels; a
    line chart with its legend on the right; slanted labels under grouped bars and lines."""
    height = 4.0
    left = 0.9
    if isinstance(chart, Bars):
        height = max(2.5, 0.8 + 0.28 * len(chart.labels))
        left = 0.55 + 0.068 * max((len(label) for label in chart.labels), default=4)
    right = 1.9 if isinstance(chart, Lines) else 0.2  # the legend sits right of a line chart
    bottom = 0.95 if isinstance(chart, (GroupedBars, Lines)) else 0.55
    return Layout(7.5, height, left, right, bottom, 0.4)
