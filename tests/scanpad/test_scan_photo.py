"""The photo reader's own limits: EXIF orientation honoured, formats and sizes refused by reason."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from tourney.scanpad.photo import Refusal, load_photo


def _jpeg(w: int, h: int, orientation: int | None = None, fmt: str = "JPEG") -> bytes:
    image = Image.new("RGB", (w, h), "white")
    image.paste((0, 0, 0), (0, 0, 40, 20))  # a black mark at the stored top-left
    buf = io.BytesIO()
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    image.save(buf, fmt, exif=exif.tobytes()) if fmt == "JPEG" else image.save(buf, fmt)
    return buf.getvalue()


def test_the_exif_orientation_turns_the_photo_upright():
    plain = load_photo(_jpeg(1400, 1000))
    turned = load_photo(_jpeg(1400, 1000, orientation=6))  # "rotate 90° clockwise to show"
    assert plain.shape == (1000, 1400, 3) and turned.shape == (1400, 1000, 3)
    assert plain[5, 5].max() < 60 and turned[5, 995].max() < 60  # the mark moved to the top-right


@pytest.mark.parametrize("data,reason", [
    (_jpeg(1400, 1000, fmt="GIF"), "a {format} image: send a JPEG or PNG photo of the pad"),
    (_jpeg(800, 600), "{w}×{h} pixels, too few to read the marks: photograph the pad with at least 1 megapixel"),
    (b"", "not an image: send a JPEG or PNG photo of the pad"),
])
def test_other_files_are_refused_with_the_reason(data, reason):
    with pytest.raises(Refusal) as refused:
        load_photo(data)
    assert refused.value.reason == reason
