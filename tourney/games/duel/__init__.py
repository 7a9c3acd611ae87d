"""7 Wonders Duel in the event workflow: Swiss, round-robin and top-cut pairing, match
sheets and their German vocabulary, checks against the pairing, standings by match points
and the scheme's tiebreaks.

`workflow` holds the game as the command line and the server load it (`WORKFLOW`);
`sheetformat` its score sheet alone, which a sheet's header is matched against without loading
the rest of the game."""
