"""The names of 7 Wonders Duel: the ruleset is found by them and the records' ``Game`` tag says the title."""

NAME = "duel"
TITLE = "7 Wonders Duel"
ALIASES = ("7wd", "7wonders-duel", "7-wonders-duel", "sevenwondersduel")
