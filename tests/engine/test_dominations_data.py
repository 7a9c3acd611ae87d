"""Dominations facts of rules_engine/dominations/data.py and the sources each was checked against.

Sources (facts only, quoted short):
- [DE] the German rulebook (/work/shared/rules/dominations.de.txt).
- [HGG] the publisher's page, holygrail.games/en/games/dominations-road-to-civilization/.
- [TT] tabletopping.games review "Dominations: Road to Civilization" (2021-05-19).
- [DD] dicedaniel.nl review "Dominations: Road to Civilization" (Dutch).
- [MN] meeplenation.com "Domination: Road to Civilization" (2-4 players, six knowledge forms).

Facts only [DE] gives are in ONE_SOURCE. The rulebook's table of VP per fulfilled objective is
a picture missing from its text and no second source gives it: nothing depends on it.

`vp.minimum` is an error (issue 50, item 8): it rests on two facts the rulebook states, which need
no second source (a rulebook in ../shared/rules/ is the game's own rules): (i) at the end of each
age, the third included, every player scores VP equal to their influence ("Dann erhält jeder von
euch Siegpunkte in Höhe seiner derzeitigen Einflusspunkte") and (ii) at the end of the third age
each domination card gives 3 VP ("jede Karte gibt 3 SP statt ihres gewöhnlichen Wertes"). Issue 31
had kept it a warning for want of a second source; the searches made then (2026-11-27, `search`
tool) are kept here, none gives the amounts:
- pages, English: "Dominations Road to Civilization end of game scoring influence victory points
  domination cards 3 VP"; "... influence track victory points equal to your influence at the end of
  each Age"; "Dominations end of the game: Domination cards are worth 3 points each and their
  effects are not resolved"; "ultraboardgames Dominations game rules end of age ...". Found only
  [TT] ("gain points based on their influence", no amount), [MN], [HGG], [DD] ("Invloed leidt namelijk
  tot overwinningspunten", no amount), whatsericplaying.com, boardgameguys.com, a game-overview
  transcript (en.jampartizan.com, "influencing leaders", no amount), ultraboardgames.com's
  Dominations FAQ page (nothing on end-of-age scoring), and pages about other games (Dominion).
- pages, German: "Dominations Spielregel Ende des dritten Zeitalters Domination-Karten 3 Siegpunkte
  Einflusspunkte"; "Dominations Test Ende eines Zeitalters erhält jeder Siegpunkte in Höhe seines
  Einflusses Dominationskarte"; "... Fertigkeitskarten Einfluss Siegpunkte Rezension Spielende
  Ziele". Found reviews (brettspiel-news.de, ingame.de, jungundaltspielt.de, spieltroll.de,
  brettundpad.de, boardgamemonkeys.com) whose stored text describes setup and turns, not the scoring
  amounts.
- pages, French: "Dominations règles fin du troisième âge cartes Domination 3 points de victoire
  influence"; "Dominations Holy Grail Games critique fin d'âge points d'influence convertis en points
  de victoire". Found trictrac.net ("piste d'influence qui ... permettra d'acquérir des points", no
  amount), geeklette.fr, gusandco.net: no amounts.
- docs: "Dominations rulebook end of third age each domination card gives 3 VP instead of its usual
  value"; "Dominations road to civilization rulebook PDF English ...": no Dominations page at all
  (Dominion simulators, unrelated pastebins); the publisher's English rulebook text is not stored.
- code: "Dominations Holy Grail Games influence score victory points end of age"; "dominations road
  to civilization score influence end of age ... domination card final age 3 points": no
  implementation of the game (civilization video-game docs, Dominion).
- issues: "Dominations board game rules domination cards influence scoring"; "... end of age scoring
  influence domination cards question rules BoardGameGeek": nothing about this game.
"""
from __future__ import annotations

import pytest

from rules_engine.dominations import data

