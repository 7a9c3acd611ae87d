"""Synthetic photos of filled scan pads, for the scan tests and benchmarks/bench_scan.py: the real
printed PDF rasterised (pypdfium2), pen marks drawn where the layout puts the lozenges (careful or
sloppy), then a phone camera simulated (perspective, rotation, blur, noise, uneven light, a
shadow, JPEG). Deterministic for a seed. The values come from games the rules engine played
with the seated wonders and the round's guilds, so they pass the game's sheet check."""
from __future__ import annotations

import io
import random
import struct
import zlib
from dataclasses import dataclass

import cv2
import numpy as np

from tourney.scanpad.fields import ScanSheet, TableValues
from tourney.scanpad.layout import PAGE_H, PAGE_W
from tourney.scanpad.pads import TablePad


def rasterise(pdf: bytes, page: int = 0, dpi: float = 200) -> np.ndarray:
    """Page `page` of the PDF as RGB pixels."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        bitmap = doc[page].render(scale=dpi / 72)
        return np.array(bitmap.to_pil().convert("RGB"))
    finally:
        doc.close()


def played_values(event, pad: TablePad, rng: random.Random) -> TableValues:
    """A 7 Wonders table the engine plays with the seated wonders, random sides and the round's guilds."""
    from rules_engine.sevenwonders import data as d
    from rules_engine.sevenwonders import game as g
    from rules_engine.sevenwonders.scoring import score
    from tourney.games.sevenwonders.drawstore import round_draws

    players = len(pad.seats)
    sides = [rng.choice(d.SIDES) for _ in pad.seats]
    boards = [d.board(s.board, side) for s, side in zip(pad.seats, sides)]
    guilds = round_draws(event)[pad.round].guilds_for(players)
    game = g.Game(boards, tuple(guilds))
    for age in d.AGES:
        deck = g.deck(age, players, tuple(guilds))
        rng.shuffle(deck)
        hands = [deck[k * d.HAND_SIZE:(k + 1) * d.HAND_SIZE] for k in range(players)]
        game.play_age(age, hands, g.RandomChooser(rng), exact_trade=False)
    sheet = score(game)
    values = tuple({"side": side, **{k: getattr(p, k) for k in ("military", "treasury", "wonders", "civilian",
                                                                 "commercial", "guilds", "science", "total", "coins")}}
                   for p, side in zip(sheet.players, sides))
    return TableValues(pad.round, pad.table, pad.seats, values, {})


@dataclass(frozen=True)
class Pen:
    """How the players mark: `sloppy` adds light ink, half fills, crosses, erasures and stray lines."""

    sloppy: bool = False


