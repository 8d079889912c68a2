"""Sources of luck: replays that change one source of chance at a time."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from workbench.errors import DataError, RulesError
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.luck import (
    figure_moves,
    load_luck_study,
    luck_figures,
    outcome,
    sources,
)
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


def test_serial_and_parallel_runs_give_the_same_table():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=12))
    serial = sources(game, ["random", "greedy"], games=9, seed=4)
    with ProcessPoolExecutor(2) as pool:
        parallel = sources(game, ["random", "greedy"], games=9, seed=4, executor=pool)
    pd.testing.assert_frame_equal(serial, parallel)


def test_the_figures_hold_the_parts_asked_for():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=2))
    figures = luck_figures(
        game,
        ["random", "random"],
        parts=["cards", "sources"],
        games=2,
        card_games=2,
        progress=True,
    )
    assert list(figures) == ["sources", "cards"]  # in the order of PARTS
    assert len(figures["cards"]) == len(game.cards.cards)
    assert figures["sources"].equals(sources(game, ["random", "random"], games=2, seed=0))
    with pytest.raises(RulesError, match="unknown part"):
        luck_figures(game, parts=["dice"])


def test_moves_are_after_minus_before_for_every_figure_both_studies_hold():
    game = Brawlhalla(rules=Rules(cards=True, turn_limit=2))
    run = {"parts": ["sources", "skill"], "games": 2, "budgets": (2, 3), "skill_rounds": 1}
    before = luck_figures(game, ["random", "random"], **run)
    after = luck_figures(game, ["random", "random"], seed=1, skill_cards=[True], **run)
    moves = figure_moves(before, after).set_index("figure")
    assert len(moves) == 3 + 3  # three sources; the skill steps with cards only
    assert "score of 3 simulations v 2 (cards)" in moves.index
    assert (moves["moved"] == (moves["after"] - moves["before"]).round(4)).all()
    assert (figure_moves(before, before)["moved"] == 0).all()


def test_the_saved_study_reads_back_and_a_missing_table_is_named(tmp_path):
    study = load_luck_study()
    assert set(study["card_strength"]["verdict"]) <= {"", "strong", "weak"}
    assert set(study["sources"]["changed"]) == {"cards", "dice", "seats"}
    (tmp_path / "sources.csv").write_text("deck,changed\n")
    with pytest.raises(DataError, match=r"sources\.csv: header: missing column"):
        load_luck_study(tmp_path)
