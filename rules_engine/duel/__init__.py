"""7 Wonders Duel (with the Agora expansion) rules."""

NAME = "duel"
TITLE = "7 Wonders Duel"
