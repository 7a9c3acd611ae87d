"""PDF documents: score pads, seating lists, table cards, standings and season handouts."""
