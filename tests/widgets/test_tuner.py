import json
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from workbench.games.tuning import probe_table, tune_game
from workbench.play.tune import Space, Target, tune
from workbench.play.tune_targets import parse_target
from workbench.widgets.tuner import Tuner


def _set_up(tuner):
    tuner.knobs["handicap"].value = True
    tuner.ranges["handicap"].value = "-2..2"
    tuner.knobs["rounds"].value = True
    tuner.ranges["rounds"].value = "1"
    tuner.targets.value = "win rate seat 0=0.34\n"


def test_the_widget_gives_what_the_library_gives(tmp_path):
    tuner = Tuner(game="toy", games=400, seed=3)
    _set_up(tuner)
    rounds_seen = []
    tuner.table.observe(lambda change: rounds_seen.append(change["new"]), names="value")
    tuner.run_button.click()
    toy = tune_game("toy")
    direct = tune(
        Space.from_rules(toy.rules, {"handicap": (-2, 2), "rounds": [1]}),
        toy.arena,
        [Target("win rate seat 0", value=0.34)],
        games=400,
        seed=3,
        executor=None,
        progress=False,
    )
    assert tuner.result.rules == direct.rules
    assert json.loads(tuner.best.value) == direct.rules.to_dict()
    assert tuner.progress.value == tuner.progress.max == 400
    assert len(rounds_seen) >= 2  # the table filled in during the race, then the final table
    assert tuner.status.value.startswith("done:")
    tuner.path.value = str(tmp_path / "best.json")
    tuner.save_button.click()
    assert json.loads((tmp_path / "best.json").read_text()) == direct.rules.to_dict()


def test_bad_settings_show_in_the_status_line():
    tuner = Tuner(game="toy")
    tuner.knobs["sides"].value = True
    tuner.ranges["sides"].value = "1..20"
    tuner.run()
    assert "outside its metadata" in tuner.status.value and tuner.result is None
    tuner.ranges["sides"].value = "4..6"
    tuner.targets.value = "length=3"
    tuner.run()
    assert "unknown metric" in tuner.status.value
    assert tuner.save() is None and tuner.status.value == "run first"


def test_changing_the_game_lists_its_knobs():
    tuner = Tuner(game="toy")
    tuner.game.value = "daggers"
    assert "starting_tokens" in tuner.knobs and "handicap" not in tuner.knobs
    assert len(tuner.knob_box.children) == len(tune_game("daggers").rules.to_dict())


def test_the_target_row_builds_target_lines_with_sliders_that_fit_the_metric():
    tuner = Tuner(game="daggers")
    metrics = dict(tuner.metric.options)
    assert metrics["Rounds"] == "rounds" and metrics["Top agent win rate"] == "top agent win rate"
    tuner.metric.value = "win rate seat 0"
    assert (tuner.value.min, tuner.value.max) == (0.0, 1.0)
    tuner.metric.value = "rounds"
    rounds = probe_table("daggers")["rounds"].mean()
    assert tuner.value.max >= 2 * rounds and tuner.value.value == pytest.approx(rounds, abs=0.5)
    tuner.targets.value = "balance=1"
    tuner.value.value, tuner.tolerance.value = 12, 4
    tuner.add_button.click()
    assert tuner.targets.value == "balance=1\nrounds=12+-4"
    assert [t.metric for t in map(parse_target, tuner.targets.value.splitlines())] == [
        "balance",
        "rounds",
    ]


def test_a_time_limit_reaches_the_tuner_and_saving_never_half_writes(tmp_path):
    tuner = Tuner(game="toy", games=2000)
    _set_up(tuner)
    tuner.seconds.value = 0.001
    tuner.run()
    assert "time limit ended the race" in tuner.status.value
    tuner.path.value = str(tmp_path / "missing" / "best.json")
    assert tuner.save() is None and "error:" in tuner.status.value
    tuner.path.value = str(tmp_path)
    assert tuner.save() is None and "folder" in tuner.status.value


def test_a_process_pool_plays_the_same_race():
    serial = Tuner(game="toy", games=300, seed=5)
    _set_up(serial)
    serial.run()
    with ProcessPoolExecutor(2) as pool:
        pooled = Tuner(game="toy", games=300, seed=5, executor=pool)
        _set_up(pooled)
        pooled.run()
    assert pooled.result.rules == serial.result.rules
    pd.testing.assert_frame_equal(pooled.result.history, serial.result.history)
