"""A rules tuner in the notebook: pick a game, tick knobs, set targets, Run, watch the race.

The knobs of the chosen game's rules are listed with a tick box and a range field
(empty: every value the knob's metadata allows; ``LO..HI`` or ``A,B,C`` narrows it);
each target line is ``METRIC=VALUE[+-TOL]``, ``METRIC=LO..HI``, ``METRIC<=X`` or
``METRIC>=X``, typed or built with the target row (a metric of the game, sliders for
its value and tolerance, Add); a slider sets the budget of games and a field an
optional time limit in seconds (0: none). Run plays the race: the table fills
in after every round with each candidate's score and its 95% interval, the progress
bar counts games, and the final table shows the candidates best first. Save writes
the chosen rules as JSON. ``Tuner(executor=pool)`` plays the games on a process pool or
a dask cluster (``client.get_executor()``), the same race as in the kernel. All logic
lives in :func:`workbench.play.tune.tune`; the widget reads it (tested headless; the
browser test clicks Run).

Stable CSS hooks: ``wb-tune-game``, ``wb-tune-knob-<name>`` (tick boxes),
``wb-tune-range-<name>``, ``wb-tune-targets``, ``wb-tune-metric``, ``wb-tune-value``,
``wb-tune-tolerance``, ``wb-tune-add``, ``wb-tune-games``, ``wb-tune-seconds``, ``wb-tune-run``,
``wb-tune-progress``, ``wb-tune-table``, ``wb-tune-status``, ``wb-tune-best`` (the
chosen rules as JSON), ``wb-tune-save``.

>>> tuner = Tuner(game="toy", games=300)
>>> tuner.knobs["handicap"].value = True
>>> tuner.ranges["handicap"].value = "-1..1"
>>> tuner.targets.value = ""
>>> tuner.metric.value = "win rate seat 0"
>>> tuner.value.value, tuner.tolerance.value = 0.34, 0.0
>>> tuner.add_button.click()
>>> tuner.targets.value
'win rate seat 0=0.34+-0'
>>> tuner.run()
>>> tuner.result.rules.handicap, "<table" in tuner.table.value
(1, True)
"""

from __future__ import annotations

import json
from concurrent.futures import Executor
from pathlib import Path

import ipywidgets as widgets
import pandas as pd

from workbench.errors import WorkbenchError
from workbench.games.tuning import TUNE_GAMES, probe_table, tune_game
from workbench.jsonio import atomic_write_text
from workbench.play.tune import Space, TuneResult, tune
from workbench.play.tune_space import parse_knob
from workbench.play.tune_targets import known_metrics, metric, parse_target
from workbench.rules import knob_label
from workbench.widgets.look import name_of, style_sheet

__all__ = ["Tuner"]


def _html(frame: pd.DataFrame) -> str:
    return frame.to_html(index=False, float_format=lambda x: f"{x:.4g}", border=0)


