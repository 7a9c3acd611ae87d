"""The game registry: one entry per game (its names, its workflow, its sheet format), each game's
workflow a `Workflow` of its own, and the commands reach each game's own implementation. Every
test that loops over games loops over the registry and the toy fifth game (`toygame`)."""
from __future__ import annotations

import pytest

from conftest import looped_games
from rules_engine.registry import RULESETS, find_ruleset_info
from tourney.games.base import Workflow
from tourney.games.registry import GAMES, all_games, find_game, game_names, sheet_formats, sheet_game, workflow
from tourney.games.duel.standings import DuelStandings
from tourney.games.tablegame.model import TableGameStandings


def test_every_game_of_the_rules_is_in_the_registry_under_its_names():
    # The registry's names are the rules_engine rulesets': a game is found by the same spellings.
    assert game_names() == tuple(r.name for r in RULESETS)
    for entry in GAMES:
        ruleset = find_ruleset_info(entry.name)
        assert (entry.title, entry.aliases) == (ruleset.title, ruleset.aliases)
        assert all(find_game(spelling) is workflow(entry.name)
                   for spelling in (entry.name, entry.title.upper(), *entry.aliases))


@pytest.mark.parametrize("game", looped_games())
def test_every_game_is_a_workflow_under_its_own_name(with_games, game):
    flow = with_games[game]
    assert isinstance(flow, Workflow) and flow.name == game
    assert flow.schemes and all(s.game == game for s in flow.schemes)


def test_a_name_no_game_has_is_refused_naming_the_games(with_games):
    from tourney.core.errors import UsageError

    with pytest.raises(UsageError, match="unknown game 'chess': use one of 7wonders, duel, onecardwonder, "
                                         "dominations, toy$"):
        find_game("chess")


def test_a_name_no_game_has_is_refused_in_the_users_language():
    from tourney.core.errors import UsageError
    from tourney.core.i18n import use_language

    with use_language("de"), pytest.raises(UsageError, match="^unbekanntes Spiel 'chess': eines von 7wonders, duel"):
        find_game("chess")
    with use_language("fr"), pytest.raises(UsageError, match="^jeu inconnu 'chess' : utiliser l'un de 7wonders"):
        find_game("chess")


def test_each_game_has_its_own_steps():
    assert workflow("7wonders").plans_tables and not workflow("duel").plans_tables
    assert workflow("7wonders").pairings is None and workflow("duel").pairings is not None
    assert workflow("7wonders").sheet_format is not workflow("duel").sheet_format


def test_each_game_computes_its_own_standings(tmp_path):
    from tourney.event.setup import create_event
    from tourney.core.store import Event

    for game, kind in (("7wonders", TableGameStandings), ("duel", DuelStandings)):
        create_event(str(tmp_path / f"{game}.db"), game=find_game(game), scheme=None, rounds=1, seed=1, name=None, date=None)
        st = workflow(game).standings(Event.open(tmp_path / f"{game}.db"), None)
        assert isinstance(st, kind) and st.rounds_played() == frozenset()


def test_a_file_of_no_known_kind_goes_to_the_first_game(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    assert sheet_game([path]) is next(iter(all_games().values()))


@pytest.mark.parametrize("game", looped_games())
def test_each_games_sheet_format_loaded_alone_is_its_workflows(with_games, game):
    """`sheet_game` reads a header against the formats loaded alone: they must be the games' own."""
    formats = sheet_formats()
    assert list(formats) == list(with_games)
    assert formats[game] is with_games[game].sheet_format


@pytest.mark.parametrize("game", looped_games())
def test_a_sheet_goes_to_the_game_whose_header_it_has(with_games, tmp_path, game):
    fmt = with_games[game].sheet_format
    path = tmp_path / "sheet.csv"
    columns = (*fmt.required, *fmt.optional_text, *fmt.optional_int)
    assert fmt.words is not None
    path.write_text(",".join(fmt.words.label(c, "de") for c in columns) + "\n", encoding="utf-8")
    assert sheet_game([path]) is with_games[game]
