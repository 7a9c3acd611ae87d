"""The game registry: one workflow object per rules_engine ruleset, and the commands reach each
game's own implementation."""
from __future__ import annotations

from rules_engine.registry import find_ruleset_info
from tourney.games.registry import LOADERS, all_games, sheet_formats, sheet_game, workflow
from tourney.games.duel.standings import DuelStandings
from tourney.games.tablegame.model import TableGameStandings


def test_every_game_is_a_ruleset_under_its_own_name():
    for name, flow in all_games().items():
        assert flow.name == name == find_ruleset_info(name).name
        assert flow.schemes and all(s.game == name for s in flow.schemes)


def test_each_game_has_its_own_steps():
    assert workflow("7wonders").plans_tables and not workflow("duel").plans_tables
    assert workflow("7wonders").pairings is None and workflow("duel").pairings is not None
    assert workflow("7wonders").sheet_format is not workflow("duel").sheet_format


def test_each_game_computes_its_own_standings(tmp_path):
    from tourney.event.setup import create_event
    from tourney.games.registry import find_game
    from tourney.core.store import Event

    for game, kind in (("7wonders", TableGameStandings), ("duel", DuelStandings)):
        create_event(str(tmp_path / f"{game}.db"), game=find_game(game), scheme=None, rounds=1, seed=1, name=None, date=None)
        st = workflow(game).standings(Event.open(tmp_path / f"{game}.db"), None)
        assert isinstance(st, kind) and st.rounds_played() == frozenset()


def test_a_file_of_no_known_kind_goes_to_the_first_game(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    assert sheet_game([path]) is next(iter(all_games().values()))


def test_each_games_sheet_format_loaded_alone_is_its_workflows():
    """`sheet_game` reads a header against the formats loaded alone: they must be the games' own."""
    formats = sheet_formats()
    assert list(formats) == list(LOADERS)
    for name, fmt in formats.items():
        assert fmt is workflow(name).sheet_format, name
