"""The agent base classes: target policies, a designer's strategy, memos, choosers."""

from functools import partial

import pytest

from workbench.games.daggers_brink.actions import CHALLENGE, DISCARD_PILE, Attack
from workbench.games.daggers_brink.agents import DaggersAgent, HandAgent, choosers
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.phases import without
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.strategies import (
    AggressiveAgent,
    BalancedAgent,
    FocusAgent,
    TankAgent,
)
from workbench.play import play_game

from .scripted import A1, A3, D1, H1, S1, SMALL, W, deal_order, keep_hands, scripted_game
from .test_engine import _both_ways, _same_game

HANDS = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, A1, S1], 2: [H1, H1, H1, H1, D1]}


@pytest.mark.parametrize(
    ("target", "expected"),
    [("weakest", 1), ("strongest", 1), ("leader", 1)],
)
def test_target_policies(target, expected):
    state = keep_hands(scripted_game([deal_order(HANDS, A1)], starting_tokens=2), 3)
    state = keep_hands(state.apply(CHALLENGE), 2)
    assert state.player == 0  # Speed 4: seat 0 attacks first; seat 1 (H1, D1, A9) is weakest
    action = HandAgent(None, target=target).act(state)
    assert isinstance(action, Attack) and action.target == expected


def test_a_designer_can_write_a_strategy_in_a_few_lines():
    class Speedy(HandAgent):
        name = "speedy"

        def hand_value(self, attributes):
            return attributes[0]

    state = scripted_game([deal_order(HANDS, S1)])
    assert Speedy(None).act(state) == DISCARD_PILE  # a Speed card on the discard pile
    game = DaggersBrink(3)
    record = play_game(game, [Speedy(game, seed=s) for s in range(3)], seed=1)
    assert sum(record.returns) == 1.0


def _unmemoised(cls):
    """``cls`` working out every draw-phase choice from its definition at each decision:
    hand values of the cards actually kept, no memo of values, discards or draws."""

    class Unmemoised(cls):
        def memo_key(self):
            return None

        def _value(self, attributes):
            return self.hand_value(attributes)

        def _best_discard(self, state, hand):
            value, card = max(
                (self.hand_value(state.hand_attributes(without(hand, c))), -c) for c in set(hand)
            )
            return -card, value

        def _takes_top(self, state, hand, top):  # nothing stored: asked again every time
            kept, value = self._best_discard(state, tuple(sorted((*hand, top))))
            return kept != top and value > self.hand_value(state.hand_attributes(hand))

    return Unmemoised


@pytest.mark.parametrize(
    "make",
    [
        *(partial(FocusAgent, focus=focus) for focus in FocusAgent._index),
        BalancedAgent,
        TankAgent,
        AggressiveAgent,
    ],
    ids=["focus speed", "focus health", "focus defend", "focus attack", "balanced", "tank", "aggr"],
)
def test_memoised_draw_choices_are_those_worked_out_afresh(make):
    cls = make.func if isinstance(make, partial) else make
    options = make.keywords if isinstance(make, partial) else {}
    for players, seed in [(3, 0), (4, 1), (5, 2)]:
        game = DaggersBrink(players)
        memoised, afresh = (
            play_game(game, [kind(game, seed=s, **options) for s in range(players)], seed=seed)
            for kind in (cls, _unmemoised(cls))
        )
        assert memoised.final.fights() == afresh.final.fights()
        assert memoised.summary == afresh.summary and memoised.plies == afresh.plies


def test_choosers_are_the_methods_act_calls_unless_act_is_overridden():
    class Stubborn(DaggersAgent):
        def act(self, state):
            return state.legal_actions()[0]

    focus, stubborn = FocusAgent(), Stubborn()
    assert choosers(focus)["source"] == focus.choose_source
    assert set(choosers(stubborn).values()) == {stubborn.act}
    game = DaggersBrink(3)
    _same_game(*_both_ways(game, [lambda g, seed: Stubborn(g, seed=seed)] * 3, 2))


class _PrivateTank(TankAgent):
    def memo_key(self):
        return None  # a memo of its own: nothing played before can leak into it


@pytest.mark.parametrize(
    "table", [{"rules": Rules(base_attribute=0)}, {"deck": SMALL}], ids=["base 0", "small deck"]
)
def test_agent_memos_are_kept_apart_for_each_deck_and_base_attribute(table):
    """Shared memos give the games of fresh ones, after games at another table."""

    def tank_game(game, cls):
        return play_game(game, [cls(game, seed=s) for s in range(3)], seed=5)

    for seed in range(3):  # fill the shared memos at the standard table
        play_game(DaggersBrink(3), [TankAgent(seed=seed + s) for s in range(3)], seed=seed)
    game = DaggersBrink(3, **table)
    shared, private = tank_game(game, TankAgent), tank_game(game, _PrivateTank)
    assert shared.final.fights() == private.final.fights() and shared.summary == private.summary
