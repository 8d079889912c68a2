"""The vocabulary: every decision has its transition, actions compare as plain values."""

from workbench.games.daggers_brink.actions import (
    CHALLENGE,
    DECISIONS,
    DECK,
    DISCARD_PILE,
    PASS,
    STAND,
    Attack,
    Fight,
)
from workbench.games.daggers_brink.phases import HANDLERS


def test_every_decision_has_a_transition_and_the_draw_actions_differ():
    assert list(DECISIONS) == list(HANDLERS)
    assert len({DECK, DISCARD_PILE, CHALLENGE, STAND, PASS}) == 5


def test_an_attack_is_a_target_and_the_wildcards_discarded():
    assert Attack(2) == (2, ()) and Attack(1, (12,)) == (1, (12,))
    target, wildcards = Attack(3, (12, 12))
    assert (target, wildcards) == (3, (12, 12))


def test_a_fight_records_the_dice_and_what_they_did():
    fight = Fight(1, 0, 2, 3, 1, 2, (6, 5, 1), (4,), 2, 1, 1, False, 0, 1, False, 0, 0)
    assert len(fight.attack_faces) == fight.attack and len(fight.defend_faces) == fight.defend
    assert fight.remaining_hits == fight.hits - fight.blocks and not fight.wounded
    assert Fight._fields[:3] == ("round", "attacker", "defender")
