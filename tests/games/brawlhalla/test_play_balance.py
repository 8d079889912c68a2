"""Balance in play: the summary's shape and figures against the table counted by hand,
the same table whatever the executor, the mirror, and the verdict in play."""

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from workbench.errors import RulesError
from workbench.games.brawlhalla.board import default_board
from workbench.games.brawlhalla.engine import VICTORIES, Brawlhalla
from workbench.games.brawlhalla.play_balance import (
    SECONDS_PER_ACTION,
    first_player_advantage,
    game_length,
    mirror_board,
    simulate,
    simulation_summary,
    verdict_in_play,
    victory_mix,
)

GAME = Brawlhalla(rules=Brawlhalla().rules.replace(turn_limit=30))


def _same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a.drop(columns="seconds"), b.drop(columns="seconds"))


@pytest.fixture(scope="module")
def serial():
    return simulate(GAME, ["flag", "random"], games=6, seed=3, executor=None, progress=False)


def test_seats_swapped_and_minutes_from_actions(serial):
    assert len(serial) == 6
    assert serial.groupby("seat0").size().to_dict() == {"flag": 3, "random": 3}
    assert (serial["minutes"] == serial["actions"] * SECONDS_PER_ACTION / 60).all()


def test_process_pool_equals_serial(serial):
    with ProcessPoolExecutor(2) as pool:
        _same(
            simulate(GAME, ["flag", "random"], games=6, seed=3, executor=pool, progress=False),
            serial,
        )


@pytest.mark.slow
def test_dask_equals_serial(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        table = simulate(
            GAME,
            ["flag", "random"],
            games=6,
            seed=3,
            executor=client.get_executor(),
            progress=False,
        )
        _same(table, serial)


def test_summary_counts_the_table(serial):
    summary = simulation_summary(serial)
    assert set(summary) == {"games", "north", "south", "draws", "victory", "mean_turns"}
    assert list(summary["victory"]) == list(VICTORIES)
    assert sum(summary["victory"].values()) == summary["games"] == 6
    for seat, side in enumerate(("north", "south")):
        wins = sum(1 for _, row in serial.iterrows() if row[f"return{seat}"] == 1.0)
        assert summary[side]["win_share"] == pytest.approx(wins / 6, abs=1e-4)
        low, high = summary[side]["win_share_ci"]
        assert 0 <= low <= summary[side]["win_share"] <= high <= 1
    assert summary["draws"] == int((serial["return0"] == 0).sum())


def test_first_player_and_victory_mix(serial):
    first = first_player_advantage(serial)
    decided = [row for _, row in serial.iterrows() if row["winning_side"] in ("north", "south")]
    firsts = sum(row["winning_side"] == row["first"] for row in decided)
    assert first["decided"] == len(decided)
    if decided:
        assert first["win_share"] == pytest.approx(firsts / len(decided), abs=1e-4)
        low, high = first["win_share_ci"]
        assert 0 <= low <= first["win_share"] <= high <= 1
    mix = victory_mix(serial)
    assert set(zip(mix["north agent"], mix["south agent"], strict=True)) == {
        ("flag", "random"),
        ("random", "flag"),
    }
    assert mix[list(VICTORIES)].sum(axis=1).tolist() == mix["games"].tolist()
    lengths = game_length(serial)
    assert set(lengths["measure"]) == {"turns", "actions", "minutes"}


def test_mirror_swaps_north_and_south():
    board = default_board()
    mirror = mirror_board(board)
    assert mirror.capital("north") == (
        board.rows - 1 - board.capital("south")[0],
        board.capital("south")[1],
    )
    assert mirror.terrain[0] == board.terrain[-1]
    assert mirror.region_at((0, 5)) == "north" and board.region_at((board.rows - 1, 5)) == "south"
    assert mirror.sanctuary("west") == (board.rows - 1 - board.sanctuary("west")[0], 0)


def test_verdict_in_play():
    table = pd.DataFrame({"winning_side": ["north"] * 30 + ["south"] * 5 + ["draw"] * 5})
    assert "does not hold" in verdict_in_play("South is favoured: ...", table)
    assert " holds in play" in verdict_in_play("North is favoured: ...", table)
    even = pd.DataFrame({"winning_side": ["north", "south"] * 5})
    assert "so in play: Balanced" in verdict_in_play("Balanced: ...", even)
    drawn = pd.DataFrame({"winning_side": ["draw"]})
    assert "No game was decided" in verdict_in_play("Balanced", drawn)


@pytest.mark.parametrize("agents", [[], ["a", "b", "c"], ["bogus"]])
def test_bad_agents(agents):
    with pytest.raises(RulesError):
        simulate(GAME, agents, games=1, executor=None, progress=False)
