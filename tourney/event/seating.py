"""Seating every game shares: a seated round, which rounds are fixed (played, printed, from
sheets), `seat_rounds` (the event's game seats or pairs), the seating report and the table plan."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from tourney.core.errors import SeatingError, UsageError
from tourney.core.i18n import N_, _, join_and, ngettext
from tourney.core.names import name_key
from tourney.event.schedule import (
    Round,
    compare_plans,
    plan_for_table_size,
    render_plans,
    render_report,
    schedule_report,
)
from tourney.event.schedule import table_plan as sizes_for_plan

if TYPE_CHECKING:
    from tourney.core import store  # imported where used: the game packages load this module for checks too


class SeatingGame(Protocol):
    """What seating asks of the event's game."""

    @property
    def plans_tables(self) -> bool: ...
    def seat(self, event: store.Event, round_no: int | None, all_rounds: bool,
             tables: str | None) -> list[SeatedRound]: ...
    def draws_view(self, event: store.Event, round_no: int | None) -> str: ...


def table_plan(n: int, size: int = 5) -> tuple[int, ...]:
    """Table sizes for `n` players, largest first, for a scheme's usual table size (5: the
    `bonn` plan, 4: `dm`): `tourney.event.schedule.table_plan` decides, the one place that does."""
    return sizes_for_plan(n, plan_for_table_size(size))


@dataclass(frozen=True)
class SeatedRound:
    round: int
    tables: tuple[tuple[str, ...], ...]
    #: Re-seating a printed round: the tables whose seating changed (their sheets are reprinted).
    changed: tuple[int, ...] | None = None
    #: Round 1 of an event with check-in: the players who had not checked in (not seated).
    not_checked_in: tuple[str, ...] = ()


@dataclass(frozen=True)
class OutOfDate:
    """A seated round whose roster changed since: who joined, dropped, was renamed or removed."""

    round: int
    joined: tuple[str, ...]
    dropped: tuple[str, ...]
    other: tuple[tuple[str, str], ...]  # (change, player): ("renamed", "'A' → 'B'"), ("removed", "'A'")
    printed: bool

    def message(self, location: str) -> str:
        what = [_("{names} joined").format(names=_names(self.joined)) if self.joined else "",
                _("{names} dropped").format(names=_names(self.dropped)) if self.dropped else "",
                *(_(_CHANGES.get(change, "{change} {player}")).format(change=change, player=player)
                  for change, player in self.other)]
        message = (_("round {round}'s seating is out of date: {changes} after it was printed: its sheets may be on "
                     "the tables already: re-seat it with 'tourney seat {event} --round {round} --reprint' and print "
                     "it again") if self.printed else
                   _("round {round}'s seating is out of date: {changes} after it was seated: re-seat it with "
                     "'tourney seat {event} --round {round}'"))
        return message.format(round=self.round, changes=", ".join(w for w in what if w), event=location)


#: The roster changes other than joined/dropped that make a seating out of date.
_CHANGES = {"renamed": N_("renamed {player}"), "removed": N_("removed {player}")}


def _names(names: tuple[str, ...]) -> str:
    return join_and([repr(n) for n in names])


def results_rounds(event: store.Event) -> set[int]:
    return {t.round for t in event.results()}


def locked_rounds(event: store.Event) -> set[int]:
    """Rounds whose seating never changes again: played, printed, or taken from sheets."""
    seated = event.seated_rounds()
    return results_rounds(event) | event.printed_rounds() | {r for r, src in seated.items() if src != "seat"}


def seated_tables(event: store.Event) -> dict[int, Round]:
    """The stored seating as player ids: round -> tables in table order, seats in order."""
    ids = event.player_ids()
    rounds: dict[int, dict[int, list[int]]] = {}
    for s in event.seats():
        rounds.setdefault(s.round, {}).setdefault(s.table, []).append(ids[name_key(s.player)])
    return {r: tuple(tuple(t[k]) for k in sorted(t)) for r, t in rounds.items()}


