"""Viking Raid figures: the maps and heat maps are the drawing's pictures with readable
numbers and nothing cut; the win-share chart draws each share inside its Wilson interval
(checked against an independent count) and refuses intervals that leave [0, 1]."""

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest

from workbench.errors import DataError
from workbench.figures import COLUMN_INCHES, texts_outside
from workbench.games.viking_raid import RaidGame, Rules, default_map
from workbench.games.viking_raid.balance import balance_table, heat, load_study, simulate
from workbench.games.viking_raid.plots import (
    FAIR_SHARE,
    heat_figure,
    maps_figure,
    win_share_figure,
)
from workbench.play.stats import wilson_interval


@pytest.fixture(scope="module")
def results():
    game = RaidGame(default_map(), Rules.version("0.21"))
    return simulate(game, "greedy", games=30, seed=4, executor=None, progress=False)


def _pixels(text, figure) -> float:
    return text.get_fontsize() * figure.dpi / 72


def test_heat_figure_prints_every_amount_in_readable_numbers(results):
    board = default_map()
    figure = heat_figure(board, results)
    assert figure.dpi >= 100 and figure.get_figwidth() <= COLUMN_INCHES
    assert texts_outside(figure) == []
    pillaged = heat(results, "pillages", 0)
    shown = {t.get_text() for t in figure.axes[0].texts}
    assert shown == {f"{v:.1f}" for v in pillaged.values() if v >= 0.05}
    assert min(_pixels(t, figure) for ax in figure.axes for t in ax.texts) >= 10


def test_maps_figure_keys_gold_and_roles():
    figure = maps_figure([default_map(), default_map("balanced")])
    assert texts_outside(figure) == []
    (legend,) = figure.legends
    texts = [t.get_text() for t in legend.get_texts()]
    assert "A the Archer" in texts and any("gold" in t for t in texts)
    assert min(_pixels(t, figure) for ax in figure.axes for t in ax.texts) >= 10


def test_win_share_bars_match_a_count_of_the_games(results):
    table = balance_table(results).assign(version="0.21")
    figure = win_share_figure(table, panel=None, groups=["version"])
    (ax,) = figure.axes
    heights = [bar.get_height() for bar in ax.patches]
    wins = [results[f"win_{role}"].sum() for role in ("archer", "huscarl", "berserker")]
    assert heights == pytest.approx([w / len(results) for w in wins])
    # the error bars are the Wilson intervals of the same counts, inside [0, 1]
    caps = sorted(y for line in ax.lines[:-1] for y in line.get_ydata())
    want = sorted(v for w in wins for v in wilson_interval(w, len(results)))
    assert caps == pytest.approx(want, abs=1e-9)
    assert min(caps) >= 0 and max(caps) <= 1
    assert ax.lines[-1].get_ydata()[0] == pytest.approx(FAIR_SHARE)
    assert texts_outside(figure) == []


def test_win_share_figure_of_the_study_has_a_panel_per_agent():
    study = load_study()
    figure = win_share_figure(study)
    assert [ax.get_title(loc="left") for ax in figure.axes] == [
        f"agent: {a}" for a in dict.fromkeys(study["agent"])
    ]
    assert texts_outside(figure) == []


def test_win_share_figure_refuses_an_interval_outside_zero_one():
    table = pd.DataFrame({"role": ["archer", "huscarl", "berserker"], "version": "x",
                          "win share": [0.98, 0.01, 0.01], "win share lo": [0.94, 0, 0],
                          "win share hi": [1.01, 0.05, 0.05]})  # fmt: skip
    with pytest.raises(DataError, match=r"archer: win share 0.98 with interval \[0.94, 1.01\]"):
        win_share_figure(table, panel=None, groups=["version"])
