"""A French event end to end (`--lang fr`): 7 Wonders and Duel with Agora from the roster to
the standings, the printed sheets and pads, the live pages, in the French rulebooks' words and
with no English a player reads. The catalogue's completeness is checked in test_i18n.py."""
from __future__ import annotations

import html
import io
from pathlib import Path

import openpyxl
from conftest import duel_row, fill_sheet
from pypdf import PdfReader
from starlette.testclient import TestClient

from rules_engine.sevenwonders.data import GUILD_NAMES_FR
from tourney.core.i18n import use_language

#: English words a French organiser or player must not read (each is a msgid whose French differs).
ENGLISH = ("Standings", "Player", "Round", "Seat", "Where to sit", "Guilds in play", "Opponent", "Starts", "Coins",
           "Wonder", "Military", "Senate", "wrote", "registered", "round", "players", "error", "warning",
           "Victory")
ROSTER = "Prénom;Nom\nÉlodie;Bernard\nZoé;Çelik\nAnne;Lefèvre\nBruno;Martin\n"


def no_english(text: str) -> None:
    import re

    found = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
    assert not found, (found, text)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages)


def test_a_french_7_wonders_event_from_the_roster_to_the_standings(run):
    out = [run("new", "fr.db", "--game", "7wonders", "--seed", "7", "--name", "Coupe de Lyon", "--lang", "fr").output]
    assert out[0] == ("'Coupe de Lyon' créé dans fr.db : 7wonders, barème bonn, 4 rondes, empreinte du tirage "
                      "9b10265cd65f58c6\n")
    (run.folder / "inscriptions.csv").write_text(ROSTER + "Bruno;Martin\n", encoding="utf-8")
    out.append(run("players", "import", "fr.db", "inscriptions.csv").output)
    assert out[-1] == "4 joueurs inscrits à partir de la ronde 1\ndonnés deux fois (inscrits une seule fois) : Bruno Martin\n"
    out.append(run("players", "list", "fr.db").output)
    assert out[-1].splitlines()[0].split() == ["Joueur", "Première", "ronde", "Abandon", "après"]
    out.append(run("seat", "fr.db").output)
    assert out[-1].startswith("ronde 1 : 4 joueurs à 1 ")
    out.append(run("seating", "fr.db").output)
    assert out[-1].splitlines()[0].split() == ["Ronde", "Table", "Siège", "Joueur", "Merveille"]
    assert out[-1].splitlines()[-1].startswith("ronde 1, guildes : Guilde des ")  # the French cards' names
    # The printed sheet: French headers and the French edition's guild names; it imports back.
    out.append(run("sheets", "fr.db", "--round", "1", "-o", "r1.xlsx").output)
    assert out[-1] == "r1.xlsx écrit : ronde 1, 1 table, 4 joueurs\n"
    wb = openpyxl.load_workbook(run.folder / "r1.xlsx")
    assert wb.sheetnames == ["Joueurs", "Table 1"]
    ws = wb["Table 1"]
    assert ws["A2"].value.startswith("Guildes en jeu: Guilde des ")
    assert [c.value for c in ws[5]] == ["Ronde", "Table", "Siège", "Joueur", "Merveille", "Face", "Militaire", "Trésor",
                                        "Merveilles", "Civil", "Commerce", "Guildes", "Science", "Total", "Pièces"]
    fill_sheet(ws)
    wb.save(run.folder / "r1.xlsx")
    out.append(run("check", "r1.xlsx", "--event", "fr.db").output)
    assert out[-1] == "vérifié 1 fichier : 1 table, 4 joueurs : 0 erreur, 0 avertissement\n"
    out.append(run("results", "import", "fr.db", "r1.xlsx").output)
    assert out[-1].endswith("1 table enregistrée\n")
    out.append(run("standings", "fr.db").output)
    lines = out[-1].splitlines()
    assert lines[0] == "Coupe de Lyon : classement"
    assert lines[1].split()[:4] == ["Rang", "Joueur", "Points", "Part"]
    # A guild the French cards don't name is refused in French.
    ws["A2"] = "Guildes en jeu: Guilde des bidules, Guilde des espions"
    wb.save(run.folder / "guildes.xlsx")
    out.append(run("check", "guildes.xlsx", "--event", "fr.db", ok=None).output)
    assert "erreur: la guilde 'Guilde des bidules' n'est pas une guilde de 7 Wonders" in out[-1]
    # A mistake is said in French, with the sheet's French column words (typed here without accents).
    bad = run.folder / "faux.csv"
    bad.write_text("Ronde,Table,Siege,Joueur,Militaire,Tresor,Merveilles,Civil,Commerce,Guildes,Science,Total,Pieces\n"
                   "2,1,1,Zoé Çelik,0,1,0,5,0,0,0,9,4\n", encoding="utf-8")
    out.append(run("check", "faux.csv", "--lang", "fr", ok=None).output)
    assert "les totaux ne tombent pas juste pour 'Zoé Çelik' : les catégories font 6, le total indique 9" in out[-1]
    no_english("\n".join(out))


