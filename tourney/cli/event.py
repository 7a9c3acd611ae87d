"""`tourney new`, `event`, `copy` and `demo`: creating an event and changing its settings."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from tourney.core.i18n import (
    N_,
    DEFAULT,
    LANGS,
    _,
    event_language,
    language,
    ngettext,
    set_language,
)
from tourney.cli.base import ListedOption, cli, event_game, games_help, open_event, options_help, schemes_help
from tourney.cli.speech import option

if TYPE_CHECKING:
    from tourney.event.drawcheck import DrawMethod


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- event -------------------------------------------------------------------------------
@cli.command()
@click.argument("event")
@option("--game", required=True, cls=ListedOption, listing=games_help)
@option("--scheme", cls=ListedOption, listing=schemes_help)
@option("--rounds", type=click.IntRange(1, 99), default=4, show_default=True, help=N_("Number of rounds."))
@option("--seed", type=click.IntRange(0), help=N_("Seed for every draw (default: drawn now and stored)."))
@option("--name", help=N_("Event name (default: the file name)."))
@option("--date", help=N_("Event date, YYYY-MM-DD (orders events in a season report)."))
@option("--bye-score", help=N_("Duel: match points for a bye (default 1; e.g. 1/2 or 0)."))
@option("--option", "options", multiple=True, cls=ListedOption, listing=options_help)
@option("--lang", type=click.Choice(list(LANGS)), default=DEFAULT, show_default=True,
        help=N_("The event's language: messages, lists, standings, exports, printed sheets."))
def new(event: str, game: str, scheme: str | None, rounds: int, seed: int | None, name: str | None,
        date: str | None, bye_score: str | None, options: tuple[str, ...], lang: str) -> None:
    """Create an event file.

    Example: tourney new bonn.db --game 7wonders --name "Bonn Spielt 2018" --date 2018-03-18
    """
    from tourney.core.database import mask
    from tourney.event.drawproof import fingerprint, new_seed, short
    from tourney.event.setup import create_event
    from tourney.games.registry import find_game

    set_language(lang)
    info = create_event(event, game=find_game(game), scheme=scheme, rounds=rounds,
                        seed=seed if seed is not None else new_seed(), name=name, date=date,
                        bye_score=bye_score, lang=lang, options=options)
    played_with = sorted({o.strip().casefold() for o in options})
    # The seed stays secret until 'tourney event --reveal-seed': only its fingerprint is shown.
    click.echo(_("created {name!r} in {where}: {game}, scheme {scheme}, {rounds}, draw fingerprint "
                 "{fingerprint}").format(
        name=info.name, where=mask(event), game=info.game, scheme=info.scheme,
        fingerprint=short(fingerprint(info.seed)),
        rounds=ngettext("{n} round", "{n} rounds", info.rounds).format(n=info.rounds))
        + (_(", options: {options}").format(options=", ".join(played_with)) if played_with else ""))


@cli.command()
@option("--dir", "directory", default="demo-event", show_default=True, help=N_("Folder for the demo files."))
@option("--game", help=N_("Only this game's example (default: every bundled example)."))
@option("--brief", is_flag=True, help=N_("One line per example instead of every step and the standings."))
def demo(directory: str, game: str | None, brief: bool) -> None:
    """Run the bundled example events end to end and write their standings workbooks.

    Example: tourney demo --dir /tmp/demo --game ocw
    """
    from tourney.demo import run_all

    run_all(Path(directory), click.echo, game, brief)


@cli.command("event")
@click.argument("event")
@option("--name", help=N_("New event name."))
@option("--date", help=N_("New event date, YYYY-MM-DD."))
@option("--rounds", type=click.IntRange(1, 99), help=N_("New number of rounds."))
@option("--cut", type=click.IntRange(0), help=N_("Qualification cut: the line under rank K in every standings "
                                               "output (0 removes it)."))
@option("--lang", type=click.Choice(list(LANGS)), help=N_("New language of the event's messages and documents."))
@option("--url", help=N_("The live server's address for QR codes and the poster (http://HOST:PORT; \"\" "
                      "removes it; default: the one 'tourney serve' announces)."))
@option("--double-entry", type=click.Choice(["on", "off"]),
        help=N_("Blind double entry on the live server: two desks type every sheet, a mismatch goes to the "
             "organiser."))
@option("--check-in", "check_in", type=click.Choice(["on", "off"]),
        help=N_("Players check in before round 1 (on their phone with their code, or 'tourney players "
             "checkin'); round 1 seats only who did."))
@option("--self-report", "self_report", type=click.Choice(["on", "off"]),
        help=N_("Players report their table's sheet from the table's page and every player of the table "
             "confirms it with their code; disputes and rule errors go to the organiser's desk."))
@option("--pads", type=click.Choice(["paper", "scan"]),
        help=N_("The pads of the print kit: paper (written in) or scan (filled as marks, read from a photo "
             "by 'tourney scan')."))
@option("--option", "options_on", multiple=True, cls=ListedOption,
        listing=lambda: options_help().replace("An optional rule", "Switch on an optional rule"))
@option("--no-option", "options_off", multiple=True,
        help=N_("Switch an optional rule off (only before any result is stored)."))
@option("--reveal-seed", "reveal", is_flag=True,
        help=N_("After the event: publish the seed of every draw (on the live pages and in the exported "
             "workbook), so players can check the draws with 'tourney verify-draws'."))
@option("--catalogue", metavar="FILE",
        help=N_("Load the game's card list from a CSV, XLSX, ODS or XLS file, for a game whose cards no public "
             "source lists (docs/onecardwonder.md, for example); \"\" removes it."))
def event_command(event: str, name: str | None, date: str | None, rounds: int | None, cut: int | None,
                  lang: str | None, url: str | None, double_entry: str | None, check_in: str | None,
                  self_report: str | None, pads: str | None, options_on: tuple[str, ...], options_off: tuple[str, ...],
                  catalogue: str | None, reveal: bool) -> None:
    """Show the event's settings, or change its name, date, number of rounds, cut, language,
    server address, double entry, check-in, self-reporting, optional rules or card list; or
    reveal the draw seed after the event (shown until then: its SHA-256 fingerprint only).

    Example: tourney event bonn.db --date 2018-03-18 --cut 8 --lang de
    """
    from tourney.event.drawproof import reveal_seed, seed_proof
    from tourney.event.entry import double_entry as double_entry_on
    from tourney.event.setup import PADS_SETTING, loaded_catalogue, update_event
    from tourney.event.live import event_url
    from tourney.event.reports import self_report_on
    from tourney.event.standings import event_cut

    ev = open_event(event)
    flow = event_game(ev)
    info = update_event(ev, name=name, date=date, rounds=rounds, cut=cut, lang=lang, url=url,
                        double_entry=None if double_entry is None else double_entry == "on",
                        check_in=None if check_in is None else check_in == "on",
                        self_report=None if self_report is None else self_report == "on",
                        scan_pads=None if pads is None else pads == "scan",
                        options_on=options_on, options_off=options_off, catalogue=catalogue, game=flow)
    set_language(event_language(ev))
    proof = reveal_seed(ev) if reveal else seed_proof(ev)
    k = event_cut(ev)
    # The seed stays secret until it is revealed: the fingerprint commits to it (`drawproof` says
    # how to recompute it with sha256sum).
    settings = _("{name}: {game}, scheme {scheme}, {rounds}, draw fingerprint {fingerprint}, date {date}, "
                 "language {lang}").format(
        name=info.name, game=info.game, scheme=info.scheme, fingerprint=proof.short,
        rounds=ngettext("{n} round", "{n} rounds", info.rounds).format(n=info.rounds),
        date=info.date or _("not set"), lang=language())
    address = event_url(ev)
    played_with = sorted(flow.event_options(ev))
    cards = loaded_catalogue(ev)
    click.echo(settings + (_(", cut after rank {rank}").format(rank=k) if k else "")
               + (_(", options: {options}").format(options=", ".join(played_with)) if played_with else "")
               + (_(", server address {url}").format(url=address) if address else "")
               + (_(", blind double entry") if double_entry_on(ev) else "")
               + (_(", check-in before round 1") if ev.setting("check_in") == "on" else "")
               + (_(", players report their tables") if self_report_on(ev) else "")
               + (_(", scan pads") if ev.setting(PADS_SETTING) == "scan" else "")
               + (_(", {count} {what} from {file}").format(count=cards[1], what=_(flow.catalogue.what), file=cards[0])
                  if cards and flow.catalogue else ""))
    if proof.seed is not None:
        click.echo(_("seed: {seed} (revealed; check the draws with 'tourney verify-draws EXPORT.xlsx --seed "
                     "{seed}')").format(seed=proof.seed))


@cli.command("verify-draws")
@click.argument("export", metavar="EXPORT.xlsx")
@option("--seed", required=True, help=N_("The event's seed, as 'tourney event EVENT --reveal-seed' shows it."))
@option("--lang", type=click.Choice(list(LANGS)), help=N_("Language of the report (default: the workbook's)."))
def verify_draws_command(export: str, seed: str, lang: str | None) -> None:
    """Redraw every round of an exported event from its seed: the seating, the 7 Wonders boards
    and guilds, the Duel pairings; print each difference (round, table, seat, expected, found).
    Exit 1 on a difference. EXPORT is the workbook of 'tourney export EVENT -o FILE.xlsx'.

    Example: tourney verify-draws bonn.xlsx --seed 272183940117
    """
    from tourney.event.drawcheck import verify_export
    from tourney.games.registry import entry

    def game_methods(game: str) -> dict[str, DrawMethod]:
        found = entry(game)
        return dict(found.workflow().draw_methods) if found is not None else {}

    if lang:
        set_language(lang)  # else English until the workbook says its language
    verified = verify_export(export, seed.strip(), game_methods=game_methods, speak=set_language, lang=lang)
    click.echo(verified.text(), nl=False)
    if verified.differences:
        raise SystemExit(1)


@cli.command("copy")
@click.argument("source")
@click.argument("target")
def copy_command(source: str, target: str) -> None:
    """Copy a whole event between a file and a database (either way), with every result version
    and the history. TARGET must not hold that event yet.

    Example: tourney copy bonn.db "postgresql://tourney@db.example.org/season?event=bonn-2026"
    """
    from tourney.core.database import mask
    from tourney.core.store import copy_event

    from tourney.scanpad.reading import carry_photos  # the photos kept beside an event file go along

    original = open_event(source)
    copied = copy_event(original, target)
    carry_photos(original, copied)
    info = copied.info()
    click.echo(_("copied {name!r} from {source} to {target}: {players} players, {versions} result versions, "
                 "{entries} history entries").format(
        name=info.name, source=mask(source), target=copied.location, players=len(copied.players()),
        versions=len(copied.result_versions()), entries=len(copied.history())))
