"""The kernel's shuffles and roll-offs against the seeded chance's and the Python ones."""

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.daggers_brink.chance import ScriptedChance, SeededChance
from workbench.games.daggers_brink.kernel import layout
from workbench.games.daggers_brink.kernel.chance import rank_seats, shuffle
from workbench.games.daggers_brink.phases import _ranked


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.integers(2, 5), min_size=1, max_size=6),
    places=st.integers(0, 6),
    each=st.integers(1, 4),
    faces=st.lists(st.integers(1, 2), min_size=200, max_size=200),
)
def test_roll_offs_rank_like_the_python_ones(values, places, each, faces):
    """Few values and dice of 1 and 2 make ties, and ties of roll-offs, common."""
    seats = list(range(len(values)))
    rules = SimpleNamespace(roll_off_dice=each)
    python = SimpleNamespace(
        _c=ScriptedChance(faces=faces), dice=0, table=SimpleNamespace(rules=rules)
    )
    expected = _ranked(python, seats, dict(zip(seats, values, strict=True)), places)
    g = np.zeros(len(layout.G_FIELDS), dtype=np.int64)
    ranked, totals, stack = np.array(seats), np.array(values), np.zeros(64, np.int64)
    rank_seats(g, np.array(faces), ranked, totals, len(seats), places, each, stack)
    assert g[layout.STATUS] == layout.OK
    assert ranked.tolist() == expected and g[layout.DICE] == python.dice


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), row=st.integers(0, 31), m=st.integers(1, 20))
def test_shuffles_are_the_seeded_chances(seed, row, m):
    chance = SeededChance(seed, deck_size=20)
    cards = tuple(range(100, 120))
    _, orders = chance.arrays()
    deck = np.zeros(20, dtype=np.int64)
    shuffle(orders, row, np.array(cards), m, deck)
    assert tuple(deck[:m].tolist()) == chance.shuffled(row, cards[:m])
