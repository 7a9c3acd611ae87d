"""tourney: run a board-game tournament from registration to the final standings."""

__version__ = "0.1.0"
