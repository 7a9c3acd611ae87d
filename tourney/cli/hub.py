"""`tourney hub …` (a season hub: its venues, imported journal files, its season report) and
`tourney sync` (a venue's event sent to the hub, as a file or over the network)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tourney.cli.base import claim_output, cli, open_event
from tourney.cli.speech import option
from tourney.core.i18n import LANGS, N_, _, ngettext, set_language, use_language

if TYPE_CHECKING:
    from tourney.event.hub import Circuit


def _open(location: str):  # type: ignore[no-untyped-def]
    """The hub; from now on the command speaks the hub's language."""
    from tourney.core.hubstore import Hub

    hub = Hub.open(location)
    set_language(hub.lang)
    return hub


@cli.group()
def hub() -> None:
    """A season hub: the venues push their events to it; it shows the season live."""


@hub.command("new")
@click.argument("hub_location", metavar="HUB")
@option("--name", help=N_("The season's name (default: the file's)."))
@option("--lang", type=click.Choice(list(LANGS)), default="en", show_default=True,
        help=N_("Language of the hub's pages."))
def hub_new(hub_location: str, name: str | None, lang: str) -> None:
    """Create a hub: an SQLite file, or a PostgreSQL URL for a hub with several workers.

    Example: tourney hub new season.db --name "Qualifiers 2026" --lang de
    """
    from tourney.core.database import parse_location
    from tourney.core.hubstore import Hub

    title = name or parse_location(hub_location).title
    made = Hub.create(hub_location, name=title, lang=lang)
    made.close()
    set_language(lang)
    click.echo(_("created hub {name!r} in {where}").format(name=title, where=made.location))


@hub.group("venue")
def hub_venue() -> None:
    """The hub's venues: add (prints the venue's token), list, remove."""


@hub_venue.command("add")
@click.argument("hub_location", metavar="HUB")
@click.argument("name")
def venue_add(hub_location: str, name: str) -> None:
    """Add a venue and print its token (shown only now; the hub keeps a hash of it).

    Example: tourney hub venue add season.db "Bonn"
    """
    with _open(hub_location) as opened:
        token = opened.add_venue(name)
    click.echo(_("venue {name!r} token: {token}").format(name=" ".join(name.split()), token=token))


@hub_venue.command("remove")
@click.argument("hub_location", metavar="HUB")
@click.argument("name")
def venue_remove(hub_location: str, name: str) -> None:
    """Remove a venue: its token writes no more, at once (its events stay as they were sent).

    Example: tourney hub venue remove season.db "Bonn"
    """
    with _open(hub_location) as opened:
        removed = opened.remove_venue(name)
    click.echo(_("removed venue {name!r}: its token writes no more").format(name=removed))


@hub_venue.command("list")
@click.argument("hub_location", metavar="HUB")
def venue_list(hub_location: str) -> None:
    """List the venues (never their tokens).

    Example: tourney hub venue list season.db
    """
    with _open(hub_location) as opened:
        venues = opened.venues()
    if not venues:
        click.echo(_("no venues yet: add one with 'tourney hub venue add HUB NAME'"))
    for v in venues:
        if v.removed_at:
            click.echo(_("{name} (added {added}, removed {removed})").format(
                name=v.name, added=v.created_at, removed=v.removed_at))
        else:
            click.echo(_("{name} (added {added})").format(name=v.name, added=v.created_at))


@hub.command("import")
@click.argument("hub_location", metavar="HUB")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def hub_import(hub_location: str, files: tuple[str, ...]) -> None:
    """Apply journal files venues wrote ('tourney sync EVENT -o FILE'), exactly as their push
    would; a change the hub has is skipped, so a file may be imported as often as you like.

    Example: tourney hub import season.db bonn-journal.json
    """
    from tourney.event.hub import import_journal, read_journal_file

    with _open(hub_location) as opened:
        for file in files:
            text = read_journal_file(file)
            venue, applied = import_journal(opened, text, file)
            click.echo(ngettext("{file}: {venue}: {n} new change applied, the hub has the event's changes up to "
                                "{last}",
                                "{file}: {venue}: {n} new changes applied, the hub has the event's changes up to "
                                "{last}", applied.new).format(file=file, venue=venue, n=applied.new,
                                                              last=applied.acknowledged))


