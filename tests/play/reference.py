"""What the play tests check against: plain, unpruned, unmemoised recursions for the search
agents and solvers, the games to check them on, positions reached by random play, and a
game that summarises its end."""

from fractions import Fraction

import numpy as np

from workbench.play import CHANCE, TERMINAL, evaluate, margin
from workbench.play.toy_games import DiceRace, Nim, Pursuit, TicTacToe

TWO_PLAYER = [TicTacToe(), Nim((2, 3, 1)), DiceRace(turns=2), Pursuit(rows=4, cols=4)]
MANY_PLAYER = [TicTacToe(rows=3, cols=4, k=3, players=3), Nim((2, 2, 1), players=3)]


def plain_paranoid(game, state, depth, seat):
    """Unpruned minimax: ``seat`` maximises its margin, every other seat minimises it."""
    player = state.current_player()
    if player == TERMINAL or depth == 0:
        return margin(evaluate(game, state), seat)
    if player == CHANCE:
        return sum(
            float(p) * plain_paranoid(game, state.apply(o), depth - 1, seat)
            for o, p in state.chance_outcomes()
        )
    values = [plain_paranoid(game, state.apply(a), depth - 1, seat) for a in state.legal_actions()]
    return max(values) if player == seat else min(values)


def plain_value(state):
    """Unmemoised expectiminimax: seat 0's return with perfect play (exact)."""
    player = state.current_player()
    if player == TERMINAL:
        return Fraction(state.returns()[0])
    if player == CHANCE:
        return sum(Fraction(p) * plain_value(state.apply(o)) for o, p in state.chance_outcomes())
    values = [plain_value(state.apply(a)) for a in state.legal_actions()]
    return max(values) if player == 0 else min(values)


def positions(game, count, seed):
    """Decision positions reached by random play from the start."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(int(rng.integers(0, 6))):
            player = state.current_player()
            if player == TERMINAL:
                break
            options = (
                [o for o, _ in state.chance_outcomes()]
                if player == CHANCE
                else state.legal_actions()
            )
            state = state.apply(options[rng.integers(len(options))])
        if state.current_player() >= 0:
            found.append(state)
    return found


class CountingNim(Nim):
    """Nim that reports how many counters were left in each heap (always none) and its name."""

    def summary(self, state):
        return {"counters_left": sum(state.heaps), "variant": "counting"}
