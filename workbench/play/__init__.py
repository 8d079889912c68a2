"""Play toolkit shared by every game: a game protocol, agents, solvers, metrics, tournaments.

Write a game against :mod:`workbench.play.protocol` and it gets random, greedy and
MCTS agents (:mod:`~workbench.play.agents`, :mod:`~workbench.play.mcts`), alpha-beta,
paranoid and max^n search (:mod:`~workbench.play.alphabeta`, :mod:`~workbench.play.maxn`),
exact solving (:func:`solve`: retrograde analysis or memoised negamax, after a size
estimate), a game
runner (:func:`play_game`), parallel seeded tournaments (:func:`tournament`) and
protocol checks (:func:`check_game`). :mod:`workbench.play.toy_games` holds small
games with known answers.
"""

from workbench.play.agents import (
    Agent,
    AgentFactory,
    GreedyAgent,
    RandomAgent,
    Seed,
    evaluate,
    margin,
    python_random,
    sample_outcome,
)
from workbench.play.alphabeta import AlphaBetaAgent, ParanoidAgent, SearchResult
from workbench.play.conformance import check_game
from workbench.play.game_features import FEATURES, game_features
from workbench.play.maxn import MaxNAgent
from workbench.play.mcts import MCTSAgent
from workbench.play.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    GameInfo,
    HasHeuristic,
    HasSummary,
    State,
)
from workbench.play.runner import GameRecord, play_game
from workbench.play.solve import PerfectAgent, Solution, solve
from workbench.play.statespace import StateGraph, estimate_state_count, state_graph
from workbench.play.tournament import default_lineups, tournament

__all__ = [
    "CHANCE",
    "FEATURES",
    "TERMINAL",
    "Action",
    "Agent",
    "AgentFactory",
    "AlphaBetaAgent",
    "Game",
    "GameInfo",
    "GameRecord",
    "GreedyAgent",
    "HasHeuristic",
    "HasSummary",
    "MCTSAgent",
    "MaxNAgent",
    "ParanoidAgent",
    "PerfectAgent",
    "RandomAgent",
    "SearchResult",
    "Seed",
    "Solution",
    "State",
    "StateGraph",
    "check_game",
    "default_lineups",
    "estimate_state_count",
    "evaluate",
    "game_features",
    "margin",
    "play_game",
    "python_random",
    "sample_outcome",
    "solve",
    "state_graph",
    "tournament",
]
