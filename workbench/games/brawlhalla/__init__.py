"""Brawlhalla, the 1 on 1 Viking board game: rules, board, movement, fairness and cards."""

from workbench.games.brawlhalla.rules import Rules

__all__ = ["Rules"]
