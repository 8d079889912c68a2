"""Balance runs: summaries agree with the games, executors agree with serial runs; the
role-draw study counts what a tournament gives."""

import math
from concurrent.futures import ProcessPoolExecutor

import pytest

from workbench.errors import DataError, RulesError
from workbench.games.viking_raid import ROLES, RaidGame, RaidGreedyAgent, Rules
from workbench.games.viking_raid.balance import (
    STUDY_COLUMNS,
    balance_table,
    heat,
    load_study,
    simulate,
    strongest_player_roles,
)
from workbench.play import RandomAgent, check_game, play_game, tournament


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


def test_with_drawn_roles_the_table_is_per_role_and_returns_per_player():
    game = RaidGame(rules=Rules(role_draw=True))
    drawn = simulate(game, "greedy", games=90, seed=4, executor=None, progress=False)
    for player in range(3):
        shares = [row[f"win_{row[f'role{player}']}"] for _, row in drawn.iterrows()]
        assert drawn[f"return{player}"].tolist() == shares
    table = balance_table(drawn).set_index("role")
    for role in ROLES:
        assert table.loc[role, "win share"] == pytest.approx(drawn[f"win_{role}"].mean(), abs=1e-4)
    assert set(drawn["role0"]) == set(ROLES)


def wilson(wins, n, z=1.959963984540054):
    """The Wilson score interval by its formula."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_strongest_player_roles_counts_the_strong_players_wins_by_its_drawn_role():
    table = strongest_player_roles(
        RaidGame(), "greedy", "random", games=120, seed=5, executor=None, progress=False
    ).set_index("role")
    game = RaidGame(rules=Rules(role_draw=True))
    agents = {"greedy (strong)": RaidGreedyAgent, "random": RandomAgent}
    lineup = ("greedy (strong)", "random", "random")
    games = tournament(
        game, agents, rounds=120, seed=5, lineups=[lineup], executor=None, progress=False
    )
    assert table["games"].sum() == 120
    for role in ROLES:
        mine = games[games["role0"] == role]
        wins = int((mine["winner"] == 0).sum())
        row = table.loc[role]
        assert (row["games"], row["wins"]) == (len(mine), wins)
        assert row["win rate"] == pytest.approx(wins / len(mine))
        assert (row["win rate lo"], row["win rate hi"]) == pytest.approx(
            wilson(wins, len(mine)), abs=1e-4
        )
        assert row["win share"] == pytest.approx(mine["return0"].mean(), abs=1e-4)
        assert row["win share lo"] <= row["win share"] <= row["win share hi"]
    assert (table["win rate"] > 0.5).all()  # greedy beats two random players in every role
    with pytest.raises(RulesError, match="both 'greedy'"):
        strongest_player_roles(RaidGame(), "greedy", "greedy", games=3, executor=None)


def test_the_study_file_loads_and_a_broken_one_is_named(tmp_path):
    study = load_study()
    assert set(STUDY_COLUMNS) <= set(study.columns)
    assert set(study["agent"]) == {"random", "greedy", "lookahead", "mcts"}
    broken = tmp_path / "study.csv"
    broken.write_text("agent,map\nrandom,default\n")
    with pytest.raises(DataError, match=r"study.csv: header: missing column\(s\) version"):
        load_study(broken)
