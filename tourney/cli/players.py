"""`tourney players …`: registering, dropping, renaming and listing players."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tourney.core.i18n import (
    N_,
    _,
    ngettext,
)
from tourney.core.output import render_rows
from tourney.cli.base import cli, open_event, output_format_option
from tourney.cli.speech import option

if TYPE_CHECKING:
    from tourney.event.players import Registration


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- players -----------------------------------------------------------------------------
@cli.group()
def players() -> None:
    """Register, import, drop, rename, remove and list players."""


def _registered(done: Registration, typed: bool) -> None:
    """Print what registering did; exit 1 when a name was held back as similar (or, typed,
    was already registered)."""
    from tourney.core.names import printable

    def shown(names: tuple[str, ...]) -> str:
        return ", ".join(printable(n) for n in names)

    n = len(done.added)
    if n or not (done.reentered or done.known or done.held or done.garbled):
        if typed and n:
            click.echo(ngettext("registered {n} player from round {round}: {names}",
                                "registered {n} players from round {round}: {names}", n).format(
                n=n, round=done.first_round, names=shown(done.added)))
        else:
            click.echo(ngettext("registered {n} player from round {round}", "registered {n} players from round {round}",
                                n).format(n=n, round=done.first_round))
    if done.reentered:
        click.echo(_("re-entered from round {round}: {names}").format(round=done.first_round,
                                                                      names=shown(done.reentered)))
    if done.repeated:
        click.echo(_("given twice (registered once): {names}").format(names=shown(done.repeated)))
    problem = done.similar_message()
    if typed and done.known:
        known = "\n".join((_("{name!r} is already registered") if given == real else
                           _("{name!r} is already registered (as {registered!r})")).format(
            name=printable(given), registered=printable(real)) for given, real in done.known)
        problem = known if problem is None else f"{known}\n{problem}"
    elif done.known:
        click.echo(_("already registered: {names}").format(names=shown(tuple(real for _g, real in done.known))))
    garbled = done.garbled_message()
    if problem is not None or garbled is not None:
        if n and not (typed and done.known):
            # Partly done: no refusal (the others are registered), but not all of it (exit 1).
            for part in (done.held_back() if done.held else None, garbled):
                if part is not None:
                    click.echo(part)
            raise click.exceptions.Exit(1)
        raise click.ClickException("\n".join(p for p in (problem, garbled) if p is not None))


@players.command("add")
@click.argument("event")
@click.argument("names", nargs=-1, required=True)
@option("--yes", is_flag=True, help=N_("Register names that look like registered ones (e.g. 'Jan Mueller' "
                                    "next to 'Jan Müller') without asking."))
def players_add(event: str, names: tuple[str, ...], yes: bool) -> None:
    """Register players (late entries play from the next round); a dropped player re-enters.

    Example: tourney players add bonn.db "Anna Schmidt" "Ben Meyer"
    """
    from tourney.event.players import register

    _registered(register(open_event(event), list(names), yes=yes), typed=True)


@players.command("import")
@click.argument("event")
@click.argument("file", type=click.Path(dir_okay=False))
@option("--yes", is_flag=True, help=N_("Register names that look like registered ones without asking."))
def players_import(event: str, file: str, yes: bool) -> None:
    """Register everyone in a CSV, XLSX, ODS or XLS roster with a 'name' column; names already
    registered are listed and skipped, so a grown roster can be imported again.

    Example: tourney players import bonn.db roster.csv
    """
    from tourney.event.players import read_roster, register

    _registered(register(open_event(event), read_roster(file), yes=yes, reenter=False, source=file), typed=False)


@players.command("drop")
@click.argument("event")
@click.argument("name")
def players_drop(event: str, name: str) -> None:
    """Drop a player after the last round with results, or after the published round they
    are seated in while its sheet is still to come (that table's sheet counts with them).
    Dropping again a player an older tourney dropped before the round they sat at moves
    the drop after that round.

    Example: tourney players drop bonn.db "Ben Meyer"
    """
    from tourney.event.players import drop_player

    click.echo(drop_player(open_event(event), name).said())


@players.command("rename")
@click.argument("event")
@click.argument("old")
@click.argument("new")
def players_rename(event: str, old: str, new: str) -> None:
    """Fix a player's name everywhere (seating, results, standings; history keeps both).

    Example: tourney players rename bonn.db "Jan Mueller" "Jan Müller"
    """
    from tourney.event.players import rename_player

    was, now = rename_player(open_event(event), old, new)
    click.echo(_("renamed {old!r} to {new!r}").format(old=was, new=now))


@players.command("remove")
@click.argument("event")
@click.argument("name")
def players_remove(event: str, name: str) -> None:
    """Remove a mis-registered player who has no results (else use 'players drop').

    Example: tourney players remove bonn.db "Jan Mueller"
    """
    from tourney.event.players import remove_player

    gone, rounds = remove_player(open_event(event), name)
    click.echo(_("removed {name!r}").format(name=gone))
    for r in rounds:
        click.echo(_("round {round} was seated with them: re-seat it with 'tourney seat {event} --round {round}'")
                   .format(round=r, event=event))


@players.command("list")
@click.argument("event")
@output_format_option()
def players_list(event: str, fmt: str) -> None:
    """List registered players with their first round and drop.

    Example: tourney players list bonn.db
    """
    from tourney.outputs.views import players_view

    click.echo(players_view(open_event(event), fmt), nl=False)


@players.command("codes")
@click.argument("event")
@output_format_option()
@option("--new", "new", metavar="NAME",
        help=N_("Give this player a new code (a lost slip): the old one stops working."))
def players_codes(event: str, fmt: str, new: str | None) -> None:
    """Every player's personal code, for reporting results and checking in on the live server
    (players registered since get theirs now); 'tourney print EVENT --what codes' prints slips.

    Example: tourney players codes bonn.db --format csv
    """
    from tourney.event.players import new_player_code, player_codes

    ev = open_event(event)
    rows = [new_player_code(ev, new)] if new else player_codes(ev)
    click.echo(render_rows(("player", "code"), rows, fmt, labels=(_("Player"), _("Code"))), nl=False)


@players.command("checkin")
@click.argument("event")
@click.argument("names", nargs=-1, required=True)
def players_checkin(event: str, names: tuple[str, ...]) -> None:
    """Check players in at the desk (the event asks for check-in: 'tourney event EVENT
    --check-in on'); round 1 seats only who checked in. A player left out for not checking
    in plays again once checked in (seat round 1 again, or from the next round).

    Example: tourney players checkin bonn.db "Anna Schmidt" "Ben Meyer"
    """
    from tourney.core.store import current_user
    from tourney.event.checkin import check_in_players

    new, before = check_in_players(open_event(event), list(names), current_user())
    if new:
        click.echo(_("checked in: {names}").format(names=", ".join(new)))
    if before:
        click.echo(_("checked in before: {names}").format(names=", ".join(before)))
