"""Seating schedules for multi-table games: table plans, a seeded optimiser that avoids
repeat opponents, neighbours and start seats, and lower bounds that say what is forced.

Pure: players are plain ints, a table is a tuple of players in clockwise seat order (seat 1
first), a round a tuple of tables, a schedule a tuple of rounds. No database, no I/O.
Modules by job: `plans` (table sizes), `bounds` (quality and lower bounds), `report`
(the report and the plan comparison), `constructions` (finite-field starting rounds),
`optimiser` (`plan_schedule`).
"""
from __future__ import annotations

from tourney.event.schedule.bounds import (
    Quality,
    RoundBound,
    RoundRepeats,
    lower_bound,
    quality,
    round_bounds,
    round_repeats,
)
from tourney.event.schedule.optimiser import BUDGET_PER_ROUND, plan_schedule
from tourney.event.schedule.plans import (
    DEFAULT_SIZES,
    MAX_TABLE,
    MIN_TABLE,
    PLANS,
    Round,
    Schedule,
    Table,
    TableSizes,
    bonn_plan,
    dm_plan,
    even_plan,
    plan_for_table_size,
    table_plan,
)
from tourney.event.schedule.report import (
    PlanOption,
    Report,
    RoundReport,
    compare_plans,
    render_plans,
    render_report,
    schedule_report,
)

__all__ = [
    "BUDGET_PER_ROUND", "DEFAULT_SIZES", "MAX_TABLE", "MIN_TABLE", "PLANS", "PlanOption",
    "Quality", "Report", "Round", "RoundBound", "RoundRepeats", "RoundReport", "Schedule", "Table",
    "TableSizes", "bonn_plan", "compare_plans", "dm_plan", "even_plan", "lower_bound", "plan_for_table_size",
    "plan_schedule", "quality", "render_plans", "render_report", "round_bounds", "round_repeats",
    "schedule_report", "table_plan",
]
