"""`tourney serve`: the live event server (player pages, desks, JSON API) over the library."""
from tourney.server.app import create_app

__all__ = ["create_app"]
