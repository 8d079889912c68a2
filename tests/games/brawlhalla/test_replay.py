"""A replayed game: its positions follow from its steps, its log names every step."""

from __future__ import annotations

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.replay import replay
from workbench.games.brawlhalla.rules import Rules


def _game():
    return replay(Brawlhalla(rules=Rules(turn_limit=12)), ["rush", "flag"], seed=3)


def test_each_position_is_the_previous_one_after_its_step():
    played = _game()
    for before, action, after in zip(
        played.states, played.actions, played.states[1:], strict=False
    ):
        assert before.apply(action).key() == after.key()
    assert played.states[-1].is_terminal()


def test_same_seed_same_game_other_seed_other_game():
    assert _game().actions == _game().actions
    other = replay(Brawlhalla(rules=Rules(turn_limit=12)), ["rush", "flag"], seed=4)
    assert other.actions != _game().actions


def test_log_has_one_row_per_step_with_the_acting_side():
    played = _game()
    log = played.log()
    assert len(log) == len(played.actions)
    assert set(log["side"]) <= {"north", "south", "dice"}
    assert log.iloc[0]["side"] == "dice"  # who begins is rolled


def test_turn_starts_are_decision_positions_of_those_turns():
    played = _game()
    starts = played.turn_starts([1, 2, 5])
    assert [s.turn for s in starts] == [1, 2, 5]
    assert all(s.current_player() >= 0 for s in starts)
    assert played.turn_starts([99])[0] is played.states[-1]