class Tuner(widgets.VBox):
    """Game, knobs, targets and budget above a Run button, a progress bar and the race."""

    def __init__(
        self,
        *,
        game: str = "toy",
        games: int = 1000,
        seed: int = 0,
        executor: Executor | None = None,
    ):
        """``executor`` plays the games (a process pool, ``dask``'s
        ``client.get_executor()``); the default plays them in the kernel. Either way
        the same seed gives the same race."""
        self.executor = executor
        self.game = widgets.Dropdown(options=list(TUNE_GAMES), value=game, description="game")
        self.game.add_class("wb-tune-game")
        self.targets = widgets.Textarea(
            value="balance=1", description="targets", placeholder="METRIC=VALUE+-TOL, one a line"
        )
        self.targets.add_class("wb-tune-targets")
        self.metric = widgets.Dropdown(description="metric")
        self.metric.add_class("wb-tune-metric")
        self.value = widgets.FloatSlider(description="value", readout_format=".3g")
        self.value.add_class("wb-tune-value")
        self.tolerance = widgets.FloatSlider(description="+-", readout_format=".3g")
        self.tolerance.add_class("wb-tune-tolerance")
        self.add_button = widgets.Button(description="Add target")
        self.add_button.add_class("wb-tune-add")
        self.add_button.on_click(lambda _: self.add_target())
        self.metric.observe(lambda _: self._fit_sliders(), names="value")
        self.games = widgets.IntSlider(games, 100, 20_000, step=100, description="games")
        self.games.add_class("wb-tune-games")
        self.seed = widgets.IntText(seed, description="seed")
        self.seconds = widgets.BoundedFloatText(0.0, min=0.0, max=86_400.0, description="seconds")
        self.seconds.add_class("wb-tune-seconds")
        self.run_button = widgets.Button(description="Run", button_style="primary")
        self.run_button.add_class("wb-tune-run")
        self.run_button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(0, 0, games, description="games")
        self.progress.add_class("wb-tune-progress")
        self.status = widgets.Label("")
        self.status.add_class("wb-tune-status")
        self.table = widgets.HTML("")
        self.table.add_class("wb-tune-table")
        self.best = widgets.Textarea("", description="best", disabled=True)
        self.best.add_class("wb-tune-best")
        self.path = widgets.Text("tuned_rules.json", description="save as")
        self.save_button = widgets.Button(description="Save best")
        self.save_button.add_class("wb-tune-save")
        self.save_button.on_click(lambda _: self.save())
        self.knob_box = widgets.VBox()
        self.knobs: dict[str, widgets.Checkbox] = {}
        self.ranges: dict[str, widgets.Text] = {}
        self.result: TuneResult | None = None
        self.game.observe(lambda _: self._list_knobs(), names="value")
        self._list_knobs()
        self.game.observe(lambda _: self._list_metrics(), names="value")
        self._list_metrics()
        super().__init__(
            [
                style_sheet(),
                self.game,
                self.knob_box,
                self.targets,
                widgets.HBox([self.metric, self.value, self.tolerance, self.add_button]),
                widgets.HBox([self.games, self.seconds, self.seed, self.run_button]),
                self.progress,
                self.status,
                self.table,
                widgets.HBox([self.best, self.path, self.save_button]),
            ]
        )

    def _list_knobs(self) -> None:
        rules = tune_game(self.game.value).rules
        self.knobs, self.ranges, rows = {}, {}, []
        for name in rules.to_dict():
            tick = widgets.Checkbox(
                False, description=knob_label(rules, name), indent=False, tooltip=name
            )
            tick.add_class("wb-wrap")
            tick.add_class(f"wb-tune-knob-{name}")
            field = widgets.Text("", placeholder="all values, or LO..HI, or A,B,C")
            field.add_class(f"wb-tune-range-{name}")
            self.knobs[name], self.ranges[name] = tick, field
            rows.append(widgets.HBox([tick, field]))
        self.knob_box.children = rows

    def _list_metrics(self) -> None:
        names = known_metrics(probe_table(self.game.value))
        self.metric.options = [(name_of(n), n) for n in names]
        self._fit_sliders()

    def _fit_sliders(self) -> None:
        """Shares between 0 and 1; other metrics up to three times their value in one
        pass of probe games; the value starts at that pass's."""
        if self.metric.value is None:  # between two games' lists of metrics
            return
        table = probe_table(self.game.value)
        found = metric(self.metric.value, table)
        guess = found.estimate(table)
        bounded = found.share or self.metric.value in ("balance", "role balance")
        top = 1.0 if bounded else max(1.0, float(round(3 * abs(guess))))
        for slider in (self.value, self.tolerance):
            slider.min, slider.max = 0.0, top
            slider.step = 0.01 if top <= 1 else max(top / 100, 0.01)
        self.value.value = min(max(guess, 0.0), top)
        self.tolerance.value = 0.0

    def add_target(self) -> None:
        """Append the target row's target as a line of the targets box."""
        line = f"{self.metric.value}={self.value.value:.4g}+-{self.tolerance.value:.4g}"
        lines = [t for t in self.targets.value.splitlines() if t.strip()]
        self.targets.value = "\n".join([*lines, line])

    def space(self) -> Space:
        """The search space the ticked knobs and their ranges describe."""
        rules = tune_game(self.game.value).rules
        chosen = [n for n, tick in self.knobs.items() if tick.value]
        specs = [
            n + (f"={self.ranges[n].value.strip()}" if self.ranges[n].value.strip() else "")
            for n in chosen
        ]
        return Space.from_rules(rules, dict(parse_knob(rules, spec) for spec in specs))

    def run(self) -> None:
        """Tune with the widget's settings; a bad setting shows in the status line."""
        try:
            space = self.space()
            targets = [
                parse_target(line) for line in self.targets.value.splitlines() if line.strip()
            ]
        except WorkbenchError as exc:
            self.status.value = f"error: {exc}"
            return
        self.progress.max, self.progress.value = self.games.value, 0
        self.status.value = "racing..."
        self.run_button.disabled = True
        try:
            self.result = tune(
                space,
                tune_game(self.game.value).arena,
                targets,
                games=self.games.value,
                seconds=self.seconds.value or None,
                seed=self.seed.value,
                executor=self.executor,
                progress=False,
                on_round=self._show_round,
            )
        except WorkbenchError as exc:
            self.status.value = f"error: {exc}"
            return
        finally:
            self.run_button.disabled = False
        self.progress.value = self.progress.max
        self.table.value = _html(self.result.table)
        self.best.value = json.dumps(self.result.rules.to_dict())
        ended = " (the time limit ended the race)" if self.result.ended == "time" else ""
        self.status.value = f"done: {self.result.games_played} games{ended}; best first"

    def _show_round(self, history: pd.DataFrame) -> None:
        raced = int(history.groupby("candidate")["games"].max().sum())
        self.progress.value = min(self.progress.max, raced)
        latest = history[history["round"] == history["round"].max()]
        self.table.value = _html(latest)
        self.status.value = (
            f"round {int(history['round'].max())}: {int((~latest['dropped']).sum())} alive"
        )

    def save(self) -> Path | None:
        """Write the chosen rules as JSON to the path field; None before a run."""
        if self.result is None:
            self.status.value = "run first"
            return None
        path = Path(self.path.value)
        try:
            atomic_write_text(path, json.dumps(self.result.rules.to_dict(), indent=2) + "\n")
        except WorkbenchError as exc:
            self.status.value = f"error: {exc}"
            return None
        self.status.value = f"saved {path}"
        return path
