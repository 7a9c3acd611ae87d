"""The schedule report (per round: repeats next to the lower bound, and why they are
forced) and the comparison of table plans before an event, as values and as text."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_engine.findings import Text
from rules_engine.findings import phrase
from tourney.core.errors import PlanError
from tourney.core.i18n import _, ngettext, pgettext
from tourney.event.schedule.bounds import (
    Quality,
    RoundBound,
    lower_bound,
    quality,
    round_bounds,
    round_repeats,
)
from tourney.event.schedule.optimiser import plan_schedule
from tourney.event.schedule.plans import PLANS, Round, table_plan


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
    reasons: tuple[Text, ...]  # English templates (`str()`), said in the current language by `render_report`


def _reasons(sizes_per_round: Sequence[Sequence[int]], n: int, bounds: Sequence[RoundBound]) -> tuple[Text, ...]:
    out: list[Text] = []
    if not bounds:
        return ()
    last = bounds[-1]
    if last.counting > 0:
        meet = [min(s) - 1 for s in sizes_per_round]
        if all(sum(s) == n for s in sizes_per_round) and sum(meet) > n - 1:
            out.append(phrase("each player meets at least {sum} = {total} opponents in {rounds} rounds but only "
                              "{others} others are playing: at least {pairs} repeated pairs",
                              sum="+".join(map(str, meet)), total=sum(meet), rounds=len(meet), others=n - 1,
                              pairs=last.counting))
        else:
            meetings = sum(k * (k - 1) // 2 for s in sizes_per_round for k in s)
            out.append(phrase("the tables hold {meetings} pairings but only {pairs} different pairs exist: at "
                              "least {repeats} repeated pairs", meetings=meetings, pairs=n * (n - 1) // 2,
                              repeats=last.counting))
    for b in bounds:
        if b.pigeonhole and b.against is not None:
            sizes = sizes_per_round[b.round - 1]
            t = len(sizes_per_round[b.against - 1])
            big = max(sizes)
            out.append(phrase("round {round}: a table of {size} draws its players from only {tables} tables of "
                              "round {against}, so some of them sat together before: at least {pairs} repeated "
                              "pairs in this round", round=b.round, size=big, tables=t, against=b.against,
                              pairs=b.pigeonhole))
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

    head = (pgettext("schedule report", "round"), pgettext("schedule report", "tables"),
            pgettext("schedule report", "repeats"), pgettext("schedule report", "total"),
            pgettext("schedule report", "bound"), pgettext("schedule report", "neighbours"),
            pgettext("schedule report", "starts"))
    lines = [_field(report.players, len(report.rounds))]
    lines += _columns(head, (5, 12, 7, 5, 5, 10, 6), [
        (rr.round, "+".join(map(str, rr.sizes)), rr.pairs, rr.cumulative, rr.bound.cumulative, rr.neighbours,
         rr.starts) for rr in report.rounds])
    q = report.quality
    lines.append(_("total: {pairs} repeated pairs (lower bound {bound}), {neighbours} repeated neighbours, "
                   "{starts} repeated start seats").format(pairs=q.pairs, bound=report.bound,
                                                           neighbours=q.neighbours, starts=q.starts))
    for rr in report.rounds:
        if rr.repeated:
            pairs = ", ".join(f"{name(a)} & {name(b)}" for a, b in rr.repeated)
            lines.append(_("round {round} repeats: {pairs}").format(round=rr.round, pairs=pairs))
    if report.reasons:
        lines.append(_("why repeats are forced:"))
        lines.extend(f"- {r.render(_)}" for r in report.reasons)
    return "\n".join(lines)


def _field(players: int, rounds: int) -> str:
    return _("{players}, {rounds}").format(players=ngettext("{n} player", "{n} players", players).format(n=players),
                                          rounds=ngettext("{n} round", "{n} rounds", rounds).format(n=rounds))


def _columns(head: Sequence[str], widths: Sequence[int], rows: Sequence[Sequence[object]]) -> list[str]:
    """The heading and rows of a report table: each column at least as wide as its English
    heading was (the layout organisers know), wider when the translated heading is; text
    columns left-aligned, numbers right-aligned."""
    widths = [max(w, len(h)) for w, h in zip(widths, head)]
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip()]
    for row in rows:
        out.append("  ".join(str(v).ljust(w) if isinstance(v, str) else str(v).rjust(w)
                             for v, w in zip(row, widths)).rstrip())
    return out


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
    head = (pgettext("schedule report", "plan"), pgettext("schedule report", "tables"),
            pgettext("schedule report", "bound"), pgettext("schedule report", "planned"),
            pgettext("schedule report", "neighbours"), pgettext("schedule report", "starts"))
    widths = (10, 14, 5, 7, 10, 6)
    lines = [_("{field}: repeated pairs by table plan").format(field=_field(n, rounds))]
    lines += _columns(head, widths, [])
    first = max(widths[0], len(head[0]))
    for o in options:
        if o.sizes is None or o.planned is None:
            lines.append(f"{o.plan.ljust(first)}  {o.problem}")
        else:
            lines += _columns(head, widths, [(o.plan, "+".join(map(str, o.sizes)), o.bound, o.planned.pairs,
                                              o.planned.neighbours, o.planned.starts)])[1:]
    return "\n".join(lines)