# fact -> (our value, [DE] quote, second source and its quote)
FACTS: dict[str, tuple[object, str, str]] = {
    "players per table": (
        (data.MIN_PLAYERS, data.MAX_PLAYERS), "4 Spielertafeln ... Spielmarker (in 4 Farben); SPIEL ZU ZWEIT",
        "[HGG] 'a 2 – 4 player game'; [MN] 'a 2-4 player game'"),
    "3 ages of 5 turns each": (
        (data.AGES, data.TURNS_PER_AGE),
        "Eine Partie DOMINATIONS besteht aus 3 Zeitaltern und jedes Zeitalter besteht aus 5 Spielzügen pro Spieler",
        ("[TT] 'played over the course of 3 ages, in which each player takes 5 turns'; [DD] 'drie tijdperken van "
        "elk vijf rondes'")),
    "5 objectives on each player's card": (
        data.OBJECTIVES_PER_CARD, "Jede Zielkarte hat 5 Ziele ... wählen alle jeweils 1 Karte",
        "[DD] 'Elke samenleving heeft vijf doelen die de spelers proberen te behalen'"),
    "6 knowledge areas, one domination card each": (
        len(data.DOMINATION_CARDS), ("Es gibt 6 verschiedene Wissensgebiete: Handel, Handwerk, Kunst, Wissenschaft, "
        "Regierung und Religion"),
        ("[HGG] 'There are 6 types of Knowledge available: Government, Craft, Art, Religion, Trade, and Science'; "
        "[TT] 'The player with the most knowledge in each domain gains a domination card'")),
    "most VP after the third age wins": (
        "most vp", "Am Ende des dritten Zeitalters gewinnt, wer die meisten Siegpunkte hat",
        "[TT] 'After the third and final age ... the player with the most points wins the game'"),
}

# fact -> ([DE] quote, why no second source)
ONE_SOURCE: dict[str, tuple[str, str]] = {
    "a tie goes to the player further ahead on the initiative track": (
        "Bei Gleichstand ist besser platziert, wer auf der Initiativeleiste weiter vorne ist",
        "the reviews don't mention ties; [DE] says it twice (turn order and final scoring)"),
    "domination cards are worth 3 VP at the end of the third age": (
        "jede Karte gibt 3 SP statt ihres gewöhnlichen Wertes",
        "no second source found (searches in the module docstring); a rulebook fact: the 'vp.minimum' error"),
    "influence scores as VP at the end of each age": (
        "Dann erhält jeder von euch Siegpunkte in Höhe seiner derzeitigen Einflusspunkte",
        ("[TT] 'gain points based on their influence' agrees but gives no amount, nor does any other source found "
         "(searches in the module docstring); a rulebook fact: the 'vp.minimum' error")),
    "the score track wraps at 100, the influence track at 50": (
        "Falls du dabei das Ende einer Leiste erreichst (100 Siegpunkte oder 50 Einfluss)",
        "why sheets hold the full number, tiles included"),
    "domination card VP in ages 1-2 (6 5 4 3 2 1; Gouverneur 0 with two players)": (
        "GOUVERNEUR (+6 SP / SPIEL ZU ZWEIT 0 SP) ... HOHEPRIESTERIN (+5 SP) ... BAUER (+1 SP)",
        "data only; no check uses it"),
}


@pytest.mark.parametrize("fact", sorted(FACTS))
def test_every_fact_names_two_sources(fact):
    ours, de, other = FACTS[fact]
    assert ours is not None and de and other.startswith("[")


def test_numbers():
    assert (data.MIN_PLAYERS, data.MAX_PLAYERS, data.AGES, data.TURNS_PER_AGE) == (2, 4, 3, 5)
    assert data.OBJECTIVES_PER_CARD == 5
    assert (data.VP_TRACK, data.INFLUENCE_TRACK, data.FINAL_DOMINATION_VP) == (100, 50, 3)
    assert len(ONE_SOURCE) == 5


def test_domination_cards():
    assert [(c.area_de, c.name_de, c.vp) for c in data.DOMINATION_CARDS] == [
        ("Regierung", "Gouverneur", 6), ("Religion", "Hohepriesterin", 5), ("Kunst", "Diplomatin", 4),
        ("Handel", "Kaufmann", 3), ("Wissenschaft", "Erfinderin", 2), ("Handwerk", "Bauer", 1)]
    assert {c.area_en for c in data.DOMINATION_CARDS} == {"Government", "Craft", "Art", "Religion", "Trade",
                                                          "Science"}
    assert [c.vp_two_players for c in data.DOMINATION_CARDS] == [0, None, None, None, None, None]


def test_vp_minimum_is_an_error_the_rulebook_states():
    # Issue 50, item 8: the rulebook is the game's own rules, so its facts need no second
    # source; a sheet below the minimum is refused (issue 31 had stored it with a warning).
    from rules_engine.dominations import PlayerLine, TableSheet, check_sheet
    from rules_engine.findings import Severity

    facts = {"influence scores as VP at the end of each age", "domination cards are worth 3 VP at the end of the third age"}
    assert facts <= ONE_SOURCE.keys()
    low = TableSheet((PlayerLine(1, "Anna", 12, 1, influence=55), PlayerLine(2, "Ben", 198, 2, influence=40)))
    assert [(f.rule, f.severity) for f in check_sheet(low)] == [("vp.minimum", Severity.ERROR)]
