"""The organiser desk's players page (`/desk/players`): every registered player with their
personal code, checked in or not, dropped or not; and its buttons, which do what the command
line does: check a player in (`tourney players checkin`), give a new code for a lost slip
(`tourney players codes --new`), drop a player (`tourney players drop`), and switch check-in
and self-reporting on or off (`tourney event --check-in|--self-report`). Nothing is kept in
the server process: each button is one library call, one transaction."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tourney.core import store
from tourney.core.i18n import _
from tourney.event import checkin, players, reports
from tourney.games.base import Workflow
from tourney.event.setup import update_event

#: The organiser desk's actions handled here (`/desk/organiser/{action}`).
DESK_ACTIONS = frozenset({"checkin", "newcode", "drop", "switch"})


@dataclass(frozen=True)
class PlayerRow:
    """One line of the players page."""

    name: str
    code: str
    checked_in: bool
    dropped_after: int | None


@dataclass(frozen=True)
class Roster:
    """What the players page shows."""

    players: tuple[PlayerRow, ...]
    check_in: bool
    check_in_open: bool
    self_report: bool


def roster(event: store.Event) -> Roster:
    """The players A to Z with their codes (a player without one gets it now) and check-ins."""
    codes = dict(players.player_codes(event))
    here = store.checked_in(event)
    rows = tuple(PlayerRow(p.name, codes.get(p.name, ""), p.id in here, p.dropped_after)
                 for p in players.listing(event))
    return Roster(rows, event.setting(checkin.CHECK_IN_SETTING) == "on", checkin.check_in_open(event),
                  reports.self_report_on(event))


def desk_action(event: store.Event, game: Workflow, action: str, form: Mapping[str, Any], who: str) -> str:
    """A button of the players page (`DESK_ACTIONS`), said as the command line says it."""
    name = str(form.get("player", ""))
    if action == "checkin":
        new, before = checkin.check_in_players(event, [name], who)
        return (_("checked in: {names}") if new else _("checked in before: {names}")).format(
            names=", ".join(new or before))
    if action == "newcode":
        real, code = players.new_player_code(event, name)
        return _("{player}: new code {code} (the old one no longer works)").format(player=real, code=code)
    if action == "drop":
        return players.drop_player(event, name).said()

    setting, on = str(form.get("setting", "")), str(form.get("on", "")) == "on"
    if setting == "check_in":
        update_event(event, check_in=on, game=game)
        return _("check-in before round 1: on") if on else _("check-in before round 1: off")
    if setting == "self_report":
        update_event(event, self_report=on, game=game)
        return _("players report their tables: on") if on else _("players report their tables: off")
    return _("unknown action")
