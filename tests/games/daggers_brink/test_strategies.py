"""The built-in strategies: each plays whole games, keeps what it says, challenges when it
says; strategy names and specs."""

from functools import partial

import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.actions import CHALLENGE, DECK, DISCARD_PILE
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.strategies import (
    STRATEGIES,
    AggressiveAgent,
    BalancedAgent,
    FocusAgent,
    TankAgent,
    strategy,
)
from workbench.play import play_game

from .scripted import A1, A3, D1, H1, S1, W, deal_order, keep_hands, scripted_game

HANDS = {0: [S1, S1, D1, D1, W], 1: [A3, A3, A1, A1, S1], 2: [H1, H1, H1, H1, D1]}


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_every_strategy_finishes_games_with_one_winner(name):
    game = DaggersBrink(4)
    agents = [strategy(name)(game, seed=s) for s in range(4)]
    record = play_game(game, agents, seed=3)
    assert sorted(record.returns) == [0.0, 0.0, 0.0, 1.0]
    assert record.final.is_terminal()


def test_same_seeds_same_decisions():
    game = DaggersBrink(3)
    first = play_game(game, [TankAgent(game, seed=s) for s in range(3)], seed=9)
    again = play_game(game, [TankAgent(game, seed=s) for s in range(3)], seed=9)
    assert first.final.fights() == again.final.fights()


MIXED = {0: [S1, S1, D1, D1, W], 1: [A3, A1, A1, S1, H1], 2: [H1, H1, H1, D1, S1]}


def test_focus_takes_the_discard_only_when_it_helps_its_attribute():
    assert FocusAgent(None).act(scripted_game([deal_order(MIXED, A3)])) == DISCARD_PILE
    assert FocusAgent(None).act(scripted_game([deal_order(MIXED, D1)])) == DECK


def test_each_strategy_discards_what_it_values_least():
    state = scripted_game([deal_order(MIXED, D1)]).apply(DISCARD_PILE)  # S2 H2 D2 A6 + 1 card
    assert FocusAgent(None).act(state) in (S1, H1, D1)  # every attack card stays
    assert FocusAgent(None, focus="health").act(state) != H1
    assert TankAgent(None).act(state) not in (H1, D1)
    assert BalancedAgent(None).act(state) == A1  # the only discard that keeps all at >= 2


def test_aggressive_challenges_as_soon_as_allowed_the_patient_later():
    state = keep_hands(scripted_game([deal_order(HANDS, A1)]), 3)
    assert CHALLENGE in state.legal_actions()
    assert AggressiveAgent(None).act(state) == CHALLENGE
    assert FocusAgent(None).act(state) != CHALLENGE  # patience 2: after two laps
    later = keep_hands(state, 3)
    assert FocusAgent(None).act(later) == CHALLENGE


def test_strategy_specs():
    assert isinstance(strategy("tank:leader")(None), TankAgent)
    assert strategy("tank:leader")(None).target == "leader"
    assert isinstance(strategy("focus"), type)
    with pytest.raises(RulesError, match="strategy 'nope': expected one of"):
        strategy("nope")
    with pytest.raises(RulesError, match="takes no target policy"):
        strategy("random:leader")
    with pytest.raises(RulesError, match="target 'middle'"):
        strategy("tank:middle")
    with pytest.raises(RulesError, match="focus: expected one of"):
        partial(FocusAgent, focus="luck")(None)
