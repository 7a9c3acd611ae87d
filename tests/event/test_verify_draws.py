"""Draws anyone can verify (issue 30): the seed stays secret behind its SHA-256 fingerprint
until `tourney event --reveal-seed`; `tourney verify-draws` redraws every round from the
exported workbook and names each seat that differs."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from fractions import Fraction
import subprocess
from pathlib import Path

import openpyxl
from pypdf import PdfReader
from starlette.testclient import TestClient

from conftest import duel_row, line, write_duel_sheet, write_sheet

from tourney.server import app as server_app
from tourney.server import create_app

#: A seed no other number in the outputs spells by chance.
SEED = 861349027715
FINGERPRINT = hashlib.sha256(f"tourney-seed-v1:{SEED}".encode()).hexdigest()
SHORT = FINGERPRINT[:16]
NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Elif", "Frank", "Greta", "Hakan", "Ines", "Jonas", "Katja", "Lukas",
         "Mira", "Niklas", "Olga", "Paul", "Quirin"]  # 17: tables of 5+4+4+4


def seven_wonders_event(run, rounds: int = 4) -> None:
    run("new", "ev.db", "--game", "7wonders", "--rounds", str(rounds), "--seed", str(SEED), "--name", "Cup")
    run("players", "add", "ev.db", *NAMES)


def play_round(run, round_no: int) -> None:
    """Results for every table of the round: seat 1 scores most."""
    seats = json.loads(run("seating", "ev.db", "--round", str(round_no), "--format", "json").output)
    rows = [line(round_no, s["table"], s["seat"], s["player"], civilian=15 - s["seat"]) for s in seats]
    write_sheet(Path(f"r{round_no}.csv"), rows)
    run("results", "import", "ev.db", f"r{round_no}.csv")


def verify(run, export: str, seed: int | str = SEED):
    return run("verify-draws", export, "--seed", str(seed), ok=None)


def workbook_text(path: str) -> str:
    wb = openpyxl.load_workbook(path)
    return "\n".join(str(c) for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for c in row)


def test_the_fingerprint_is_sha256_of_the_prefixed_seed_as_sha256sum_computes_it(run):
    out = subprocess.run(["sha256sum"], input=f"tourney-seed-v1:{SEED}".encode(), capture_output=True, check=True)
    assert out.stdout.decode().split()[0] == FINGERPRINT
    created = run("new", "ev.db", "--game", "7wonders", "--seed", str(SEED), "--name", "Cup").output
    assert created == f"created 'Cup' in ev.db: 7wonders, scheme bonn, 4 rounds, draw fingerprint {SHORT}\n"


def test_no_output_shows_the_seed_before_the_reveal_and_the_reveal_publishes_it(run, monkeypatch):
    seven_wonders_event(run)
    said = [run("seat", "ev.db", "--round", "1").output]
    assert said[0].endswith(f"draw fingerprint {SHORT} (SHA-256 of the secret seed)\n")
    said.append(run("seat", "ev.db", "--all").output)
    play_round(run, 1)
    said += [run(*args).output for args in (
        ("event", "ev.db"), ("seating", "ev.db"), ("seating", "ev.db", "--format", "json"),
        ("seating", "ev.db", "--format", "csv"), ("seating", "ev.db", "--report"), ("standings", "ev.db"),
        ("standings", "ev.db", "--format", "json"), ("results", "history", "ev.db"),
        ("results", "history", "ev.db", "--format", "json"), ("player", "ev.db", "Anna"))]
    assert f"draw fingerprint {SHORT}," in said[2]
    for ext in ("xlsx", "csv", "json", "html"):
        run("export", "ev.db", "-o", f"s.{ext}")
        said.append(workbook_text("s.xlsx") if ext == "xlsx" else Path(f"s.{ext}").read_text(encoding="utf-8"))
    assert FINGERPRINT in said[-4]  # the workbook's Draws sheet commits to the seed too
    run("print", "ev.db", "--round", "1", "--what", "seating", "-o", "wall.pdf")
    wall = "\n".join(p.extract_text() for p in PdfReader("wall.pdf").pages)
    assert f"draw fingerprint {SHORT}" in wall
    said.append(wall)
    monkeypatch.setattr(server_app, "STAMP_TTL", 0.0)
    monkeypatch.setattr(server_app, "SETTLE", 0.0)
    client = TestClient(create_app("ev.db"))
    pages = [client.get(p).text for p in ("/", "/rounds/1", "/standings", "/players/Anna", "/projector",
                                          "/api/rounds/1/seating", "/api/standings")]
    assert f"draw fingerprint {SHORT} (SHA-256 of the secret seed)" in pages[0]
    said += pages
    assert [i for i, text in enumerate(said) if str(SEED) in text] == []

    shown = run("event", "ev.db", "--reveal-seed").output
    assert shown.endswith(f"seed: {SEED} (revealed; check the draws with 'tourney verify-draws EXPORT.xlsx "
                          f"--seed {SEED}')\n")
    assert f"draw fingerprint {SHORT}, seed {SEED} (revealed)" in client.get("/").text
    run("export", "ev.db", "-o", "after.xlsx")
    assert str(SEED) in workbook_text("after.xlsx")
    assert f"created event 'Cup': game 7wonders, scheme bonn, 4 rounds, seed {SEED}" in run(
        "results", "history", "ev.db").output


def test_every_round_of_a_seven_wonders_event_verifies_and_a_seat_changed_by_hand_is_reported(run):
    seven_wonders_event(run)
    run("seat", "ev.db", "--round", "1")
    play_round(run, 1)
    run("players", "add", "ev.db", "Late Comer")  # round 2 on is planned again, from round 2
    run("players", "drop", "ev.db", "Quirin")
    run("seat", "ev.db", "--all")
    play_round(run, 2)
    run("export", "ev.db", "-o", "clean.xlsx")
    assert (verify(run, "clean.xlsx").output, verify(run, "clean.xlsx").exit_code) == ("all 4 rounds match\n", 0)

    # Two players of round 3, table 2 swap seats in the store, by hand (each keeps the board in front of them).
    with sqlite3.connect("ev.db") as db:
        (first, board1), (second, board2) = db.execute(
            "SELECT p.name, s.wonder FROM seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.round = 3 AND s.table_no = 2 AND s.seat IN (1, 2) ORDER BY s.seat").fetchall()
        for old, new in ((1, 99), (2, 1), (99, 2)):
            db.execute("UPDATE seats SET seat = ? WHERE round = 3 AND table_no = 2 AND seat = ?", (new, old))
    run("export", "ev.db", "-o", "changed.xlsx")
    r = verify(run, "changed.xlsx")
    assert r.exit_code == 1
    assert r.output == (f"round 3, table 2, seat 1: expected {first}, found {second}\n"
                        f"round 3, table 2, seat 2: expected {second}, found {first}\n"
                        f"round 3, table 2, seat 1: expected board {board1}, found {board2}\n"
                        f"round 3, table 2, seat 2: expected board {board2}, found {board1}\n"
                        "4 differences: the draws do not match the seed\n")

    # A board changed by hand is a difference too.
    with sqlite3.connect("ev.db") as db:
        (board,) = db.execute("SELECT wonder FROM seats WHERE round = 4 AND table_no = 1 AND seat = 1").fetchone()
        other = "Rhodos" if board != "Rhodos" else "Gizah"
        db.execute("UPDATE seats SET wonder = ? WHERE round = 4 AND table_no = 1 AND seat = 1", (other,))
    run("export", "ev.db", "-o", "board.xlsx")
    assert f"round 4, table 1, seat 1: expected board {board}, found {other}\n" in verify(run, "board.xlsx").output


def test_the_wrong_seed_an_unknown_draw_version_and_an_old_export_are_refused_clearly(run):
    seven_wonders_event(run, rounds=2)
    run("seat", "ev.db", "--all")
    run("export", "ev.db", "-o", "e.xlsx")
    r = verify(run, "e.xlsx", 5)
    assert r.exit_code == 1
    assert r.output == (f"Error: seed 5 is not the seed this event committed to: its SHA-256 fingerprint is "
                        f"{hashlib.sha256(b'tourney-seed-v1:5').hexdigest()}, the event's is {FINGERPRINT}\n")
    r = verify(run, "e.xlsx", "abc")
    assert r.exit_code == 2 and "a seed is a whole number" in r.output
    with sqlite3.connect("ev.db") as db:
        db.execute("UPDATE draws SET payload = replace(payload, '\"draw_version\": 2', '\"draw_version\": 99') "
                   "WHERE kind = 'record' AND round = 2")
    run("export", "ev.db", "-o", "v99.xlsx")
    r = verify(run, "v99.xlsx")
    assert (r.exit_code, r.output) == (1, "Error: round 2 was drawn with draw version 99, which this tourney does "
                                          "not know (it knows 1, 2): verify with the tourney release that ran the "
                                          "event\n")
    wb = openpyxl.load_workbook("e.xlsx")
    del wb["tourney-draws"]
    wb.save("old.xlsx")
    r = verify(run, "old.xlsx")
    assert (r.exit_code, r.output) == (1, "Error: old.xlsx has no 'tourney-draws' sheet: export the event again "
                                          "with this tourney ('tourney export EVENT -o FILE.xlsx')\n")
    r = verify(run, "missing.xlsx")
    assert r.exit_code == 1 and "missing.xlsx: no such file" in r.output


def test_a_table_game_verifies_from_its_schedule(run):
    run("new", "d.db", "--game", "dominations", "--rounds", "3", "--seed", str(SEED))
    run("players", "add", "d.db", *NAMES[:10])
    run("seat", "d.db", "--all")
    run("export", "d.db", "-o", "d.xlsx")
    assert verify(run, "d.xlsx").output == "all 3 rounds match\n"


def swiss_event(run, names: list[str], played: int) -> None:
    """A Duel Swiss event s.db: rounds 1..`played` paired and played (the first player of each
    match wins), the next round paired."""
    run("new", "s.db", "--game", "duel", "--rounds", "3", "--seed", str(SEED))
    run("players", "add", "s.db", *names)
    for round_no in range(1, played + 1):
        run("seat", "s.db")
        rows = []
        for p in json.loads(run("pairings", "s.db", "--round", str(round_no), "--format", "json").output):
            if p["first"] and p["opponent"]:
                rows += [duel_row(round_no, p["table"], p["player"], 1),
                         duel_row(round_no, p["table"], p["opponent"], 0, blue=4)]
        write_duel_sheet(Path(f"s{round_no}.csv"), rows)
        run("results", "import", "s.db", f"s{round_no}.csv")
    run("seat", "s.db")


def test_duel_swiss_and_round_robin_pairings_verify(run):
    swiss_event(run, ["Anna", "Ben", "Cleo", "Dirk", "Eva"], 2)
    run("export", "s.db", "-o", "s.xlsx")
    assert verify(run, "s.xlsx").output == "all 3 rounds match\n"
    with sqlite3.connect("s.db") as db:  # round 3's first table: the other player starts
        for old, new in ((1, 99), (2, 1), (99, 2)):
            db.execute("UPDATE seats SET seat = ? WHERE round = 3 AND table_no = 1 AND seat = ?", (new, old))
    run("export", "s.db", "-o", "s2.xlsx")
    out = verify(run, "s2.xlsx").output
    assert out.startswith("round 3, table 1, seat 1: expected ") and out.endswith("2 differences: the draws do "
                                                                                   "not match the seed\n")

    run("new", "rr.db", "--game", "duel", "--scheme", "roundrobin", "--rounds", "3", "--seed", str(SEED))
    run("players", "add", "rr.db", "A", "B", "C", "D")
    run("seat", "rr.db", "--all")
    run("export", "rr.db", "-o", "rr.xlsx")
    assert verify(run, "rr.xlsx").output == "all 3 rounds match\n"


def test_the_demo_events_verify_clean(run):
    run("demo", "--dir", "demo", "--brief")
    for db, xlsx in (("bonn-2018.db", "standings.xlsx"), ("dominations.db", "standings-dominations.xlsx")):
        seed = run("event", f"demo/{db}", "--reveal-seed").output.rsplit("--seed ", 1)[1].rstrip("')\n")
        run("export", f"demo/{db}", "-o", xlsx)
        r = verify(run, xlsx, seed)
        assert r.exit_code == 0
        assert r.output == ("not drawn by tourney (seated from score sheets or before draws were recorded): round "
                            f"{', '.join(map(str, range(1, 5 if db == 'bonn-2018.db' else 3)))}\n"
                            "no round was drawn by tourney: nothing to redraw\n")


def seating_of(run, db: str) -> list[tuple[int, int, int, str]]:
    return [(s["round"], s["table"], s["seat"], s["player"])
            for s in json.loads(run("seating", db, "--format", "json").output)]


def test_the_order_of_registering_does_not_choose_the_tables(run):
    # Draw version 2: the schedule gets the players in their lot order (a hash of the seed and
    # the name), so whoever knows the seed can't steer a player to a table by registering them
    # at the right moment; the same players and seed give the same seating in any order.
    for db, names in (("a.db", NAMES), ("b.db", NAMES[::-1]), ("c.db", NAMES[5:] + NAMES[:5])):
        run("new", db, "--game", "7wonders", "--rounds", "3", "--seed", str(SEED))
        run("players", "add", db, *names)
        run("seat", db, "--all")
    assert seating_of(run, "a.db") == seating_of(run, "b.db") == seating_of(run, "c.db")
    run("new", "d.db", "--game", "dominations", "--rounds", "2", "--seed", str(SEED))
    run("new", "e.db", "--game", "dominations", "--rounds", "2", "--seed", str(SEED))
    run("players", "add", "d.db", *NAMES[:12])
    run("players", "add", "e.db", *NAMES[:12][::-1])
    run("seat", "d.db", "--all")
    run("seat", "e.db", "--all")
    assert seating_of(run, "d.db") == seating_of(run, "e.db")


def test_a_seating_changed_with_its_record_to_match_is_still_reported(run):
    # Anna and Bernd swap places in the stored seating (the boards stay at their seats) and in
    # the record's names, so that the record's ids, in the record's order, redraw the changed
    # seating. Version 1 drew from that order and can't tell; version 2 draws from the lot
    # order of the names, which the record does not give.
    seven_wonders_event(run, rounds=1)
    run("seat", "ev.db", "--all")
    with sqlite3.connect("ev.db") as db:
        ids = {n: db.execute("SELECT id FROM players WHERE name = ?", (n,)).fetchone()[0] for n in ("Anna", "Bernd")}
        db.execute("UPDATE seats SET player_id = -1 WHERE player_id = ?", (ids["Anna"],))
        db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", (ids["Anna"], ids["Bernd"]))
        db.execute("UPDATE seats SET player_id = ? WHERE player_id = -1", (ids["Bernd"],))
        (key, payload) = db.execute("SELECT rowid, payload FROM draws WHERE kind = 'record'").fetchone()
        record = json.loads(payload)
        record["names"][str(ids["Anna"])], record["names"][str(ids["Bernd"])] = "Bernd", "Anna"
        db.execute("UPDATE draws SET payload = ? WHERE rowid = ?", (json.dumps(record), key))
    run("export", "ev.db", "-o", "steered.xlsx")
    r = verify(run, "steered.xlsx")
    assert r.exit_code == 1 and r.output.endswith("differences: the draws do not match the seed\n")
    with sqlite3.connect("ev.db") as db:  # the same record read as version 1: the hole version 2 closes
        db.execute("UPDATE draws SET payload = ? WHERE rowid = ?", (json.dumps({**record, "draw_version": 1}), key))
    run("export", "ev.db", "-o", "v1.xlsx")
    assert verify(run, "v1.xlsx").output == "all 1 round matches\n"


def test_a_record_that_disagrees_with_the_earlier_rounds_is_reported(run):
    seven_wonders_event(run, rounds=3)
    run("seat", "ev.db", "--round", "1")
    play_round(run, 1)
    run("seat", "ev.db", "--all")  # rounds 2 and 3, planned from round 2 with round 1 fixed
    run("export", "ev.db", "-o", "clean.xlsx")
    assert verify(run, "clean.xlsx").output == "all 3 rounds match\n"
    with sqlite3.connect("ev.db") as db:  # round 1, table 1: seats 1 and 2 swap (boards stay)
        for old, new in ((1, 99), (2, 1), (99, 2)):
            db.execute("UPDATE seats SET seat = ? WHERE round = 1 AND table_no = 1 AND seat = ?", (new, old))
    run("export", "ev.db", "-o", "changed.xlsx")
    out = verify(run, "changed.xlsx").output.splitlines()
    assert out[-1] == "6 differences: the draws do not match the seed"
    for r in (2, 3):
        assert (f"round {r} was drawn from round 1 as it was seated then, but the export shows round 1 seated "
                "otherwise (table 1): the draw record or that round's seating was changed after the draw") in out
    assert sum(line.startswith("round 1, table 1, seat ") for line in out) == 4  # two players, two boards
    # The boards each player had: what the record says must be what round 1 shows.
    with sqlite3.connect("ev.db") as db:
        for old, new in ((1, 99), (2, 1), (99, 2)):
            db.execute("UPDATE seats SET seat = ? WHERE round = 1 AND table_no = 1 AND seat = ?", (new, old))
        (key, payload) = db.execute("SELECT rowid, payload FROM draws WHERE kind = 'record' AND round = 2").fetchone()
        record = json.loads(payload)
        player = next(iter(record["had"]))
        record["had"][player] = ["Rhodos", "Gizah"]
        db.execute("UPDATE draws SET payload = ? WHERE rowid = ?", (json.dumps(record), key))
        (board,) = db.execute("SELECT wonder FROM seats WHERE round = 1 AND player_id = ?", (int(player),)).fetchone()
        (name,) = db.execute("SELECT name FROM players WHERE id = ?", (int(player),)).fetchone()
    run("export", "ev.db", "-o", "had.xlsx")
    assert (f"round 2: its draw record says {name} had played Gizah, Rhodos before, but the export's earlier rounds "
            f"show {board}") in verify(run, "had.xlsx").output.splitlines()


def test_a_swiss_record_that_disagrees_with_the_earlier_pairings_is_reported(run):
    swiss_event(run, ["Anna", "Ben", "Cleo", "Dirk", "Eva"], 1)
    with sqlite3.connect("s.db") as db:
        (key, payload) = db.execute("SELECT rowid, payload FROM draws WHERE kind = 'record' AND round = 2").fetchone()
        record = json.loads(payload)
        anna = next(p for p in record["players"] if p["name"] == "Anna")
        met, anna["opponents"], anna["byes"] = anna["opponents"], [], anna["byes"] + 1
        db.execute("UPDATE draws SET payload = ? WHERE rowid = ?", (json.dumps(record), key))
    run("export", "s.db", "-o", "s.xlsx")
    out = verify(run, "s.xlsx").output.splitlines()
    shown = ", ".join(met) or "nobody"
    assert f"round 2: its draw record says Anna had met nobody, but the export's earlier rounds show {shown}" in out
    assert f"round 2: byes of Anna before it: {anna['byes']} in its draw record, {anna['byes'] - 1} in the " \
           "export's earlier rounds" in out


def test_swiss_match_points_in_a_record_must_follow_from_the_round_before(run):
    swiss_event(run, ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn"], 2)  # six: no byes
    run("export", "s.db", "-o", "clean.xlsx")
    assert verify(run, "clean.xlsx").output == "all 3 rounds match\n"
    # Round 2's record: Anna one match point more than round 1 gave her.
    with sqlite3.connect("s.db") as db:
        (key, payload) = db.execute("SELECT rowid, payload FROM draws WHERE kind = 'record' AND round = 2").fetchone()
        record = json.loads(payload)
        anna = next(p for p in record["players"] if p["name"] == "Anna")
        anna["score"] = str(Fraction(anna["score"]) + 1)
        db.execute("UPDATE draws SET payload = ? WHERE rowid = ?", (json.dumps(record), key))
    seats = json.loads(run("pairings", "s.db", "--round", "1", "--format", "json").output)
    [opponent] = [p["opponent"] for p in seats if p["player"] == "Anna"]
    run("export", "s.db", "-o", "points.xlsx")
    out = verify(run, "points.xlsx").output.splitlines()
    mine = next(line for line in out if line.startswith("round 2: the match points"))
    pair = (f"gives Anna and {opponent} grew by" in mine) or (f"gives {opponent} and Anna grew by" in mine)
    assert pair and mine.endswith("since round 1's record, which their match in round 1 can't give (a win 1, a "
                                  "draw 1/2 each, a loss 0)")
    assert any(line.startswith("round 3: the match points") and "Anna" in line for line in out)


def old_layout(new: str, old: str, *, lang: bool = True) -> None:
    """The workbook as tourney wrote it before issue 46: a round's seating in one cell of one
    row (and, `lang` False, an event row that does not say its language)."""
    wb = openpyxl.load_workbook(new)
    ws = wb["tourney-draws"]
    rows = [(r[0], r[1], "".join(str(c) for c in r[2:] if c is not None)) for r in ws.iter_rows(min_row=2,
                                                                                                values_only=True)]
    merged: list[list[object]] = []
    for r, kind, data in rows:
        value = json.loads(data)
        if kind == "event" and not lang:
            del value["lang"]
        if kind == "seating" and merged and merged[-1][:2] == [r, "seating"]:
            merged[-1][2]["tables"] += value["tables"]
        else:
            merged.append([r, kind, value])
    del wb["tourney-draws"]
    ws = wb.create_sheet("tourney-draws")
    ws.append(["round", "kind", "data"])
    for r, kind, value in merged:
        ws.append([r, kind, json.dumps(value, ensure_ascii=False, separators=(",", ":"))])
    wb.save(old)


def test_no_cell_of_a_big_event_holds_more_than_excel_keeps_and_both_layouts_verify(run):
    """Issue 46, item 7: a round of 900 players was one JSON cell of ~100,000 characters (Excel
    keeps 32,767 and calls the file damaged); now a row per table, a long row going on in the
    cells to its right. `verify-draws` reads the new layout and the old one."""
    run("new", "big.db", "--game", "duel", "--seed", str(SEED), "--name", "Open", "--rounds", "2")
    Path("names.txt").write_text("".join(f"Spielerin {i:04d} Müller-Lüdenscheidt\n" for i in range(900)),
                                 encoding="utf-8")
    run("players", "add", "big.db", "--yes", *Path("names.txt").read_text(encoding="utf-8").splitlines())
    run("seat", "big.db")
    run("export", "big.db", "-o", "big.xlsx")
    wb = openpyxl.load_workbook("big.xlsx")
    longest = max(len(str(c)) for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for c in row)
    assert 10_000 < longest < 32_767
    draws = list(wb["tourney-draws"].iter_rows(values_only=True))
    assert sum(1 for r in draws if r[1] == "seating") == 450  # a row per table
    assert any(len([c for c in r if c is not None]) > 3 for r in draws)  # the round's record goes on to the right
    assert verify(run, "big.xlsx").output == "all 1 round matches\n"
    # The old layout (openpyxl cut its long cells at 32,767: a small event) reads as before.
    seven_wonders_event(run, rounds=2)
    run("seat", "ev.db", "--all")
    run("export", "ev.db", "-o", "small.xlsx")
    old_layout("small.xlsx", "old.xlsx")
    assert verify(run, "old.xlsx").output == "all 2 rounds match\n"


def test_verify_draws_speaks_the_workbooks_language_or_lang(run):
    """Issue 46, item 8: the report is in the workbook's language (its event row says it; an
    older workbook's sheet names do), or in --lang's."""
    seven_wonders_event(run, rounds=2)
    run("event", "ev.db", "--lang", "de")
    run("seat", "ev.db", "--all")
    run("export", "ev.db", "-o", "de.xlsx")
    assert verify(run, "de.xlsx").output == "alle 2 Runden stimmen\n"
    assert run("verify-draws", "de.xlsx", "--seed", str(SEED), "--lang", "fr").output == (
        "les 2 rondes correspondent\n")
    assert run("verify-draws", "de.xlsx", "--seed", str(SEED), "--lang", "en").output == "all 2 rounds match\n"
    old_layout("de.xlsx", "old.xlsx", lang=False)
    assert verify(run, "old.xlsx").output == "alle 2 Runden stimmen\n"
    r = verify(run, "de.xlsx", 5)
    assert r.exit_code == 1 and r.output.startswith("Fehler: "), r.output
