"""States with the same future: their Healths against the backward pass, their
representatives against a plain Python derivation, and the kill-order count with them
against the count without them."""

from types import SimpleNamespace

import numpy as np
import pytest

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets, kill_orders, same_futures
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.search import StateSpace

from .conftest import small_levels


def _spaces(count: int, seed: int) -> list[StateSpace]:
    levels = small_levels(count, seed=seed, max_side=4, max_enemies=4)
    return [StateSpace(ValhallaCalling(level, rules)) for level, rules in levels]


@pytest.mark.parametrize("seed", range(2))
def test_the_futures_cut_to_the_healths_reached_are_the_searchs_winnable_healths(seed):
    for space in _spaces(25, seed=800 + seed):
        futures, _ = same_futures.same_futures(space)
        for layer, wins, future in zip(space.layers, space.wins, futures, strict=True):
            winnable = np.bitwise_or.reduce(wins, axis=1)
            assert np.array_equal(future & layer.live, winnable)


def _representatives_in_python(space: StateSpace, futures: list[np.ndarray]) -> list[list[int]]:
    """Each state's first state of its layer with the same moves, as sets of (target,
    fight, next representative, winning falls); -1 for a state from which no win follows."""
    found: list[list[int]] = [[] for _ in space.layers]
    for k in range(len(space.layers) - 1, -1, -1):
        layer, ends = space.layers[k], space.winning_ends[k]
        e = layer.edges
        first: dict[frozenset, int] = {}
        for s in range(len(layer.codes)):
            if not bitsets.to_int(futures[k][s]):
                found[k].append(-1)
                continue
            moves = set()
            for i in range(layer.first_edge[s], layer.first_edge[s + 1]):
                after = int(e.child[i])
                rep = found[k + 1][after] if after >= 0 else -1
                moves.add((int(e.target[i]), int(e.event[i]), rep, int(ends[i])))
            found[k].append(first.setdefault(frozenset(moves), s))
    return found


@pytest.mark.parametrize("seed", range(2))
def test_representatives_are_the_first_states_with_the_same_serving_moves(seed):
    merged = 0
    for space in _spaces(25, seed=820 + seed):
        futures, representatives = same_futures.same_futures(space)
        expected = _representatives_in_python(space, futures)
        assert [r.tolist() for r in representatives] == expected
        merged += sum(int(((r >= 0) & (r != np.arange(len(r)))).sum()) for r in representatives)
    assert merged > 20  # the levels do have states with one future


def _identity(space):
    futures, representatives = same_futures.same_futures(space)
    return futures, [np.arange(len(r), dtype=np.int32) for r in representatives]


def test_the_count_with_representatives_equals_the_count_without_and_needs_fewer_groups(
    monkeypatch,
):
    spaces = [StateSpace(ValhallaCalling(hard_level(27))), *_spaces(20, seed=840)]
    counts = [kill_orders.count_kill_orders(space) for space in spaces]
    assert counts[0] == 4560
    monkeypatch.setattr(kill_orders, "same_futures", _identity)
    assert [kill_orders.count_kill_orders(space) for space in spaces] == counts
    # Seed 27 needs 997 groups without representatives, 342 with them.
    assert kill_orders.count_kill_orders(spaces[0], budget=996) is None
    assert kill_orders.count_kill_orders(spaces[0], budget=997) == 4560
    monkeypatch.undo()
    assert kill_orders.count_kill_orders(spaces[0], budget=341) is None
    assert kill_orders.count_kill_orders(spaces[0], budget=342) == 4560


def test_a_move_key_past_63_bits_is_refused():
    space = SimpleNamespace(
        n=100, m=20, maker=SimpleNamespace(fights=SimpleNamespace(rows=[0] * 2**20)),
        layers=[SimpleNamespace(codes=range(2**40))],
        game=SimpleNamespace(level=SimpleNamespace(name="huge")),
    )  # fmt: skip
    with pytest.raises(SearchLimitError, match="huge: a move's key needs 72 bits"):
        same_futures._shifts(space)
