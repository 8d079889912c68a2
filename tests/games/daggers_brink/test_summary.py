"""Game figures: which attribute decided a fight, checked case by case; totals by recount."""

import pytest

from workbench.games.daggers_brink.actions import Fight
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules
from workbench.games.daggers_brink.summary import FIGURES, decisive_attributes, game_summary
from workbench.play import RandomAgent, play_game


def _fight(attack_faces, defend_faces, health):
    hits = sum(f >= 4 for f in attack_faces)
    blocks = sum(f >= 4 for f in defend_faces)
    left = max(0, hits - blocks)
    return Fight(
        1, 0, 1, len(attack_faces), len(defend_faces), health, tuple(attack_faces),
        tuple(defend_faces), hits, blocks, left, left >= health, 0, 1, False, 0, 0,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("attack", "defend", "health", "expected"),
    [
        ((6, 5, 4), (1,), 2, (True, False, False)),  # 3 hits; with 1 die only 1 < 2
        ((1, 5, 4), (1, 1), 1, (True, False, False)),  # the first die misses: base attack fails
        ((6, 6), (6, 6), 1, (False, True, False)),  # 2 blocks save; with 1 block, 1 hit wounds
        ((6, 6), (6, 1), 2, (False, False, True)),  # 1 left < health 2; at health 1 a wound
        ((6,), (1,), 1, (False, False, False)),  # base values everywhere: nothing to remove
    ],
)
def test_decisive_attributes_case_by_case(attack, defend, health, expected):
    assert decisive_attributes(_fight(attack, defend, health), Rules()) == expected


def test_summary_figures_recount_the_fight_log():
    game = DaggersBrink(4)
    record = play_game(game, [RandomAgent(game, seed=s) for s in range(4)], seed=5)
    final, figures = record.final, record.summary
    assert list(figures) == list(FIGURES) and figures == game_summary(final)
    fights = final.fights()
    assert figures["fights"] == len(fights)
    assert figures["wounds"] == sum(f.wounded for f in fights) == 4 * 3 - final.tokens[final.winner]
    assert figures["rounds"] == final.round and figures["time_out"] == 0
    assert figures["fights_first"] == sum(f.attacker_rank == 0 for f in fights)
    assert sum(final.firsts) == final.round  # one first player per combat phase
