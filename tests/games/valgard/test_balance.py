"""The balance study plumbing: trial logs per variant, the comparison table, round trips."""

import pandas as pd
import pytest

from workbench.errors import DataError
from workbench.games.valgard import Rules
from workbench.games.valgard.balance import (
    load_skill_trace,
    load_trials,
    save_trials,
    variant_table,
    variant_trials,
)
from workbench.play.metrics import balance_report

SHORT = Rules(rows=4, cols=4, reserve=4, muster=2, max_plies=30)


@pytest.fixture(scope="module")
def trials():
    return variant_trials(
        ["default", "hardcore"], simulations=5, rounds=2, rules=SHORT, executor=None, progress=False
    )


def test_trials_have_a_variant_column_and_permuted_seats(trials):
    assert list(trials["variant"]) == ["default"] * 4 + ["hardcore"] * 4
    assert (trials.groupby("variant")["seat0"].value_counts() == 2).all()
    assert "seconds" not in trials and "branching" in trials


def test_the_same_seed_gives_the_same_trials(trials):
    again = variant_trials(
        ["default", "hardcore"], simulations=5, rounds=2, rules=SHORT, executor=None, progress=False
    )
    pd.testing.assert_frame_equal(trials, again)


def test_comparison_table_is_each_variants_own_report(trials):
    table = variant_table(trials, digits=3)
    assert list(table.columns) == ["default", "hardcore"]
    own = balance_report(trials[trials["variant"] == "hardcore"].reset_index(drop=True))
    row = own.set_index("metric").loc["time-outs"]
    assert table.loc["time-outs", "hardcore"].startswith(f"{round(row['estimate'], 3):g} [")


def test_trials_round_trip_and_bad_files(tmp_path, trials):
    path = save_trials(trials, tmp_path / "trials.csv")
    pd.testing.assert_frame_equal(load_trials(path), trials, check_dtype=False)
    (tmp_path / "bad.csv").write_text("variant,plies\ndefault,3\n")
    with pytest.raises(DataError, match=r"bad\.csv: header: missing column\(s\) seat0"):
        load_trials(tmp_path / "bad.csv")


def test_the_committed_study_loads():
    trials = load_trials()
    assert set(trials["variant"]) == {"default", "hardcore", "charge captures", "no charge"}
    trace = load_skill_trace()
    assert (trace["strong"] == 2 * trace["weak"]).all()
