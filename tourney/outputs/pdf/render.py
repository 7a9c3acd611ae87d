"""Generic A4 PDF drawing on reportlab: the embedded DejaVu Sans font, text fitted to its box
by the font's metrics, wrapping, QR codes, page headers and footers, German collation.

Knows no game and no event store: documents are drawn from plain values by the modules beside
this one. Every piece of text goes through `Pen.text`, which never draws wider than its box
and records what it drew (the tests check the record).
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from importlib.util import find_spec

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from tourney.core.collation import collation_key
from tourney.core.errors import OutputError
from tourney.core.i18n import _
from tourney.core.outfile import atomic

__all__ = ["collation_key"]  # re-exported: the lists sort with it

# Streams only compressed, not also ASCII85-encoded (a 7-bit encoding no PDF reader needs):
# without reportlab's optional C accelerator the encoding runs in Python, about a tenth of the
# time to draw a statistics PDF with its chart images. The pages are the same.
rl_config.useA85 = 0

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
PORTRAIT: tuple[float, float] = A4
LANDSCAPE: tuple[float, float] = landscape(A4)
MARGIN = 12 * mm
ELLIPSIS = "…"
INK = HexColor("#1A1A1A")
GREY = HexColor("#6B6B6B")
RULE = HexColor("#9E9E9E")
ZEBRA = HexColor("#F1F1F1")


#: Where operating systems keep DejaVu Sans, for an install whose matplotlib lacks it.
SYSTEM_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
                    "/usr/share/fonts/dejavu-sans-fonts", "/usr/local/share/fonts", "/Library/Fonts")
FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


def font_dir() -> Path:
    """The folder with DejaVu Sans and DejaVu Sans Bold: matplotlib's wheel ships them
    (Bitstream Vera licence), else a system font folder."""
    # find_spec only locates the package: importing matplotlib would cost most of a second.
    spec = find_spec("matplotlib")
    places = [Path(folder) / "mpl-data" / "fonts" / "ttf" for folder in (spec.submodule_search_locations or ())
              ] if spec is not None else []
    for folder in [*places, *map(Path, SYSTEM_FONT_DIRS)]:
        if all((folder / name).is_file() for name in FONT_FILES.values()):
            return folder
    raise OutputError(_("can't find the font DejaVu Sans ({files}) that PDFs embed: reinstall matplotlib, which "
                        "ships it, or install the DejaVu fonts (for instance the package fonts-dejavu-core)").format(
        files=", ".join(FONT_FILES.values())))


@cache
def register_fonts() -> None:
    """Register DejaVu Sans and DejaVu Sans Bold with reportlab, once per process (every
    measured line asks for them)."""
    folder = font_dir()
    registered = pdfmetrics.getRegisteredFontNames()
    for name, file in FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(folder / file)))


def width_of(text: str, font: str, size: float) -> float:
    """The printed width of `text` in points, from the font's own metrics."""
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, size))


@dataclass(frozen=True)
class Fitted:
    """Text as it will be drawn: possibly shrunk (`size`) and cut with an ellipsis."""

    text: str
    size: float
    width: float


def fit_text(text: str, width: float, size: float, *, font: str = FONT, min_size: float = 6.0) -> Fitted:
    """Fit one line into `width` points: as given if it fits, else shrunk (down to
    `min_size`), else cut at `min_size` with an ellipsis. Never wider than `width`."""
    line = " ".join(text.split())
    w = width_of(line, font, size)
    if w <= width:
        return Fitted(line, size, w)
    smaller = max(min_size, int(size * width / w * 100) / 100)
    w = width_of(line, font, smaller)
    if w <= width:
        return Fitted(line, smaller, w)
    lo, hi = 0, len(line)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width_of(line[:mid].rstrip() + ELLIPSIS, font, smaller) <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = line[:lo].rstrip() + ELLIPSIS
    w = width_of(cut, font, smaller)
    if w > width:
        return Fitted("", smaller, 0.0)
    return Fitted(cut, smaller, w)


def _tokens(text: str) -> list[str]:
    """Words, with double names split after their hyphen ("Müller-", "Lüdenscheid")."""
    return re.findall(r"[^\s-]+-*|-+", text)


def _join(line: str, token: str) -> str:
    return line + token if line.endswith("-") else line + " " + token


def wrap_text(text: str, width: float, size: float, *, font: str = FONT, max_lines: int = 2,
              min_size: float = 6.0) -> tuple[tuple[str, ...], float]:
    """Break `text` at spaces and after hyphens into at most `max_lines` lines of `width`,
    shrinking the size until the words fit; returns the lines and the size (drawing fits
    each line again, cutting what still does not fit)."""
    tokens = _tokens(text)
    s = size
    while True:
        lines: list[str] = []
        for token in tokens:
            if lines and width_of(_join(lines[-1], token), font, s) <= width:
                lines[-1] = _join(lines[-1], token)
            else:
                lines.append(token)
        if (len(lines) <= max_lines and all(width_of(x, font, s) <= width for x in lines)) or s <= min_size:
            if len(lines) > max_lines:  # the last line takes the rest; drawing cuts it with "…"
                rest = lines[max_lines - 1]
                for extra in lines[max_lines:]:
                    rest = _join(rest, extra)
                lines = lines[:max_lines - 1] + [rest]
            return tuple(lines), s
        s = max(min_size, s - 0.5)


