"""Speed of the play toolkit, each figure with a ratio against a baseline measured in this run.

    PYTHONPATH=. python benchmarks/play.py            # every section
    PYTHONPATH=. python benchmarks/play.py mcts solve # some sections

Each section is a function returning rows ``(figure, value, unit, baseline, ratio)``;
add a game's own figures by writing such a function and listing it in ``SECTIONS``
(or import ``timed`` and ``print_rows`` from here in a script of your own).
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable
from functools import partial

from workbench.play import (
    CHANCE,
    TERMINAL,
    AlphaBetaAgent,
    MCTSAgent,
    RandomAgent,
    python_random,
    state_graph,
    tournament,
)
from workbench.play.negamax import negamax
from workbench.play.packed import packed_state_graph
from workbench.play.retrograde import retrograde
from workbench.play.toy_games import Pursuit, TicTacToe

Row = tuple[str, float, str, str, float | None]


def timed(function: Callable[[], object], *, repeat: int = 3) -> tuple[float, object]:
    """Best wall time over ``repeat`` runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def print_rows(title: str, rows: list[Row]) -> None:
    print(f"\n## {title}")
    for figure, value, unit, baseline, ratio in rows:
        against = f"   x{ratio:,.1f} vs {baseline}" if ratio is not None else ""
        print(f"{figure:<46} {value:>14,.0f} {unit}{against}")


def _random_playouts(game, count: int, seed: int = 0) -> None:
    rng = python_random(seed)
    for _ in range(count):
        state = game.initial_state()
        while (player := state.current_player()) != TERMINAL:
            moves = (
                [o for o, _ in state.chance_outcomes()]
                if player == CHANCE
                else state.legal_actions()
            )
            state = state.apply(rng.choice(moves))


def mcts() -> list[Row]:
    """MCTS simulations a second on tic-tac-toe, against bare random playouts (tree overhead)."""
    game, simulations = TicTacToe(), 4000
    search, _ = timed(
        lambda: MCTSAgent(game, simulations=simulations, seed=0).act(game.initial_state())
    )
    playouts, _ = timed(lambda: _random_playouts(game, simulations))
    return [
        ("random playouts / s (tic-tac-toe)", simulations / playouts, "/s", "-", None),
        (
            "MCTS simulations / s (tic-tac-toe, 1 move)",
            simulations / search,
            "/s",
            "random playouts / s",
            playouts / search,
        ),
    ]


