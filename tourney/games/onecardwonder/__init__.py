"""One Card Wonder in the event workflow: a `TableGame` (tourney.games.tablegame) — the sheet and
its German words, places by the scheme's reading of the rulebook, the pad; the rest is generic.

`workflow` holds the game as the command line and the server load it (`WORKFLOW`);
`sheetformat` its score sheet alone, which a sheet's header is matched against without loading
the rest of the game."""
