"""Regenerate the bundled example event (23 players, 4 rounds, tables 5,5,5,4,4).

Sheets are rule-consistent: military comes from each player's shields per age compared
with both neighbours, wonder points from stages built in order on the drawn board,
civilian and science from distinct cards the deck has at that player count. Run:
    .venv/bin/python examples/bonn-2018/generate.py
"""
from __future__ import annotations

import csv
import random
from pathlib import Path

from rules_engine.sevenwonders import data as d

# Card names in the order the example was first drawn with (the order feeds the seeded
# shuffles, so keeping it keeps the bundled sheets identical); every fact comes from data.py.
_BLUE_ORDER = ("Pawnshop", "Baths", "Altar", "Theater", "Aqueduct", "Temple", "Statue", "Courthouse",
               "Pantheon", "Gardens", "Town Hall", "Palace", "Senate")
_GREEN_ORDER = ("Apothecary", "Workshop", "Scriptorium", "Dispensary", "Laboratory", "Library", "School",
                "Lodge", "Observatory", "University", "Academy", "Study")
BOARDS = sorted(d.WONDERS)


def blue_cards(n: int) -> list[tuple[str, int, int]]:
    copies = d.copies_by_name(n)
    return [(name, d.card(name).points, copies[name]) for name in _BLUE_ORDER if copies.get(name)]


def green_cards(n: int) -> list[tuple[str, str, int]]:
    copies = d.copies_by_name(n)
    return [(name, d.card(name).science.symbol.value, copies[name]) for name in _GREEN_ORDER if copies.get(name)]


def wonder_points(board: str, side: str) -> tuple[int, ...]:
    """Cumulative wonder points after 0, 1, 2, ... stages built."""
    out = [0]
    for stage in d.board(board, side).stages:
        out.append(out[-1] + stage.points)
    return tuple(out)


HERE = Path(__file__).parent
PLAYERS = [
    "Anna Schmidt", "Ben Meyer", "Clara Wagner", "David Becker", "Eva Schulz", "Felix Hoffmann",
    "Greta Koch", "Hannah Richter", "Jonas Klein", "Katrin Wolf", "Lukas Schröder", "Marie Neumann",
    "Niklas Schwarz", "Olga Zimmermann", "Paul Braun", "Rosa Krüger", "Simon Hofmann", "Tina Hartmann",
    "Uwe Lange", "Vera Schmitt", "Jürgen Werner", "Yvonne Krause", "Moritz Meier",
]
HEADER = ["round", "table", "seat", "player", "wonder", "side", "military", "treasury", "wonders",
          "civilian", "commercial", "guilds", "science", "total", "coins"]


def military(shields: list[list[int]]) -> list[int]:
    n = len(shields)
    out = [0] * n
    for age, value in enumerate((1, 3, 5)):
        for i in range(n):
            j = (i + 1) % n
            a, b = shields[i][age], shields[j][age]
            if a > b:
                out[i] += value
                out[j] -= 1
            elif b > a:
                out[j] += value
                out[i] -= 1
    return out


def science(counts: tuple[int, int, int]) -> int:
    return sum(c * c for c in counts) + 7 * min(counts)


def table_lines(rng: random.Random, names: list[str], wonders: list[str]) -> list[dict]:
    n = len(names)
    shields = []
    for _ in names:
        a1 = rng.choice([0, 1, 1, 2])
        a2 = a1 + rng.choice([0, 1, 2, 2, 3])
        a3 = a2 + rng.choice([0, 1, 2, 3, 4])
        shields.append([a1, a2, a3])
    mil = military(shields)
    blue_pool = [c for c in blue_cards(n) for _ in range(c[2])]
    green_pool = [c for c in green_cards(n) for _ in range(c[2])]
    rng.shuffle(blue_pool)
    rng.shuffle(green_pool)
    lines = []
    for seat, name in enumerate(names, 1):
        wonder = wonders[seat - 1]
        side = rng.choice("AB")
        stage_values = wonder_points(wonder, side)
        stages = rng.randint(1, len(stage_values) - 1)
        mine_blue: dict[str, int] = {}
        for _ in range(rng.randint(2, 5)):
            for k, card in enumerate(blue_pool):
                if card[0] not in mine_blue:
                    mine_blue[card[0]] = card[1]
                    blue_pool.pop(k)
                    break
        mine_green: dict[str, str] = {}
        for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
            for k, card in enumerate(green_pool):
                if card[0] not in mine_green:
                    mine_green[card[0]] = card[1]
                    green_pool.pop(k)
                    break
        symbols = tuple(sum(1 for s in mine_green.values() if s == sym) for sym in ("compass", "gear", "tablet"))
        coins = rng.randint(0, 14)
        line = {
            "player": name, "seat": seat, "wonder": wonder, "side": side,
            "military": mil[seat - 1], "treasury": coins // 3, "wonders": stage_values[stages],
            "civilian": sum(mine_blue.values()), "commercial": rng.choice([0, 0, 2, 3, 4, 5, 6]),
            "guilds": rng.choice([0, 0, 3, 4, 5, 6, 7, 9]), "science": science(symbols), "coins": coins,
        }
        line["total"] = sum(line[c] for c in ("military", "treasury", "wonders", "civilian", "commercial",
                                              "guilds", "science"))
        lines.append(line)
    return lines


def make_round(rng: random.Random, round_no: int) -> list[dict]:
    order = PLAYERS[:]
    rng.shuffle(order)
    wonders = BOARDS[:]
    rng.shuffle(wonders)
    rows, i = [], 0
    for t, size in enumerate((5, 5, 5, 4, 4), 1):
        for line in table_lines(rng, order[i:i + size], wonders):
            rows.append({"round": round_no, "table": t, **line})
        i += size
    return rows


def ties(rows: list[dict]) -> tuple[int, int]:
    """(tables with a tie between real players, tables of 4 where someone ties the average)."""
    real = virtual = 0
    tables: dict[tuple[int, int], list[int]] = {}
    for r in rows:
        tables.setdefault((r["round"], r["table"]), []).append(r["total"])
    for vps in tables.values():
        real += len(set(vps)) < len(vps)
        virtual += len(vps) == 4 and sum(vps) % 4 == 0 and sum(vps) // 4 in vps
    return real, virtual


def main(seed: int = 2018) -> None:
    rng = random.Random(seed)
    while True:
        rounds = [make_round(rng, r) for r in (1, 2, 3, 4)]
        real, virtual = ties([row for rnd in rounds for row in rnd])
        if real >= 3 and virtual >= 1:
            break
    with open(HERE / "players.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["name"])
        w.writerows([p] for p in PLAYERS)
    for r, rows in enumerate(rounds[:3], 1):
        with open(HERE / f"round{r}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=HEADER)
            w.writeheader()
            w.writerows(rows)
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Runde 4"
    # Round 4 comes as a German-headed workbook, as a paper sheet typed in at the desk.
    ws.append(["Runde", "Tisch", "Platz", "Spieler", "Weltwunder", "Seite", "Militär", "Münzen-Punkte",
               "Weltwunder-Punkte", "Zivil", "Handel", "Gilden", "Wissenschaft", "Summe", "Münzen"])
    for row in rounds[3]:
        ws.append([row[k] for k in HEADER])
    wb.save(HERE / "round4.xlsx")
    print(f"ties between players: {real} tables, ties with the virtual player: {virtual}")


if __name__ == "__main__":
    main()
