"""Charts drawn with matplotlib (Agg, no pyplot state) as SVG text or PNG bytes, reproducibly:
no dates, a fixed SVG id salt, text kept as text so titles and labels can be searched."""
from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING, Any

import matplotlib
import numpy as np

matplotlib.use("Agg")  # never a window: reports are written on headless laptops and in CI

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter
from PIL import Image

from tourney.outputs.stats.layout import COLOURS, layout
from tourney.outputs.stats.model import Bars, Chart, GroupedBars, Histogram, Lines

if TYPE_CHECKING:
    from PIL import Image

#: Style for every chart (applied per figure through rc_context, not globally).
STYLE: Any = {  # typed loosely: matplotlib types rc keys as literals
    "svg.hashsalt": "tourney",   # ids in the SVG from a fixed salt, not from random numbers
    "svg.fonttype": "none",      # text as <text>, not paths: searchable and small
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def _bars(fig: Figure, c: Bars) -> None:
    ax = fig.add_subplot()
    y = range(len(c.labels))
    ax.barh(list(y), [0.0 if math.isnan(v) else v for v in c.values], color=COLOURS[0])
    ax.set_yticks(list(y), c.labels)
    ax.invert_yaxis()  # first label on top, like the table
    top = max([v for v in c.values if not math.isnan(v)], default=1.0) or 1.0
    if c.percent:
        ax.set_xlim(0, min(1.0, max(0.1, top * 1.25)))
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    else:
        ax.set_xlim(0, top * 1.15)
    for i, k in enumerate(c.n):
        v = c.values[i]
        ax.text((0.0 if math.isnan(v) else v) + top * 0.01, i, f"n={k}", va="center", fontsize=7, color="#444444")


def _grouped(fig: Figure, c: GroupedBars) -> None:
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(c.series))
    for i, (name, values) in enumerate(c.series):
        ax.bar([x + (i - (len(c.series) - 1) / 2) * width for x in range(len(c.labels))], values, width,
               label=name, color=COLOURS[i % len(COLOURS)])
    ax.set_xticks(list(range(len(c.labels))), c.labels, rotation=20, ha="right")
    ax.axhline(0, color="#444444", linewidth=0.6)
    ax.legend(frameon=False)


def _histogram(fig: Figure, c: Histogram) -> None:
    ax = fig.add_subplot()
    values = [v for _, vs in c.series for v in vs]
    lo, hi = (min(values), max(values)) if values else (0, 1)
    step = max(1, math.ceil((hi - lo + 1) / 25))
    edges = np.arange(lo, hi + step + 1, step)
    base = np.zeros(len(edges) - 1)
    # One filled outline per series stacked on the ones before (a bar per bin is many times slower).
    for i, (name, vs) in enumerate(c.series):
        counts = np.histogram(vs, bins=edges)[0] + base
        ax.stairs(counts, edges, baseline=base, fill=True, label=name, color=COLOURS[i % len(COLOURS)])
        base = counts
    ax.set_xlim(edges[0], edges[-1])
    if len(c.series) > 1:
        ax.legend(frameon=False)


def _lines(fig: Figure, c: Lines) -> None:
    ax = fig.add_subplot()
    x = list(range(len(c.ticks)))
    for i, (name, values) in enumerate(c.series):
        ax.plot(x, [math.nan if v is None else v for v in values], marker="o", label=name,
                color=COLOURS[i % len(COLOURS)])
    ax.set_xticks(x, [t if len(t) <= 22 else t[:21] + "…" for t in c.ticks], rotation=20, ha="right")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if c.invert:
        ax.invert_yaxis()
    ax.legend(frameon=False, fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))


def figure(chart: Chart) -> Figure:
    """The chart drawn on a new figure (titled, both axes labelled)."""
    # Fixed margins instead of a layout engine: a layout engine draws the figure several times.
    size = layout(chart)
    fig = Figure(figsize=(size.width, size.height))
    fig.subplots_adjust(left=size.left / size.width, right=1 - size.right / size.width,
                        bottom=size.bottom / size.height, top=1 - size.top / size.height)
    if isinstance(chart, Bars):
        _bars(fig, chart)
    elif isinstance(chart, GroupedBars):
        _grouped(fig, chart)
    elif isinstance(chart, Histogram):
        _histogram(fig, chart)
    else:
        _lines(fig, chart)
    ax = fig.axes[0]
    ax.set_title(chart.title, fontweight="bold")
    ax.set_xlabel(chart.xlabel)
    ax.set_ylabel(chart.ylabel)
    return fig


def svg(chart: Chart) -> str:
    """The chart as SVG text, the same bytes for the same chart."""
    with matplotlib.rc_context(STYLE):
        fig = figure(chart)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Title": chart.title,
                                                 "Description": _description(chart)})
    return buf.getvalue()


def png(chart: Chart, dpi: int = 110) -> bytes:
    """The chart as PNG, its title and axis labels in the PNG's text chunks."""
    with matplotlib.rc_context(STYLE):
        fig = figure(chart)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, metadata={"Title": chart.title, "Description": _description(chart),
                                                          "Software": "tourney"})
    return buf.getvalue()


def rgba(chart: Chart, dpi: int = 110) -> Image.Image:
    """The chart's pixels, the same as `png`'s, for a PDF: it would decode the PNG again."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    with matplotlib.rc_context(STYLE):
        fig = figure(chart)
        canvas = FigureCanvasAgg(fig)  # the canvas savefig would borrow for a PNG, kept for its size
        buf = io.BytesIO()
        fig.savefig(buf, format="raw", dpi=dpi)
        size = int(canvas.renderer.width), int(canvas.renderer.height)
    return Image.frombuffer("RGBA", size, buf.getvalue(), "raw", "RGBA", 0, 1)


def _description(chart: Chart) -> str:
    return f"x: {chart.xlabel}; y: {chart.ylabel}"
