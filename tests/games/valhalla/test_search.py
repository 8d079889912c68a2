"""The packed search against the plain single-step BFS: exact agreement of outcome sets."""

import numpy as np
import pytest

from workbench.errors import RulesError, SearchLimitError
from workbench.games.valhalla import bitsets
from workbench.games.valhalla.baseline import baseline_outcomes
from workbench.games.valhalla.engine import Situation, ValhallaCalling
from workbench.games.valhalla.generator import hard_level, random_level
from workbench.games.valhalla.level import Level
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.search import PRUNING_RULES, StateRef, StateSpace, outcome_class

from .conftest import micro, small_levels


def _classes(game, outcomes):
    return sum({1 << outcome_class(game, o) for o in outcomes if o.won})


@pytest.mark.parametrize("chunk", range(4))
def test_outcomes_equal_the_single_step_bfs_on_random_small_levels(chunk):
    winnable = 0
    for level, rules in small_levels(80, seed=100 + chunk):
        game = ValhallaCalling(level, rules)
        expected = baseline_outcomes(game)
        space = StateSpace(game, prune=False)
        assert space.outcomes == expected, (level.to_dict(), rules.to_dict())
        assert space.classes(space.start) == _classes(game, expected)
        winnable += any(o.won for o in expected)
    assert winnable > 10  # the sample is not all trivial losses


@pytest.mark.parametrize("rule", [*PRUNING_RULES, "all"])
def test_each_pruning_rule_keeps_every_winning_outcome(rule):
    prune = True if rule == "all" else {rule}
    for level, rules in small_levels(60, seed=200, max_side=5, max_enemies=5):
        if rule == "biorn":  # the rule only acts under Biorn's Curse
            level = level.replace(
                hero=level.hero.__class__(level.hero.health, level.hero.attack, "biorns_curse")
            )
        game = ValhallaCalling(level, rules)
        full, pruned = StateSpace(game, prune=False), StateSpace(game, prune=prune)
        assert {o for o in pruned.outcomes if o.won} == {o for o in full.outcomes if o.won}
        assert pruned.classes(pruned.start) == full.classes(full.start)
        assert pruned.size <= full.size


def test_unknown_pruning_rules_are_refused(duel):
    with pytest.raises(RulesError, match="prune: unknown rule"):
        StateSpace(ValhallaCalling(duel), prune={"greedy"})


def test_every_pruned_state_keeps_its_classes():
    # Per state, not only at the start: the witness and the trail search rely on it.
    for level, rules in small_levels(40, seed=7, max_side=4):
        game = ValhallaCalling(level, rules)
        full, pruned = StateSpace(game, prune=False), StateSpace(game, prune=True)
        for k, layer in enumerate(full.layers):
            for row, healths in enumerate(layer.healths):
                found = bitsets.to_int(healths)
                for h in range(found.bit_length()):
                    if found >> h & 1:
                        state = StateRef(k, row, h)
                        situation = _situation(full, full.unpack(state))
                        assert pruned.classes(pruned.state_of(situation)) == full.classes(state)


def _situation(space, s):
    n = space.n
    return Situation(
        space.cells[s.pos],
        s.health,
        s.attack,
        s.left & ((1 << n) - 1),
        s.left >> n,
        s.mjolnir,
        s.shield,
        s.loki,
        s.chariot,
    )


def test_a_longer_walk_wins_where_the_shortest_loses():
    # The hero must best A, then reach B weak enough that B strikes first.
    level = micro(["S.AB"], health=3, attack=7, enemies={"A": (1, 1), "B": (4, 4)})
    game = ValhallaCalling(level)
    assert game.replay([[(0, 0), (0, 1), (0, 2), (0, 3)]]).won is False  # the shortest walk
    space = StateSpace(game)
    assert space.classes(space.start)  # but some longer walk wins
    assert game.replay([[(0, 0), (0, 1), (0, 2)], [(0, 2), (0, 1)], [(0, 1), (0, 2), (0, 3)]]).won


def test_big_health_and_attack_agree_with_the_bfs():
    # Health sets over several 64-bit words, walk tables too big for plain arrays.
    rng = np.random.default_rng(9)
    checked = 0
    for level, rules in small_levels(16, seed=500, max_side=4, max_enemies=3):
        hero = level.hero.__class__(
            int(rng.integers(64, 140)), int(rng.integers(60, 200)), level.hero.ability
        )
        enemies = tuple(e.__class__(e.at, e.attack * 25, e.health * 30) for e in level.enemies)
        game = ValhallaCalling(level.replace(hero=hero, enemies=enemies), rules)
        expected = baseline_outcomes(game)
        space = StateSpace(game, prune=False)
        assert space.maker.words > 1
        assert space.outcomes == expected
        assert space.classes(space.start) == _classes(game, expected)
        checked += any(o.won for o in expected)
    assert checked > 3


