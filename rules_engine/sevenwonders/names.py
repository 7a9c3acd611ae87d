"""The names of 7 Wonders: the ruleset is found by them and the records' ``Game`` tag says the title."""

NAME = "7wonders"
TITLE = "7 Wonders"
ALIASES = ("7w", "sevenwonders", "7-wonders")
