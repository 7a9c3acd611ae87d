"""The names of 7 Wonders Duel: the ruleset is found by them and the records' ``Game`` tag says
the title; and the names of its score categories, the match sheet's columns."""

NAME = "duel"
TITLE = "7 Wonders Duel"
ALIASES = ("7wd", "7wonders-duel", "7-wonders-duel", "sevenwondersduel")

#: Score categories in sheet order (CSV column names); `senate` is 0 without Agora.
CATEGORIES: tuple[str, ...] = (
    "blue", "green", "yellow", "purple", "wonders", "progress", "treasury", "military", "senate",
)
