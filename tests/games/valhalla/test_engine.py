"""Single steps: Attack loss, counters, items, knobs, endings and the line rule."""

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.valhalla.engine import Outcome, ValhallaCalling
from workbench.games.valhalla.rules import Rules

from .conftest import micro


def walk(game, cells, **kwargs):
    s = game.start()
    for cell in cells:
        s = game.step(s, cell, **kwargs)
    return s


def test_each_step_costs_one_attack_down_to_the_floor():
    game = ValhallaCalling(micro(["S....E"], health=9, attack=3, enemies={"E": (1, 1)}))
    attacks = [walk(game, [(0, c) for c in range(1, k + 1)]).attack for k in range(1, 5)]
    assert attacks == [2, 1, 1, 1]
    floor2 = ValhallaCalling(game.level, Rules(attack_floor=2))
    assert walk(floor2, [(0, 1), (0, 2), (0, 3)]).attack == 2


def test_chariot_pickup_step_costs_then_next_turns_steps_are_free():
    game = ValhallaCalling(micro(["SC...E"], health=9, attack=6, enemies={"E": (1, 1)},
                      items={"C": ("thors_chariot", 2)}))  # fmt: skip
    cells = [(0, c) for c in range(1, 5)]
    assert [walk(game, cells[:k]).attack for k in range(1, 5)] == [5, 5, 5, 4]


@pytest.mark.parametrize(("stack", "expected"), [(True, 5), (False, 3)])
def test_counters_add_up_or_take_the_larger(stack, expected):
    game = ValhallaCalling(micro(["SLL.E"], health=9, attack=6, enemies={"E": (1, 1)},
                      items={"L": ("lokis_trickery", 3)}), Rules(counters_stack=stack))  # fmt: skip
    assert walk(game, [(0, 1), (0, 2)]).loki == expected


@pytest.mark.parametrize(("stack", "expected"), [(True, 2), (False, 1)])
def test_charges_do_not_stack_by_default(stack, expected):
    game = ValhallaCalling(micro(["SMM.E"], health=9, attack=6, enemies={"E": (1, 1)},
                      items={"M": ("mjolnir", 0)}), Rules(charges_stack=stack))  # fmt: skip
    assert walk(game, [(0, 1), (0, 2)]).mjolnir == expected


def test_potion_restores_the_starting_attack():
    game = ValhallaCalling(micro(["S..P.E"], health=9, attack=6, enemies={"E": (1, 1)},
                      items={"P": ("potion_of_vitality", 0)}))  # fmt: skip
    assert walk(game, [(0, 1), (0, 2), (0, 3)]).attack == 6
    after = ValhallaCalling(game.level, Rules(attack_loss="after_content"))
    assert walk(after, [(0, 1), (0, 2), (0, 3)]).attack == 5


def test_loki_counted_in_steps_switches_a_fight_on_its_last_step():
    # Attack 5 meets an enemy 4/1 two steps after Loki (turns 2): the enemy strikes first.
    level = micro(["SL.E"], health=3, attack=8, enemies={"E": (4, 1)},
                  items={"L": ("lokis_trickery", 2)})  # fmt: skip
    assert walk(ValhallaCalling(level), [(0, 1), (0, 2), (0, 3)]) == Outcome(False, 0, 0, False)
    by_fights = ValhallaCalling(level, Rules(loki_counts="fights"))
    assert walk(by_fights, [(0, 1), (0, 2), (0, 3)]) == Outcome(False, 0, 0, False)
    short = micro(["SL..E"], health=3, attack=8, enemies={"E": (4, 1)},
                  items={"L": ("lokis_trickery", 2)})  # fmt: skip
    assert walk(ValhallaCalling(short), [(0, 1), (0, 2), (0, 3), (0, 4)]) == Outcome(
        False, 1, None, False
    )


def test_killing_the_last_enemy_alive_loses_at_once():
    game = ValhallaCalling(micro(["SAB"], health=9, attack=5, enemies={"A": (1, 1), "B": (1, 1)}))
    assert walk(game, [(0, 1), (0, 2)]) == Outcome(won=False, kills=2, killer=None, strong=False)


def test_falling_after_half_the_enemies_wins():
    game = ValhallaCalling(micro(["SAB"], health=2, attack=5, enemies={"A": (1, 1), "B": (9, 9)}))
    assert walk(game, [(0, 1), (0, 2)]) == Outcome(won=True, kills=1, killer=1, strong=True)


def test_final_strike_is_a_choice_unless_always():
    game = ValhallaCalling(
        micro(["S.E"], health=5, attack=3, ability="to_valhalla", enemies={"E": (5, 1)})
    )
    s = walk(game, [(0, 1)])
    assert set(game.step_results(s, (0, 2))) == {Outcome(False, 0, 0, True),
                                                  Outcome(True, 1, 0, True)}  # fmt: skip
    always = ValhallaCalling(game.level, Rules(final_strike="always"))
    assert always.step_results(s, (0, 2)) == (Outcome(True, 1, 0, True),)


def test_biorns_curse_strikes_with_the_enemys_health():
    level = micro(["S.E"], health=4, attack=1, ability="biorns_curse", enemies={"E": (3, 50)})
    assert walk(ValhallaCalling(level), [(0, 1), (0, 2)]) == Outcome(False, 1, None, False)


def test_replay_checks_the_line_rule():
    game = ValhallaCalling(
        micro(["S.E"], health=5, attack=3, ability="to_valhalla", enemies={"E": (5, 1)})
    )
    with pytest.raises(IllegalMoveError, match="line 1, step 2: follows itself"):
        game.replay([[(0, 0), (0, 1), (0, 0)]])
    assert isinstance(game.replay([[(0, 0), (0, 1)], [(0, 1), (0, 0)]]), tuple)
    no_reversal = ValhallaCalling(game.level, Rules(line_rule="no_reversal"))
    with pytest.raises(IllegalMoveError, match="follows itself"):
        no_reversal.replay([[(0, 0), (0, 1), (0, 0)]])
    with pytest.raises(IllegalMoveError, match="must start on the hero's cell"):
        game.replay([[(0, 1)]])
    with pytest.raises(IllegalMoveError, match="cannot step"):
        game.replay([[(0, 0), (0, 2)]])
