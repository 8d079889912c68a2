"""Play toolkit shared by every game: a game protocol, agents, solvers, metrics, tournaments."""

from workbench.play.protocol import CHANCE, TERMINAL, Action, Game, GameInfo, HasHeuristic, State

__all__ = ["CHANCE", "TERMINAL", "Action", "Game", "GameInfo", "HasHeuristic", "State"]
