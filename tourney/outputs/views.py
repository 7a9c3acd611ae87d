"""Text views of event data for the terminal, CSV and JSON (seating lists, pairings)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rules_engine.findings import Text
from tourney.core.errors import RegistrationError, UsageError
from tourney.games.base import Pairings
from tourney.core.i18n import _, join_or, ngettext
from tourney.core.output import render_rows
from tourney.core.store import Event, Player

if TYPE_CHECKING:
    from tourney.games.base import GameWorkflow
    from tourney.event.standings import StandingRow

SEATING_COLUMNS = ("round", "table", "seat", "player", "wonder")
PLAYER_COLUMNS = ("player", "first_round", "dropped_after")


def seating_view(event: Event, round_no: int | None, fmt: str) -> str:
    """`tourney seating`: the seating as a table, CSV or JSON; refused for a round whose
    seating is out of date (`tourney.event.seating.require_current`)."""
    from tourney.event.seating import require_current

    require_current(event, round_no)
    rows = event.seats(round_no)
    records = [(s.round, s.table, s.seat, s.player, s.wonder) for s in rows]
    if not rows and fmt == "table":
        if round_no is None:
            return _("no seating yet: seat a round with 'tourney seat EVENT'") + "\n"
        return _("round {round} is not seated: seat it with 'tourney seat EVENT --round {round}'").format(
            round=round_no) + "\n"
    return render_rows(SEATING_COLUMNS, records, fmt, labels=(_("Round"), _("Table"), _("Seat"), _("Player"),
                                                              _("Wonder")))


def players_view(event: Event, fmt: str) -> str:
    """Registered players with their first round and drop; the table ends with a count."""
    from tourney.core.names import printable
    from tourney.event.players import listing

    # The terminal table in German order (Ä with A); CSV and JSON in registration order.
    ps = listing(event) if fmt == "table" else event.players()
    # Old event files may hold control characters in names: the terminal shows them escaped.
    shown = [printable(p.name) if fmt == "table" else p.name for p in ps]
    text = render_rows(PLAYER_COLUMNS, [(n, p.joined_round, p.dropped_after) for n, p in zip(shown, ps)], fmt,
                       labels=(_("Player"), _("First round"), _("Dropped after")))
    if fmt != "table":
        return text
    active = sum(p.dropped_after is None for p in ps)
    return text + ngettext("{n} player, {active} active", "{n} players, {active} active", len(ps)).format(
        n=len(ps), active=active) + "\n"


def event_pairings(event: Event, flow: GameWorkflow, command: str, games: Iterable[GameWorkflow]) -> Pairings:
    """The pairing commands of the event's game; a usage error, naming the `games` played in
    matches, for a game seated at tables."""
    info = event.info()
    if flow.pairings is None:
        # A table of 3-7 seats shown as a "pairing" would mislead.
        paired = join_or([g.label for g in games if g.pairings is not None])
        raise UsageError(_("{command} is for {games} events and {event!r} is a {game} event: use 'tourney seating "
                           "EVENT' or 'tourney sheets EVENT --round N'").format(
            command=command, games=paired, event=info.name, game=flow.label))
    return flow.pairings


def pairings_view(event: Event, pairings: Pairings, round_no: int | None, by: str, fmt: str) -> str:
    """`tourney pairings`: a round's pairings by table or by name."""
    from tourney.event.seating import require_current

    require_current(event, round_no)
    return pairings.view(event, round_no, by, fmt)


def write_pairings(event: Event, pairings: Pairings, round_no: int | None, path: str | Path, lang: str) -> Path:
    """`tourney pairings -o`: the round's pairings and match sheets as a workbook in `lang`."""
    from tourney.event.seating import require_current

    require_current(event, round_no)
    return pairings.write_workbook(event, round_no, path, lang)



def find_registered(event: Event, typed: str) -> Player:
    """The registered player `typed` names (case, accents, umlauts and ß/ss ignored; a unique
    part of the name will do); otherwise an error suggesting the nearest names."""
    from tourney.event.live import find_player
    from tourney.core.names import similar

    player = find_player(event, typed)
    if player is not None:
        return player
    near = similar(typed, [p.name for p in event.players()])
    if near:
        raise RegistrationError(_("no registered player {name!r}: did you mean {names}?").format(
            name=typed, names=join_or([repr(n) for n in near])))
    raise RegistrationError(_("no registered player {name!r}: see 'tourney players list' for the registered "
                              "names").format(name=typed))


def player_view(event: Event, flow: GameWorkflow, typed: str, fmt: str) -> str:
    """`tourney player`: one player's rounds (table, seat, the game's details, score, place,
    points), under a line with their rank; CSV and JSON give the rows only."""
    from tourney.event.standings import ranked

    player = find_registered(event, typed)
    standings = flow.standings(event)
    view = flow.player_view(event, standings, player.name)
    # Words in the rows (`phrase("won")`) are said in the event's language on screen, and
    # stay English values in CSV and JSON.
    rows = [tuple((c.render(_) if fmt == "table" else str(c)) if isinstance(c, Text) else c for c in row)
            for row in view.rows]
    text = render_rows(view.columns, rows, fmt, labels=tuple(_(label) for label in view.labels))
    if fmt != "table":
        return text
    return f"{player.name}: {player_status(player, ranked(standings), len(standings.rows))}\n" + (
        text if view.rows else _("not seated yet") + "\n")


def player_status(player: Player, rows: Sequence[StandingRow], field: int) -> str:
    """What is said over a player's rounds: rank of the field after their games, a drop."""
    row = next((r for r in rows if r.player == player.name), None)
    if row is None:
        status = _("no results yet")
    else:
        status = ngettext("rank {rank} of {field} after {games} game", "rank {rank} of {field} after {games} games",
                          row.games).format(rank=row.rank, field=field, games=row.games)
    if player.dropped_after is not None:
        status = _("{status}, dropped after round {round}").format(status=status, round=player.dropped_after)
    return status
