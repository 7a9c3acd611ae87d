"""The PDF print kit: pages, who is on which page, letters that survive the embedded font,
text that never leaves its box, and one page as a golden text layout."""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from rules_engine.sevenwonders.data import GUILD_NAMES_DE
from tourney.games.dominations.pad import dominations_pad
from tourney.games.duel.pad import duel_pad
from tourney.games.onecardwonder.pad import ocw_pad
from tourney.outputs.pdf.lists import (
    NameLine,
    SeatingList,
    column_plan,
    render_seating_by_name,
    render_table_cards,
)
from tourney.outputs.pdf.pads import PadSeat, ScorePad, render_match_slips, render_score_pads
from tourney.outputs.pdf.render import BOLD, FONT, Rendered, collation_key, fit_text, width_of
from tourney.games.sevenwonders.pad import sevenwonders_pad
from tourney.outputs.pdf.tables import Column, TableSection, TabularDoc, render_tabular

GOLDEN = Path(__file__).parents[1] / "golden"
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bonn-2018"
WORLD = ["Łukasz Pawełek", "Ömer Yılmaz-Doğan", "Jørgen Østergaard", "Renée Weiß-Bär", "Ängelika Öztürk",
         "Ülkü Çelik-Görres", "Zoë Ärmel"]


def pages_text(data: bytes | Path) -> list[str]:
    """Each page's text on one line (names wrapped in narrow columns joined again)."""
    raw = data.read_bytes() if isinstance(data, Path) else data
    return [" ".join(p.extract_text().split()).replace("- ", "-") for p in PdfReader(io.BytesIO(raw)).pages]


def assert_inside(rendered: Rendered) -> None:
    """Every line drawn is no wider than its box (measured with the font's metrics)."""
    assert rendered.texts
    for t in rendered.texts:
        assert t.width <= t.box.w + 1e-6, t
        assert abs(width_of(t.text, t.font, t.size) - t.width) < 1e-6, t


# --- text fitting and collation ----------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(codec="utf-8", categories=("L", "Zs", "Pd", "Nd")), max_size=60),
       width=st.floats(1, 400), size=st.floats(4, 40), bold=st.booleans())
def test_fitted_text_never_exceeds_its_box(text, width, size, bold):
    font = BOLD if bold else FONT
    fitted = fit_text(text, width, size, font=font)
    assert fitted.width <= width
    assert width_of(fitted.text, font, fitted.size) <= width
    clean = " ".join(text.split())
    # Kept whole, or a prefix with an ellipsis, or nothing when not even "…" fits.
    assert fitted.text == clean or fitted.text == "" or (
        fitted.text.endswith("…") and clean.startswith(fitted.text[:-1].rstrip()))
    if width_of(clean, font, size) <= width:
        assert fitted.text == clean and fitted.size == size


def test_long_names_shrink_before_they_are_cut():
    fitted = fit_text("Renée Müller-Lüdenscheidt", 100, 12)
    assert fitted.text == "Renée Müller-Lüdenscheidt" and fitted.size < 12
    cut = fit_text("Renée Müller-Lüdenscheidt von und zu Hohenzollern-Sigmaringen", 60, 12)
    assert cut.text.endswith("…") and cut.size == 6.0


def test_names_sort_in_german_phone_book_order():
    names = ["Zoe", "Özil", "Otto", "Łukasz", "Lea", "Ärger", "Anna", "Straße", "Strasse", "Ansgar"]
    assert sorted(names, key=collation_key) == ["Anna", "Ansgar", "Ärger", "Lea", "Łukasz", "Otto", "Özil",
                                                "Strasse", "Straße", "Zoe"]


@pytest.mark.parametrize("n, plan", [(12, (1, 12)), (33, (1, 33)), (34, (2, 17)), (60, (2, 30)), (70, (3, 24))])
def test_the_list_by_name_takes_as_many_columns_as_it_needs(n, plan):
    assert column_plan(n, 700) == plan


