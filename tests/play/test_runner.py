"""play_game: records, time-outs, chance steps, start states, fast paths, final positions and
summaries."""

import pytest

from tests.play.reference import CountingNim
from workbench.play import CHANCE, GreedyAgent, HasFastPlay, HasSummary, RandomAgent, play_game
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, TicTacToe


def test_time_out_scores_a_draw():
    game = Pursuit(rows=5, cols=5)
    agents = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
    record = play_game(game, agents, seed=0, max_plies=3)
    assert record.timed_out and record.plies == 3 and record.returns == (0.0, 0.0)


def test_chance_steps_are_logged_but_are_not_plies():
    game = DiceRace(turns=2)
    agents = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
    record = play_game(game, agents, seed=4, record=True)
    assert record.plies == 4
    chance = record.log[record.log["player"] == CHANCE]
    decisions = record.log[record.log["player"] >= 0]
    assert len(decisions) == 4 and (chance["branching"] == 3).all()
    assert (decisions["branching"] == 2).all()
    assert list(record.log["step"]) == list(range(len(record.log)))


def test_log_values_are_the_heuristic_before_each_step():
    game = TicTacToe()
    agents = [GreedyAgent(game, seed=1), GreedyAgent(game, seed=2)]
    record = play_game(game, agents, seed=0, record=True)
    assert tuple(record.log.loc[0, ["value0", "value1"]]) == (0.0, 0.0)  # empty board
    state = game.initial_state().apply(record.log.loc[0, "action"])
    assert tuple(record.log.loc[1, ["value0", "value1"]]) == pytest.approx(game.heuristic(state))


def test_games_without_heuristic_log_no_values():
    game = Nim((2, 2))
    record = play_game(game, [RandomAgent(game, seed=1), RandomAgent(game, seed=2)], record=True)
    assert list(record.log.columns) == ["step", "ply", "player", "action", "branching"]


def test_same_seed_same_game_and_start_state_is_honoured():
    game = DiceRace(turns=3)

    def play(seed):
        agents = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
        return play_game(game, agents, seed=seed, record=True).log

    assert play(5).equals(play(5))
    start = NimState((0, 1), 1)
    record = play_game(Nim(), [RandomAgent(), RandomAgent()], state=start)
    assert record.returns == (-1.0, 1.0) and record.plies == 1


def test_wrong_number_of_agents_is_refused():
    with pytest.raises(ValueError, match="3 seats, got 2 agents"):
        play_game(Nim(players=3), [RandomAgent(), RandomAgent()])


class _FastNim:
    """Nim whose fast path plays the same loop and counts its use (declines if told to)."""

    def __init__(self, *, decline=False):
        self.nim, self.decline, self.fast_games = Nim((2, 3)), decline, 0
        self.info = self.nim.info

    def initial_state(self, *, seed=None):
        return self.nim.initial_state(seed=seed)

    def play_fast(self, state, agents, *, max_plies):
        if self.decline:
            return None
        self.fast_games += 1
        plies = 0
        while not state.is_terminal() and (max_plies is None or plies < max_plies):
            state = state.apply(agents[state.current_player()].act(state))
            plies += 1
        return state, plies


def test_a_games_fast_path_plays_unless_a_log_or_the_step_loop_is_asked_for():
    def play(game, **options):
        agents = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
        record = play_game(game, agents, seed=3, **options)
        return record.returns, record.plies, record.timed_out, record.final

    game = _FastNim()
    assert isinstance(game, HasFastPlay)
    stepped = play(game, fast=False)
    assert game.fast_games == 0
    assert play(game) == stepped and game.fast_games == 1
    play(game, record=True)
    assert game.fast_games == 1
    assert play(_FastNim(decline=True)) == stepped
    cut = play(game, max_plies=1)
    assert cut[1:3] == (1, True) and game.fast_games == 2
    assert cut == play(game, max_plies=1, fast=False)


def test_play_game_keeps_the_summary_and_plain_games_have_none():
    game = CountingNim((1, 2))
    assert isinstance(game, HasSummary) and not isinstance(Nim((1, 2)), HasSummary)
    agents = [RandomAgent(game, seed=s) for s in range(2)]
    assert play_game(game, agents, seed=1).summary == {"counters_left": 0, "variant": "counting"}
    assert play_game(Nim((1, 2)), agents, seed=1).summary == {}


def test_play_game_keeps_the_final_position():
    game = Nim((1, 2))
    done = play_game(game, [RandomAgent(game, seed=1), RandomAgent(game, seed=2)], seed=0)
    assert done.final.is_terminal() and tuple(done.final.returns()) == done.returns
