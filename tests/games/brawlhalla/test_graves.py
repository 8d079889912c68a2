"""The count of the dead: losses only (gains are not negative deaths), nothing counted
with cards off, and every kill of a game accounted for (replayed, the count equals the
units that left the board other than by building, fusing or re-summoning)."""

from __future__ import annotations

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.graves import bury, raise_dead
from workbench.games.brawlhalla.replay import replay
from workbench.games.brawlhalla.rules import Rules


def test_a_dragon_replaced_by_warriors_counts_the_dragon_only():
    state = Brawlhalla(rules=Rules(cards=True)).position().copy()
    bury(state, (1, 0, 0, 1, 0, 0), (1, 2, 0, 0, 0, 0))
    assert state.dead == ((0, 0, 0, 0), (0, 0, 1, 0))
    raise_dead(state, 1, 2)
    assert state.dead == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_nothing_is_counted_without_cards():
    state = Brawlhalla().position().copy()
    bury(state, (0, 3, 0, 0, 0, 0), None)
    assert state.dead == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_mjolnir_kills_everything_on_its_tile():
    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(stacks={(4, 4): (1, 1, 0, 0, 1)}, relics=(("Mjolnir",), ()))
    after = state.apply(("card", "Mjolnir", (4, 4)))
    assert after.dead == ((0, 0, 0, 0), (1, 0, 0, 1))


def test_a_clash_that_wipes_out_the_defender_counts_all_of_it():
    game = Brawlhalla(rules=Rules(cards=True))
    state = game.position(stacks={(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 2, 0, 0, 0)})
    after = state.apply(("attack", (2, 4), (3, 4))).apply((0, 2))
    assert after.dead == ((0, 0, 0, 0), (2, 0, 0, 0)) and (3, 4) not in after.stacks


def test_in_played_games_every_unit_lost_to_the_other_side_or_the_dice_is_dead():
    """Outside its own turn's actions and turn ends (where builders are spent), a side's
    units leave the board only by dying: each loss on the board is one more dead."""
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=40))
    checked = 0
    for seed in range(3):
        played = replay(game, ["rush", "greedy"], deck_seed=seed, dice_seed=seed + 7)
        for before, after in zip(played.states, played.states[1:], strict=False):
            actor = before.current_player()
            for side in (0, 1):
                if actor == side or after.turn != before.turn:
                    continue
                pairs = zip(before.units(side), after.units(side), strict=True)
                lost = [max(0, a - b) for a, b in pairs]
                gained = [b - a for a, b in zip(before.dead[side], after.dead[side], strict=True)]
                assert lost == gained, (before.turn, side)
                checked += any(lost)
    assert checked > 3
