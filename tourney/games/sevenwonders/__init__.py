"""7 Wonders in the event workflow: a `TableGame` (tourney.games.tablegame) with its own steps —
seating with wonder and guild draws, score sheets and their German vocabulary, checks against
the draws — and standings by game points and relative shares (`standings`).

`workflow` holds the game as the command line and the server load it (`WORKFLOW`);
`lines` its score sheet alone, which a sheet's header is matched against without loading
the rest of the game."""
