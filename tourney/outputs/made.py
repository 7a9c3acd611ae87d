"""The moment a printed document says it was made: now, or SOURCE_DATE_EPOCH when it is set
(the reproducible-builds convention), so the same event prints the same bytes whenever it is
printed in a test or a build."""
from __future__ import annotations

import datetime as _dt
import os


def made_at() -> str:
    """'2026-12-04 19:30': local time now, or SOURCE_DATE_EPOCH's moment in UTC."""
    fixed = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if fixed.isdigit():
        return _dt.datetime.fromtimestamp(int(fixed), _dt.UTC).strftime("%Y-%m-%d %H:%M")
    return _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
