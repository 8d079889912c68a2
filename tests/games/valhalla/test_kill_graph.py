"""The count's graph: its futures against the backward pass, its records and representatives
against a plain Python derivation from the search's moves."""

import numpy as np
import pytest

from workbench.errors import SearchLimitError
from workbench.games.valhalla import bitsets, kill_graph
from workbench.games.valhalla.engine import ValhallaCalling
from workbench.games.valhalla.generator import hard_level
from workbench.games.valhalla.kill_graph import NO_STATE, read_head
from workbench.games.valhalla.kill_orders import count_kill_orders
from workbench.games.valhalla.search import StateSpace

from .conftest import small_levels, wide_healths


def _spaces(count: int, seed: int, words: int = 1) -> list[StateSpace]:
    levels = small_levels(count, seed=seed, max_side=4, max_enemies=4)
    spaces = [StateSpace(ValhallaCalling(level if words == 1 else wide_healths(level), rules))
              for level, rules in levels]  # fmt: skip
    assert all((space.maker.words > 1) == (words > 1) for space in spaces)
    return spaces


def _rows(space: StateSpace, graph: kill_graph.KillGraph) -> list[tuple[int, int]]:
    """Each state of the graph as (layer, row of the search's layer)."""
    found = [(int(k), space.find(int(k), int(code))) for k, code in zip(graph.layer, graph.codes,
                                                                        strict=True)]  # fmt: skip
    assert sorted(found) == [(k, r) for k, layer in enumerate(space.layers)
                             for r in range(len(layer.codes))]  # fmt: skip
    return found


@pytest.mark.parametrize("seed", range(2))
def test_the_futures_cut_to_the_healths_reached_are_the_searchs_winnable_healths(seed):
    for space in _spaces(25, seed=800 + seed):
        graph = kill_graph.kill_graph(space)
        for state, (k, row) in enumerate(_rows(space, graph)):
            winnable = bitsets.to_int(np.bitwise_or.reduce(space.wins[k][row], axis=0))
            live = bitsets.to_int(space.layers[k].live[row])
            assert bitsets.to_int(graph.future[state]) & live == winnable


def _records_in_python(space: StateSpace, number: dict) -> dict:
    """Per (layer, row): its future (an int) and its representative's number, and per
    representative its records, in the order of its moves, one equal to the one before left
    out: (next state or -1, target, damage or -1, Healths that survive before the damage,
    winning falls), from the search's moves; a pickup's target is written as 0."""
    fights = space.maker.fights
    words = space.maker.words
    survives, falls, strikes = (
        [bitsets.to_int(row) for row in fights.column(name, words=words)]
        for name in ("survives", "falls", "strikes")
    )
    damage = fights.column("damage").tolist()
    cap = (1 << space.game.level.hero.health + 1) - 1
    future, rep, records = {}, {}, {}
    for k in range(len(space.layers) - 1, -1, -1):
        layer, ends = space.layers[k], space.winning_ends[k]
        e = layer.edges
        first: dict[tuple, int] = {}
        for row in sorted(range(len(layer.codes)), key=lambda r: number[k, r]):
            mine: list[tuple] = []
            for i in range(layer.first_edge[row], layer.first_edge[row + 1]):
                after, fight, target = int(e.child[i]), int(e.event[i]), int(e.target[i])
                ahead = future.get((k + 1, after), 0)
                if fight < 0:  # the item picked up plays no part: target 0
                    if ahead:
                        mine.append((rep[k + 1, after], 0, -1, ahead, 0))
                    continue
                wins = (falls[fight] if ends[i] & 1 else 0) | (strikes[fight] if ends[i] & 2 else 0)
                lives = (ahead << damage[fight]) & survives[fight]
                if lives:
                    mine.append((rep[k + 1, after], target, damage[fight], lives, wins))
                elif wins:
                    mine.append((-1, target, 0, 0, wins))
            mine = [r for j, r in enumerate(mine) if not j or r != mine[j - 1]]
            future[k, row] = cap & _union(lives | wins for *_, lives, wins in mine)
            if not future[k, row]:
                rep[k, row] = -1
                continue
            rep[k, row] = first.setdefault(tuple(mine), number[k, row])
            if rep[k, row] == number[k, row]:
                records[number[k, row]] = mine
    return {"future": future, "rep": rep, "records": records}


def _union(values) -> int:
    found = 0
    for value in values:
        found |= value
    return found


@pytest.mark.parametrize(("seed", "words"), [(0, 1), (1, 1), (2, 2)])
def test_records_and_representatives_equal_a_plain_python_derivation(seed, words):
    merged = 0
    for space in _spaces(25, seed=820 + seed, words=words):
        graph = kill_graph.kill_graph(space)
        number = {place: state for state, place in enumerate(_rows(space, graph))}
        expected = _records_in_python(space, number)
        for (k, row), state in number.items():
            assert bitsets.to_int(graph.future[state]) == expected["future"][k, row]
            found = []
            for r in range(graph.begin[state], graph.end[state]):
                words = (graph.records.shape[1] - 1) // 2
                head = read_head(graph.records[r, 0])
                found.append((*head, bitsets.to_int(graph.records[r, 1 : 1 + words]),
                              bitsets.to_int(graph.records[r, 1 + words :])))  # fmt: skip
            assert found == expected["records"].get(state, [])
        merged += sum(1 for (k, row), r in expected["rep"].items() if r not in (-1, number[k, row]))
    assert merged > 20  # the levels do have states with one future


def test_representatives_need_fewer_groups_than_the_searchs_own_states():
    # Seed 27 of the hard ladder: 997 groups of the search's own states (the count of
    # test_kill_orders' plain Python groups), 333 with representatives.
    space = StateSpace(ValhallaCalling(hard_level(27)))
    assert count_kill_orders(space, budget=332) is None
    assert count_kill_orders(space, budget=333) == 4560


def test_a_damage_past_the_records_head_is_refused(monkeypatch):
    space = next(space for space in _spaces(5, seed=860) if space.maker.fights.rows)
    monkeypatch.setattr(kill_graph, "MOST_DAMAGE", -1)
    with pytest.raises(SearchLimitError, match=r"random \d+: a fight's damage past -1"):
        kill_graph.kill_graph(space)


def test_no_state_fits_the_head():
    assert read_head(kill_graph.record_head(NO_STATE, 5, 3)) == (-1, 5, 3)
