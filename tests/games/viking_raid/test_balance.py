"""Balance runs: summaries agree with the games, executors agree with serial runs."""

from concurrent.futures import ProcessPoolExecutor

import pytest

from workbench.errors import RulesError
from workbench.games.viking_raid import ROLES, RaidGame, RaidGreedyAgent, Rules
from workbench.games.viking_raid.balance import balance_table, heat, simulate
from workbench.play import check_game, play_game


@pytest.fixture(scope="module")
def results():
    return simulate(RaidGame(), "greedy", games=60, seed=3, executor=None, progress=False)


def test_the_engine_keeps_the_play_protocol():
    for version in ("0.11", "0.2", "0.21"):
        assert check_game(RaidGame(rules=Rules.version(version, max_rounds=30)), games=4) == []


def test_summary_columns_agree_with_a_replayed_game(results):
    game = RaidGame()
    assert (results[[f"gold_{r}" for r in ROLES]].sum(axis=1) == game.map.total_treasure).all()
    given = results[[f"given_{r}" for r in ROLES]].sum(axis=1)
    assert given.equals(results[[f"taken_{r}" for r in ROLES]].sum(axis=1))
    agents = [RaidGreedyAgent(game, seed=s) for s in (1, 2, 3)]
    done = play_game(game, agents, seed=0)
    best = max(done.final.gold)
    assert done.returns[done.final.gold.index(best)] > 0


def test_table_matches_direct_means_and_intervals_cover_them(results):
    table = balance_table(results).set_index("role")
    for seat, role in enumerate(ROLES):
        share = results[f"return{seat}"].mean()
        assert table.loc[role, "win share"] == pytest.approx(share, abs=1e-4)
        assert table.loc[role, "gold"] == pytest.approx(results[f"gold_{role}"].mean(), abs=1e-4)
        assert table.loc[role, "win share lo"] <= table.loc[role, "win share"]
        assert table.loc[role, "win share"] <= table.loc[role, "win share hi"]
    assert table["win share"].sum() == pytest.approx(1.0, abs=1e-3)
    assert table["rounds"].iloc[0] == pytest.approx(results["rounds"].mean(), abs=1e-4)


def test_heat_maps_add_up_to_the_gold(results):
    for seat, role in enumerate(ROLES):
        pillaged = sum(heat(results, "pillages", seat).values())
        tributes = sum(heat(results, "tributes", seat).values())
        gold = results[f"gold_{role}"].mean()
        net = results[f"given_{role}"].mean() - results[f"taken_{role}"].mean()
        assert pillaged + net == pytest.approx(gold)
        assert tributes == pytest.approx(results[f"taken_{role}"].mean())


def test_process_pool_gives_the_serial_table(results):
    with ProcessPoolExecutor(2) as pool:
        parallel = simulate(RaidGame(), "greedy", games=60, seed=3, executor=pool, progress=False)
    assert parallel.drop(columns="seconds").equals(results.drop(columns="seconds"))


def test_bad_requests_are_refused():
    with pytest.raises(RulesError, match="unknown agent 'genius'"):
        simulate(RaidGame(), "genius", games=1, executor=None)
    with pytest.raises(RulesError, match="games: expected a positive number"):
        simulate(RaidGame(), "greedy", games=0, executor=None)
