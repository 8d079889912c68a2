"""Tournaments: seats permuted, seeded, and the same table whatever the executor; summaries
of the final positions become columns."""

import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pandas as pd
import pytest

from tests.play.reference import CountingNim
from workbench.play import GreedyAgent, MCTSAgent, RandomAgent, default_lineups, tournament
from workbench.play.toy_games import DiceRace, Nim, TicTacToe

AGENTS = {"mcts": partial(MCTSAgent, simulations=20), "random": RandomAgent}


def _same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a.drop(columns="seconds"), b.drop(columns="seconds"))


def _run(game, **options):
    options = {"rounds": 4, "seed": 11, "progress": False, "record": True} | options
    return tournament(game, AGENTS, **options)


@pytest.fixture(scope="module")
def serial():
    return _run(DiceRace(), executor=None)


def test_one_row_per_game_with_seats_permuted(serial):
    assert len(serial) == 8 and list(serial["game"]) == list(range(8))
    assert serial.groupby("seat0").size().to_dict() == {"mcts": 4, "random": 4}
    assert (serial["seat0"] != serial["seat1"]).all()
    assert set(serial.columns) >= {"return0", "return1", "winner", "plies", "timed_out", "drama"}
    winners = serial[serial["winner"] >= 0]
    assert (winners.apply(lambda r: r[f"return{r['winner']}"], axis=1) == 1.0).all()


def test_default_process_pool_equals_serial(serial):
    _same(_run(DiceRace(), workers=2), serial)


@pytest.mark.parametrize(
    "make", [partial(ProcessPoolExecutor, max_workers=2), partial(ThreadPoolExecutor, 3)]
)
def test_any_executor_and_chunking_equals_serial(serial, make):
    with make() as executor:
        _same(_run(DiceRace(), executor=executor, chunksize=3), serial)


@pytest.mark.slow
def test_dask_local_cluster_equals_serial(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        _same(_run(DiceRace(), executor=client.get_executor()), serial)


def test_seed_changes_the_games(serial):
    other = _run(DiceRace(), executor=None, seed=12)
    assert not other.drop(columns="seconds").equals(serial.drop(columns="seconds"))


def test_three_players_two_agents_use_every_seat():
    results = tournament(
        Nim((1, 2), players=3), {"a": RandomAgent, "b": GreedyAgent}, executor=None, progress=False
    )
    assert len(results) == 6
    lineups = set(zip(results["seat0"], results["seat1"], results["seat2"], strict=True))
    assert lineups == set(default_lineups(["a", "b"], 3))


def test_explicit_lineups_and_time_out():
    results = tournament(
        TicTacToe(),
        {"r": RandomAgent},
        rounds=3,
        lineups=[("r", "r")],
        max_plies=2,
        executor=None,
        progress=False,
    )
    assert len(results) == 3 and results["timed_out"].all() and (results["winner"] == -1).all()


@pytest.mark.parametrize(
    ("agents", "options", "message"),
    [
        ({}, {}, "no agents"),
        ({"r": RandomAgent}, {"lineups": [("r", "x")]}, "unknown"),
        ({"r": RandomAgent}, {"lineups": [("r",)]}, "needs 2 names"),
        (
            {"bad": lambda game, seed: RandomAgent(game, seed=seed)},
            {},
            "agent 'bad' cannot be sent",
        ),
    ],
)
def test_bad_requests_are_refused(agents, options, message):
    with pytest.raises(ValueError, match=message):
        tournament(TicTacToe(), agents, progress=False, **options)


def test_agents_defined_in_a_notebook_or_script_reach_the_process_pool(tmp_path):
    """A class defined in ``__main__`` (a notebook cell) plays in the default process pool."""
    script = tmp_path / "cell.py"
    script.write_text(
        "from workbench.play import tournament\n"
        "from workbench.play.toy_games import TicTacToe\n"
        "class FirstLegal:\n"
        "    def __init__(self, game, *, seed=None):\n"
        "        pass\n"
        "    def act(self, state):\n"
        "        return state.legal_actions()[0]\n"
        "if __name__ == '__main__':\n"
        "    table = tournament(TicTacToe(), {'first': FirstLegal}, rounds=2, workers=2,\n"
        "                       progress=False)\n"
        "    print(table['winner'].tolist())\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert done.stdout.strip() == "[0, 0]"  # first-legal play: X fills the top row first


def test_tournament_adds_one_column_per_figure_after_the_standard_ones():
    table = tournament(
        CountingNim((1, 2)), {"random": RandomAgent}, rounds=3, executor=None, progress=False
    )
    assert list(table.columns[-2:]) == ["counters_left", "variant"]
    assert (table["counters_left"] == 0).all() and (table["variant"] == "counting").all()
    plain = tournament(
        Nim((1, 2)), {"random": RandomAgent}, rounds=1, executor=None, progress=False
    )
    assert "counters_left" not in plain.columns


def heaps_left(state):
    return {"left": sum(state.heaps), "last_mover": 1 - state.player}


def test_summary_columns_are_added_and_equal_under_any_executor():
    game = Nim((2, 3))
    agents = {"random": partial(RandomAgent)}
    common = dict(rounds=6, seed=4, progress=False, summary=heaps_left)
    serial = tournament(game, agents, executor=None, **common)
    with ThreadPoolExecutor(2) as pool:
        threaded = tournament(game, agents, executor=pool, **common)
    assert list(serial.columns[-2:]) == ["left", "last_mover"]
    assert (serial["left"] == 0).all()
    assert serial.drop(columns="seconds").equals(threaded.drop(columns="seconds"))
    winners = serial["winner"].where(serial["winner"] >= 0)
    assert (winners.dropna() == serial.loc[winners.notna(), "last_mover"]).all()


def winner_by_name(state):
    return {"winner": "north", "left": sum(state.heaps)}


def test_a_summary_figure_may_not_overwrite_a_tournament_column():
    with pytest.raises(ValueError, match=r"\['winner'\] would overwrite"):
        tournament(
            Nim((1, 2)),
            {"random": RandomAgent},
            rounds=1,
            executor=None,
            progress=False,
            summary=winner_by_name,
        )
