"""One package per game (`tourney.games.<game>`), each with a `WORKFLOW`, an instance of its
`tourney.games.base.Workflow` subclass. Only the edges (the command line, the
server, the demo) look a game up, in `tourney.games.registry`; the code below them is handed
the game. Importing this package loads no game.
"""