def _plain_minimax(state) -> float:
    if state.current_player() == TERMINAL:
        return state.returns()[0]
    values = [_plain_minimax(state.apply(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def search() -> list[Row]:
    """Alpha-beta with a transposition table against plain minimax, solving tic-tac-toe."""
    game = TicTacToe()
    pruned, result = timed(
        lambda: AlphaBetaAgent(game, depth=9, seed=0).search(game.initial_state())
    )
    plain, _ = timed(lambda: _plain_minimax(game.initial_state()), repeat=1)
    return [
        ("alpha-beta nodes (tic-tac-toe, full depth)", result.nodes, "nodes", "-", None),
        (
            "alpha-beta time to solve tic-tac-toe",
            pruned * 1000,
            "ms",
            "plain minimax",
            plain / pruned,
        ),
    ]


def _naive_retrograde(graph) -> None:
    """Synchronous value iteration in plain Python: the unvectorised baseline."""
    known = [None] * graph.size
    for number, values in graph.returns.items():
        known[number] = (0 if values[0] > 0 else 1) if values[0] else None
    successors = [graph.successors(i).tolist() for i in range(graph.size)]
    players = graph.player.tolist()
    for _ in itertools.count():
        updated = list(known)
        for i, mover in enumerate(players):
            if known[i] is None and mover != TERMINAL:
                children = [known[c] for c in successors[i]]
                if mover in children:
                    updated[i] = mover
                elif all(c == 1 - mover for c in children):
                    updated[i] = 1 - mover
        if updated == known:
            return
        known = updated


def solve() -> list[Row]:
    """Retrograde analysis and negamax: states a second, against naive baselines."""
    big = Pursuit(rows=20, cols=20)
    enumerate_time, graph = timed(lambda: state_graph(big), repeat=1)
    propagate_time, _ = timed(lambda: retrograde(graph))
    small = state_graph(Pursuit(rows=8, cols=8))
    fast, _ = timed(lambda: retrograde(small))
    naive, _ = timed(lambda: _naive_retrograde(small), repeat=1)
    ttt = state_graph(TicTacToe())
    memo, _ = timed(lambda: negamax(ttt))
    plain, _ = timed(lambda: _plain_minimax(TicTacToe().initial_state()), repeat=1)
    return [
        (
            f"enumeration states / s (pursuit 20x20, {graph.size:,})",
            graph.size / enumerate_time,
            "/s",
            "-",
            None,
        ),
        ("retrograde states / s (pursuit 20x20)", graph.size / propagate_time, "/s", "-", None),
        (
            "retrograde + enumeration states / s",
            graph.size / (enumerate_time + propagate_time),
            "/s",
            "-",
            None,
        ),
        (
            f"retrograde states / s (pursuit 8x8, {small.size:,})",
            small.size / fast,
            "/s",
            "naive value iteration",
            naive / fast,
        ),
        (
            "negamax states / s (tic-tac-toe, 5,478)",
            ttt.size / memo,
            "/s",
            "plain minimax tree",
            plain / memo,
        ),
    ]


def parallel() -> list[Row]:
    """Tournament wall time, serial against a pool of two processes."""
    game = TicTacToe()
    agents = {"mcts": partial(MCTSAgent, simulations=200), "random": RandomAgent}
    run = partial(tournament, game, agents, rounds=20, seed=0, progress=False)
    serial, _ = timed(lambda: run(executor=None), repeat=1)
    pooled, _ = timed(lambda: run(workers=2), repeat=1)
    return [("tournament games / s (2 processes)", 40 / pooled, "/s", "serial", serial / pooled)]


class _ProtocolOnly:
    """A game seen through the plain protocol only (its successor-keys hook hidden)."""

    def __init__(self, game) -> None:
        self.info, self._game = game.info, game

    def initial_state(self, *, seed=None):
        return self._game.initial_state(seed=seed)


def valgard() -> list[Row]:
    """Valgard: playouts, MCTS and exact solving of the small boards (6x6 unless stated)."""
    from workbench.errors import SearchLimitError
    from workbench.games.valgard import ValgardGame
    from workbench.games.valgard.agents import mcts_agent
    from workbench.games.valgard.exact import SMALL_BOARDS, small_board_rules
    from workbench.play import estimate_state_count, solve

    game = ValgardGame()
    start = game.initial_state()
    count = 200
    fast, _ = timed(lambda: [game.playout(start, seed=s) for s in range(count)])
    generic, _ = timed(lambda: _capped_playouts(game, count), repeat=1)
    midgame = start
    rng = python_random(1)
    for _ in range(20):
        midgame = midgame.apply(rng.choice(midgame.legal_actions()))
    think, _ = timed(lambda: mcts_agent(1000)(game, seed=0).act(midgame))
    rows: list[Row] = [
        ("Valgard random playouts / s (6x6)", count / fast, "/s", "state-object playouts",
         generic / fast),
        ("Valgard MCTS simulations / s (6x6, 1 move)", 1000 / think, "/s", "-", None),
        ("Valgard MCTS 1,000 simulations, one move", think * 1000, "ms", "target 1,000 ms",
         1.0 / think),
    ]  # fmt: skip
    for (board_rows, board_cols), (reserve, muster) in SMALL_BOARDS.items():
        small = ValgardGame(small_board_rules(board_rows, board_cols))
        fast, solution = timed(lambda small=small: solve(small), repeat=1)
        plain, _ = timed(lambda small=small: solve(_ProtocolOnly(small)), repeat=1)
        graph = packed_state_graph(small)  # a solution keeps no predecessor lists
        propagate, _ = timed(lambda graph=graph: retrograde(graph))
        estimate = estimate_state_count(small)
        label = f"{board_rows}x{board_cols}, reserve {reserve}, muster {muster}"
        rows.append((f"Valgard retrograde codes / s ({label}, a code per mirror pair)",
                     graph.size / propagate, "/s", "-", None))  # fmt: skip
        rows.append((f"Valgard solve() {label} ({solution.states:,} positions)", fast * 1000,
                     "ms", "enumeration through states", plain / fast))  # fmt: skip
        rows.append((f"Valgard state-count estimate ({label})", estimate, "states",
                     "the true count", estimate / solution.states))  # fmt: skip
    refuse, _ = timed(lambda: _refusal(solve, game, SearchLimitError), repeat=1)
    rows.append(("Valgard 6x6 state-count estimate", estimate_state_count(game), "states",
                 "-", None))  # fmt: skip
    rows.append(("Valgard 6x6: solve refuses (max_states 2,000,000)", refuse * 1000, "ms",
                 "-", None))  # fmt: skip
    return rows


def _refusal(solve, game, error_class) -> None:
    try:
        solve(game)
    except error_class:
        return
    raise AssertionError("solve should have refused")


def _capped_playouts(game, count: int, seed: int = 0) -> None:
    """Random games through the protocol (legal lists and new states), up to the ply cap."""
    rng = python_random(seed)
    for _ in range(count):
        state = game.initial_state()
        for _ in range(game.info.max_plies):
            if state.current_player() == TERMINAL:
                break
            state = state.apply(rng.choice(state.legal_actions()))


SECTIONS: dict[str, Callable[[], list[Row]]] = {
    "mcts": mcts,
    "search": search,
    "solve": solve,
    "parallel": parallel,
    "valgard": valgard,
}


def main(names: list[str]) -> None:
    for name in names or list(SECTIONS):
        section = SECTIONS[name]
        print_rows(section.__doc__.splitlines()[0], section())


if __name__ == "__main__":
    main(sys.argv[1:])
