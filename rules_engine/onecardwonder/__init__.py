"""One Card Wonder (Einkartenwunder) rules: wonder data, the table sheet and its checks, places."""
from rules_engine.onecardwonder.data import WONDERS, Wonder, find_wonder
from rules_engine.onecardwonder.sheet import (
           PlaceReading,
           PlayerLine,
           TableSheet,
           check_sheet,
           places,
)

NAME = "onecardwonder"
TITLE = "One Card Wonder"
ALIASES = ("ocw", "one card wonder", "einkartenwunder")
#: The sheet types a Ruleset hands out (rows, then the table).
SHEET_TYPES = (PlayerLine, TableSheet)

__all__ = ["ALIASES", "NAME", "SHEET_TYPES", "TITLE", "WONDERS", "PlaceReading", "PlayerLine", "TableSheet",
           "Wonder", "check_sheet", "find_wonder", "places"]
