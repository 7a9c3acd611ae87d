"""What the camera saw: the page found by its four corner markers (their ids say which corner is
which, so a photo turned sideways or upside down reads the same), straightened, its QR code,
and the darkness of every lozenge and correction box, measured in the red channel against the
paper's own brightness nearby (so uneven light and a shadow cancel out)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from tourney.core.i18n import N_
from tourney.scanpad.layout import MARKER_SIZE, MARKERS, PAGE_H, PAGE_W, QR_BOX, RX, RY, Lozenge, Rect
from tourney.scanpad.photo import refuse

#: Pixels per millimetre of the straightened page (a lozenge is about 25 x 19 pixels).
SCALE = 8.0
#: The longest side markers are looked for at (a smaller copy: quicker, and enough for 14 mm markers).
DETECT_SIDE = 1800


@dataclass(frozen=True)
class Page:
    """The straightened page: its red channel, brightness-normalised (0 paper, 1 black), and the
    photo's colour page for the QR code."""

    dark: np.ndarray
    colour: np.ndarray
    homography: np.ndarray  # page mm -> photo pixels


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def find_page(rgb: np.ndarray) -> Page:
    """The page in the photo, or a refusal naming what is missing."""
    h, w = rgb.shape[:2]
    factor = min(1.0, DETECT_SIDE / max(h, w))
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    small = cv2.resize(grey, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_AREA) \
        if factor < 1 else grey
    corners, ids, _rejected = _detector().detectMarkers(small)
    found: dict[int, np.ndarray] = {}
    if ids is not None:
        for c, i in zip(corners, ids.ravel()):
            if int(i) in {m for m, _x, _y in MARKERS} and int(i) not in found:
                found[int(i)] = c.reshape(4, 2) / factor
    if not found:
        raise refuse(N_("no scan pad in the photo (none of its corner markers): photograph the whole printed pad"))
    if len(found) < len(MARKERS):
        raise refuse(N_("only {n} of the page's 4 corner markers are in the photo: photograph the whole page"),
                     n=len(found))
    src, dst = [], []
    for marker, x, y in MARKERS:
        s = MARKER_SIZE
        dst += [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
        src += [tuple(p) for p in found[marker]]
    homography, _mask = cv2.findHomography(np.array(dst, np.float64), np.array(src, np.float64), 0)
    if homography is None:
        raise refuse(N_("the page's corner markers do not make a page: photograph it flat and whole"))
    scale = np.diag([1 / SCALE, 1 / SCALE, 1.0])
    to_photo = homography @ scale  # straightened pixels -> photo pixels
    size = (round(PAGE_W * SCALE), round(PAGE_H * SCALE))
    # The red channel: the pad's red print (lozenges, digits) is almost white in it, the pen is dark.
    red = cv2.warpPerspective(np.ascontiguousarray(rgb[:, :, 0]), to_photo, size,
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=255)
    grey_page = cv2.warpPerspective(grey, to_photo, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                    borderValue=255)
    return Page(_normalised(red), grey_page, homography)


def _normalised(red: np.ndarray) -> np.ndarray:
    """0 where the paper is, towards 1 for ink: each pixel against the paper around it. A
    closing wider than a mark takes the marks out and keeps the edge of a shadow where it is
    (the brightest paper nearby would make the shaded side of that edge look inked)."""
    small = cv2.resize(red, (red.shape[1] // 4, red.shape[0] // 4), interpolation=cv2.INTER_AREA)
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (13, 13)))
    paper = cv2.GaussianBlur(paper, (0, 0), 1.5)
    paper = cv2.resize(paper, (red.shape[1], red.shape[0]), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    return np.clip(1.0 - red.astype(np.float32) / np.maximum(paper, 1.0), 0.0, 1.0)


def read_qr(page: Page) -> str | None:
    """The text of the page's QR code, when one is read."""
    x, y, s = QR_BOX
    m = 2.0
    crop = page.colour[int((y - m) * SCALE):int((y + s + m) * SCALE), int((x - m) * SCALE):int((x + s + m) * SCALE)]
    detector = cv2.QRCodeDetector()
    for image in (crop, cv2.resize(crop, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_CUBIC),
                  cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]):
        text, _points, _code = detector.detectAndDecode(image)
        if text:
            return str(text)
    return None


def _box_means(integral: np.ndarray, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> np.ndarray:
    total = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return np.asarray(total / np.maximum((x1 - x0) * (y1 - y0), 1), dtype=np.float64)


def lozenge_darkness(page: Page, lozenges: Sequence[Lozenge]) -> np.ndarray:
    """Each lozenge's mean darkness (0 paper, 1 black) over its inner part, away from its outline."""
    integral = cv2.integral(page.dark)
    xs = np.array([z.x for z in lozenges]) * SCALE
    ys = np.array([z.y for z in lozenges]) * SCALE
    hx, hy = RX * 0.62 * SCALE, RY * 0.62 * SCALE
    x0, x1 = np.round(xs - hx).astype(int), np.round(xs + hx).astype(int)
    y0, y1 = np.round(ys - hy).astype(int), np.round(ys + hy).astype(int)
    return _box_means(integral, x0, y0, x1, y1)


def ink_in(page: Page, rects: Sequence[Rect]) -> np.ndarray:
    """The share of each box's inside (its frame left out) that is dark as written ink."""
    ink = (page.dark > 0.35).astype(np.float32)
    integral = cv2.integral(ink)
    m = 1.0
    x0 = np.array([round((r.x + m) * SCALE) for r in rects])
    x1 = np.array([round((r.x + r.w - m) * SCALE) for r in rects])
    y0 = np.array([round((r.y + m) * SCALE) for r in rects])
    y1 = np.array([round((r.y + r.h - m) * SCALE) for r in rects])
    return _box_means(integral, x0, y0, x1, y1)


#: Millimetres of the page shown around a doubtful value's lozenges (its row's label and neighbours).
CROP_MARGIN = 4.0


def crop_around(page: Page, lozenges: Sequence[Lozenge]) -> bytes:
    """A JPEG of the straightened page around `lozenges` (a person looks at what was marked)."""
    if not lozenges:
        return b""
    m = CROP_MARGIN
    x0 = max(0, int((min(z.x - z.rx for z in lozenges) - m) * SCALE))
    x1 = min(page.colour.shape[1], int((max(z.x + z.rx for z in lozenges) + m) * SCALE))
    y0 = max(0, int((min(z.y - z.ry for z in lozenges) - m) * SCALE))
    y1 = min(page.colour.shape[0], int((max(z.y + z.ry for z in lozenges) + m) * SCALE))
    ok, data = cv2.imencode(".jpg", page.colour[y0:y1, x0:x1], [cv2.IMWRITE_JPEG_QUALITY, 80])
    return bytes(data) if ok else b""


#: The `screen_pattern` above which a photo the page is not found in is said to be of a screen:
#: synthetic photos of paper measure at most 0.02, of a screen showing the pad 0.15 and more.
SCREEN_PATTERN = 0.08


def screen_pattern(rgb: np.ndarray) -> float:
    """How much of a screen's pixel grid (its moiré) covers the photo: the high-frequency detail of
    the photo's middle relative to its brightness, in blocks, the lower quartile (paper has blank
    areas between the print; a screen's pattern is everywhere); 0 when that detail is not a
    pattern (random noise: a pixel's detail says nothing of its neighbours')."""
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    h, w = grey.shape
    factor = min(1.0, 1600 / max(h, w))  # the pattern as it shows at one size, whatever the camera's
    if factor < 1:
        grey = cv2.resize(grey, (round(w * factor), round(h * factor)), interpolation=cv2.INTER_AREA)
    h, w = grey.shape
    # The middle, which the page covers in a photo where it fills half the frame.
    middle = grey[h * 7 // 20:h * 13 // 20, w * 7 // 20:w * 13 // 20].astype(np.float32)
    fine = middle - cv2.GaussianBlur(middle, (0, 0), 1.5)
    if not _coherent(fine):
        return 0.0  # noise, not a pattern (a photo of nothing in particular)
    detail = np.abs(fine)
    bright = cv2.GaussianBlur(middle, (0, 0), 6)
    b = 32
    rows, cols = middle.shape[0] // b, middle.shape[1] // b
    if rows == 0 or cols == 0:
        return 0.0

    def blocks(a: np.ndarray) -> np.ndarray:
        return np.asarray(a[:rows * b, :cols * b].reshape(rows, b, cols, b).mean(axis=(1, 3)))

    return float(np.percentile(blocks(detail) / np.maximum(blocks(bright), 8.0), 25))


def _coherent(fine: np.ndarray) -> bool:
    """Whether fine detail runs in stripes: it correlates with itself a pixel or two away in some
    direction (moiré: 0.45 and more; random noise: under 0.1)."""
    inner = fine[2:-2, 2:-2]
    power = float((inner * inner).mean())
    if power <= 1e-6:
        return False
    h, w = fine.shape
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1), (0, 2), (2, 0)):
        shifted = fine[2 + dy:h - 2 + dy, 2 + dx:w - 2 + dx]
        if abs(float((inner * shifted).mean())) / power >= 0.3:
            return True
    return False
