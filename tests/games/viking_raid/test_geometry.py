"""Movement and reach tables against brute force over random positions and rule variants."""

import itertools
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.viking_raid import (
    ARCHER,
    BERSERKER,
    HUSCARL,
    RaidGame,
    RaidGeometry,
    Rules,
    default_map,
)
from workbench.grids import hex_distance, hex_grid, hex_line, straight_line_direction

MAP = default_map()
OPEN = sorted(MAP.open_hexes)
VARIANTS = [
    Rules(
        huscarl_move=move,
        may_stay=stay,
        share_hex=share,
        vikings_block_movement=block,
        vikings_block_bash=bash,
    )
    for move, stay, share, block, bash in itertools.product(
        ("any", "straight"), (True, False), (True, False), (True, False), (True, False)
    )
]


def brute_moves(rules, seat, at, occupied):
    passable = set(OPEN) - (set(occupied) if rules.vikings_block_movement else set())
    steps = (rules.archer_steps, rules.huscarl_steps, rules.berserker_steps)[seat]
    found = set()
    for h in OPEN:
        if h == at or (h in occupied and not rules.share_hex):
            continue
        d = hex_distance(at, h)
        straight = straight_line_direction(at, h) is not None
        if seat == ARCHER or (seat == HUSCARL and rules.huscarl_move == "any"):
            graph = hex_grid(passable | {at, h}) if d <= steps else None
            ok = graph is not None and nx.has_path(graph, at, h)
            ok = ok and nx.shortest_path_length(graph, at, h) <= steps
        else:
            ok = straight and d <= steps and all(x in passable for x in hex_line(at, h)[1:-1])
        if ok:
            found.add(h)
    if rules.may_stay or not found:
        found.add(at)
    return found


def brute_reach(rules, seat, at, target, occupied):
    d = hex_distance(at, target)
    if seat == ARCHER:
        return rules.volley_range[0] <= d <= rules.volley_range[1]
    if seat == BERSERKER:
        return 1 <= d <= rules.cleave_range
    if straight_line_direction(at, target) is None or d > rules.bash_range:
        return False
    between = hex_line(at, target)[1:-1]
    return not (rules.vikings_block_bash and any(h in occupied for h in between))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.sampled_from((ARCHER, HUSCARL, BERSERKER)),
    st.lists(st.sampled_from(OPEN), min_size=3, max_size=3, unique=True),
)
def test_moves_and_reach_equal_brute_force(rules, seat, hexes):
    check_against_brute_force(rules, seat, hexes)


def check_against_brute_force(rules, seat, hexes):
    geometry = RaidGeometry.build(MAP, rules)
    at, others = hexes[0], hexes[1:]
    occupied = [geometry.index[h] for h in others]
    moves = geometry.moves(seat, geometry.index[at], occupied=occupied)
    assert {geometry.hexes[i] for i in moves} == brute_moves(rules, seat, at, others)
    assert len(moves) == len(set(moves))
    for dest, target in itertools.product(moves, occupied):
        expected = brute_reach(rules, seat, geometry.hexes[dest], geometry.hexes[target], others)
        assert geometry.can_reach(seat, dest, target, occupied=occupied) == expected


#: Other distances for each move and attack, with the open questions' knobs.
DISTANCES = st.builds(
    Rules,
    archer_steps=st.integers(1, 3),
    volley_range=st.sampled_from([(1, 1), (2, 3), (1, 4), (3, 5)]),
    huscarl_move=st.sampled_from(["any", "straight"]),
    huscarl_steps=st.integers(1, 4),
    bash_range=st.integers(1, 4),
    berserker_steps=st.integers(1, 5),
    cleave_range=st.integers(1, 2),
    share_hex=st.booleans(),
    vikings_block_movement=st.booleans(),
    vikings_block_bash=st.booleans(),
)


@settings(max_examples=120, deadline=None)
@given(
    DISTANCES,
    st.sampled_from((ARCHER, HUSCARL, BERSERKER)),
    st.lists(st.sampled_from(OPEN), min_size=3, max_size=3, unique=True),
)
def test_every_distance_knob_equals_brute_force(rules, seat, hexes):
    check_against_brute_force(rules, seat, hexes)


def test_nearest_treasure_equals_graph_distance():
    geometry = RaidGeometry.build(MAP, Rules())
    graph = hex_grid(OPEN)
    left = geometry.all_treasure & ~0b101
    targets = [h for i, h in enumerate(geometry.hexes) if geometry.treasure_bit[i] & left]
    lengths = nx.multi_source_dijkstra_path_length(graph, targets)
    assert geometry.nearest_treasure(left) == [lengths[h] for h in geometry.hexes]
    assert set(geometry.nearest_treasure(0)) == {-1}


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([*VARIANTS[::3], Rules.version("0.2"), Rules.version("0.11")]),
    st.integers(0, 2**32 - 1),
)
def test_random_games_keep_the_gold_and_end(rules, seed):
    game = RaidGame(MAP, rules.replace(max_rounds=40))
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal():
        assert sum(state.gold) + sum(state.treasure().values()) == MAP.total_treasure
        assert state.current_player() in (0, 1, 2)
        state = state.apply(rng.choice(state.legal_actions()))
    assert sum(state.gold) + sum(state.treasure().values()) == MAP.total_treasure
    assert not state.treasure() or state.round_number() == 40
    assert abs(sum(state.returns()) - 1) < 1e-12
