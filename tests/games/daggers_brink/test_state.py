"""What a state answers: targets, wildcard choices, and legal actions that are exactly the
actions ``apply`` accepts."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import IllegalMoveError
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules

from .scripted import SMALL


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=3, max_size=6),
    st.integers(0, 63),
    st.booleans(),
)
def test_open_seats_and_targets_are_their_definition(tokens, wounded, sit_out):
    game = DaggersBrink(len(tokens), rules=Rules(wounded_sit_out=sit_out))
    state = game.initial_state(seed=0)
    state.tokens, state.wounded = tuple(tokens), wounded
    for seat in range(len(tokens)):
        expected = [
            t
            for t, held in enumerate(tokens)
            if held and t != seat and not (sit_out and wounded >> t & 1)
        ]
        for _ in range(2):  # worked out, then remembered
            assert state.targets(seat) == expected
            assert state.has_target(seat) == bool(expected)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, len(SMALL.types) - 1), max_size=7), st.integers(0, 2))
def test_wildcard_choices_are_every_set_of_held_wildcards(hand, per_fight):
    game = DaggersBrink(3, rules=Rules(wildcards_per_fight=per_fight), deck=SMALL)
    state = game.initial_state(seed=0)
    state.hands = (tuple(sorted(hand)), (), ())
    held = [card for card in hand if SMALL.types[card].is_wildcard]
    expected = {
        tuple(sorted(held[i] for i in range(len(held)) if mask >> i & 1))
        for mask in range(1 << len(held))
        if bin(mask).count("1") <= per_fight
    }
    for _ in range(2):  # worked out, then remembered
        assert state.wildcard_choices(0) == sorted(expected)


def _candidates(state):
    """Every action any decision could take (most of them illegal here)."""
    n, types = state.num_players, range(len(state.card_types.types))
    wild = state.card_types.wildcards
    sets = [()] + [(w,) for w in wild] + [(w, v) for w in wild for v in wild if w <= v]
    attacks = [(t, s) for t in range(-1, n + 1) for s in sets]
    return ["deck", "discard", "challenge", "stand", "pass", *types, *sets, *attacks]


def _accepted(state, action):
    try:
        state.apply(action)
    except IllegalMoveError:
        return False
    return True


def test_legal_actions_are_exactly_those_apply_accepts():
    variants = [Rules(), Rules(pass_after_challenge=True, discard_drawn_card=False,
                               attack_optional=False, wildcards_per_fight=1)]  # fmt: skip
    seen = set()
    for rules, seed in itertools.product(variants, range(3)):
        game = DaggersBrink(3, rules=rules, deck=SMALL.with_count("W", 4))
        state, rng = game.initial_state(seed=seed), random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            accepted = [a for a in _candidates(state) if _accepted(state, a)]
            assert set(legal) == set(accepted) and len(set(legal)) == len(legal), state.render()
            seen.add(state.decision)
            state = state.apply(rng.choice(legal))
    assert seen == {"source", "discard", "attack", "wildcards", "strip"}
