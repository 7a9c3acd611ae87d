"""The statistics charts drawn straight onto a PDF page with reportlab, as vector graphics in
the look of their matplotlib pictures (`plots`, for HTML and XLSX): the same layout, colours
and fonts, but no matplotlib to import (most of a second) and no pixels to embed."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor

from tourney.outputs.pdf.render import BOLD, FONT, Box, Pen, width_of
from tourney.outputs.stats.model import Bars, Chart, GroupedBars, Histogram, Lines
from tourney.outputs.stats.layout import COLOURS, layout

BLACK = HexColor("#000000")
NOTE = HexColor("#444444")
#: Text sizes in points at full size (a chart 7.5 inches wide), as in the pictures.
SIZE, SMALL = 9.0, 7.0
TICK = 3.5  # tick length and the gap to its label


@dataclass(frozen=True)
class Axis:
    """One axis's view: its limits (`lo` drawn at the start of the axis, so an inverted
    axis has lo > hi) and its ticks with their labels."""

    lo: float
    hi: float
    ticks: tuple[tuple[float, str], ...]

    def at(self, value: float, start: float, length: float) -> float:
        return start + (value - self.lo) / (self.hi - self.lo) * length


def nice_ticks(lo: float, hi: float, bins: int, *, integer: bool = False) -> list[float]:
    """Round tick values within [lo, hi], at most `bins` steps apart in all (steps of 1, 2,
    2.5 or 5 times a power of ten, as matplotlib's default locator chooses them)."""
    if hi <= lo:
        return [lo]
    span = hi - lo
    power = 10.0 ** math.floor(math.log10(span / max(1, bins)))
    for base in (1.0, 2.0, 2.5, 5.0, 10.0, 20.0):
        step = base * power
        if integer and (step < 1 or step != int(step)):
            continue
        if math.floor(hi / step + 1e-9) - math.ceil(lo / step - 1e-9) <= bins:
            break
    first = math.ceil(lo / step - 1e-9)
    return [k * step for k in range(first, math.floor(hi / step + 1e-9) + 1)]


def _label(value: float, percent: bool = False) -> str:
    if percent:
        return f"{value * 100:.0f}%"
    text = f"{value:.6g}"
    return "\u2212" + text[1:] if text.startswith("-") else text  # a real minus sign, as matplotlib writes


def _axis(lo: float, hi: float, length: float, size: float, *, per_label: float, integer: bool = False,
          percent: bool = False, inverted: bool = False) -> Axis:
    bins = max(1, min(9, int(length / (size * per_label))))
    ticks = tuple((v, _label(v, percent)) for v in nice_ticks(lo, hi, bins, integer=integer))
    return Axis(hi, lo, ticks) if inverted else Axis(lo, hi, ticks)


def _margins(lo: float, hi: float, share: float = 0.05) -> tuple[float, float]:
    pad = (hi - lo) * share or 0.5
    return lo - pad, hi + pad


def draw(pen: Pen, chart: Chart, box: Box) -> None:
    """`chart` in `box`: as wide as the box, as high as its picture would be at that width
    (never higher than the box), centred at the box's top."""
    fig = layout(chart)
    scale = min(box.w / (fig.width * 72), box.h / (fig.height * 72))
    w, h = fig.width * 72 * scale, fig.height * 72 * scale
    x0, top = box.x + (box.w - w) / 2, box.y + box.h
    area = Box(x0 + fig.left * 72 * scale, top - h + fig.bottom * 72 * scale,
               w - (fig.left + fig.right) * 72 * scale, h - (fig.bottom + fig.top) * 72 * scale)
    _Plot(pen, area, scale).chart(chart)


class _Plot:
    """One chart's axes area on the page, and the drawing of its parts."""

    def __init__(self, pen: Pen, area: Box, scale: float) -> None:
        self.pen, self.area, self.scale = pen, area, scale
        self.c = pen.canvas
        self.size, self.small, self.tick = SIZE * scale, SMALL * scale, TICK * scale

    def chart(self, chart: Chart) -> None:
        if isinstance(chart, Bars):
            x, y = self._bars(chart)
        elif isinstance(chart, GroupedBars):
            x, y = self._grouped(chart)
        elif isinstance(chart, Histogram):
            x, y = self._histogram(chart)
        else:
            x, y = self._lines(chart)
        self._frame(x, y, chart, rotated=isinstance(chart, (GroupedBars, Lines)))

    # --- the kinds of chart --------------------------------------------------------------------
    def _bars(self, c: Bars) -> tuple[Axis, Axis]:
        a = self.area
        values = [0.0 if math.isnan(v) else v for v in c.values]
        top = max([v for v in c.values if not math.isnan(v)], default=1.0) or 1.0
        hi = min(1.0, max(0.1, top * 1.25)) if c.percent else top * 1.15
        x = _axis(0.0, hi, a.w, self.size, per_label=3, percent=c.percent)
        n = len(c.labels)
        lo_y, hi_y = _margins(-0.4, n - 0.6)
        y = Axis(hi_y, lo_y, tuple((float(i), label) for i, label in enumerate(c.labels)))  # first label on top
        for i, v in enumerate(values):
            self._rect(x, y, 0.0, i - 0.4, v, i + 0.4, COLOURS[0])
        for i, k in enumerate(c.n):
            px = x.at(values[i] + top * 0.01, a.x, a.w)
            py = y.at(float(i), a.y, a.h)
            self.pen.text(f"n={k}", Box(px, py - self.small, a.x + a.w - px + self.small * 4, 2 * self.small),
                          self.small, colour=NOTE, min_size=1)
        return x, y

    def _grouped(self, c: GroupedBars) -> tuple[Axis, Axis]:
        a = self.area
        count = max(1, len(c.series))
        width = 0.8 / count
        values = [v for _, vs in c.series for v in vs if not math.isnan(v)]
        lo, hi = min(0.0, *values) if values else 0.0, max(0.0, *values) if values else 1.0
        lo_y, hi_y = _margins(lo, hi)
        lo_y, hi_y = (0.0 if lo >= 0 else lo_y), (0.0 if hi <= 0 else hi_y)  # bars stand on 0
        y = _axis(lo_y, hi_y, a.h, self.size, per_label=2)
        x = Axis(*_margins(-0.4, len(c.labels) - 0.6), tuple((float(i), t) for i, t in enumerate(c.labels)))
        for k, (_name, vs) in enumerate(c.series):
            for i, v in enumerate(vs):
                left = i + (k - (count - 1) / 2) * width - width / 2
                if not math.isnan(v):
                    self._rect(x, y, left, 0.0, left + width, v, COLOURS[k % len(COLOURS)])
        self.pen.line(a.x, y.at(0.0, a.y, a.h), a.x + a.w, y.at(0.0, a.y, a.h), colour=NOTE,
                      width=0.6 * self.scale)
        self._legend([name for name, _ in c.series], self.size)
        return x, y

    def _histogram(self, c: Histogram) -> tuple[Axis, Axis]:
        values = [v for _, vs in c.series for v in vs]
        lo, hi = (min(values), max(values)) if values else (0, 1)
        step = max(1, math.ceil((hi - lo + 1) / 25))
        edges = list(range(lo, hi + step + 1, step))
        stacked = [[0] * (len(edges) - 1)]
        for _name, vs in c.series:
            counts = list(stacked[-1])
            for v in vs:
                counts[min((v - lo) // step, len(counts) - 1)] += 1
            stacked.append(counts)
        a = self.area
        x = _axis(float(edges[0]), float(edges[-1]), a.w, self.size, per_label=3)
        y = _axis(0.0, _margins(0.0, float(max(stacked[-1], default=1) or 1))[1], a.h, self.size, per_label=2)
        y = Axis(0.0, y.lo if y.lo > y.hi else y.hi, y.ticks)
        for k, (below, above) in enumerate(zip(stacked, stacked[1:])):
            colour = COLOURS[k % len(COLOURS)]
            for i, (b, t) in enumerate(zip(below, above)):
                if t > b:
                    self._rect(x, y, edges[i], b, edges[i + 1], t, colour)
        if len(c.series) > 1:
            self._legend([name for name, _ in c.series], self.size)
        return x, y

    def _lines(self, c: Lines) -> tuple[Axis, Axis]:
        a = self.area
        values = [v for _, vs in c.series for v in vs if v is not None]
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        y = _axis(*_margins(lo, hi), a.h, self.size, per_label=2, integer=True, inverted=c.invert)
        ticks = [t if len(t) <= 22 else t[:21] + "…" for t in c.ticks]
        x = Axis(*_margins(0.0, len(ticks) - 1.0), tuple((float(i), t) for i, t in enumerate(ticks)))
        radius = 3.5 * self.scale  # a 6-point marker and its edge
        for k, (_name, vs) in enumerate(c.series):
            colour = COLOURS[k % len(COLOURS)]
            self.c.setStrokeColor(colour)
            self.c.setFillColor(colour)
            self.c.setLineWidth(1.5 * self.scale)
            points = [(x.at(float(i), a.x, a.w), y.at(v, a.y, a.h)) if v is not None else None
                      for i, v in enumerate(vs)]
            for p, q in zip(points, points[1:]):
                if p is not None and q is not None:
                    self.c.line(*p, *q)
            for p in points:
                if p is not None:
                    self.c.circle(*p, radius, stroke=0, fill=1)
        self._legend([name for name, _ in c.series], self.small, outside=True, line=True)
        return x, y

    # --- the parts every chart has -----------------------------------------------------------------
    def _rect(self, x: Axis, y: Axis, x1: float, y1: float, x2: float, y2: float, colour: Color | str) -> None:
        a = self.area
        left, right = sorted((x.at(x1, a.x, a.w), x.at(x2, a.x, a.w)))
        bottom, top = sorted((y.at(y1, a.y, a.h), y.at(y2, a.y, a.h)))
        self.c.setFillColor(_colour(colour))
        self.c.rect(left, bottom, right - left, top - bottom, stroke=0, fill=1)

    def _frame(self, x: Axis, y: Axis, chart: Chart, *, rotated: bool) -> None:
        """The left and bottom axis lines, their ticks and labels, the axis titles, the title."""
        a, pen, size, tick = self.area, self.pen, self.size, self.tick
        pen.line(a.x, a.y, a.x, a.y + a.h, colour=BLACK, width=0.8 * self.scale)
        pen.line(a.x, a.y, a.x + a.w, a.y, colour=BLACK, width=0.8 * self.scale)
        widest = 0.0
        for value, text in y.ticks:
            py = y.at(value, a.y, a.h)
            pen.line(a.x - tick, py, a.x, py, colour=BLACK, width=0.8 * self.scale)
            widest = max(widest, self._right(text, a.x - 2 * tick, py))
        deepest = 0.0
        for value, text in x.ticks:
            px = x.at(value, a.x, a.w)
            pen.line(px, a.y - tick, px, a.y, colour=BLACK, width=0.8 * self.scale)
            if rotated:
                deepest = max(deepest, self._slanted(text, px, a.y - 2 * tick))
            else:
                pen.text(text, Box(px - 60 * self.scale, a.y - 2 * tick - size * 1.1, 120 * self.scale, size),
                         size, align="centre", min_size=1)
                deepest = size * 1.1
        label_y = a.y - 2 * tick - deepest - size * 1.4
        pen.text(chart.xlabel, Box(a.x, label_y, a.w, size * 1.2), size, align="centre", min_size=1)
        self._upright(chart.ylabel, a.x - 2 * tick - widest - size * 0.9, a.y + a.h / 2)
        pen.text(chart.title, Box(a.x, a.y + a.h + size * 0.5, a.w, size * 1.6), size * 1.2, font=BOLD,
                 align="centre", min_size=1)  # matplotlib's "large"

    def _right(self, text: str, right: float, middle: float) -> float:
        """A tick label ending at `right`, centred on `middle`; its width."""
        w = width_of(text, FONT, self.size)
        self.pen.text(text, Box(right - w - 1, middle - self.size, w + 1, 2 * self.size), self.size, align="right",
                      min_size=1)
        return w

    def _slanted(self, text: str, x: float, y: float) -> float:
        """A tick label turned by 20°, ending under its tick; how deep it reaches."""
        w = width_of(text, FONT, self.size)
        c = self.c
        c.saveState()
        c.translate(x, y - self.size * 0.75)
        c.rotate(20)
        self.pen.text(text, Box(-w - 1, -self.size / 2, w + 1, self.size), self.size, align="right", min_size=1)
        c.restoreState()
        return w * math.sin(math.radians(20)) + self.size * 1.2

    def _upright(self, text: str, x: float, middle: float) -> None:
        """The y axis title, read from the bottom up, centred on `middle`."""
        c = self.c
        c.saveState()
        c.translate(x, middle)
        c.rotate(90)
        length = self.area.h * 1.4
        self.pen.text(text, Box(-length / 2, -self.size / 2, length, self.size), self.size, align="centre",
                      min_size=1)
        c.restoreState()

    def _legend(self, names: Sequence[str], size: float, *, outside: bool = False, line: bool = False) -> None:
        """Colour patches (or a line with its marker) and names: top right inside the axes, or
        right of them, centred."""
        a = self.area
        step = size * 1.6
        widest = max((width_of(n, FONT, size) for n in names), default=0.0)
        patch = size * 2
        if outside:
            x, top = a.x + a.w + size, a.y + a.h / 2 + step * len(names) / 2
        else:
            x, top = a.x + a.w - widest - patch - size * 1.5, a.y + a.h - size * 0.5
        for k, name in enumerate(names):
            y = top - (k + 1) * step
            colour = _colour(COLOURS[k % len(COLOURS)])
            self.c.setFillColor(colour)
            if line:
                self.c.setStrokeColor(colour)
                self.c.setLineWidth(1.5 * self.scale)
                self.c.line(x, y + size * 0.7, x + patch, y + size * 0.7)
                self.c.circle(x + patch / 2, y + size * 0.7, 3.5 * self.scale, stroke=0, fill=1)
            else:
                self.c.rect(x, y + size * 0.35, patch, size * 0.7, stroke=0, fill=1)
            self.pen.text(name, Box(x + patch + size * 0.8, y, widest + size, step), size, min_size=1)


def _colour(colour: Color | str) -> Color:
    return HexColor(colour) if isinstance(colour, str) else colour
