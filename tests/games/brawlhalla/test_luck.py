"""Sources of luck: replays that change one source of chance at a time."""

from __future__ import annotations

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.luck import outcome, sources
from workbench.games.brawlhalla.rules import Rules


def test_without_cards_the_card_order_never_changes_a_result():
    game = Brawlhalla(rules=Rules(turn_limit=24))
    table = sources(game, ["rush", "random"], games=6, seed=3).set_index("changed")
    assert table.loc["cards", "changed_results"] == 0
    assert table.loc["cards", "high"] < 1


def test_a_game_is_fixed_by_its_seeds():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=20))
    seeds = {"deck_seed": 5, "dice_seed": 6, "agent_seeds": (7, 8)}
    assert outcome(game, ["random", "random"], **seeds) == outcome(
        game, ["random", "random"], **seeds
    )


def test_each_share_has_an_interval_inside_zero_one_around_it():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=20))
    table = sources(game, ["random", "greedy"], games=4, seed=2)
    assert list(table["games"]) == [4, 4, 4]
    assert ((table["low"] >= 0) & (table["low"] <= table["share"])).all()
    assert ((table["share"] <= table["high"]) & (table["high"] <= 1)).all()
    assert table.equals(sources(game, ["random", "greedy"], games=4, seed=2))