def tint(colour: Color, amount: float) -> Color:
    """`colour` mixed with white (`amount` 0 = white, 1 = the colour)."""
    return Color(1 - (1 - colour.red) * amount, 1 - (1 - colour.green) * amount, 1 - (1 - colour.blue) * amount)


def readable_on(colour: Color) -> Color:
    """Black or white, whichever reads better on `colour`."""
    luminance = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
    return INK if luminance > 0.6 else HexColor("#FFFFFF")


@dataclass(frozen=True)
class Box:
    """A rectangle in points, (x, y) its lower-left corner."""

    x: float
    y: float
    w: float
    h: float

    def inset(self, dx: float, dy: float = 0.0) -> Box:
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)


@dataclass(frozen=True)
class DrawnText:
    """A record of one line drawn: on which page, into which box, how wide."""

    page: int
    text: str
    font: str
    size: float
    width: float
    box: Box


@dataclass(frozen=True)
class Rendered:
    """A finished PDF in memory."""

    data: bytes
    pages: int
    texts: tuple[DrawnText, ...]
    qr_codes: tuple[tuple[int, str], ...] = ()  # (page, the text each QR code holds)


class Pen:
    """A reportlab canvas that fits and records every line of text it draws."""

    def __init__(self, title: str, pagesize: tuple[float, float] = PORTRAIT) -> None:
        register_fonts()
        self.buffer = io.BytesIO()
        # invariant: no creation time or random id in the file, so the same input gives the same bytes.
        self.canvas = Canvas(self.buffer, pagesize=pagesize, invariant=True, pageCompression=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("tourney")
        self.pagesize = pagesize
        self.page = 1
        self.texts: list[DrawnText] = []
        self.qr_codes: list[tuple[int, str]] = []

    @property
    def width(self) -> float:
        return self.pagesize[0]

    @property
    def height(self) -> float:
        return self.pagesize[1]

    def new_page(self, pagesize: tuple[float, float] | None = None) -> None:
        self.canvas.showPage()
        if pagesize is not None:
            self.pagesize = pagesize
        self.canvas.setPageSize(self.pagesize)
        self.page += 1

    def text(self, text: str, box: Box, size: float, *, font: str = FONT, align: str = "left",
             colour: Color = INK, min_size: float = 6.0, baseline: float | None = None) -> Fitted:
        """One line in `box`, vertically centred (or at `baseline` above the box bottom),
        aligned left, centre or right; shrunk or cut to the box width."""
        fitted = fit_text(text, box.w, size, font=font, min_size=min_size)
        if not fitted.text:
            return fitted
        x = {"left": box.x, "centre": box.x + (box.w - fitted.width) / 2,
             "right": box.x + box.w - fitted.width}[align]
        y = box.y + (baseline if baseline is not None else (box.h - 0.72 * fitted.size) / 2)
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(font, fitted.size)
        c.drawString(x, y, fitted.text)
        self.texts.append(DrawnText(self.page, fitted.text, font, fitted.size, fitted.width, box))
        return fitted

    def paragraph(self, text: str, box: Box, size: float, *, font: str = FONT, max_lines: int = 2,
                  colour: Color = INK, align: str = "left") -> None:
        """Text wrapped at spaces into at most `max_lines` lines filling `box` from the top."""
        lines, s = wrap_text(text, box.w, size, font=font, max_lines=max_lines)
        step = s * 1.25
        for i, line in enumerate(lines):
            y = box.y + box.h - (i + 1) * step
            self.text(line, Box(box.x, y, box.w, step), s, font=font, colour=colour, align=align)

    def name(self, text: str, box: Box, size: float, *, font: str = BOLD, align: str = "centre",
             colour: Color = INK) -> None:
        """A name in `box`: one line if it fits at 80 % of `size` or more, else two lines."""
        if fit_text(text, box.w, size, font=font).size >= 0.8 * size:
            self.text(text, box, size, font=font, align=align, colour=colour)
            return
        lines, s = wrap_text(text, box.w, size * 0.85, font=font, max_lines=2)
        s = min(s, box.h / 2.5)
        step = s * 1.15
        top = box.y + (box.h + step * len(lines)) / 2
        for i, line in enumerate(lines):  # top line first: text extraction reads them in order
            self.text(line, Box(box.x, top - (i + 1) * step, box.w, step), s, font=font, align=align, colour=colour)

    def rect(self, box: Box, *, fill: Color | None = None, stroke: Color | None = RULE, width: float = 0.6,
             dash: tuple[float, ...] | None = None) -> None:
        c = self.canvas
        c.setLineWidth(width)
        c.setDash(*(dash or ()))
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
        c.rect(box.x, box.y, box.w, box.h, stroke=int(stroke is not None), fill=int(fill is not None))
        c.setDash()

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: Color = RULE, width: float = 0.6,
             dash: tuple[float, ...] | None = None) -> None:
        c = self.canvas
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.setDash(*(dash or ()))
        c.line(x1, y1, x2, y2)
        c.setDash()

    def qr(self, value: str, box: Box) -> None:
        """A QR code for `value`, square, filling the smaller side of `box`."""
        # reportlab.graphics pulls in platypus (~0.1 s): only documents with QR codes need it.
        from reportlab.graphics import renderPDF
        from reportlab.graphics.barcode.qr import QrCodeWidget
        from reportlab.graphics.shapes import Drawing

        self.qr_codes.append((self.page, value))
        widget = QrCodeWidget(value, barLevel="M")
        x1, y1, x2, y2 = widget.getBounds()
        side = min(box.w, box.h)
        drawing = Drawing(side, side, transform=[side / (x2 - x1), 0, 0, side / (y2 - y1), 0, 0])
        drawing.add(widget)
        renderPDF.draw(drawing, self.canvas, box.x + (box.w - side) / 2, box.y + (box.h - side) / 2)

    @contextmanager
    def upside_down(self) -> Iterator[None]:
        """Draw the page turned by 180° (the far side of a folded table card)."""
        c = self.canvas
        c.saveState()
        c.translate(self.width, self.height)
        c.rotate(180)
        try:
            yield
        finally:
            c.restoreState()

    def finish(self) -> Rendered:
        self.canvas.save()
        return Rendered(self.buffer.getvalue(), self.page, tuple(self.texts), tuple(self.qr_codes))


