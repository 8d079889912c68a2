"""The full game of Daggers Brink on the ``workbench.play`` protocol.

:class:`DaggersBrink` is the game: seats, rules and deck; its ``initial_state`` is the
first decision (a :class:`~workbench.games.daggers_brink.state.DaggersState`), dealt.
Dice and shuffles come from the state's chance source (a seed or a script), so a
seed fixes the whole game and scripted games test each rule.

``workbench.play.play_game`` (and so every tournament) plays a game through
:meth:`DaggersBrink.play_fast`: hand agents in the compiled engine
(:mod:`~workbench.games.daggers_brink.compiled`), other agents of this package on one
private state moved on in place (a copy per game instead of one per decision); tests
play many seeded games every way and find them equal.

>>> game = DaggersBrink(4)
>>> state = game.initial_state(seed=1)
>>> state.decision, state.num_players
('source', 4)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from workbench.errors import RulesError
from workbench.games.daggers_brink.agents import DaggersAgent, choosers
from workbench.games.daggers_brink.chance import Chance, SeededChance
from workbench.games.daggers_brink.compiled import play_compiled
from workbench.games.daggers_brink.deck import Deck, load_deck
from workbench.games.daggers_brink.phases import play_in_place, start_game
from workbench.games.daggers_brink.rules import DEFAULT_RULES, MAX_PLAYERS, MIN_PLAYERS, Rules
from workbench.games.daggers_brink.state import DaggersState
from workbench.games.daggers_brink.strategies import TankAgent
from workbench.games.daggers_brink.summary import game_summary
from workbench.games.daggers_brink.table import Table
from workbench.play.agents import RandomAgent
from workbench.play.protocol import GameInfo

__all__ = ["DaggersBrink", "warm_up"]

_SHARE_STATE = (DaggersAgent, RandomAgent)


class DaggersBrink:
    """The game for ``num_players`` seats under ``rules`` with ``deck`` (default: standard).

    >>> DaggersBrink(3).info.num_players
    3
    """

    def __init__(
        self,
        num_players: int = 4,
        *,
        rules: Rules | None = None,
        deck: Deck | None = None,
        compiled: bool = True,
    ):
        if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise RulesError(
                f"num_players: expected an integer {MIN_PLAYERS}..{MAX_PLAYERS}, "
                f"got {num_players!r}"
            )
        self.rules = rules or DEFAULT_RULES
        self.deck = deck or load_deck()
        needed = num_players * (self.rules.hand_size + 1) + 2
        if self.deck.size < needed:
            raise RulesError(
                f"deck: {self.deck.size} cards, {num_players} players of {self.rules.hand_size} "
                f"cards need at least {needed}"
            )
        self.info = GameInfo(name="daggers_brink", num_players=num_players, zero_sum=False)
        #: whether whole games between hand agents may be played in compiled code
        self.compiled = compiled
        self._setup = Table(num_players, self.rules, self.deck)

    def summary(self, state: DaggersState) -> dict[str, Any]:
        """Figures of a finished game for balance studies (see :func:`game_summary`)."""
        return game_summary(state)

    def play_fast(
        self, state: DaggersState, agents: Sequence[Any], *, max_plies: int | None = None
    ) -> tuple[DaggersState, int] | None:
        """Play a whole game without a state copy per decision, for this package's agents
        and ``RandomAgent``; ``None`` (decline) for others.

        Hand agents the compiled engine knows play there (:func:`play_compiled`, unless
        the game was made with ``compiled=False``), others on one state moved on in place
        (:func:`play_in_place`). ``workbench.play.play_game`` uses it; the result is the
        step loop's, decision by decision (tests play many seeded games every way).
        """
        if not all(isinstance(agent, _SHARE_STATE) for agent in agents):
            return None
        if self.compiled:
            played = play_compiled(state, agents, max_plies)
            if played is not None:
                return played
        return play_in_place(state, [choosers(agent) for agent in agents], max_plies)

    def heuristic(self, state: DaggersState) -> tuple[float, ...]:
        """Each seat's share of the combat tokens still in play."""
        total = sum(state.tokens)
        return tuple(t / total for t in state.tokens)

    def initial_state(self, *, seed: Any = None, chance: Chance | None = None) -> DaggersState:
        """The first decision of a game: the dealer is chosen and the first hands are dealt.

        ``seed`` (int or ``numpy.random.SeedSequence``) fixes every die and shuffle;
        ``chance`` (e.g. a :class:`~workbench.games.daggers_brink.chance.ScriptedChance`)
        replaces them.
        """
        n = self.info.num_players
        state = object.__new__(DaggersState)
        state.table, state._log, state.tokens = self._setup, None, (self.rules.starting_tokens,) * n
        state._c = chance or SeededChance(seed, deck_size=self.deck.size, rules=self.rules)
        state.round = state.dice = state.shuffles = state.draw_turns = 0
        state.winner, state.fight, state.strips, state.firsts = None, None, (), (0,) * n
        start_game(state)
        return state


def warm_up() -> float:
    """Compile the kernel now (or load it from numba's cache) by playing one game in it;
    the seconds it took. ``make compile`` calls it, so that no notebook waits for it.
    """
    print("compiling the Daggers Brink engine (once; cached after)...", file=sys.stderr)
    start = time.perf_counter()
    game = DaggersBrink(3)
    if play_compiled(game.initial_state(seed=0), [TankAgent(game)] * 3, None) is None:
        raise RuntimeError("the compiled engine declined its warm-up game")
    seconds = time.perf_counter() - start
    print(f"  ready in {seconds:.1f} s", file=sys.stderr)
    return seconds