def stale_rounds(event: store.Event) -> list[int]:
    """Seated rounds, not printed or played, whose players are not the players active now."""
    locked = locked_rounds(event)
    players = event.players()
    seated: dict[int, set[str]] = {}
    for s in event.seats():
        seated.setdefault(s.round, set()).add(s.player)
    return [r for r in sorted(seated) if r not in locked
            and seated[r] != {p.name for p in players if p.active_in(r)}]


@dataclass(frozen=True)
class RoundsToPlan:
    """What `tourney seat` plans: one plan for rounds `first`..last; the rounds in `wanted`
    are stored (those `asked` for, and seated rounds of the plan not yet fixed)."""

    first: int
    wanted: tuple[int, ...]
    asked: tuple[int, ...]


def rounds_to_plan(event: store.Event, round_no: int | None, all_rounds: bool) -> RoundsToPlan:
    """The rounds `tourney seat` plans for a game seated at tables: the next round (default),
    round `round_no`, or every open round (`all_rounds`); with every round seated, the first
    stale one (late entries or drops since it was seated). Seated rounds after the first one
    asked for that are not fixed yet are re-planned with it."""
    info = event.info()
    seated = event.seated_rounds()
    locked = locked_rounds(event)
    if round_no is not None:
        if round_no < 1:
            raise SeatingError(_("round {round}: rounds are numbered from 1").format(round=round_no))
        if round_no > info.rounds:
            raise SeatingError(ngettext("round {round}: the event has {rounds} round",
                                        "round {round}: the event has {rounds} rounds", info.rounds).format(
                round=round_no, rounds=info.rounds))
        if round_no in results_rounds(event):
            raise SeatingError(_("round {round} already has results: its seating can't change").format(
                round=round_no))
        asked = [round_no]
    else:
        open_rounds = [r for r in range(1, info.rounds + 1) if r not in seated]
        stale = stale_rounds(event)
        if not open_rounds and stale:
            # Late entries or drops since these rounds were seated: re-plan them.
            return rounds_to_plan(event, stale[0], False)
        if not open_rounds:
            raise SeatingError(_("all {rounds} rounds are seated already: use --round N to re-seat a round that "
                                 "has no results yet").format(rounds=info.rounds))
        asked = open_rounds if all_rounds else open_rounds[:1]
    # One plan for everything after the last fixed round before the first round asked for;
    # the rounds asked for are stored, and so are seated rounds of the plan that changed.
    first = max([r for r in locked if r < asked[0]], default=0) + 1
    wanted = [r for r in range(first, info.rounds + 1) if r in asked or (r in seated and r not in locked)]
    return RoundsToPlan(first, tuple(wanted), tuple(asked))


def out_of_date(event: store.Event) -> dict[int, OutOfDate]:
    """Seated rounds without results whose roster changed since they were seated, by round.
    A change undone since (a player added and dropped again) does not count."""
    changes = event.roster_changes()
    if not changes:
        return {}
    played = results_rounds(event)
    players = {p.id: p for p in event.players()}
    seated: dict[int, set[int]] = {}
    for r, tables in seated_tables(event).items():
        seated[r] = {pid for t in tables for pid in t}
    printed = event.printed_rounds()
    found: dict[int, tuple[list[str], list[str], list[tuple[str, str]]]] = {}
    for c in changes:
        if c.round in played or c.round not in seated:
            continue
        p = players.get(c.player_id) if c.player_id is not None else None
        here = c.player_id in seated[c.round]
        if c.change == "joined":
            relevant = p is not None and p.active_in(c.round) and not here
        elif c.change == "dropped":
            relevant = p is not None and not p.active_in(c.round) and here
        elif c.change == "renamed":
            relevant = here  # only a round the player is seated in shows the old name
        else:
            relevant = True
        if relevant:
            joined, dropped, other = found.setdefault(c.round, ([], [], []))
            if c.change in ("joined", "dropped"):
                names = joined if c.change == "joined" else dropped
                if c.player not in names:
                    names.append(c.player)
            elif (c.change, c.player) not in other:
                other.append((c.change, c.player))
    return {r: OutOfDate(r, tuple(j), tuple(d), tuple(o), r in printed) for r, (j, d, o) in sorted(found.items())}


