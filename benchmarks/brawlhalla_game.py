"""Brawlhalla in play: random playouts (without and with cards), greedy self-play and one
MCTS decision.

Goals (issues "Brawlhalla: the whole game" and "cards and luck"), on one core, the default
board and rules with a 40-turn limit: random playouts >= 100 games/s, and with cards in play
at least half that rate; greedy self-play >= 20 games/s; MCTS with 1,000 simulations for one
decision <= 2 s. Baselines run in the same process: the generic one-ply ``GreedyAgent``
(which builds and judges every next position) for the greedy figure, the playouts without
cards for those with cards, and bare random playouts of the MCTS rollout length for the
MCTS figure (the tree's own overhead).

    PYTHONPATH=. python benchmarks/brawlhalla_game.py [--games 200]
"""

from __future__ import annotations

import argparse
import time

from workbench.games.brawlhalla import Brawlhalla, Rules
from workbench.games.brawlhalla.agents import ROLLOUT_PLIES, agent_factory
from workbench.play import CHANCE, TERMINAL, GreedyAgent, RandomAgent, play_game, python_random

GOALS = {"random": 100.0, "greedy": 20.0, "mcts_seconds": 2.0}


def games_per_second(game, factory, games: int) -> float:
    """Self-play games a CPU second, each seeded from its number."""
    started = time.process_time()
    for number in range(games):
        players = [factory(game, seed=2 * number), factory(game, seed=2 * number + 1)]
        play_game(game, players, seed=number)
    return games / (time.process_time() - started)


def _midgame(game):
    """A position of the 8th turn of a seeded random game (a decision node)."""
    players = [RandomAgent(game, seed=1), RandomAgent(game, seed=2)]
    state = play_game(game, players, seed=1, max_plies=40).final
    while state.current_player() < 0:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def _rollouts(state, count: int, plies: int) -> None:
    rng = python_random(0)
    for _ in range(count):
        here, done = state, 0
        while (player := here.current_player()) != TERMINAL and done < plies:
            options = (
                [o for o, _ in here.chance_outcomes()] if player == CHANCE else here.legal_actions()
            )
            here = here.apply(rng.choice(options))
            done += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games (greedy: 1/4)")
    games = parser.parse_args().games
    game = Brawlhalla(rules=Rules(turn_limit=40))
    rows = []
    rate = games_per_second(game, RandomAgent, games)
    rows.append(("random playouts, 40 turns", rate, "games/s", rate / GOALS["random"], "goal"))
    with_cards = games_per_second(
        Brawlhalla(rules=Rules(turn_limit=40, cards=True)), RandomAgent, games
    )
    rows.append(
        ("  with cards (goal: x0.5 or more)", with_cards, "games/s", with_cards / rate, "no cards")
    )
    greedy = games_per_second(game, agent_factory("greedy"), max(games // 4, 5))
    generic = games_per_second(game, GreedyAgent, 2)
    rows.append(("greedy self-play, 40 turns", greedy, "games/s", greedy / generic, "generic"))
    rows.append(("  against the goal", greedy, "games/s", greedy / GOALS["greedy"], "goal"))
    state = _midgame(game)
    mcts = agent_factory("mcts:1000")(game, seed=0)
    started = time.process_time()
    mcts.act(state)
    search = time.process_time() - started
    started = time.process_time()
    _rollouts(state, 1000, ROLLOUT_PLIES)
    bare = time.process_time() - started
    rows.append(("MCTS 1,000 simulations, one decision", search, "s", bare / search, "rollouts"))
    rows.append(("  against the goal", search, "s", GOALS["mcts_seconds"] / search, "goal"))
    print("## Brawlhalla in play (CPU time, one core)")
    for figure, value, unit, ratio, baseline in rows:
        print(f"{figure:<40} {value:>10,.2f} {unit:<8} x{ratio:,.2f} vs {baseline}")


if __name__ == "__main__":
    main()
