"""`tourney serve` and `tourney desk …`: the live server and its desks."""
from __future__ import annotations

import click

from tourney.core.i18n import (
    N_,
    LANGS,
    _,
    ngettext,
)
from tourney.cli.base import claim_output, cli, open_event, overwrite_options
from tourney.cli.speech import option
from tourney.core.errors import UsageError


def _user() -> str:
    """Who runs the command, for the history (the store loads only when a command writes)."""
    from tourney.core.store.schema import current_user

    return current_user()


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- live server and its desks ------------------------------------------------------------
@cli.command()
@click.argument("events", nargs=-1, required=True, metavar="EVENT...")
@option("--host", default="0.0.0.0", show_default=True, help=N_("Address to listen on (0.0.0.0: the hall's LAN)."))
@option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@option("--lang", type=click.Choice(list(LANGS)), help=N_("Page language (default: the event's, else en)."))
@option("--cut", type=click.IntRange(1), help=N_("Draw the cut line under this rank on the standings."))
@option("--poster", help=N_("Also write a printable poster with the QR code (poster.html)."))
@option("--desk-idle", type=click.FloatRange(0, min_open=True), default=12, show_default=True,
        help=N_("Hours a desk page stays logged in unused."))
@option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
        help=N_("Worker processes answering on the one port (uvicorn's workers; any of them answers any request)."))
@option("--sync", "sync_url", help=N_("Push the changes to this season hub in the background (with --token)."))
@option("--token", help=N_("The venue's token for --sync ('tourney hub venue add' printed it)."))
@overwrite_options
def serve(events: tuple[str, ...], host: str, port: int, lang: str | None, cut: int | None, poster: str | None,
          desk_idle: float, workers: int, sync_url: str | None, token: str | None, force: bool,
          overwrite_results: bool) -> None:
    """Serve the event live: player pages, desks for results, JSON API. Several events (or a
    PostgreSQL URL without ?event=: all of its events): each under /e/NAME/, / lists them.

    Example: tourney serve bonn.db --port 8000
    """
    from tourney.server.run import serve as run_server

    if poster:
        claim_output(poster, force, overwrite_results, *events)
    if (sync_url is None) != (token is None):
        raise UsageError(_("--sync URL and --token TOKEN go together: the hub's address and the venue's token"))
    run_server(events, host=host, port=port, lang=lang, cut=cut, poster=poster, echo=click.echo, workers=workers,
               desk_idle=round(desk_idle * 3600), sync=(sync_url, token) if sync_url and token else None)


@cli.command()
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("This round (default: the last seated one)."))
@option("--unpublish", is_flag=True, help=N_("Hide the round's seating again (until it is played)."))
def publish(event: str, round_no: int | None, unpublish: bool) -> None:
    """Show a round's seating on the players' pages (or hide it again): the organiser's
    Publish button, from the command line.

    Example: tourney publish bonn.db --round 2
    """
    from tourney.event.live import publish_round

    ev = open_event(event)
    seated = ev.seated_rounds()
    if round_no is None:
        if not seated:
            raise UsageError(_("no round is seated yet: seat one with 'tourney seat {event}'").format(event=event))
        round_no = max(seated)
    changed = publish_round(ev, round_no, _user(), publish=not unpublish)
    if unpublish:
        said = _("round {round}'s seating is hidden from the players' pages") if changed else \
            _("round {round}'s seating was not published: nothing to hide")
    else:
        said = _("round {round}'s seating is published: players see it on their pages") if changed else \
            _("round {round}'s seating was published already")
    click.echo(said.format(round=round_no))


