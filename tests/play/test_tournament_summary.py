"""Game-specific summaries of the final positions become tournament columns."""

from concurrent.futures import ThreadPoolExecutor
from functools import partial

from workbench.play import RandomAgent, play_game, tournament
from workbench.play.toy_games import Nim


def heaps_left(state):
    return {"left": sum(state.heaps), "last_mover": 1 - state.player}


def test_play_game_keeps_the_final_position():
    game = Nim((1, 2))
    done = play_game(game, [RandomAgent(game, seed=1), RandomAgent(game, seed=2)], seed=0)
    assert done.final.is_terminal() and tuple(done.final.returns()) == done.returns


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