def require_current(event: store.Event, round_no: int | None = None) -> None:
    """Refuse to show or print a round (every seated round when None) whose seating is out of
    date: the message names who joined or dropped and the command that re-seats it."""
    stale = out_of_date(event)
    rounds = [round_no] if round_no is not None else sorted(stale)
    for r in rounds:
        if r in stale:
            raise SeatingError(stale[r].message(event.location))


def seat_rounds(event: store.Event, game: SeatingGame, round_no: int | None = None, all_rounds: bool = False,
                tables: str | None = None, reprint: bool = False) -> list[SeatedRound]:
    """`tourney seat`: seat or pair (as the event's game does) the next round, round `round_no`
    or all. A printed round is seated again only with `reprint`; the round it returns then
    names the tables that changed."""
    from tourney.core import store
    from tourney.event.checkin import drop_absent

    if reprint and round_no is None:
        raise UsageError(_("--reprint re-seats a round that was printed: name it with --round N"))
    printed = round_no is not None and round_no in event.printed_rounds() and round_no not in results_rounds(event)
    if printed and not reprint:
        raise SeatingError(_("round {round} was printed already, so its sheets may be on the tables: to seat it "
                             "again, add --reprint ('tourney seat {event} --round {round} --reprint'), then print "
                             "it again and replace the sheets of the tables that changed").format(
            round=round_no, event=event.location))
    before = _by_table(event, round_no) if printed else {}
    first = round_no == 1 or (round_no is None and 1 not in event.seated_rounds())
    no_shows = tuple(drop_absent(event)) if first else ()
    seated = game.seat(event, round_no, all_rounds, tables)
    with event.transaction() as conn:
        for r in seated:
            store.clear_roster_changes(conn, r.round)
    if no_shows:
        seated = [replace(r, not_checked_in=no_shows) if r.round == 1 else r for r in seated]
    if not printed:
        return seated
    after = _by_table(event, round_no)
    changed = tuple(t for t in sorted(before.keys() | after.keys()) if before.get(t) != after.get(t))
    return [replace(r, changed=changed) if r.round == round_no else r for r in seated]


def _by_table(event: store.Event, round_no: int | None) -> dict[int, list[tuple[int, str]]]:
    tables: dict[int, list[tuple[int, str]]] = {}
    for s in event.seats(round_no):
        tables.setdefault(s.table, []).append((s.seat, s.player))
    return tables


def seating_report(event: store.Event, game: SeatingGame) -> str:
    """`tourney seating --report`: repeated opponents, neighbours and start seats per round,
    next to the lower bound for these table sizes, and why repeats are forced; with a rating of
    earlier events stored in the event, each table's strength and expected places."""
    current = seated_tables(event)
    if not current:
        info = event.info()
        n = sum(p.active_in(1) for p in event.players())
        if n < 3 or not game.plans_tables:
            return _("no seating yet: seat a round with 'tourney seat EVENT'")
        # Before the event: what each table plan forces, to choose the sizes.
        options = compare_plans(n, info.rounds, seed=info.seed)
        return (render_plans(n, info.rounds, options) +
                "\n" + _("no seating yet: seat the rounds with 'tourney seat EVENT --all [--tables PLAN]'"))
    names = {p.id: p.name for p in event.players()}
    rounds = sorted(current)
    text = render_report(schedule_report([current[r] for r in rounds]), names)
    if rounds != list(range(1, len(rounds) + 1)):
        text += "\n" + _("note: rounds {rounds} are seated; the report numbers them 1..{n}").format(
            rounds=", ".join(map(str, rounds)), n=len(rounds))
    from tourney.event.outlook import outlook_text  # the rating (openskill) only where one is stored

    expected = outlook_text(event, rounds)
    return f"{text}\n{expected}" if expected else text
