"""The live server's address kept with the event: `tourney serve` stores the one it announces
unless the organiser set one (`tourney event --url`); score pads' QR codes and the poster use it."""
from __future__ import annotations

from pathlib import Path

from live_event import Server, build_event

from tourney.event.live import event_url, remember_url
from tourney.outputs.pdf.event_docs import score_pads
from tourney.core.store import Event
from tourney.games.registry import workflow

URL = "http://10.0.0.9:8000"


def seated_cup(run) -> str:
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    run("players", "add", "cup.db", *[f"Player {i}" for i in range(1, 11)])
    run("seat", "cup.db", "--round", "1")
    return "cup.db"


def test_event_url_sets_shows_and_clears_the_address(run):
    cup = seated_cup(run)
    out = run("event", cup, "--url", URL + "/").output
    assert out == f"Cup: 7wonders, scheme bonn, 4 rounds, draw fingerprint 9b10265cd65f58c6, date not set, language en, server address {URL}\n"
    assert event_url(Event.open(cup)) == URL
    assert run("event", cup, "--url", "").output == ("Cup: 7wonders, scheme bonn, 4 rounds, draw fingerprint 9b10265cd65f58c6, date not set, "
                                                      "language en\n")
    assert event_url(Event.open(cup)) is None
    bad = run("event", cup, "--url", "10.0.0.9:8000", ok=False)
    assert bad.exit_code == 2
    assert bad.output.splitlines()[-1] == ("Error: --url '10.0.0.9:8000': give the server's address as http://HOST:PORT "
                          "(e.g. http://192.168.1.20:8000), or \"\" to remove it")


def test_sheets_pdf_qr_codes_use_the_stored_address(run):
    cup = seated_cup(run)
    run("event", cup, "--url", URL)
    out = run("sheets", cup, "--round", "1", "-o", "r1.pdf").output
    assert out == (f"QR codes link to {URL} (the event's server address; --url to use another)\n"
                   "wrote r1.pdf: round 1, 2 pages\n")
    expected = score_pads(Event.open(cup), workflow("7wonders").print_kit, 1, "en", URL)
    assert expected.qr_codes == ((1, f"{URL}/rounds/1/tables/1"), (2, f"{URL}/rounds/1/tables/2"))
    assert Path("r1.pdf").read_bytes() == expected.data  # the written pads are exactly these
    assert score_pads(Event.open(cup), workflow("7wonders").print_kit, 1, "en", None).qr_codes == ()


def test_an_explicit_url_wins_and_no_address_means_no_qr_code(run):
    cup = seated_cup(run)
    out = run("print", cup, "--round", "1", "--what", "pads", "-o", "pads.pdf").output
    assert out == "wrote pads.pdf: round 1, 2 pages\n"  # no address anywhere: no QR code, no line
    run("event", cup, "--url", URL)
    out = run("print", cup, "--round", "1", "--what", "pads", "-o", "other.pdf", "--url", "http://pad.local").output
    assert out == ("wrote other.pdf: round 1, 2 pages\n"  # a served event: players don't see round 1 yet
                   "round 1 is not published yet: players see its seating once you run 'tourney publish cup.db "
                   "--round 1' (or press Publish on the organiser's desk)\n")
    assert Path("other.pdf").read_bytes() == score_pads(Event.open(cup), workflow("7wonders").print_kit, 1, "en", "http://pad.local").data
    out = run("print", cup, "--round", "1", "--what", "seating,pads", "-o", "wall.pdf").output
    assert out.startswith(f"QR codes link to {URL} ")


def test_serve_stores_its_address_unless_the_organiser_set_one(tmp_path):
    ev = build_event(tmp_path)
    server = Server(ev.path)  # on 127.0.0.1: no phone reaches it, so it is not stored
    out = server.stop()
    address = f"http://127.0.0.1:{server.port}/"
    assert (f"warning: only this computer reaches {address}: phones and the other desks need the hall's address: "
            "serve with --host 0.0.0.0 (the default), or set the address with 'tourney event --url'") in out
    assert "stored" not in out and event_url(Event.open(ev.path)) is None
    event = Event.open(ev.path)  # the hall's address, as `serve` on 0.0.0.0 announces it
    assert remember_url(event, "http://10.0.0.5:8000/") == ("http://10.0.0.5:8000", True)
    assert event_url(event) == "http://10.0.0.5:8000"
    assert remember_url(event, "http://localhost:8000/") == ("http://10.0.0.5:8000", False)

    from click.testing import CliRunner

    from tourney.cli import cli

    assert CliRunner().invoke(cli, ["event", str(ev.path), "--url", URL]).exit_code == 0
    server = Server(ev.path, "--poster", str(tmp_path / "poster.html"))
    out = server.stop()
    assert f"players use the event's address {URL} (set with 'tourney event --url')" in out
    assert event_url(Event.open(ev.path)) == URL
    assert f"<b>{URL}/</b>" in (tmp_path / "poster.html").read_text()


def test_printed_documents_say_the_moment_source_date_epoch_gives(run, monkeypatch):
    """Pads printed a minute apart are the same bytes when SOURCE_DATE_EPOCH fixes the moment
    they say they were made (the test suite sets it in conftest.py), and they say that moment."""
    from pypdf import PdfReader

    cup = seated_cup(run)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1521370800")
    pads = score_pads(Event.open(cup), workflow("7wonders").print_kit, 1, "en", None).data
    Path("pads.pdf").write_bytes(pads)
    assert "made 2018-03-18 11:00" in PdfReader("pads.pdf").pages[0].extract_text()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(1521370800 + 3600))
    later = score_pads(Event.open(cup), workflow("7wonders").print_kit, 1, "en", None).data
    Path("later.pdf").write_bytes(later)
    assert "made 2018-03-18 12:00" in PdfReader("later.pdf").pages[0].extract_text()
def test_the_poster_never_shows_an_address_only_this_computer_reaches(tmp_path):
    """Issue 46, item 7: served on 127.0.0.1 with no hall address stored, no poster is written
    (a phone could not open its QR code); the line says how to get one."""
    ev = build_event(tmp_path)
    poster = tmp_path / "poster.html"
    server = Server(ev.path, "--poster", str(poster))
    out = server.stop()
    assert not poster.exists()
    assert (f"no poster written: only this computer reaches http://127.0.0.1:{server.port}/; serve with --host "
            "0.0.0.0 (the default) or set the hall's address with 'tourney event --url', then start again with "
            "--poster") in out
    from click.testing import CliRunner

    from tourney.cli import cli

    assert CliRunner().invoke(cli, ["event", str(ev.path), "--url", "http://localhost:8000"]).exit_code == 0
    out = Server(ev.path, "--poster", str(poster)).stop()
    assert not poster.exists() and "no poster written: only this computer reaches http://localhost:8000/" in out
