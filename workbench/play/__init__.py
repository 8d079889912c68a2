"""Play toolkit shared by every game: a game protocol, agents, solvers, metrics, tournaments.

Write a game against :mod:`workbench.play.protocol` and it gets:

- agents with one method ``act(state)``: random, greedy, MCTS (:mod:`~workbench.play.agents`,
  :mod:`~workbench.play.mcts`), alpha-beta and paranoid (:mod:`~workbench.play.alphabeta`),
  max^n (:mod:`~workbench.play.maxn`), perfect play from a solution; for hidden information
  (:class:`HasHiddenInformation`), agents that cannot peek (:mod:`~workbench.play.determinized`);
- a game runner (:func:`play_game`) and seeded tournaments on any executor (:func:`tournament`);
- exact solving (:func:`solve`: retrograde analysis or memoised negamax, after a size estimate);
- balance metrics with 95% intervals (:func:`balance_report`, :func:`agent_scores`,
  :func:`skill_trace`);
- protocol checks for its tests (:func:`check_game`).

:mod:`workbench.play.toy_games` holds small games with known answers.

>>> from workbench.play.toy_games import Nim
>>> solve(Nim((1, 2))).summary()
{'value': 'win', 'plies': 3, 'states': 8, 'method': 'negamax'}
>>> check_game(Nim((1, 2)), games=3)
[]
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
from workbench.play.determinized import DeterminizedMCTSAgent, ObservingAgent, observing
from workbench.play.game_features import FEATURES, game_features
from workbench.play.maxn import MaxNAgent
from workbench.play.mcts import MCTSAgent
from workbench.play.metrics import agent_scores, balance_report, compare_reports
from workbench.play.protocol import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    GameInfo,
    HasFastPlay,
    HasHeuristic,
    HasHiddenInformation,
    HasPackedSuccessors,
    HasSuccessorKeys,
    HasSummary,
    State,
)
from workbench.play.runner import GameRecord, play_game
from workbench.play.skill import skill_trace
from workbench.play.solve import PerfectAgent, Solution, solve
from workbench.play.statespace import StateGraph, estimate_state_count, state_graph
from workbench.play.stats import bootstrap_interval, mean_interval, wilson_interval
from workbench.play.tournament import default_lineups, tournament

__all__ = [
    "CHANCE",
    "FEATURES",
    "TERMINAL",
    "Action",
    "Agent",
    "AgentFactory",
    "AlphaBetaAgent",
    "DeterminizedMCTSAgent",
    "Game",
    "GameInfo",
    "GameRecord",
    "GreedyAgent",
    "HasFastPlay",
    "HasHeuristic",
    "HasHiddenInformation",
    "HasPackedSuccessors",
    "HasSuccessorKeys",
    "HasSummary",
    "MCTSAgent",
    "MaxNAgent",
    "ObservingAgent",
    "ParanoidAgent",
    "PerfectAgent",
    "RandomAgent",
    "SearchResult",
    "Seed",
    "Solution",
    "State",
    "StateGraph",
    "agent_scores",
    "balance_report",
    "bootstrap_interval",
    "check_game",
    "compare_reports",
    "default_lineups",
    "estimate_state_count",
    "evaluate",
    "game_features",
    "margin",
    "mean_interval",
    "observing",
    "play_game",
    "python_random",
    "sample_outcome",
    "skill_trace",
    "solve",
    "state_graph",
    "tournament",
    "wilson_interval",
]
