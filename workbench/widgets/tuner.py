"""A rules tuner in the notebook: pick a game, tick knobs, set targets, Run, watch the race.

The knobs of the chosen game's rules are listed with a tick box and a range field
(empty: every value the knob's metadata allows; ``LO..HI`` or ``A,B,C`` narrows it);
each target line is ``METRIC=VALUE[+-TOL]``, ``METRIC=LO..HI``, ``METRIC<=X`` or
``METRIC>=X``; a slider sets the budget of games. Run plays the race: the table fills
in after every round with each candidate's score and its 95% interval, the progress
bar counts games, and the final table shows the candidates best first. Save writes
the chosen rules as JSON. All logic lives in :func:`workbench.play.tune.tune`; the
widget reads it (tested headless; the browser test clicks Run).

Stable CSS hooks: ``wb-tune-game``, ``wb-tune-knob-<name>`` (tick boxes),
``wb-tune-range-<name>``, ``wb-tune-targets``, ``wb-tune-games``, ``wb-tune-run``,
``wb-tune-progress``, ``wb-tune-table``, ``wb-tune-status``, ``wb-tune-best`` (the
chosen rules as JSON), ``wb-tune-save``.

>>> tuner = Tuner(game="toy", games=300)
>>> tuner.knobs["handicap"].value = True
>>> tuner.ranges["handicap"].value = "-1..1"
>>> tuner.targets.value = "win rate seat 0=0.34"
>>> tuner.run()
>>> tuner.result.rules.handicap, "<table" in tuner.table.value
(1, True)
"""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as widgets
import pandas as pd

from workbench.errors import WorkbenchError
from workbench.games.tuning import TUNE_GAMES, tune_game
from workbench.play.tune import Space, TuneResult, tune
from workbench.play.tune_space import parse_knob
from workbench.play.tune_targets import parse_target

__all__ = ["Tuner"]


def _html(frame: pd.DataFrame) -> str:
    return frame.to_html(index=False, float_format=lambda x: f"{x:.4g}", border=0)


class Tuner(widgets.VBox):
    """Game, knobs, targets and budget above a Run button, a progress bar and the race."""

    def __init__(self, *, game: str = "toy", games: int = 1000, seed: int = 0):
        self.game = widgets.Dropdown(options=list(TUNE_GAMES), value=game, description="game")
        self.game.add_class("wb-tune-game")
        self.targets = widgets.Textarea(
            value="balance=1", description="targets", placeholder="METRIC=VALUE+-TOL, one a line"
        )
        self.targets.add_class("wb-tune-targets")
        self.games = widgets.IntSlider(games, 100, 20_000, step=100, description="games")
        self.games.add_class("wb-tune-games")
        self.seed = widgets.IntText(seed, description="seed")
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
        super().__init__(
            [
                self.game,
                self.knob_box,
                self.targets,
                widgets.HBox([self.games, self.seed, self.run_button]),
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
            tick = widgets.Checkbox(False, description=name, indent=False)
            tick.add_class(f"wb-tune-knob-{name}")
            field = widgets.Text("", placeholder="all values, or LO..HI, or A,B,C")
            field.add_class(f"wb-tune-range-{name}")
            self.knobs[name], self.ranges[name] = tick, field
            rows.append(widgets.HBox([tick, field]))
        self.knob_box.children = rows

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
                seed=self.seed.value,
                executor=None,
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
        self.status.value = f"done: {self.result.games_played} games; best first"

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
        path.write_text(json.dumps(self.result.rules.to_dict(), indent=2) + "\n", encoding="utf-8")
        self.status.value = f"saved {path}"
        return path
