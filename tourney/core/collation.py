"""Sorting names the way a German reader expects them on a printed list."""
from __future__ import annotations

import unicodedata

_FOLD = str.maketrans({"ß": "ss", "ẞ": "SS", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ı": "i", "đ": "d",
                       "Đ": "D", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th"})


def collation_key(name: str) -> tuple[str, str, str]:
    """German phone-book order (DIN 5007-1): letters sort as their base letter (Ä as A,
    ß as ss, Ł as L), case ignored; ties broken by the accented and then the exact name."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_FOLD))
    base = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return base, name.casefold(), name
