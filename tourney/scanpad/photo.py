"""A photo as the reader takes it: JPEG or PNG, 1 to 50 megapixels, at most 40 MB, turned as
its EXIF orientation says, as RGB pixels. Everything else is refused with the reason (`Refusal`),
before it is decoded where the header already tells (a decompression bomb never unfolds)."""
from __future__ import annotations

import io
import warnings
from typing import TYPE_CHECKING

from tourney.core.i18n import N_, _

if TYPE_CHECKING:
    import numpy as np

MAX_BYTES = 40 * 1024 * 1024
MIN_PIXELS = 1_000_000
MAX_PIXELS = 50_000_000
FORMATS = ("JPEG", "PNG", "MPO")  # MPO: the JPEG some phones write with a depth picture


class Refusal(Exception):
    """Why a photo is not read: an English template (a msgid) and its values, said in the
    reader's language where it is shown."""

    def __init__(self, reason: str, values: tuple[tuple[str, object], ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.values = values

    def text(self) -> str:
        return _(self.reason).format(**dict(self.values))


def refuse(reason: str, **values: object) -> Refusal:
    return Refusal(reason, tuple(values.items()))


def too_many_pixels() -> Refusal:
    return refuse(N_("more than the {limit} megapixels a photo may have: send a smaller one"),
                  limit=MAX_PIXELS // 1_000_000)


def load_photo(data: bytes) -> np.ndarray:
    """The photo's pixels (height x width x 3, uint8), upright."""
    from PIL import Image, ImageOps, UnidentifiedImageError
    import numpy as np

    if len(data) > MAX_BYTES:
        raise refuse(N_("the file has {mb} MB, more than a photo of {limit} MB: send a smaller JPEG"),
                     mb=len(data) // (1024 * 1024), limit=MAX_BYTES // (1024 * 1024))
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data))
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise too_many_pixels() from None  # Pillow's own limit (89 megapixels) is above ours
        except (UnidentifiedImageError, OSError, ValueError):
            raise refuse(N_("not an image: send a JPEG or PNG photo of the pad")) from None
        if image.format not in FORMATS:
            raise refuse(N_("a {format} image: send a JPEG or PNG photo of the pad"), format=image.format or "?")
        pixels = image.width * image.height
        if pixels > MAX_PIXELS:
            raise too_many_pixels()
        if pixels < MIN_PIXELS:
            raise refuse(N_("{w}×{h} pixels, too few to read the marks: photograph the pad with at least "
                            "1 megapixel"), w=image.width, h=image.height)
        try:
            image.load()
            upright = ImageOps.exif_transpose(image)
            rgb = np.asarray(upright.convert("RGB"))
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise refuse(N_("the image is damaged or cut short (a truncated file): send the photo again")) from None
    return rgb
