"""Cut-out slips with each player's personal code (`tourney print EVENT --what codes`), handed
out at check-in: the event, the player's name, the code in large letters and, when the live
server's address is known, its QR code and what the code is for."""
from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm

from tourney.core.i18n import _, use_language
from tourney.outputs.pdf.render import BOLD, GREY, MARGIN, PORTRAIT, Box, Pen, Rendered

COLUMNS, ROWS = 2, 6  # twelve slips to an A4 page


def code_slips(event_name: str, codes: Sequence[tuple[str, str]], lang: str, url: str | None = None) -> Rendered:
    """One slip per (player, code), in the order given, cut lines between them."""
    with use_language(lang):
        title = _("Personal codes")
        label = _("Your code")
        use = _("for reporting results and checking in on the event's pages") if url else \
            _("for reporting results and checking in")
    pen = Pen(f"{event_name} – {title}", PORTRAIT)
    width = (pen.width - 2 * MARGIN) / COLUMNS
    height = (pen.height - 2 * MARGIN) / ROWS
    for i, (player, code) in enumerate(codes):
        if i and i % (COLUMNS * ROWS) == 0:
            pen.new_page()
        col, row = i % COLUMNS, (i // COLUMNS) % ROWS
        slip = Box(MARGIN + col * width, pen.height - MARGIN - (row + 1) * height, width, height)
        pen.rect(slip, stroke=GREY, width=0.4, dash=(3, 3))  # where to cut
        inner = slip.inset(4 * mm, 3 * mm)
        qr_side = min(inner.h, 30 * mm) if url else 0.0
        if url:
            pen.qr(url, Box(inner.x + inner.w - qr_side, inner.y + (inner.h - qr_side) / 2, qr_side, qr_side))
        text_w = inner.w - qr_side - (3 * mm if url else 0)
        top = inner.y + inner.h
        pen.text(event_name, Box(inner.x, top - 5 * mm, text_w, 5 * mm), 8, colour=GREY)
        pen.text(player, Box(inner.x, top - 13 * mm, text_w, 8 * mm), 14, font=BOLD)
        pen.text(label, Box(inner.x, top - 19 * mm, text_w, 5 * mm), 9, colour=GREY)
        pen.text(code, Box(inner.x, top - 30 * mm, text_w, 11 * mm), 26, font=BOLD)
        pen.paragraph(use + (f": {url}" if url else ""), Box(inner.x, inner.y, text_w, 8 * mm), 7.5)
    return pen.finish()
