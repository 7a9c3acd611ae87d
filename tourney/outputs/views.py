"""Text views of event data for the terminal, CSV and JSON (seating lists, pairings)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rules_engine.findings import Text
from tourney.core.errors import UsageError
from tourney.core.i18n import _, join_or, ngettext
from tourney.core.output import render_rows
from tourney.core.store import Event, Player, checked_in
from tourney.event.game import StandingsGame
from tourney.core.names import printable
from tourney.event.players import listing, find_registered
from tourney.event.standings import BoardCell, ranked

if TYPE_CHECKING:
    from tourney.event.seating import SeatedRound
    from tourney.event.standings import StandingRow

SEATING_COLUMNS = ("round", "table", "seat", "player", "wonder")
PLAYER_COLUMNS = ("player", "first_round", "dropped_after")


def seating_view(event: Event, round_no: int | None, fmt: str, boards: Mapping[str, str] | None = None) -> str:
    """`tourney seating`: the seating as a table, CSV or JSON; refused for a round whose
    seating is out of date (`tourney.event.seating.require_current`). The table names each
    board as `boards` does (the game's edition in the reader's language); CSV and JSON keep
    the stored names."""
    from tourney.event.seating import require_current

    require_current(event, round_no)
    rows = event.seats(round_no)
    named = boards if boards is not None and fmt == "table" else {}
    records = [(s.round, s.table, s.seat, s.player, named.get(s.wonder, s.wonder) if s.wonder else s.wonder)
               for s in rows]
    if not rows and fmt == "table":
        if round_no is None:
            return _("no seating yet: seat a round with 'tourney seat EVENT'") + "\n"
        return _("round {round} is not seated: seat it with 'tourney seat EVENT --round {round}'").format(
            round=round_no) + "\n"
    return render_rows(SEATING_COLUMNS, records, fmt, labels=(_("Round"), _("Table"), _("Seat"), _("Player"),
                                                              _("Wonder")))


def players_view(event: Event, fmt: str) -> str:
    """Registered players with their first round and drop; the table ends with a count."""
    # The terminal table in German order (Ä with A); CSV and JSON in registration order.
    ps = listing(event) if fmt == "table" else event.players()
    # Old event files may hold control characters in names: the terminal shows them escaped.
    shown = [printable(p.name) if fmt == "table" else p.name for p in ps]
    rows: list[tuple[object, ...]] = [(n, p.joined_round, p.dropped_after) for n, p in zip(shown, ps)]
    columns: tuple[str, ...] = PLAYER_COLUMNS
    labels: tuple[str, ...] = (_("Player"), _("First round"), _("Dropped after"))
    if event.setting("check_in") == "on":  # who is here: the organiser's list at the door
        from tourney.event.history import local_time

        here = checked_in(event)
        columns, labels = (*columns, "checked_in"), (*labels, _("Checked in"))
        rows = [(*row, (local_time(here[p.id]) if fmt == "table" else here[p.id]) if p.id in here else None)
                for row, p in zip(rows, ps)]
    if fmt == "table":  # the words a person reads: who left before round 1, who is not here yet
        rows = [(row[0], row[1], _("before round 1") if row[2] == 0 else row[2],
                 *((_("not checked in") if row[3] is None else row[3],) if len(row) > 3 else ())) for row in rows]
    text = render_rows(columns, rows, fmt, labels=labels)
    if fmt != "table":
        return text
    active = sum(p.dropped_after is None for p in ps)
    return text + ngettext("{n} player, {active} active", "{n} players, {active} active", len(ps)).format(
        n=len(ps), active=active) + "\n"


class Pairings(Protocol):
    """A game played in matches of two: its pairings shown, printed, and a top cut."""

    def view(self, event: Event, round_no: int | None, by: str, fmt: str) -> str:
        """A round's pairings by table or by name, as a table, CSV or JSON."""
    def write_workbook(self, event: Event, round_no: int | None, path: str | Path, lang: str) -> Path:
        """The round's pairings and match sheets as a printable workbook in `lang`."""
    def seat_cut(self, event: Event, size: int) -> SeatedRound:
        """Pair the next round of a top cut of `size`."""


class ViewedGame(StandingsGame, Protocol):
    """What the views ask of the event's game: its standings and, for a game played in matches
    of two, its pairings (None for a game seated at tables)."""

    @property
    def pairings(self) -> Pairings | None: ...


def event_pairings(event: Event, flow: ViewedGame, command: str, games: Iterable[ViewedGame]) -> Pairings:
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



def player_view(event: Event, flow: StandingsGame, typed: str, fmt: str, boards: Mapping[str, str] | None = None
                ) -> str:
    """`tourney player`: one player's rounds (table, seat, the game's details, score, place,
    points), under a line with their rank; CSV and JSON give the rows only. On screen a
    board is named as `boards` does (the game's edition in the reader's language)."""
    player = find_registered(event, typed)
    standings = flow.standings(event)
    view = flow.player_view(event, standings, player.name)
    # Words in the rows (`phrase("won")`) and boards are said in the event's language on
    # screen, and stay English values in CSV and JSON.
    rows = [tuple(shown_cell(c, boards or {}) if fmt == "table" else
                  str(c) if isinstance(c, (Text, BoardCell)) else c for c in row) for row in view.rows]
    text = render_rows(view.columns, rows, fmt, labels=tuple(_(label) for label in view.labels))
    if fmt != "table":
        return text
    return f"{player.name}: {player_status(event, player, ranked(standings), len(standings.rows))}\n" + (
        text if view.rows else _("not seated yet") + "\n")


def shown_cell(cell: object, boards: Mapping[str, str]) -> object:
    """A cell of a player's rounds as a person reads it: words in the current language, a
    board as the edition names it (`boards`); numbers and names as they are."""
    if isinstance(cell, Text):
        return cell.render(_)
    if isinstance(cell, BoardCell):
        return cell.shown(boards)
    return cell


def player_status(event: Event, player: Player, rows: Sequence[StandingRow], field: int) -> str:
    """What is said over a player's rounds: rank of the field after their games, a drop; or
    that they took no part (never checked in, or dropped before round 1)."""
    row = next((r for r in rows if r.player == player.name), None)
    if row is None:
        status = _("no results yet")
    else:
        status = ngettext("rank {rank} of {field} after {games} game", "rank {rank} of {field} after {games} games",
                          row.games).format(rank=row.rank, field=field, games=row.games)
    if player.dropped_after == 0:  # took no part: not ranked
        from tourney.event.checkin import took_no_part

        return _("not checked in") if player.name in took_no_part(event)[0] else _("dropped before round 1")
    if player.dropped_after is not None:
        status = _("{status}, dropped after round {round}").format(status=status, round=player.dropped_after)
    return status
