"""The figures: board figures are the pictures drawn by plot_shapes (no images), the
charts show what their tables hold."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.figure import Figure

from workbench.dice import clash_summary
from workbench.games.brawlhalla import clash_tables, fight_table
from workbench.games.brawlhalla.balance import fairness
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.deck import draw_odds, load_cards
from workbench.games.brawlhalla.drawing import board_picture, heat_colour, heat_limit
from workbench.games.brawlhalla.movement import reach
from workbench.games.brawlhalla.plots import (
    board_figure,
    draw_odds_figure,
    fairness_figure,
    fight_curves,
    odds_heatmap,
    reach_figure,
)


@pytest.fixture(scope="module")
def board():
    return default_board()


def polygons(ax):
    return [p for p in ax.patches if p.__class__.__name__ == "Polygon"]


def test_board_figure_draws_the_picture(board):
    fig = board_figure(board)
    assert isinstance(fig, Figure)
    (ax,) = fig.axes
    picture = board_picture(board)
    assert not ax.images
    assert len(polygons(ax)) == len(picture.shapes)
    assert len(ax.lines) == len(picture.marks)  # the region outlines
    labels = sorted(t.get_text() for t in ax.texts)
    assert labels == sorted(s["label"] for s in picture.shapes if s["label"])
    assert ax.get_legend() is not None and ax.get_title() == "Default board"


def test_reach_figure_one_panel_per_unit_kind(board):
    cells = {kind: reach(board, kind, side="north", within=2) for kind in ("terrestrial", "flying")}
    fig = reach_figure(board, cells, title="within 2")
    assert [ax.get_title() for ax in fig.axes] == [
        f"terrestrial ({len(cells['terrestrial'])})",
        f"flying ({len(cells['flying'])})",
    ]
    assert all(not ax.images and len(polygons(ax)) == 216 for ax in fig.axes)


def test_fairness_figure_panels_and_colour_bar(board):
    report = fairness(board)
    fig = fairness_figure(report)
    *panels, bar = fig.axes
    assert [ax.get_title() for ax in panels] == list(report.heat)
    assert all(not ax.images and len(polygons(ax)) == 216 for ax in panels)
    limit = heat_limit(report.heat.values())
    assert bar.get_ylim() == pytest.approx((-limit, limit))
    scale = bar._colorbar.cmap  # the pictures' own heat colours, at 256 steps
    for value in (-limit, -limit / 3, 0.0, limit / 2, limit):
        shown = scale((value + limit) / (2 * limit))[:3]
        want = matplotlib.colors.to_rgb(heat_colour(value, limit))
        assert shown == pytest.approx(want, abs=3 / 255)
    assert fig._suptitle.get_text() == report.verdict.split(":")[0]


def test_odds_heatmap_labels_every_cell():
    summary = clash_summary(clash_tables())
    fig = odds_heatmap(summary, "p_sweep", title="P(sweep)")
    ax = fig.axes[0]
    assert ax.get_title() == "P(sweep)" and ax.get_ylabel() == "attacker dice"
    assert len(ax.texts) == 49
    one_one = float(summary.query("attacker_dice == 1 and defender_dice == 1")["p_sweep"].iloc[0])
    assert f"{one_one:.0%}" in {t.get_text() for t in ax.texts}


def test_fight_curves_one_line_per_defender_size():
    tables = {"a": fight_table(4, 3), "b": fight_table(4, 3, defender_bonus=1)}
    fig = fight_curves(tables, defenders=[1, 3], title="curves")
    assert [ax.get_title() for ax in fig.axes] == ["a", "b"]
    assert all(len(ax.lines) == 2 for ax in fig.axes)
    line = fig.axes[0].lines[0]
    want = fight_table(4, 3).query("defender_units == 1")["p_attacker_wins"].astype(float)
    assert list(line.get_ydata()) == pytest.approx(list(want))


def test_draw_odds_figure_one_line_per_target():
    table = draw_odds(load_cards(), ["Lucky finding", "ruin"], turns=[0, 2, 4])
    ax = draw_odds_figure(table).axes[0]
    assert [line.get_label() for line in ax.lines] == ["Lucky finding", "ruin"]
    assert list(ax.lines[0].get_ydata()) == pytest.approx([float(v) for v in table.iloc[0]])


# -- figures of play ---------------------------------------------------------------------
def _play_table():
    from workbench.games.brawlhalla.engine import Brawlhalla
    from workbench.games.brawlhalla.play_balance import simulate
    from workbench.games.brawlhalla.rules import Rules

    game = Brawlhalla(rules=Rules(turn_limit=30))
    return simulate(game, ["rush", "random"], games=6, seed=2, executor=None, progress=False)


def test_win_shares_figure_draws_each_share_with_its_interval():
    from workbench.games.brawlhalla.play_balance import simulation_summary
    from workbench.games.brawlhalla.plots import win_shares_figure

    summary = simulation_summary(_play_table())
    fig = win_shares_figure({"rush v random": summary})
    ax = fig.axes[0]
    widths = sorted(round(bar.get_width(), 4) for bar in ax.patches)
    assert widths == sorted([summary["north"]["win_share"], summary["south"]["win_share"]])
    assert ax.get_xlim() == (0.0, 1.0)


def test_victory_mix_figure_stacks_to_each_pairings_share():
    from workbench.games.brawlhalla.play_balance import victory_mix
    from workbench.games.brawlhalla.plots import victory_mix_figure

    mix = victory_mix(_play_table())
    fig = victory_mix_figure(mix)
    ends = [bar.get_x() + bar.get_width() for bar in fig.axes[0].patches]
    assert max(ends) == pytest.approx(1.0)
    assert len(fig.axes[0].patches) == 4 * len(mix)


def test_game_length_figure_counts_every_game():
    from workbench.games.brawlhalla.plots import game_length_figure

    table = _play_table()
    fig = game_length_figure(table)
    heights = sum(bar.get_height() for bar in fig.axes[0].patches if bar.get_width() == 2.5)
    assert heights == len(table)


def test_positions_figure_one_panel_per_position():
    from workbench.games.brawlhalla.engine import Brawlhalla
    from workbench.games.brawlhalla.plots import positions_figure

    state = Brawlhalla().position(stacks={(2, 4): (0, 3, 0, 0, 0)})
    fig = positions_figure([state, state, state], columns=2)
    shown = [ax for ax in fig.axes if ax.get_title()]
    assert len(shown) == 3 and shown[0].get_title() == "turn 1: north to act"


def test_card_strength_figure_puts_the_artifacts_in_their_own_panel():
    import pandas as pd

    from workbench.games.brawlhalla.plots import card_strength_figure

    table = pd.DataFrame(
        {
            "card": ["Raid", "Tyrfing", "Pillage", "Mjolnir", "Odin's eye"],
            "family": ["basic", "artifact", "basic", "artifact", "basic"],
            "effect": [0.3, 0.05, -0.2, 0.0, 0.01],
            "effect_low": [0.2, -0.1, -0.3, 0.0, -0.05],
            "effect_high": [0.4, 0.2, -0.15, 0.0, 0.08],
            "verdict": ["strong", "", "weak", "", ""],
        }
    )
    fig = card_strength_figure(table)
    drawn, artifacts = fig.axes
    assert [t.get_text() for t in drawn.get_yticklabels()] == ["Raid", "Odin's eye", "Pillage"]
    assert [t.get_text() for t in artifacts.get_yticklabels()] == ["Tyrfing", "Mjolnir"]
    widths = [bar.get_width() for bar in drawn.patches]
    assert widths == [0.3, 0.01, -0.2]  # strongest on top, bars as long as the effect
    colours = [bar.get_facecolor()[:3] for bar in drawn.patches]
    assert colours[0] != colours[1] != colours[2]  # strong, unflagged and weak apart


def test_skill_figure_draws_the_ladder_and_the_fixed_opponent_per_condition():
    import pandas as pd

    from workbench.games.brawlhalla.plots import skill_figure

    rows = [
        (cards, strong, weak, 0.5 + 0.1 * i)
        for cards in (True, False)
        for i, (strong, weak) in enumerate([(100, 10), (10, "greedy"), (100, "greedy")])
    ]
    table = pd.DataFrame(rows, columns=["cards", "strong", "weak", "score"])
    table = table.assign(
        **{"score low": table["score"] - 0.1, "score high": table["score"] + 0.1, "fair": 0.5}
    )
    fig = skill_figure(table)
    titles = [ax.get_title() for ax in fig.axes]
    assert titles == [
        "cards: each budget v the one before",
        "cards: each budget v greedy",
        "no cards: each budget v the one before",
        "no cards: each budget v greedy",
    ]
    ticks = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert ticks == ["10 vs greedy", "100 vs greedy"]


# -- the house style: nothing cut, readable, the board's key -------------------------------
def _every_figure(board):
    import pandas as pd

    from workbench.games.brawlhalla.engine import Brawlhalla
    from workbench.games.brawlhalla.play_balance import simulation_summary, victory_mix
    from workbench.games.brawlhalla.plots import (
        card_strength_figure,
        game_length_figure,
        positions_figure,
        skill_figure,
        victory_mix_figure,
        win_shares_figure,
    )

    play = _play_table()
    cards = pd.DataFrame({"card": ["Raid", "Tyrfing"], "family": ["basic", "artifact"],
                          "effect": [0.3, 0.05], "effect_low": [0.2, -0.1],
                          "effect_high": [0.4, 0.2], "verdict": ["strong", ""]})  # fmt: skip
    skill = pd.DataFrame({"cards": [True, True], "strong": [100, 10], "weak": [10, "greedy"],
                          "score": [0.6, 0.7], "score low": [0.5, 0.6],
                          "score high": [0.7, 0.8], "fair": [0.5, 0.5]})  # fmt: skip
    fights = {"above the cap: lost on casualties (rule text)": fight_table(12, 10),
              "above the cap: kept": fight_table(12, 10)}  # fmt: skip
    state = Brawlhalla().position(stacks={(2, 4): (0, 3, 0, 0, 0)})
    kinds = ("terrestrial", "seaborne", "aquatic", "flying")
    return {
        "board": lambda: board_figure(board),
        "reach": lambda: reach_figure(
            board, {k: reach(board, k, side="north", within=2) for k in kinds}, title="reach"
        ),
        "fairness": lambda: fairness_figure(fairness(board)),
        "heatmap": lambda: odds_heatmap(clash_summary(clash_tables()), "p_sweep", title="P"),
        "fight curves": lambda: fight_curves(
            fights, defenders=[1, 2, 3, 5, 7, 10], title="P(attacker takes the tile)"
        ),
        "draw odds": lambda: draw_odds_figure(
            draw_odds(load_cards(), ["Lucky finding", "Thor's blessing"], turns=[0, 5])
        ),
        "win shares": lambda: win_shares_figure(
            {"rush (N) v random (S)": simulation_summary(play)}
        ),
        "victory mix": lambda: victory_mix_figure(victory_mix(play)),
        "game length": lambda: game_length_figure(play),
        "positions": lambda: positions_figure([state] * 4, columns=4),
        "card strength": lambda: card_strength_figure(cards),
        "skill": lambda: skill_figure(skill),
    }


@pytest.fixture(scope="module")
def every_figure(board):
    return {name: make() for name, make in _every_figure(board).items()}


FIGURE_NAMES = ["board", "reach", "fairness", "heatmap", "fight curves", "draw odds",
                "win shares", "victory mix", "game length", "positions", "card strength",
                "skill"]  # fmt: skip


def _legend_texts(fig) -> list[str]:
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]
    return [text.get_text() for legend in legends for text in legend.get_texts()]


@pytest.mark.parametrize("name", FIGURE_NAMES)
def test_every_figure_fits_a_column_sharp_with_nothing_cut(every_figure, name):
    from workbench.figures import COLUMN_INCHES, texts_outside

    fig = every_figure[name]
    assert fig.dpi >= 100 and fig.get_figwidth() <= COLUMN_INCHES
    assert texts_outside(fig) == []


@pytest.mark.parametrize("name", FIGURE_NAMES)
def test_every_figure_has_readable_ticks_titles_and_keys(every_figure, name):
    fig = every_figure[name]
    texts = [t for ax in fig.axes for t in (*ax.get_xticklabels(), *ax.get_yticklabels())]
    texts += [ax.title for ax in fig.axes if ax.get_title()]
    texts += [t for lg in fig.legends for t in lg.get_texts()]
    sizes = [t.get_fontsize() for t in texts if t.get_text()]
    assert min(sizes, default=9) >= 8


@pytest.mark.parametrize("name", ["board", "reach", "positions"])
def test_board_figures_have_the_terrain_key(every_figure, name):
    shown = _legend_texts(every_figure[name])
    assert {"earth", "water", "shore", "mountain"} <= set(shown)
    assert "★ capitals" in shown