@hub.command("aliases")
@click.argument("hub_location", metavar="HUB")
@click.argument("file", required=False)
@option("--clear", is_flag=True, help=N_("Match the players by their names alone again."))
def hub_aliases(hub_location: str, file: str | None, clear: bool) -> None:
    """Match the season's players across venues with an alias file ('alias,name' columns, as
    'tourney season --aliases'): the hub's report and rating use it from now on.

    Example: tourney hub aliases season.db aliases.csv
    """
    from tourney.core.errors import UsageError
    from tourney.event.hub import hub_aliases as stored, store_aliases
    from tourney.event.season import load_aliases

    with _open(hub_location) as opened:
        if clear:
            store_aliases(opened, None)
            click.echo(_("the hub matches the players by their names alone"))
            return
        if file is None:
            have = stored(opened)
            if have is None:
                raise UsageError(_("the hub has no alias file: give one, 'tourney hub aliases HUB FILE'"))
        else:
            have = load_aliases(file)
            store_aliases(opened, have)
    click.echo(ngettext("the hub matches the players with {n} alias from {file}",
                        "the hub matches the players with {n} aliases from {file}", len(have.entries)).format(
        n=len(have.entries), file=have.source))


@hub.command("rules")
@click.argument("hub_location", metavar="HUB")
@option("--spots", type=click.IntRange(1), help=N_("Qualification spots each event awards."))
@option("--spots-by-size", metavar="SPOTS,PLAYERS:SPOTS…",
        help=N_("Spots by the event's number of players instead of --spots: '1,20:2' gives 1 spot, 2 from 20 "
                "players."))
@option("--ranking", is_flag=True, help=N_("Add a points ranking across the events."))
@option("--points", help=N_("Points per place for the ranking (default 10,8,6,5,4,3,2,1)."))
@option("--best", type=click.IntRange(1), help=N_("Only a player's best N results count in the ranking."))
@option("--min-events", type=click.IntRange(1),
        help=N_("Events a player needs to be ranked (the ranking only; spots are not affected)."))
@option("--clear", is_flag=True, help=N_("Forget the circuit rules: each report is then asked with its spots."))
def hub_rules(hub_location: str, spots: int | None, spots_by_size: str | None, ranking: bool, points: str | None,
              best: int | None, min_events: int | None, clear: bool) -> None:
    """The season's circuit rules, as 'tourney season' takes them: the hub's season report and
    its pages follow them from now on. Without options: the rules the hub has.

    Example: tourney hub rules season.db --spots-by-size 1,20:2 --best 3 --min-events 2
    """
    from tourney.core.errors import UsageError
    from tourney.event.hub import Circuit, hub_circuit, store_circuit
    from tourney.outputs.season_export import circuit_rules

    given = Circuit(spots, spots_by_size, ranking, points, best, min_events)
    with _open(hub_location) as opened:
        if clear:
            if given != Circuit():
                raise UsageError(_("--clear forgets the rules: give it alone"))
            store_circuit(opened, None)
            click.echo(_("the hub has no circuit rules: each season report is asked with its spots"))
            return
        if given == Circuit():
            have = hub_circuit(opened)
            if have is None:
                raise UsageError(_("the hub has no circuit rules: set them, e.g. 'tourney hub rules HUB --spots 3'"))
        else:
            circuit_rules(spots, ranking, points, best, min_events, spots_by_size)  # refused as `tourney season` would
            store_circuit(opened, given)
            have = given
    click.echo(_("the hub's season report follows: {rules}").format(rules=circuit_options(have)))


def circuit_options(circuit: Circuit) -> str:
    """The rules as the options of `tourney season` that give them."""
    said = [("--spots", circuit.spots), ("--spots-by-size", circuit.spots_by_size), ("--points", circuit.points),
            ("--best", circuit.best), ("--min-events", circuit.min_events)]
    words = [f"{name} {value}" for name, value in said if value is not None]
    if circuit.ranking and circuit.points is None and circuit.best is None and circuit.min_events is None:
        words.append("--ranking")
    return " ".join(words)


