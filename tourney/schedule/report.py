"""The schedule report (per round: repeats next to the lower bound, and why they are
forced) and the comparison of table plans before an event, as values and as text."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tourney.errors import PlanError
from tourney.schedule.bounds import (
    Quality,
    RoundBound,
    lower_bound,
    quality,
    round_bounds,
    round_repeats,
)
from tourney.schedule.optimiser import plan_schedule
from tourney.schedule.plans import PLANS, Round, table_plan


@dataclass(frozen=True)
class RoundReport:
    """One round of the report: its repeats next to the bound for its table sizes."""

    round: int
    sizes: tuple[int, ...]
    pairs: int                       # pairs at this round's tables that met before
    cumulative: int
    bound: RoundBound
    neighbours: int
    starts: int
    repeated: tuple[tuple[int, int], ...]  # the repeated pairs of this round


@dataclass(frozen=True)
class Report:
    """A seated schedule's repeats per round and overall, the bound, and why repeats are forced."""

    players: int
    rounds: tuple[RoundReport, ...]
    quality: Quality
    bound: int
    reasons: tuple[str, ...]


def _reasons(sizes_per_round: Sequence[Sequence[int]], n: int, bounds: Sequence[RoundBound]) -> tuple[str, ...]:
    out: list[str] = []
    if not bounds:
        return ()
    last = bounds[-1]
    if last.counting > 0:
        meet = [min(s) - 1 for s in sizes_per_round]
        if all(sum(s) == n for s in sizes_per_round) and sum(meet) > n - 1:
            out.append(f"each player meets at least {'+'.join(map(str, meet))} = {sum(meet)} opponents "
                       f"in {len(meet)} rounds but only {n - 1} others are playing: "
                       f"at least {last.counting} repeated pairs")
        else:
            meetings = sum(k * (k - 1) // 2 for s in sizes_per_round for k in s)
            out.append(f"the tables hold {meetings} pairings but only {n * (n - 1) // 2} different pairs "
                       f"exist: at least {last.counting} repeated pairs")
    for b in bounds:
        if b.pigeonhole and b.against is not None:
            sizes = sizes_per_round[b.round - 1]
            t = len(sizes_per_round[b.against - 1])
            big = max(sizes)
            out.append(f"round {b.round}: a table of {big} draws its players from only {t} tables of "
                       f"round {b.against}, so some of them sat together before: at least "
                       f"{b.pigeonhole} repeated pairs in this round")
    return tuple(out)


def schedule_report(schedule: Sequence[Round]) -> Report:
    """Per round and overall: repeated pairs, neighbours and start seats, next to the
    lower bound, with the reasons a repeat is forced."""
    sizes_per_round = [tuple(len(t) for t in rnd) for rnd in schedule]
    everyone = {p for rnd in schedule for t in rnd for p in t}
    n = len(everyone)
    bounds = round_bounds(sizes_per_round, n)
    rounds: list[RoundReport] = []
    cumulative = 0
    for r, rep in enumerate(round_repeats(schedule)):
        cumulative += len(rep.pairs)
        rounds.append(RoundReport(r + 1, sizes_per_round[r], len(rep.pairs), cumulative, bounds[r],
                                  rep.neighbours, rep.starts, rep.pairs))
    planned = Quality(cumulative, sum(r.neighbours for r in rounds), sum(r.starts for r in rounds))
    return Report(n, tuple(rounds), planned, bounds[-1].cumulative if bounds else 0,
                  _reasons(sizes_per_round, n, bounds))


def render_report(report: Report, names: dict[int, str] | None = None) -> str:
    """The report as plain text for the terminal."""
    def name(p: int) -> str:
        return names.get(p, str(p)) if names else str(p)

    lines = [f"{report.players} players, {len(report.rounds)} rounds",
             "round  tables        repeats  total  bound  neighbours  starts"]
    for rr in report.rounds:
        sizes = "+".join(map(str, rr.sizes))
        lines.append(f"{rr.round:>5}  {sizes:<12}  {rr.pairs:>7}  {rr.cumulative:>5}  "
                     f"{rr.bound.cumulative:>5}  {rr.neighbours:>10}  {rr.starts:>6}")
    q = report.quality
    lines.append(f"total: {q.pairs} repeated pairs (lower bound {report.bound}), "
                 f"{q.neighbours} repeated neighbours, {q.starts} repeated start seats")
    for rr in report.rounds:
        if rr.repeated:
            pairs = ", ".join(f"{name(a)} & {name(b)}" for a, b in rr.repeated)
            lines.append(f"round {rr.round} repeats: {pairs}")
    if report.reasons:
        lines.append("why repeats are forced:")
        lines.extend(f"- {r}" for r in report.reasons)
    return "\n".join(lines)


# --------------------------------------------------------------------------- choosing a plan


@dataclass(frozen=True)
class PlanOption:
    """One table plan for a field: its sizes, the lower bound on repeated pairs, and the
    schedule quality the optimiser reaches with it (None when the plan doesn't fit)."""

    plan: str
    sizes: tuple[int, ...] | None
    bound: int | None
    planned: Quality | None
    problem: str | None = None


def compare_plans(n: int, rounds: int, plans: Sequence[str] = PLANS, seed: int | str = 0) -> tuple[PlanOption, ...]:
    """Before the event: for `n` players and `rounds` rounds, what each plan forces and what
    a planned schedule reaches, so an organiser can choose the table sizes."""
    out = []
    for plan in plans:
        try:
            sizes = table_plan(n, plan)
        except PlanError as exc:
            out.append(PlanOption(plan, None, None, None, str(exc)))
            continue
        schedule = plan_schedule(range(n), rounds, list(sizes), seed=seed)
        out.append(PlanOption(plan, sizes, lower_bound([sizes] * rounds, n), quality(schedule)))
    return tuple(out)


def render_plans(n: int, rounds: int, options: Sequence[PlanOption]) -> str:
    """The plan comparison as plain text for the terminal."""
    lines = [f"{n} players, {rounds} rounds: repeated pairs by table plan",
             "plan        tables          bound  planned  neighbours  starts"]
    for o in options:
        if o.sizes is None or o.planned is None:
            lines.append(f"{o.plan:<10}  {o.problem}")
            continue
        sizes = "+".join(map(str, o.sizes))
        lines.append(f"{o.plan:<10}  {sizes:<14}  {o.bound:>5}  {o.planned.pairs:>7}  "
                     f"{o.planned.neighbours:>10}  {o.planned.starts:>6}")
    return "\n".join(lines)
