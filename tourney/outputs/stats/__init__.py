"""Statistics of one event or a season, with plots: `stats_report` reads the events through
each game's statistics hook (`Workflow.stats`), `render` prints, `write_report` writes
HTML, XLSX or PDF. Generic: names no game."""
from __future__ import annotations

from tourney.outputs.stats.build import build_report, stats_report
from tourney.outputs.stats.model import GameStats, Section, StatsReport
from tourney.outputs.stats.render import render, write_report

__all__ = ["GameStats", "Section", "StatsReport", "build_report", "render", "stats_report", "write_report"]