class Sketch(Pen):
    """A pen that draws nothing and only counts pages: a document whose layout does not depend
    on its text is sketched first to learn its page count, for its "page i of n" footers."""

    def __init__(self, title: str, pagesize: tuple[float, float] = PORTRAIT) -> None:
        self.pagesize = pagesize
        self.page = 1
        self.texts = []
        self.qr_codes = []

    def new_page(self, pagesize: tuple[float, float] | None = None) -> None:
        if pagesize is not None:
            self.pagesize = pagesize
        self.page += 1

    def text(self, text: str, box: Box, size: float, *, font: str = FONT, align: str = "left",
             colour: Color = INK, min_size: float = 6.0, baseline: float | None = None) -> Fitted:
        return Fitted(text, size, 0.0)

    def rect(self, box: Box, *, fill: Color | None = None, stroke: Color | None = RULE, width: float = 0.6,
             dash: tuple[float, ...] | None = None) -> None:
        pass

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: Color = RULE, width: float = 0.6,
             dash: tuple[float, ...] | None = None) -> None:
        pass

    def finish(self) -> Rendered:
        return Rendered(b"", self.page, ())


def footer(pen: Pen, left: str, page_of: str) -> None:
    """Small print at the foot of the page: `left` and the page number."""
    y = MARGIN / 2 - 2
    half = (pen.width - 2 * MARGIN) / 2
    pen.text(left, Box(MARGIN, y, half * 1.5, 10), 7, colour=GREY)
    pen.text(page_of, Box(MARGIN + half * 1.5, y, half / 2, 10), 7, colour=GREY, align="right")


def two_pass(draw: Callable[[int | None], Rendered], expected: int = 1) -> Rendered:
    """The document with "page i of n" in its footers: drawn for the `expected` page count,
    and drawn again only when it came out longer or shorter. Only footers depend on n, so
    the result is the same as counting the pages first; a good guess halves the time."""
    first = draw(expected)
    return first if first.pages == expected else draw(first.pages)


def save(rendered: Rendered, path: str | Path) -> Path:
    """Write the PDF to a temporary file beside `path`, then rename it over `path`."""
    p = Path(path)
    with atomic(p) as tmp:
        tmp.write_bytes(rendered.data)
    return p


def concat(parts: Sequence[Rendered]) -> Rendered:
    """Several documents as one PDF, in order (each keeps its own page size)."""
    if len(parts) == 1:
        return parts[0]
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(io.BytesIO(part.data)))
    out = io.BytesIO()
    writer.write(out)
    offset, texts, codes = 0, [], []
    for part in parts:
        texts += [DrawnText(t.page + offset, t.text, t.font, t.size, t.width, t.box) for t in part.texts]
        codes += [(page + offset, value) for page, value in part.qr_codes]
        offset += part.pages
    return Rendered(out.getvalue(), offset, tuple(texts), tuple(codes))