# --- documents from values -----------------------------------------------------------------------
def pad(table: int, names: list[str], round_no: int = 2, qr: str | None = None) -> ScorePad:
    boards = ["Alexandria", "Babylon", "Ephesos", "Gizah", "Halikarnassos", "Olympia", "Rhodos"]
    return ScorePad("Bonn Spielt · Qualifikation", round_no, table,
                    tuple(PadSeat(i, n, boards[i - 1], i == 1) for i, n in enumerate(names, 1)),
                    ("Guilds in play: Workers Guild, Craftsmens Guild, Traders Guild",), qr)


def test_score_pads_one_page_per_table_with_its_players():
    tables = [WORLD[:4], WORLD[4:], ["Anna Schmidt", "Ben Meyer", "Clara Wagner"]]
    out = render_score_pads([pad(t, names) for t, names in enumerate(tables, 1)], sevenwonders_pad("en"), "en")
    assert out.pages == 3
    texts = pages_text(out.data)
    for page, names in zip(texts, tables):
        assert all(n in page for n in names), page
        assert not any(n in page for other in tables if other is not names for n in other)
    assert "Round 2 · Table 1" in texts[0] and "Guilds in play: Workers Guild" in texts[0]
    assert "Military" in texts[0] and "Signature" in texts[0]
    assert_inside(out)


def test_the_embedded_font_keeps_umlauts_and_turkish_and_polish_letters():
    out = render_score_pads([pad(1, WORLD)], sevenwonders_pad("de"), "de")
    text = pages_text(out.data)[0]
    for name in WORLD:
        assert name in text
    for letter in "äöüßłığéøÇÄÖÜŁ":
        assert letter in text
    assert "Militär" in text and "Wissenschaft" in text and "Runde 2 · Tisch 1" in text


@pytest.mark.parametrize("make,lang,hint,foreign", [
    (sevenwonders_pad, "en", "▶ starts, then clockwise. Circle side A or B. Coins ÷ 3, rounded down.", ()),
    (ocw_pad, "en", "▶ starts, then clockwise.", ("side A", "Coins")),
    (ocw_pad, "de", "▶ beginnt, dann im Uhrzeigersinn.", ("Seite A", "Münzen")),
    (dominations_pad, "en", "▶ is I on the initiative track at the start, the others follow in seat order.",
     ("clockwise", "side A", "Coins")),
    (dominations_pad, "de", "▶ ist zu Beginn I auf der Initiativeleiste, die anderen folgen in Sitzreihenfolge.",
     ("Uhrzeigersinn", "Seite A", "Münzen")),
    (sevenwonders_pad, "fr", "▶ commence, puis dans le sens des aiguilles d'une montre. Entourer la face A ou B. "
     "Pièces ÷ 3, arrondi à l'inférieur.", ("Coins", "Military")),
    (ocw_pad, "fr", "▶ commence, puis dans le sens des aiguilles d'une montre.", ("face A", "Pièces")),
    (dominations_pad, "fr", "▶ est I sur la piste d'initiative au départ, les autres suivent dans l'ordre des sièges.",
     ("aiguilles", "face A", "Pièces")),
])
def test_each_game_pad_says_its_own_start_and_filling_in(make, lang, hint, foreign):
    # The line under the grid was the 7 Wonders one on every game's pad (sides, coins).
    seats = tuple(PadSeat(i, n, None, i == 1) for i, n in enumerate(WORLD[:4], 1))
    text = pages_text(render_score_pads([ScorePad("Bonn Spielt", 1, 1, seats)], make(lang), lang).data)[0]
    assert hint in text
    assert not any(word in text for word in foreign)