@hub.command("season")
@click.argument("hub_location", metavar="HUB")
@option("--spots", type=click.IntRange(1),
        help=N_("Qualification spots each event awards (default: the hub's circuit rules, 'tourney hub rules')."))
@option("--aliases", "aliases_file", type=click.Path(dir_okay=False),
        help=N_("CSV with 'alias,name' columns: other spellings of a player's name."))
@option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def hub_season(hub_location: str, spots: int | None, aliases_file: str | None, fmt: str) -> None:
    """The season report over the hub's final events: what 'tourney season' says of their files.

    Example: tourney hub season season.db --spots 3
    """
    from tourney.core.errors import UsageError
    from tourney.event.hub import season_circuit
    from tourney.games.registry import workflow
    from tourney.outputs.hub_views import hub_season_report
    from tourney.outputs.season_export import render

    with _open(hub_location) as opened:
        circuit = season_circuit(opened, spots)
        if circuit is None:
            raise UsageError(_("the hub has no circuit rules: give the spots each event awards, or set the "
                               "season's rules with 'tourney hub rules HUB --spots K' (or --spots-by-size, --best, "
                               "--min-events)"))
        report = hub_season_report(opened, circuit, aliases_file, workflow=workflow, speak=set_language)
    with use_language(report.lang):
        text = render(report, fmt)
        if fmt != "table":  # the table lists them itself
            for a in report.ambiguities:
                click.echo(_("warning: {message}").format(message=a.message), err=True)
    click.echo(text, nl=False)


# --- a venue's side ------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@option("--token", required=True, help=N_("The venue's token ('tourney hub venue add' printed it)."))
@option("--to", "url", help=N_("The hub's address (http://HOST:PORT/): push what it has not acknowledged."))
@option("-o", "--output", help=N_("Write the event's journal to this file (for 'tourney hub import')."))
@option("--force", is_flag=True, help=N_("Overwrite the output file."))
def sync(event: str, token: str, url: str | None, output: str | None, force: bool) -> None:
    """Send the event to the season hub: over the network (--to URL; it resumes where the hub
    stands), or as a file the hub imports (-o FILE).

    Example: tourney sync bonn.db --to http://hub.example:8100/ --token TOKEN
    """
    from tourney.core.errors import UsageError

    if (url is None) == (output is None):
        raise UsageError(_("give --to URL to push to the hub, or -o FILE to write the event's journal for "
                           "'tourney hub import'"))
    if url is not None:
        from tourney.event.hubsync import push

        ev = open_event(event)
        try:
            state = push(ev, url, token)
        finally:
            ev.close()
        click.echo(ngettext("the hub at {url} has all {n} change of {event!r}",
                            "the hub at {url} has all {n} changes of {event!r}", state.acknowledged).format(
            url=url, n=state.acknowledged, event=event))
        return
    assert output is not None
    from tourney.core.outfile import write_text
    from tourney.event.hub import journal_text

    claim_output(output, force, False, event)
    ev = open_event(event)
    try:
        text, count = journal_text(ev, token)
    finally:
        ev.close()
    write_text(output, text)
    click.echo(ngettext("wrote {file}: {n} change of {event!r}, signed with the venue's token",
                        "wrote {file}: {n} changes of {event!r}, signed with the venue's token", count).format(
        file=output, n=count, event=event))

@hub.command("serve")
@click.argument("hub_location", metavar="HUB")
@option("--host", default="0.0.0.0", show_default=True, help=N_("Address to listen on."))
@option("--port", type=click.IntRange(1, 65535), default=8100, show_default=True)
@option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
        help=N_("Worker processes answering on the one port (a PostgreSQL hub: any of them answers any request)."))
def hub_serve(hub_location: str, host: str, port: int, workers: int) -> None:
    """Serve the hub: the venues' push, the season's pages and its JSON API (/openapi.json).

    Example: tourney hub serve season.db --port 8100
    """
    from tourney.server.hub_app import serve_hub

    serve_hub(hub_location, host=host, port=port, workers=workers, echo=click.echo)
