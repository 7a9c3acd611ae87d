"""`tourney seat`, `seating`, `sheets`, `pairings` and `print`: seating a round and printing it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tourney.core.errors import NothingToSeat, UsageError
from tourney.core.i18n import (
    N_,
    _,
    language,
    ngettext,
    use_language,
)
from tourney.cli.base import (
    claim_output,
    cli,
    event_game,
    lang_option,
    open_event,
    output_format_option,
    overwrite_options,
    qr_address,
    wrote_pages,
)
from tourney.cli.speech import option

if TYPE_CHECKING:
    from tourney.core.store import Event


# Imports inside a command: only that command loads them (start-up time, see tourney/cli/__init__.py).
# --- seating -----------------------------------------------------------------------------
def not_published_hint(ev: Event, event: str, round_no: int) -> None:
    """Say so when the players' pages of a served event don't show the round yet."""
    from tourney.event.live import event_url, is_published

    if event_url(ev) and not is_published(ev, round_no):
        click.echo(_("round {round} is not published yet: players see its seating once you run 'tourney publish "
                     "{event} --round {round}' (or press Publish on the organiser's desk)").format(
            round=round_no, event=event))



@cli.command()
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("Seat (or re-seat) this round."))
@option("--all", "all_rounds", is_flag=True, help=N_("Seat every round not seated yet."))
@option("--tables", help=N_("Table plan: 'bonn', 'dm' (7 Wonders), 'even' (every game) or sizes like 5,5,4 "
                         "(default: the scheme's)."))
@option("--cut", "cut", type=click.IntRange(2), help=N_("Duel: pair the next top-cut round (top K of the "
                                                     "standings, single elimination)."))
@option("--reprint", is_flag=True, help=N_("Re-seat a round whose sheets were printed already (lists the "
                                        "tables that changed)."))
@option("--publish", is_flag=True, help=N_("Also show the seating on the players' pages ('tourney publish')."))
def seat(event: str, round_no: int | None, all_rounds: bool, tables: str | None, cut: int | None,
         reprint: bool, publish: bool) -> None:
    """Seat the next round (or --round N, or --all) from the event's seed.

    7 Wonders: plans every round not yet printed so players rarely meet again; draws wonders
    and guilds. Duel events are paired instead: Swiss (after the previous round's results),
    round robin, or with --cut K a top cut.

    Example: tourney seat bonn.db --round 1
    """
    from tourney.games.registry import all_games
    from tourney.event.seating import seat_rounds
    from tourney.outputs.views import event_pairings

    if round_no is not None and all_rounds:
        raise UsageError(_("use either --round N or --all, not both"))
    if cut is not None:
        if round_no is not None or all_rounds:
            raise UsageError(_("--cut pairs the next top-cut round: leave out --round and --all"))
        ev = open_event(event)
        try:
            seated = [event_pairings(ev, event_game(ev), "--cut", all_games().values()).seat_cut(ev, cut)]
        except NothingToSeat as done:
            click.echo(str(done))
            return
    else:
        ev = open_event(event)
        seated = seat_rounds(ev, event_game(ev), round_no, all_rounds, tables, reprint)
    for r in seated:
        sizes = "+".join(str(len(t)) for t in r.tables)
        click.echo(ngettext("round {round}: {players} players at {tables} table ({sizes})",
                            "round {round}: {players} players at {tables} tables ({sizes})", len(r.tables)).format(
            round=r.round, players=sum(map(len, r.tables)), tables=len(r.tables), sizes=sizes))
        if r.not_checked_in:
            click.echo(_("not checked in (not seated; they play again once checked in): {names}").format(
                names=", ".join(r.not_checked_in)))
        if r.changed is not None:
            which = ", ".join(map(str, r.changed)) or _("none")
            click.echo(_("round {round} was printed: tables changed: {tables}; print the round again and replace the "
                         "sheets of these tables").format(round=r.round, tables=which))
    if any(r.round == 1 for r in seated):
        from tourney.event.drawproof import seed_proof

        # The commitment, before anyone plays: the seed is revealed after the event.
        click.echo(seed_proof(ev).line())
    if publish:
        from tourney.core.store import current_user
        from tourney.event.live import publish_round

        for r in seated:
            publish_round(ev, r.round, current_user())
            click.echo(_("round {round}'s seating is published: players see it on their pages").format(round=r.round))
    else:
        for r in seated:
            not_published_hint(ev, event, r.round)


@cli.command()
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("Only this round."))
@output_format_option()
@option("--report", is_flag=True, help=N_("Repeated opponents, neighbours and start seats against the lower bound."))
def seating(event: str, round_no: int | None, fmt: str, report: bool) -> None:
    """Show the seating: round, table, seat, player, wonder (and each round's draw).

    Example: tourney seating bonn.db --round 1
    """
    from tourney.event.seating import seating_report
    from tourney.outputs.views import seating_view

    ev = open_event(event)
    if report:
        click.echo(seating_report(ev, event_game(ev)))
        return
    click.echo(seating_view(ev, round_no, fmt, event_game(ev).board_names(language())), nl=False)
    if fmt == "table":
        click.echo(event_game(ev).draws_view(ev, round_no), nl=False)


@cli.command()
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), required=True, help=N_("The round to print."))
@option("-o", "--output", required=True, help=N_("The workbook to write (sheets.xlsx), or score pads (pads.pdf)."))
@lang_option(N_("Language of the printed sheets (both import) (default: the event's)."))
@option("--url", "base_url", help=N_("PDF: the live server's address; each pad gets a QR code to its table."))
@overwrite_options
def sheets(event: str, round_no: int, output: str, lang: str | None, base_url: str | None, force: bool,
           overwrite_results: bool) -> None:
    """Write printable score sheets for a round: one page per table and a list by name.

    The round's seating is then fixed. Filled in, the .xlsx file imports with 'tourney results
    import'; a .pdf file holds score pads to fill in by hand (Duel: match slips, four a page).

    Example: tourney sheets bonn.db --round 1 -o round1.xlsx
    """
    from tourney.outputs.printsheets import write_sheets

    ev = open_event(event)  # first: a refusal of the output speaks the event's language
    claim_output(output, force, overwrite_results, event)
    if output.lower().endswith(".pdf"):
        from tourney.outputs.pdf.event_docs import write_score_pads

        pdf = write_score_pads(ev, event_game(ev).print_kit, round_no, output, lang or language(),
                               qr_address(ev, base_url))
        click.echo(wrote_pages(pdf.path, pdf.pages, round_no))
        return
    done = write_sheets(ev, event_game(ev), round_no, output, lang or language())
    click.echo(_("wrote {path}: round {round}, {tables}, {players}").format(
        path=done.path, round=done.round,
        tables=ngettext("{n} table", "{n} tables", done.tables).format(n=done.tables),
        players=ngettext("{n} player", "{n} players", done.players).format(n=done.players)))
    not_published_hint(ev, event, done.round)


@cli.command()
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("This round (default: the last paired one)."))
@option("--by", type=click.Choice(["table", "name"]), default="table", show_default=True)
@option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@option("-o", "--output", help=N_("Write pairings by table and by name plus one A4 match sheet per table "
                               "(.xlsx), or the lists and match slips (.pdf) instead."))
@lang_option(N_("Language of the written file (default: the event's)."))
@overwrite_options
def pairings(event: str, round_no: int | None, by: str, fmt: str, output: str | None, lang: str | None, force: bool,
             overwrite_results: bool) -> None:
    """Duel: show a round's pairings by table or by name, or print them with match sheets.

    Example: tourney pairings duel.db --by name
    """
    from tourney.games.registry import all_games
    from tourney.outputs.views import event_pairings, pairings_view, write_pairings

    ev = open_event(event)
    game = event_game(ev)
    matches = event_pairings(ev, game, "'pairings'", all_games().values())
    if output:
        claim_output(output, force, overwrite_results, event)
    if output and output.lower().endswith(".pdf"):
        from tourney.outputs.pdf.event_docs import write_round_pdf

        pdf = write_round_pdf(ev, game.print_kit, round_no, output, lang or language())
        click.echo(wrote_pages(pdf.path, pdf.pages))
    elif output:
        with use_language(lang or language()):
            path = write_pairings(ev, matches, round_no, output, lang or language())
        click.echo(_("wrote {path}").format(path=path))
    else:
        click.echo(pairings_view(ev, matches, round_no, by, fmt), nl=False)


@cli.command("print")
@click.argument("event")
@option("--round", "round_no", type=click.IntRange(1), help=N_("The round to print (default: the last seated)."))
@option("--what",
        help=N_("Comma-separated: seating (list by name), tables (by table), cards (table cards), pads "
             "(the round's seating is then fixed, as with 'tourney sheets'), scanpads (pads whose photo "
             "'tourney scan' reads; fixes the seating too), codes (every player's code "
             "slip, to cut out). Default: the round's whole kit "
             "(seating,tables,cards,pads; scanpads instead of pads after 'tourney event EVENT --pads scan')."))
@option("-o", "--output", required=True, help=N_("The PDF to write (print.pdf)."))
@lang_option(N_("Language (default: the event's)."))
@option("--url", "base_url", help=N_("Pads: the live server's address, for a QR code per table."))
@overwrite_options
def print_command(event: str, round_no: int | None, what: str | None, output: str, lang: str | None,
                  base_url: str | None, force: bool, overwrite_results: bool) -> None:
    """Print a round's wall lists, table cards and score pads as one A4 PDF (all of them
    unless --what picks).

    Example: tourney print bonn.db --round 1 --what seating,cards -o round1-wall.pdf
    """
    from tourney.outputs.pdf.event_docs import write_print

    ev = open_event(event)
    claim_output(output, force, overwrite_results, event)
    if what is None:
        from tourney.event.setup import PADS_SETTING

        what = "seating,tables,cards," + ("scanpads" if ev.setting(PADS_SETTING) == "scan" else "pads")
    kinds = [w.strip() for w in what.split(",") if w.strip()]
    game = event_game(ev)
    url = qr_address(ev, base_url) if {"pads", "codes"} & set(kinds) else base_url
    pdf = write_print(ev, game.print_kit, round_no, kinds, output, lang or language(), url, scan=game.scan_sheet)
    click.echo(wrote_pages(pdf.path, pdf.pages, pdf.round))
    if "codes" in kinds and url is None:
        click.echo(_("the code slips have no QR code: the event has no server address yet; set the hall's address "
                     "with 'tourney event {event} --url http://ADDRESS:8000' (or start 'tourney serve' once), then "
                     "print the slips again").format(event=event))
    if pdf.round is not None:
        not_published_hint(ev, event, pdf.round)
