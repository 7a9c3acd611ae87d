"""The event's use cases: players, seating, checking and importing sheets, standings, history,
season, the desks' entries and the live pages' data."""
