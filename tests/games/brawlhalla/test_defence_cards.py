"""Retreat! and Substitution: the defender's choice in the attacker's turn, the squares a
retreat reaches (checked against a shortest-path search of networkx), the swap, and the
card staying when it has nothing to do."""

from __future__ import annotations

import networkx as nx
import pytest

from workbench.errors import IllegalMoveError
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import blocked_for, can_stand

ATTACKER, DEFENDER = (2, 4), (3, 4)


def _attacked(face_down, *, stacks=None, rules=None, hand=(), **extra):
    game = Brawlhalla(rules=rules or Rules(cards=True))
    stacks = stacks or {ATTACKER: (0, 3, 0, 0, 0), DEFENDER: (1, 2, 0, 0, 0)}
    state = game.position(
        stacks=stacks, face_down=((), tuple(face_down)), hands=(tuple(hand), ()), **extra
    )
    return state.apply(("attack", ATTACKER, DEFENDER, *([tuple(hand)] if hand else [])))


def _reachable(state, cell, *, exactly):
    """Squares within 2 land steps of ``cell`` through squares free of enemies."""
    side = state.stacks[cell][0]
    graph = nx.Graph()
    steps = state.game.geometry.steps["terrestrial"]
    for square, nexts in steps.items():
        for nxt in nexts:
            if not blocked_for(state, side, nxt) and not blocked_for(state, side, square):
                graph.add_edge(square, nxt)
    graph.add_node(cell)
    graph.add_edges_from((cell, n) for n in steps[cell] if not blocked_for(state, side, n))
    found = nx.single_source_shortest_path_length(graph, cell, cutoff=2)
    units = state.stacks[cell][1:5]
    return {
        square
        for square, d in found.items()
        if (d == 2 if exactly else d in (1, 2)) and can_stand(state, units, square)
    }


@pytest.mark.parametrize("reading", ["exactly 2", "up to 2"])
def test_a_retreat_goes_to_the_squares_2_steps_away(reading):
    waiting = _attacked(["Retreat !"], rules=Rules(cards=True, retreat_squares=reading))
    assert waiting.current_player() == 1 and waiting.pending is None
    offered = {to for kind, _, to in waiting.legal_actions() if kind == "retreat"}
    assert offered == _reachable(waiting, DEFENDER, exactly=reading == "exactly 2")


def test_a_retreat_ends_the_attack_and_keeps_the_attackers_cards():
    waiting = _attacked(["Retreat !"], hand=["Thor's blessing"])
    after = waiting.apply(("retreat", DEFENDER, (3, 6)))
    assert DEFENDER not in after.stacks and after.stacks[(3, 6)][:5] == (1, 2, 0, 0, 0)
    assert after.pending is None and after.current_player() == 0
    assert after.ap == 2 and after.stacks[ATTACKER][5] == 1
    assert after.hands[0] == ("Thor's blessing",)
    assert after.face_down == ((), ()) and after.discard == ("Retreat !",)


def test_the_defender_must_answer_before_anything_else():
    waiting = _attacked(["Retreat !"])
    with pytest.raises(IllegalMoveError, match="must answer"):
        waiting.apply(("end",))


def test_a_retreat_on_the_last_action_point_waits_for_the_answer_then_ends_the_turn():
    waiting = _attacked(["Retreat !"], ap=1)
    assert waiting.current_player() == 1 and waiting.to_move == 0
    after = waiting.apply(waiting.legal_actions()[0])
    assert after.to_move == 1 and after.turn == 2


def test_a_surrounded_stack_cannot_retreat_and_the_card_stays():
    stacks = {ATTACKER: (0, 3, 0, 0, 0), DEFENDER: (1, 2, 0, 0, 0)}
    stacks |= {(3, 3): (0, 1, 0, 0, 0), (3, 5): (0, 1, 0, 0, 0), (4, 4): (0, 0, 0, 0, 1)}
    waiting = _attacked(["Retreat !"], stacks=stacks)
    assert waiting.deciding is None and waiting.pending is not None
    assert waiting.face_down == ((), ("Retreat !",))


def test_substitution_swaps_the_attacked_stack_then_the_clash_goes_on():
    stacks = {ATTACKER: (0, 3, 0, 0, 0), DEFENDER: (1, 1, 0, 0, 0), (3, 8): (1, 4, 0, 0, 0)}
    waiting = _attacked(["Substitution"], stacks=stacks)
    assert waiting.legal_actions() == [("substitute", DEFENDER, (3, 8))]
    after = waiting.apply(("substitute", DEFENDER, (3, 8)))
    assert after.stacks[DEFENDER][:5] == (1, 4, 0, 0, 0)
    assert after.stacks[(3, 8)][:5] == (1, 1, 0, 0, 0)
    assert after.pending is not None and after.pending[:2] == (ATTACKER, DEFENDER)
    assert after.discard == ("Substitution",)


def test_substitution_never_moves_the_flag_carrier():
    stacks = {ATTACKER: (0, 3, 0, 0, 0), DEFENDER: (1, 1, 0, 0, 0), (3, 8): (1, 4, 0, 0, 0)}
    waiting = _attacked(["Substitution"], stacks=stacks, flag=None, carrier=(3, 8))
    assert waiting.deciding is None and waiting.pending is not None


def test_with_both_cards_the_defender_picks_one():
    stacks = {ATTACKER: (0, 3, 0, 0, 0), DEFENDER: (1, 1, 0, 0, 0), (3, 8): (1, 4, 0, 0, 0)}
    waiting = _attacked(["Retreat !", "Substitution"], stacks=stacks)
    assert {a[0] for a in waiting.legal_actions()} == {"retreat", "substitute"}
    after = waiting.apply(("substitute", DEFENDER, (3, 8)))
    assert after.face_down == ((), ("Retreat !",))


def test_an_attack_waits_only_for_a_defence_card():
    assert _attacked([]).deciding is None
    assert _attacked(["Landslide"]).deciding is None
