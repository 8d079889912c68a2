"""Games that summarise a finished game: play_game keeps the figures, tournaments add columns."""

from workbench.play import HasSummary, RandomAgent, play_game, tournament
from workbench.play.toy_games import Nim


class CountingNim(Nim):
    """Nim that reports how many counters were left in each heap (always none) and its name."""

    def summary(self, state):
        return {"counters_left": sum(state.heaps), "variant": "counting"}


def test_play_game_keeps_the_summary_and_plain_games_have_none():
    game = CountingNim((1, 2))
    assert isinstance(game, HasSummary) and not isinstance(Nim((1, 2)), HasSummary)
    agents = [RandomAgent(game, seed=s) for s in range(2)]
    assert play_game(game, agents, seed=1).summary == {"counters_left": 0, "variant": "counting"}
    assert play_game(Nim((1, 2)), agents, seed=1).summary == {}


def test_tournament_adds_one_column_per_figure_after_the_standard_ones():
    table = tournament(
        CountingNim((1, 2)), {"random": RandomAgent}, rounds=3, executor=None, progress=False
    )
    assert list(table.columns[-2:]) == ["counters_left", "variant"]
    assert (table["counters_left"] == 0).all() and (table["variant"] == "counting").all()
    plain = tournament(
        Nim((1, 2)), {"random": RandomAgent}, rounds=1, executor=None, progress=False
    )
    assert "counters_left" not in plain.columns