@cli.command(context_settings={"ignore_unknown_options": True})  # `add -5` takes 5 minutes off
@click.argument("event")
@click.argument("action", required=False)
@click.argument("minutes", required=False, type=int)
def clock(event: str, action: str | None, minutes: int | None) -> None:
    """The round clock on the projector and the players' pages. ACTION: start MINUTES, add
    MINUTES (negative minutes take time off), pause, resume or stop; without one, say how the
    clock stands.

    Example: tourney clock bonn.db start 50
    """
    from tourney.event.clock import CLOCK_ACTIONS, clock_action, clock_said, clock_status, read_clock

    ev = open_event(event)
    if action is None:
        click.echo(clock_status(read_clock(ev)))
        return
    if action not in CLOCK_ACTIONS:
        raise UsageError(_("clock {action!r}: say start, add, pause, resume or stop").format(action=action))
    click.echo(clock_said(clock_action(ev, action, minutes, _user())))


@cli.command()
@click.argument("event")
@click.argument("text", required=False)
@option("--clear", is_flag=True, help=N_("Take the announcement TEXT down, or every one without TEXT."))
def announce(event: str, text: str | None, clear: bool) -> None:
    """Show TEXT on every player page and the projector (the organiser's own words, as typed);
    without TEXT, list what is shown.

    Example: tourney announce bonn.db "Round 3 starts at 14:00"
    """
    from tourney.event.clock import announce as show, announcements, clear_announcements

    ev = open_event(event)
    if clear:
        gone = clear_announcements(ev, _user(), text)
        if not gone:
            click.echo(_("no announcement is shown: nothing to take down"))
        for a in gone:
            click.echo(_("taken down: {text}").format(text=a.text))
        return
    if text is None:
        shown = announcements(ev)
        if not shown:
            click.echo(_("no announcement is shown"))
        for a in shown:
            click.echo(f"{a.time()}  {a.text}")
        return
    said, new = show(ev, text, _user())
    line = _("shown on every page and the projector: {text}") if new else \
        _("shown already (since {time}): {text}")
    click.echo(line.format(text=said.text, time=said.time()))


@cli.group()
def desk() -> None:
    """Desks that type results on the live server: add (prints a token), list, remove, logout-all."""


@desk.command("add")
@click.argument("event")
@click.argument("name")
@option("--organiser", is_flag=True, help=N_("This desk may also seat, publish and print rounds."))
def desk_add(event: str, name: str, organiser: bool) -> None:
    """Add a desk and print its login token (shown only now).

    Example: tourney desk add bonn.db "Desk 1"
    """
    from tourney.core.store import add_desk

    ev = open_event(event)
    with ev.transaction() as conn:
        token = add_desk(conn, name, organiser=organiser)
    click.echo(_("desk {name!r} token: {token}").format(name=" ".join(name.split()), token=token))


@desk.command("list")
@click.argument("event")
def desk_list(event: str) -> None:
    """List the desks (never their tokens).

    Example: tourney desk list bonn.db
    """
    from tourney.core.store import desks

    for d in desks(open_event(event)):
        line = _("{name}  (organiser)  added {at}") if d.organiser else _("{name}  added {at}")
        click.echo(line.format(name=d.name, at=d.created_at))


@desk.command("remove")
@click.argument("event")
@click.argument("name")
def desk_remove(event: str, name: str) -> None:
    """Remove a desk: its token stops working and its open desk pages are logged out at once.

    Example: tourney desk remove bonn.db "Desk 1"
    """
    from tourney.core.store import remove_desk

    ev = open_event(event)
    with ev.transaction() as conn:
        removed = remove_desk(conn, name)
    click.echo(_("removed desk {name!r}").format(name=removed))


@desk.command("logout-all")
@click.argument("event")
def desk_logout_all(event: str) -> None:
    """End every desk's session: each desk page logs in again with its token (say, after a
    token went round the hall). A session also ends after 'tourney serve --desk-idle' hours unused.

    Example: tourney desk logout-all bonn.db
    """
    from tourney.core.store.sessions import end_all_sessions

    ended = end_all_sessions(open_event(event))
    click.echo(ngettext("ended {n} desk session: each desk logs in again with its token",
                        "ended {n} desk sessions: each desk logs in again with its token", ended).format(n=ended))
