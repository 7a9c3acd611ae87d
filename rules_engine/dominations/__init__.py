"""Dominations rules: end-of-game facts, the table sheet and its checks, places."""
from rules_engine.dominations.data import DOMINATION_CARDS, DominationCard
from rules_engine.dominations.sheet import PlayerLine, TableSheet, check_sheet, places

NAME = "dominations"
TITLE = "Dominations"
ALIASES = ("dom",)
#: The sheet types a Ruleset hands out (rows, then the table).
SHEET_TYPES = (PlayerLine, TableSheet)

__all__ = ["ALIASES", "DOMINATION_CARDS", "NAME", "SHEET_TYPES", "TITLE", "DominationCard", "PlayerLine",
           "TableSheet", "check_sheet", "places"]