def test_duel_match_slips_four_to_a_page():
    slips = [ScorePad("Duel Cup", 1, t, (PadSeat(1, f"First {t}", starts=True), PadSeat(2, f"Second {t}")),
                      qr=f"http://10.0.0.2:8000/rounds/1/tables/{t}") for t in range(1, 10)]
    out = render_match_slips(slips, duel_pad("en"), "en")
    assert out.pages == 3
    texts = pages_text(out.data)
    assert all(f"First {t}" in texts[(t - 1) // 4] for t in range(1, 10))
    assert "Senate (Agora)" in texts[0] and "political" in texts[0]
    assert_inside(out)
    no_agora = duel_pad("en", frozenset())
    assert [c.key for c in no_agora.categories] == ["blue", "green", "yellow", "purple", "wonders", "progress",
                                                    "treasury", "military"]


def test_sixty_players_by_name_fit_one_page_in_collation_order():
    names = [f"{a} {b}" for a in ("Özge", "Anna", "Łucja", "Zeno", "Björn", "Ülrike") for b in
             ("Abel", "Brandt", "Çelik", "Dörr", "Eßer", "Fink", "Groß", "Hahn", "Iğdır", "Jäger")]
    doc = SeatingList("Cup", 3, "Round 3 · Where to sit",
                      tuple(NameLine(n, i % 12 + 1, i % 5 + 1, "Babylon") for i, n in enumerate(names)), "Wonder")
    out = render_seating_by_name(doc, "en")
    assert out.pages == 1
    text = pages_text(out.data)[0]
    assert "Round 3 · Where to sit" in text
    positions = [text.index(n) for n in sorted(names, key=collation_key)]
    assert positions == sorted(positions)
    assert_inside(out)


def test_table_cards_one_page_each_number_twice():
    out = render_table_cards("Cup", [1, 2, 12], "de")
    assert out.pages == 3
    assert pages_text(out.data)[2].count("12") == 2
    assert_inside(out)


def test_long_tables_repeat_the_header_row():
    section = TableSection("", (Column("#", 0.5), Column("Player", 4, "left", bold=True), Column("Points")),
                           tuple((str(i), f"Player {i}", str(100 - i)) for i in range(1, 81)), cut_after=16,
                           cut_label="qualification cut: top 16", legend=(("Points", "game points"),))
    out = render_tabular(TabularDoc("Standings", "Cup", ("after round 5 of 5",), (section,)), "en")
    texts = pages_text(out.data)
    assert out.pages == 2
    assert all("Player Points" in t or ("Player" in t and "Points" in t) for t in texts)
    assert "Player 80" in texts[1] and "Player 1 " not in texts[1]
    assert "qualification cut: top 16" in texts[0]
    assert_inside(out)


def test_forty_players_fit_one_page():
    section = TableSection("", (Column("#", 0.5), Column("Player", 4, "left")),
                           tuple((str(i), f"Player {i}") for i in range(1, 41)), legend=(("#", "rank"),))
    assert render_tabular(TabularDoc("Standings", "Cup", ("x",), (section,)), "en").pages == 1


def test_a_score_pad_page_matches_its_golden_text_layout():
    out = render_score_pads([pad(3, WORLD[:5])], sevenwonders_pad("en"), "en", footnote="tourney")
    page = PdfReader(io.BytesIO(out.data)).pages[0]
    layout = "\n".join(line.rstrip() for line in page.extract_text(extraction_mode="layout").splitlines()) + "\n"
    golden = GOLDEN / "score-pad-page.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(layout, encoding="utf-8")
    assert layout == golden.read_text(encoding="utf-8")


def test_the_same_values_give_the_same_bytes():
    a = render_score_pads([pad(1, WORLD[:3])], sevenwonders_pad("en"), "en")
    b = render_score_pads([pad(1, WORLD[:3])], sevenwonders_pad("en"), "en")
    assert a.data == b.data


# --- from an event, through the commands -------------------------------------------------------
@pytest.fixture
def bonn(run):
    """The example event with four rounds of results."""
    from tourney.demo import run_demo

    run_demo(Path("demo"), lambda _: None)
    return "demo/bonn-2018.db"


def test_sheets_pdf_one_pad_per_table_with_the_draw(run):
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Köln Cup")
    run("players", "add", "cup.db", *WORLD, *[f"Player {i}" for i in range(1, 9)])
    run("seat", "cup.db", "--round", "1")
    out = run("sheets", "cup.db", "--round", "1", "-o", "r1.pdf", "--lang", "de", "--url", "http://10.0.0.2:8000/")
    assert out.output == "wrote r1.pdf: round 1, 3 pages\n"
    from tourney.games.sevenwonders.drawstore import round_draws
    from tourney.core.store import Event

    event = Event.open("cup.db")
    texts = pages_text(Path("r1.pdf"))
    for s in event.seats(1):
        assert s.player in texts[s.table - 1] and f"Sitz {s.seat}" in texts[s.table - 1]
        assert s.wonder and s.wonder in texts[s.table - 1]
    guilds = round_draws(event)[1].guilds
    assert all(f"Gilden im Spiel: {GUILD_NAMES_DE[guilds[0]]}" in t for t in texts)
    assert 1 in event.printed_rounds()


def test_print_seating_tables_and_cards(run, bonn):
    out = run("print", bonn, "--round", "1", "--what", "seating,tables,cards", "-o", "wall.pdf").output
    assert out == "wrote wall.pdf: round 1, 7 pages\n"
    texts = pages_text(Path("wall.pdf"))
    assert "Round 1 · Where to sit" in texts[0] and "Jürgen Werner" in texts[0]
    assert "Round 1 · Seating by table" in texts[1]
    r = run("print", bonn, "--round", "1", "--what", "posters", "-o", "x.pdf", ok=None)
    assert r.exit_code == 2 and "--what posters: choose from seating, tables, cards, pads" in r.output
    r = run("print", bonn, "--round", "9", "-o", "x.pdf", ok=None)
    assert r.exit_code == 1 and "round 9 is not seated" in r.output
    r = run("print", bonn, "--round", "1", "-o", "x.xlsx", ok=None)
    assert r.exit_code == 2 and "this document is written as PDF" in r.output


def test_print_without_what_writes_the_whole_kit_and_fixes_the_seating(run, bonn):
    from tourney.core.store import Event

    assert Event.open(bonn).printed_rounds() == set()
    assert run("print", bonn, "--round", "1", "-o", "kit.pdf").output == "wrote kit.pdf: round 1, 12 pages\n"
    texts = pages_text(Path("kit.pdf"))
    assert "Round 1 · Where to sit" in texts[0] and "Round 1 · Seating by table" in texts[1]
    assert sum("Table 1" in t for t in texts) >= 2  # its card and its pad
    # The pads are out on the tables: the seating is fixed, as after 'tourney sheets'.
    assert Event.open(bonn).printed_rounds() == {1}


#: `tourney ARGS…` in a fresh process, then which heavy libraries it loaded and how often the
#: fonts were looked for and registered (at exit: the program ends itself, `end_program`).
PRINT_SCRIPT = """
import atexit, sys
from tourney.cli import main
from tourney.outputs.pdf.render import register_fonts
sys.argv = ["tourney", *sys.argv[1:]]
def said():
    print("loaded:", sorted({m.split(".")[0] for m in sys.modules} & {"matplotlib", "numpy", "pandas"}))
    print("registered:", register_fonts.cache_info().misses, "calls:", register_fonts.cache_info().hits)
atexit.register(said)
main()
"""


def test_the_print_kit_finds_its_font_without_matplotlib_and_registers_it_once(run):
    import subprocess
    import sys

    from tourney.outputs.pdf.render import font_dir

    assert (font_dir() / "DejaVuSans.ttf").is_file() and (font_dir() / "DejaVuSans-Bold.ttf").is_file()
    run("new", "cup.db", "--game", "7wonders", "--seed", "7", "--name", "Köln Cup")
    run("players", "add", "cup.db", *WORLD, *[f"Player {i}" for i in range(1, 9)])
    run("seat", "cup.db", "--round", "1")
    done = subprocess.run([sys.executable, "-c", PRINT_SCRIPT, "print", "cup.db", "--round", "1", "--what",
                           "seating,tables,cards,pads", "-o", "kit.pdf"], capture_output=True, text=True,
                          check=False, timeout=120, cwd=run.folder, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stderr == ""
    wrote, loaded, registered = done.stdout.splitlines()
    assert wrote == "wrote kit.pdf: round 1, 8 pages"
    assert loaded == "loaded: []"  # matplotlib's import alone took most of a second
    assert registered.startswith("registered: 1 calls: ") and int(registered.split()[-1]) > 100
    assert "Łukasz Pawełek" in pages_text(run.folder / "kit.pdf")[0]


def test_export_pdf_standings_handout(run, bonn):
    assert run("export", bonn, "-o", "st.pdf", "--cut", "8").output == "wrote st.pdf: 1 page\n"
    text = pages_text(Path("st.pdf"))[0]
    assert "Bonn Spielt 2018 (example)" in text and "2018-03-18" in text
    assert "final standings · after round 4 of 4" in text and "qualification cut: top 8" in text
    assert "sum of relative shares" in text and "Marie Neumann" in text
    run("export", bonn, "-o", "st2.pdf", "--after-round", "2", "--lang", "de")
    assert "nach Runde 2 von 4" in pages_text(Path("st2.pdf"))[0]


def test_season_pdf(run, bonn):
    out = run("season", bonn, "--spots", "3", "-o", "season.pdf").output
    assert out.startswith("wrote season.pdf: 3 qualified")
    text = pages_text(Path("season.pdf"))[0]
    assert "Season report" in text and "Qualified" in text and "Marie Neumann" in text


def test_season_pdf_with_circuit_rules(run, bonn):
    import shutil

    shutil.copy(bonn, "other.db")
    run("event", "other.db", "--name", "Other", "--date", "2018-06-02")
    run("season", bonn, "other.db", "--spots-by-size", "1,8:2", "--best", "1", "--min-events", "2", "-o", "s.pdf")
    text = " ".join(pages_text(Path("s.pdf")))
    assert "spots by event size: 1 spot for 1–7 players, 2 spots from 8 players" in text
    assert "Ranking (points 10,8,6,5,4,3,2,1; best 1 result counts; at least 2 events to be ranked)" in text
    assert "(10)" in text  # the first at both events: one of the two results does not count


def test_season_pdf_names_each_event_once_and_gives_a_column_per_event(run, bonn):
    """Long event names stand once, in the events table; the other sections say #1, #2, and a
    player's places stand in a column per event (friction 3 of issue 33: they shrank and were cut)."""
    import shutil

    from tourney.outputs.pdf.season_doc import season_pdf
    from tourney.outputs.season_export import season_report
    from tourney.games.registry import workflow

    shutil.copy(bonn, "other.db")
    run("event", "other.db", "--name", "Qualifikationsturnier Nummer 2 in Köln-Ehrenfeld, Bürgerhaus Stollwerck",
        "--date", "2018-06-02", "--lang", "de")
    run("event", bonn, "--lang", "de")
    report = season_report([bonn, "other.db"], 3, workflow=workflow, speak=lambda lang: None)
    rendered = season_pdf(report, report.lang)
    assert_inside(rendered)  # nothing wider than its box
    drawn = [t.text for t in rendered.texts]
    assert drawn.count("Qualifikationsturnier Nummer 2 in Köln-Ehrenfeld, Bürgerhaus Stollwerck") == 1
    heads = ["Spieler", "Turniere", "#1", "#2", "bester", "qualifiziert bei"]  # the players' columns
    assert any(drawn[i:i + len(heads)] == heads for i in range(len(drawn)))
    assert "qualifiziert bei" in drawn and "qualified_at" not in " ".join(drawn)


def test_duel_pairings_pdf(run):
    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup")
    run("players", "add", "d.db", *WORLD, "Anna")
    run("seat", "d.db")
    out = run("pairings", "d.db", "-o", "p.pdf").output
    assert out == "wrote p.pdf: 3 pages\n"  # by name, by table, the four match slips on one page
    texts = pages_text(Path("p.pdf"))
    assert "Round 1 · Pairings by name" in texts[0]
    assert all(n in texts[2] for n in WORLD + ["Anna"])
    assert run("sheets", "d.db", "--round", "1", "-o", "s.pdf").output == "wrote s.pdf: round 1, 1 page\n"


def test_xlsx_sheets_print_whole_with_one_font():
    from tourney.games.sevenwonders.draws import RoundDraw
    from tourney.games.sevenwonders.printsheets import SeatLine, build_workbook

    guilds = ("Workers Guild", "Craftsmens Guild", "Traders Guild", "Philosophers Guild", "Spies Guild",
              "Strategists Guild", "Shipowners Guild")
    seats = [SeatLine(i, n, None) for i, n in enumerate(["Zoe", "Ärger", "Anna", "Özil", "Otto"], 1)]
    wb = build_workbook("Bonn Spielt 2018 · Qualifikation", 1, [(1, seats)],
                        RoundDraw(1, ("Rhodos",) * 7, guilds), "de")
    table = wb["Tisch 1"]
    assert table["A2"].alignment.wrap_text and all(f"Gilde der {x}" in table["A2"].value
                                                   for x in ("Arbeiter", "Reeder"))
    assert table.page_setup.fitToHeight == 1 and table.page_setup.orientation == "landscape"
    listing = wb["Spieler"]
    assert listing["A1"].alignment.wrap_text
    assert [listing.cell(r, 1).value for r in range(4, 9)] == ["Anna", "Ärger", "Otto", "Özil", "Zoe"]
    fonts = {c.font.name for ws in wb for row in ws.iter_rows() for c in row if c.value is not None}
    assert fonts == {"Calibri"}


def test_duel_pairings_by_name_mark_the_player_who_starts(run):
    """'(starts)' stands beside the name of whoever starts Age I, on both players' lines, never
    beside the opponent of the starter (issue 46, item 7)."""
    from tourney.core.store import Event

    run("new", "d.db", "--game", "duel", "--seed", "5", "--name", "Duel Cup")
    run("players", "add", "d.db", "Anna", "Ben", "Cleo", "Dirk")
    run("seat", "d.db")
    run("pairings", "d.db", "-o", "p.pdf")
    by_name = pages_text(Path("p.pdf"))[0]
    for s in Event.open("d.db").seats(1):
        if s.seat == 1:
            assert by_name.count(f"{s.player} (starts)") == 2, by_name  # their line and their opponent's
        else:
            assert f"{s.player} (starts)" not in by_name, by_name


@pytest.mark.parametrize("lang, words", [
    ("de", ["Siegquote", "SP im Mittel", "Platz im Mittel", "Anteil Vorsprung", "qualifiziert bei",
            "Platz nachgerückt"]),
    ("fr", ["taux de victoire", "PV du deuxième", "moyenne des vainqueurs", "place repêchée"]),
    ("en", ["win rate", "mean points", "qualified at", "moved up place"]),
])
def test_stats_and_season_pdf_headings_are_never_cut(run, bonn, lang, words):
    """Issue 46, item 7: a heading too long for its column takes two lines (the column widened
    to its longest word) instead of ending in "…" ("Siegqu…", "qualifizie…"); the English
    season report says "qualified at", not the key "qualified_at"."""
    run("event", bonn, "--lang", lang)
    run("stats", bonn, "-o", "stats.pdf")
    run("season", bonn, "--spots", "3", "-o", "season.pdf")
    texts = " ".join(pages_text(Path("stats.pdf")) + pages_text(Path("season.pdf")))
    assert "…" not in texts and "_" not in texts
    for word in words:
        assert word in texts or all(w in texts for w in word.split()), word


def test_the_seating_by_table_uses_the_page(bonn):
    """Issue 46, item 7: five tables filled 40 % of the page in small print; now the boxes grow
    (two to a row here) until the page is full, and a round too big for one page keeps the
    smallest size, three boxes to a row, over more pages."""
    from tourney.core.store import Event
    from tourney.games.registry import workflow
    from tourney.outputs.pdf.event_docs import seating_by_table
    from tourney.outputs.pdf.lists import table_grid

    rendered = seating_by_table(Event.open(bonn), workflow("7wonders").print_kit, 1, "en")
    assert_inside(rendered)
    assert rendered.pages == 1
    heads = [t for t in rendered.texts if t.text.startswith("Table ")]
    assert [t.text for t in heads] == [f"Table {n}" for n in range(1, 6)]
    assert all(t.size > 1.5 * 15 for t in heads)  # 15 pt before
    lowest = min(t.box.y for t in rendered.texts if t.text != heads[0].text and "page 1 of 1" not in t.text
                 and "tourney ·" not in t.text)
    assert lowest < 0.35 * 842  # the last row of boxes reaches the lower third of the page
    assert table_grid(5, 5, 527, 700)[0] == 2
    assert table_grid(60, 7, 527, 700) == (3, 1.0) and table_grid(80, 2, 527, 700) == (4, 1.0)
