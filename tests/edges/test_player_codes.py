"""Players' personal codes (issue 27, item 2): listed and replaced from the command line,
printed as cut-out slips; each player has one, nobody shares one."""
from __future__ import annotations

import json
import re
from pathlib import Path

from pypdf import PdfReader

from tourney.core.store import Event, player_with_code
from tourney.event.players import CODE_LENGTH, CODE_LETTERS

NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz", "Greta", "Helmut", "Ida", "Jonas", "Karl", "Lena", "Mia"]


def test_every_player_has_a_code_of_their_own(run):
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    run("players", "add", "cup.db", *NAMES[:10])
    codes = json.loads(run("players", "codes", "cup.db", "--format", "json").output)
    assert [c["player"] for c in codes] == sorted(NAMES[:10])
    assert all(re.fullmatch(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}", c["code"]) for c in codes)
    assert len({c["code"] for c in codes}) == 10
    # The same codes when listed again; a late entry gets one of their own.
    run("players", "add", "cup.db", "Karl")
    again = {c["player"]: c["code"] for c in json.loads(run("players", "codes", "cup.db", "--format", "json").output)}
    assert {c["player"]: c["code"] for c in codes}.items() <= again.items() and again["Karl"] not in \
        {c["code"] for c in codes}
    table = run("players", "codes", "cup.db").output.splitlines()
    assert table[0].split() == ["Player", "Code"] and table[1].split() == ["Anna", again["Anna"]]
    # A lost slip: a new code, the old one stops working.
    new = run("players", "codes", "cup.db", "--new", "anna").output.splitlines()[1].split()
    assert new[0] == "Anna" and new[1] != again["Anna"]
    event = Event.open("cup.db")
    assert player_with_code(event, new[1]).name == "Anna" and player_with_code(event, again["Anna"]) is None
    assert " gave 'Anna' a new personal code\n" in run("results", "history", "cup.db").output
    run("players", "remove", "cup.db", "Karl")  # a mis-registration: the code goes with the player
    assert "Karl" not in run("players", "codes", "cup.db").output
    r = run("players", "codes", "cup.db", "--new", "Zora", ok=None)
    assert r.exit_code == 1 and "no registered player 'Zora'" in r.output


def test_code_slips_print_twelve_to_a_page_with_the_servers_qr_code(run):
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup", "--lang", "de")
    run("players", "add", "cup.db", *NAMES)
    out = run("print", "cup.db", "--what", "codes", "-o", "codes.pdf", "--url", "http://10.0.0.9:8000").output
    assert out == "codes.pdf geschrieben: 2 Seiten\n"  # 13 players, no round needed
    text = "\n".join(p.extract_text() for p in PdfReader(Path("codes.pdf")).pages)
    codes = dict(line.split(",") for line in run("players", "codes", "cup.db", "--format", "csv").output.splitlines()[1:])
    assert all(name in text and code in text for name, code in codes.items())
    assert "Dein Code" in text and "zum Melden der Ergebnisse" in text
    r = run("print", "cup.db", "-o", "kit.pdf", ok=None)  # the round's kit needs a seated round
    assert r.exit_code == 1 and "noch keine Runde ist ausgelost" in r.output


def test_code_slips_take_the_stored_address_and_without_one_say_how_to_add_the_qr_code(run):
    """Issue 46, item 7: `--what codes` alone uses the event's stored address, as the pads do;
    with none, the organiser is told how to get the QR code onto the slips."""
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Cup")
    run("players", "add", "cup.db", *NAMES)
    out = run("print", "cup.db", "--what", "codes", "-o", "codes.pdf").output
    assert out == ("wrote codes.pdf: 2 pages\n"
                   "the code slips have no QR code: the event has no server address yet; set the hall's address "
                   "with 'tourney event cup.db --url http://ADDRESS:8000' (or start 'tourney serve' once), then print "
                   "the slips again\n")
    run("event", "cup.db", "--url", "http://10.0.0.9:8000")
    out = run("print", "cup.db", "--what", "codes", "-o", "codes.pdf", "--force").output
    assert out == ("QR codes link to http://10.0.0.9:8000 (the event's server address; --url to use another)\n"
                   "wrote codes.pdf: 2 pages\n")
    assert "http://10.0.0.9:8000" in PdfReader(Path("codes.pdf")).pages[0].extract_text()
    run("event", "cup.db", "--url", "", "--lang", "de")
    out = run("print", "cup.db", "--what", "codes", "-o", "codes.pdf", "--force").output
    assert out.splitlines()[-1].startswith("die Code-Zettel haben keinen QR-Code: das Turnier hat noch keine "
                                           "Serveradresse; die Adresse der Halle mit 'tourney event cup.db --url")
