import numpy as np
import pytest

from workbench.errors import RulesError
from workbench.games.tuning import TUNE_GAMES, raid_layout_game, raid_layouts, tune_game
from workbench.play.metrics import balance_report
from workbench.play.tune import Space, Target, tune


@pytest.mark.parametrize("name", sorted(TUNE_GAMES))
def test_every_game_plays_a_pass_under_its_base_rules(name):
    game = tune_game(name)
    first = next(iter(game.rules.to_dict()))
    space = Space.from_rules(game.rules, {first: [getattr(game.rules, first)]})
    table = game.arena.play(
        space,
        space.grid()[0],
        passes=1,
        seed=np.random.SeedSequence(0),
        executor=None,
    )
    assert len(table) == game.arena.lineup_count(game.arena.make_game(game.rules))
    assert set(table["winner"]) <= set(range(-1, 4))


def test_raid_role_columns_are_metrics():
    game = tune_game("raid")
    space = Space.from_rules(game.rules, {"archer_steps": (1, 2)})
    targets = [Target(f"win_{role}", value=1 / 3) for role in ("archer", "huscarl", "berserker")]
    found = tune(space, game.arena, targets, games=120, seed=0, executor=None, progress=False)
    assert set(found.metrics) == {"win_archer", "win_huscarl", "win_berserker"}


def test_brawlhalla_tables_have_the_tournament_winner_and_tune():
    game = tune_game("brawlhalla")
    space = Space.from_rules(game.rules, {"turn_limit": [4, 8, 16]})
    table = game.arena.play(space, (8,), passes=2, seed=np.random.SeedSequence(1), executor=None)
    report = balance_report(table).set_index("metric")  # a seat-index winner, not a side
    assert 0 <= report.loc["win rate seat 0", "estimate"] <= 1
    assert {"winning_side", "first_won", "turns"} <= set(table.columns)
    found = tune(
        space,
        game.arena,
        [Target("turns", value=8)],
        games=60,
        seed=0,
        executor=None,
        progress=False,
    )
    assert found.rules.turn_limit == 8


def test_unknown_game():
    with pytest.raises(RulesError, match="unknown; known: brawlhalla, daggers, raid, valgard, toy"):
        tune_game("chess")


def test_layouts_are_a_data_parameter():
    layouts = raid_layouts(3, seed=4)
    game = raid_layout_game(layouts)
    space = Space.from_rules(game.rules, [], data=game.data)
    assert space.grid() == [("map",), ("layout 1",), ("layout 2",)]
    played = game.arena.make_game(game.rules, layout="layout 2")
    assert played.map == layouts["layout 2"] and played.map != layouts["map"]
    assert played.map.total_treasure == layouts["map"].total_treasure