def marked(sheet: ScanSheet, pad: TablePad, values: TableValues) -> list[tuple[object, bool]]:
    """The lozenges to fill for `values` (every digit place, leading zeros too), with True for the sign."""
    out = []
    by_seat = {s.seat: v for s, v in zip(values.seats, values.values)}
    for z in pad.layout.lozenges:
        if z.seat == 0:
            if values.table_choices.get(z.field) == z.value and z.value != "":
                out.append((z, False))
            continue
        v = by_seat[z.seat].get(z.field)
        if v is None or v == "":
            continue
        if isinstance(z.value, str):
            if str(v) == z.value:
                out.append((z, False))
            continue
        if z.place == -1:
            if isinstance(v, int) and v < 0:
                out.append((z, True))
            continue
        if isinstance(v, int) and (abs(v) // 10 ** z.place) % 10 == z.value:
            out.append((z, False))
    return out


def fill(page: np.ndarray, sheet: ScanSheet, pad: TablePad, values: TableValues, pen: Pen,
         rng: random.Random, *, leave_out: tuple[tuple[int, str, int], ...] = (),
         corrections: tuple[int, ...] = ()) -> np.ndarray:
    """The rasterised page with the pen's marks; the rows `leave_out` names (seat, field, digit
    place) left unmarked, a number written into the correction box of the seats `corrections`."""
    img = page.copy()
    ppm = img.shape[1] / PAGE_W
    ink_colours = [(20, 20, 30), (25, 35, 110), (35, 35, 35)]
    ink = ink_colours[rng.randrange(len(ink_colours))]
    overlay = img.copy()
    for z, _sign in marked(sheet, pad, values):
        if (z.seat, z.field, z.place) in leave_out:
            continue
        cx, cy = z.x * ppm + rng.gauss(0, 0.15 * ppm), z.y * ppm + rng.gauss(0, 0.12 * ppm)
        ax, ay = z.rx * ppm * rng.uniform(0.95, 1.2), z.ry * ppm * rng.uniform(0.95, 1.2)
        colour = ink
        kind = "fill"
        if pen.sloppy:
            r = rng.random()
            if r < 0.10:
                kind = "light"
            elif r < 0.18:
                kind = "half"
            elif r < 0.23:
                kind = "cross"
        if kind == "light":
            colour = tuple(int(c + (230 - c) * rng.uniform(0.35, 0.55)) for c in ink)
        if kind == "half":
            cv2.ellipse(overlay, (round(cx), round(cy)), (round(ax), round(ay)), 0, 180, 360, colour, -1, cv2.LINE_AA)
            cv2.ellipse(overlay, (round(cx), round(cy)), (round(ax * 0.9), round(ay * 0.5)), 0, 0, 180, colour, -1,
                        cv2.LINE_AA)
        elif kind == "cross":
            w = max(1, round(0.45 * ppm))
            cv2.line(overlay, (round(cx - ax), round(cy - ay)), (round(cx + ax), round(cy + ay)), colour, w, cv2.LINE_AA)
            cv2.line(overlay, (round(cx - ax), round(cy + ay)), (round(cx + ax), round(cy - ay)), colour, w, cv2.LINE_AA)
        else:
            cv2.ellipse(overlay, (round(cx), round(cy)), (round(ax), round(ay)), rng.uniform(-10, 10), 0, 360, colour,
                        -1, cv2.LINE_AA)
    for box in pad.layout.seats:
        if box.seat.seat in corrections:
            c = box.correction
            cv2.putText(overlay, "47", (round((c.x + 4) * ppm), round((c.y + c.h - 2) * ppm)),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.22 * ppm, ink, max(1, round(0.4 * ppm)), cv2.LINE_AA)
    if pen.sloppy:
        # erasures: a neighbouring lozenge once marked, rubbed out to a grey smudge
        candidates = [z for z in pad.layout.lozenges if z.seat and not isinstance(z.value, str) and z.place >= 0]
        for z in rng.sample(candidates, k=max(1, len(candidates) // 60)):
            cx, cy = z.x * ppm, z.y * ppm
            grey = tuple(int(c + (255 - c) * rng.uniform(0.72, 0.85)) for c in ink)
            cv2.ellipse(overlay, (round(cx), round(cy)), (round(z.rx * ppm), round(z.ry * ppm)), 0, 0, 360, grey, -1)
        # stray lines across the grid
        for _ in range(rng.randrange(1, 4)):
            x0, y0 = rng.uniform(30, 200) * ppm, rng.uniform(50, 250) * ppm
            x1, y1 = x0 + rng.uniform(-40, 40) * ppm, y0 + rng.uniform(-8, 8) * ppm
            cv2.line(overlay, (round(x0), round(y0)), (round(x1), round(y1)), ink, max(1, round(0.25 * ppm)),
                     cv2.LINE_AA)
    return overlay


@dataclass(frozen=True)
class Camera:
    """A phone's photo of the page: `width` pixels across the frame."""

    width: int = 3000
    turn: int = 0            # quarter turns (2: upside down)
    tilt: float = 4.0        # degrees of extra rotation, at most
    perspective: float = 0.06
    blur: float = 1.0
    noise: float = 4.0
    light: float = 0.35      # how uneven the light is
    shadow: bool = True
    quality: int = 85
    fill: float = 0.8        # the page's share of the frame's height


def photograph(page: np.ndarray, cam: Camera, rng: random.Random) -> bytes:
    """The marked page as a JPEG a phone might take."""
    w = cam.width
    h = round(w * 0.75)
    if cam.turn % 2:
        w, h = h, w
    ph, pw = page.shape[:2]
    # the page's corners in the frame: centred, scaled, tilted, with perspective jitter
    scale = cam.fill * (min(h / pw, w / ph) if cam.turn % 2 else min(h / ph, w / pw))
    angle = np.deg2rad(90 * cam.turn + rng.uniform(-cam.tilt, cam.tilt))
    corners = np.array([[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]]) * scale
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = corners @ rot.T + [w / 2 + rng.uniform(-0.04, 0.04) * w, h / 2 + rng.uniform(-0.04, 0.04) * h]
    jitter = cam.perspective * min(w, h)
    corners += np.array([[rng.uniform(-jitter, jitter), rng.uniform(-jitter, jitter)] for _ in range(4)])
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    m = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    table = np.array([rng.randrange(90, 150), rng.randrange(70, 120), rng.randrange(50, 90)], np.uint8)
    frame = np.empty((h, w, 3), np.uint8)
    frame[:] = table
    frame = cv2.warpPerspective(page, m, (w, h), dst=frame, borderMode=cv2.BORDER_TRANSPARENT, flags=cv2.INTER_AREA
                                if scale < 1 else cv2.INTER_LINEAR)
    img = frame.astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    light = 1.0 - cam.light * (0.5 + 0.5 * (gx * (xx / w - 0.5) + gy * (yy / h - 0.5)) * 2) / 2
    img *= light[..., None]
    if cam.shadow:
        mask = np.zeros((h, w), np.float32)
        pts = np.array([[rng.uniform(0, w), 0], [rng.uniform(0, w), h], [w if rng.random() < 0.5 else 0, h],
                        [w if rng.random() < 0.5 else 0, 0]], np.int32)
        cv2.fillPoly(mask, [pts], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), max(3.0, 0.01 * w))
        img *= (1.0 - 0.4 * mask)[..., None]
    if cam.blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), cam.blur * w / 3000)
    if cam.noise > 0:
        img += np.random.default_rng(rng.randrange(2 ** 32)).normal(0, cam.noise, img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", cv2.cvtColor(out, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, cam.quality])
    assert ok
    return bytes(data)


def on_screen(page: np.ndarray, rng: random.Random, *, height: int = 1600, soft: float = 0.0) -> np.ndarray:
    """The page as a screen shows it, to be photographed: `height` screen pixels high, each pixel
    three stripes (red, green, blue) over a dark grid line, bluish and brighter than paper, in a
    black bezel. Photographed, the pixel grid beats against the camera's into moiré, unless the
    lens blurs it away first (`soft`: its blur in screen pixels, as when the camera is close)."""
    h, w = page.shape[:2]
    sw = round(w * height / h)
    small = cv2.resize(page, (sw, height), interpolation=cv2.INTER_AREA).astype(np.float32)
    big = np.zeros((height * 3, sw * 3, 3), np.float32)
    for c in range(3):
        for dy in range(2):
            big[dy::3, c::3, c] = small[:, :, c]
    big *= 4.5 * np.array((0.9, 1.0, 1.15), np.float32)
    if soft:
        big = cv2.GaussianBlur(big, (0, 0), 3 * soft)
    big = np.clip(big, 0, 255)
    m = round(rng.uniform(0.03, 0.05) * big.shape[0])
    framed = np.full((big.shape[0] + 2 * m, big.shape[1] + 2 * m, 3), 12, np.float32)
    framed[m:-m, m:-m] = big
    return framed.astype(np.uint8)


def png(rgb: np.ndarray) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "PNG")
    return buf.getvalue()


def bomb_png() -> bytes:
    """A PNG whose header claims 40000 x 40000 pixels, in a few hundred bytes."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compress(b"\x00" * (40000 // 8 + 1) * 64)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40000, 40000, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def huge_jpeg() -> bytes:
    """A JPEG whose frame header says 12000 x 9000 pixels (108 megapixels)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (16, 16), "white").save(buf, "JPEG")
    data = bytearray(buf.getvalue())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", 9000, 12000)
    return bytes(data)


def noise_png() -> bytes:
    """Not a pad: a photo of noise."""
    return png(np.random.default_rng(1).integers(0, 255, (1200, 1600, 3), dtype=np.uint8))


def half(photo: bytes) -> bytes:
    from PIL import Image

    image = Image.open(io.BytesIO(photo))
    buf = io.BytesIO()
    image.crop((0, 0, image.width, image.height // 2)).save(buf, "JPEG")
    return buf.getvalue()


__all__ = ["Camera", "PAGE_H", "Pen", "bomb_png", "fill", "half", "huge_jpeg", "noise_png", "on_screen", "photograph",
           "played_values", "png", "rasterise"]