def test_states_too_wide_for_64_bits_are_refused_clearly():
    cells = [[r, c] for r in range(16) for c in range(16)]
    level = Level.from_dict({
        "name": "Huge", "width": 16, "height": 16, "start": [15, 15],
        "hero": {"health": 50, "attack": 999},
        "enemies": [{"at": cells[k], "attack": 9, "health": 9} for k in range(24)],
        "items": [{"at": cells[24 + k], "kind": "lokis_trickery", "turns": 99}
                  for k in range(12)],
    })  # fmt: skip
    with pytest.raises(SearchLimitError, match="a state needs 66 bits"):
        StateSpace(ValhallaCalling(level))


def test_an_attack_too_big_for_the_moves_is_refused_clearly():
    # A level's Attack is at most 999, but an Attack floor has no bound.
    level = Level.from_dict({
        "name": "Mighty", "width": 2, "height": 1, "start": [0, 0],
        "hero": {"health": 5, "attack": 9}, "enemies": [{"at": [0, 1], "attack": 1, "health": 1}],
    })  # fmt: skip
    with pytest.raises(SearchLimitError, match="Mighty: Attack up to 40000"):
        StateSpace(ValhallaCalling(level, Rules(attack_floor=40_000)))
    StateSpace(ValhallaCalling(level, Rules(attack_floor=10_000)))


def test_a_search_that_outgrows_its_memory_is_refused_before_it_expands():
    level = random_level(np.random.default_rng(3), 10, 10, enemies=14, items=5, walls=8,
                         ability="none", name="roomy")  # fmt: skip
    full = StateSpace(ValhallaCalling(level))
    assert full.held > 2**20
    with pytest.raises(SearchLimitError, match=r"roomy: the search needs more than [\d,]+ MB"):
        StateSpace(ValhallaCalling(level), max_memory=full.held // 4)


def test_forgetting_the_walks_keeps_every_other_answer():
    for level, rules in small_levels(20, seed=9, max_side=4):
        space = StateSpace(ValhallaCalling(level, rules))
        before = space.size, space.nodes, space.winnable_states(), space.classes(space.start)
        space.forget_walks()
        assert (space.size, space.nodes, space.winnable_states(),
                space.classes(space.start)) == before  # fmt: skip
        with pytest.raises(RuntimeError, match="forgotten"):
            next(space.successors(space.start))


def test_the_size_figures_count_what_python_sets_count():
    for level, rules in small_levels(40, seed=300):
        space = StateSpace(ValhallaCalling(level, rules))
        layout, codes = space.maker.layout, [c for layer in space.layers for c in layer.codes]
        fields = ("left", "pos", "mjolnir", "shield", "loki", "chariot")
        nodes = {(layer, tuple(layout.get(int(c), f) for f in fields))
                 for layer, codes_here in enumerate(la.codes for la in space.layers)
                 for c in codes_here}  # fmt: skip
        assert space.nodes == len(nodes), level.to_dict()
        reached = sum(bitsets.to_int(row).bit_count() for la in space.layers for row in la.healths)
        assert space.size == reached and len(codes) >= space.nodes


def test_a_fall_that_wins_nothing_is_not_kept_but_its_end_and_its_move_count():
    # The one move falls at once (Health 2 against Attack 9, no enemy bested): a loss.
    level = Level.from_dict({"name": "Teeth", "width": 2, "height": 1, "start": [0, 0],
                             "hero": {"health": 2, "attack": 1, "ability": "none"},
                             "enemies": [{"at": [0, 1], "attack": 9, "health": 9}]})  # fmt: skip
    game = ValhallaCalling(level)
    space = StateSpace(game)
    assert list(space.successors(space.start)) == []
    assert space.outcomes == baseline_outcomes(game) == {game.fall(0, 0, 1)}
    assert (space.expanded, space.branches) == (1, 1)  # one Health, one move


def test_the_healths_that_can_still_fall_are_found_byte_by_byte_of_enemies():
    # 14 enemies: their most damage looked up in two tables, against the sum enemy by enemy.
    space = StateSpace(ValhallaCalling(hard_level(27)))
    level, floor = space.game.level, space.game.rules.attack_floor
    codes = np.array([1 << a | 1 << b for a in range(14) for b in range(a, 14)])  # one or two
    most = sum((codes >> k & 1) * (e.attack * -(-e.health // floor))
               for k, e in enumerate(level.enemies))  # fmt: skip
    assert np.count_nonzero(most < level.hero.health) > 20  # not all above the cap
    most = np.minimum(most, level.hero.health)
    every = bitsets.prefix(np.full(len(codes), level.hero.health + 1), words=space.maker.words)
    expected = bitsets.prefix(most + 1, words=space.maker.words)
    assert len(level.enemies) == 14 and level.hero.ability != "biorns_curse"
    assert np.array_equal(space._live(codes, every), expected)