def test_french_pads_wall_lists_and_workbooks(run):
    run("new", "fr.db", "--game", "7wonders", "--seed", "7", "--name", "Coupe de Lyon", "--lang", "fr")
    (run.folder / "inscriptions.csv").write_text(ROSTER, encoding="utf-8")
    run("players", "import", "fr.db", "inscriptions.csv")
    run("seat", "fr.db")
    assert run("sheets", "fr.db", "--round", "1", "-o", "r1.pdf").output == "r1.pdf écrit : ronde 1, 1 page\n"
    pads = pdf_text(run.folder / "r1.pdf")
    assert "Guildes en jeu: Guilde des " in pads and "Militaire" in pads and "Siège" in pads
    assert any(name in pads for name in GUILD_NAMES_FR.values())
    run("print", "fr.db", "--round", "1", "--what", "seating,tables,cards", "-o", "mur.pdf")
    wall = pdf_text(run.folder / "mur.pdf")
    assert "Ronde 1 · Où s'asseoir" in wall and "Ronde 1 · Placement par table" in wall
    no_english(pads + wall)
    run("export", "fr.db", "-o", "t.xlsx")
    assert openpyxl.load_workbook(run.folder / "t.xlsx").sheetnames[0] == "Classement"
    run("export", "fr.db", "-o", "t.html")
    assert '<html lang="fr">' in (run.folder / "t.html").read_text()


def test_a_french_duel_event_with_agora(run):
    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel à Lyon", "--lang", "fr")
    run("players", "add", "d.db", "Anne", "Bruno", "Claire", "Denis")
    out = [run("seat", "d.db").output, run("pairings", "d.db").output]
    assert out[1].splitlines()[:2] == ["Ronde 1 par table", "Table  Commence  Adversaire"]
    out.append(run("sheets", "d.db", "--round", "1", "-o", "r1.xlsx").output)
    wb = openpyxl.load_workbook(run.folder / "r1.xlsx")
    assert wb.sheetnames == ["Par table", "Par nom", "Table 1", "Table 2"]
    ws = wb["Table 1"]
    assert [c.value for c in ws[4]] == ["Ronde", "Table", "Joueur", "Premier", "Bleu", "Vert", "Jaune", "Violet",
                                        "Merveilles", "Progrès", "Trésor", "Militaire", "Sénat", "Total", "Pièces",
                                        "Victoire", "Vainqueur"]
    # Table 1 ends in a political supremacy (all six chambers: 12 senate points), table 2 after Age III.
    fills = {"Table 1": [duel_row(1, 1, "x", 1, senate=12, victory="politique"),
                         duel_row(1, 1, "y", 0, senate=0, victory="politique")],
             "Table 2": [duel_row(1, 2, "x", 1, victory="civile"), duel_row(1, 2, "y", 0, blue=4, victory="civile")]}
    for sheet, rows in fills.items():
        winner = wb[sheet].cell(5, 3).value
        for row in rows:
            row[-1] = winner if sheet == "Table 1" else ""
        for r, values in zip((5, 6), rows):
            for col, v in enumerate(values[3:], 4):
                wb[sheet].cell(row=r, column=col, value=v if v != "" else None)
    wb.save(run.folder / "r1.xlsx")
    out.append(run("results", "import", "d.db", "r1.xlsx").output)
    assert out[-1].endswith("2 tables enregistrées\n")
    out.append(run("standings", "d.db").output)
    assert out[-1].splitlines()[0] == "Duel à Lyon : classement"
    out.append(run("export", "d.db", "-o", "s.xlsx").output)
    book = openpyxl.load_workbook(run.folder / "s.xlsx")
    # The tied matches are "Nuls", the draws of the seating "Tirages".
    assert book.sheetnames == ["Classement", "Matchs", "Tirages", "tourney-draws"]
    assert [c.value for c in book["Classement"][1]][:6] == ["Rang", "Joueur", "Points de match", "Victoires",
                                                            "Défaites", "Nuls"]
    # The senate checked with the rulebook's words.
    bad = run.folder / "faux.xlsx"
    ws = wb["Table 2"]
    ws.cell(5, 13, 13)
    ws.cell(5, 14, ws.cell(5, 14).value + 10)
    wb.save(bad)
    out.append(run("check", "faux.xlsx", "--event", "d.db", ok=None).output)
    assert "Sénat 13 pour " in out[-1] and "les Chambres valent 1, 2, 3, 3, 2, 1, donc 12 au plus" in out[-1]
    no_english("\n".join(out))


def test_the_live_pages_speak_french(run):
    from tourney.server.app import create_app

    run("new", "fr.db", "--game", "7wonders", "--seed", "7", "--name", "Coupe de Lyon", "--lang", "fr")
    client = TestClient(create_app(str(run.folder / "fr.db")))
    page = client.get("/").text
    assert '<html lang="fr">' in page and ">Placement</a>" in page and ">Classement</a>" in page
    assert "Pas encore de résultats." in client.get("/standings").text
    assert "Ce code d'accès n'est pas valide." in html.unescape(client.post("/desk/login", data={"token": "x"}).text)


def test_french_lists_and_collation():
    from tourney.core.collation import collation_key
    from tourney.core.i18n import join_and, join_or

    with use_language("fr"):
        assert join_and(["Anne", "Bruno", "Claire"]) == "Anne, Bruno et Claire"
        assert join_or(["a", "b"]) == "a ou b"
    assert sorted(["Zoé", "Élodie", "Emma", "Çelik", "Carla"], key=collation_key) == \
        ["Carla", "Çelik", "Élodie", "Emma", "Zoé"]
