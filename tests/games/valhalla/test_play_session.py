"""PlaySession: lines drawn cell by cell, walked through the engine, checked against replay."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.errors import IllegalMoveError
from workbench.games.valhalla.engine import Outcome, ValhallaCalling
from workbench.games.valhalla.fight import fight
from workbench.games.valhalla.level import Level
from workbench.games.valhalla.play_session import PlaySession, fight_blows
from workbench.games.valhalla.rules import Rules
from workbench.games.valhalla.solver import solve

from .conftest import micro, small_levels

#: The issue's level: the one-line win earns two stars, a detour of two lines one.
M1 = Level.from_dict({"name": "m1", "width": 3, "height": 3, "start": [2, 0],
                      "hero": {"health": 6, "attack": 1, "ability": "to_valhalla"},
                      "enemies": [{"at": [1, 0], "attack": 1, "health": 7}]})  # fmt: skip


def draw(session, line):
    """Press, drag and release along ``line``: the walk's frames."""
    assert session.press(line[0])
    for cell in line[1:]:
        session.drag(cell)
    return session.release()


def random_line(session, rng, length):
    """A line drawn by a random hand: any cell next to the last, refused or not."""
    session.press(session.state.cell)
    for _ in range(length):
        r, c = session.drawing[-1]
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[int(rng.integers(4))]
        session.drag((r + dr, c + dc))


def test_a_drawn_line_is_walked_step_by_step_with_fights_listed():
    session = PlaySession(M1)
    frames = draw(session, [(2, 0), (1, 0)])
    assert [(f.line, f.step, f.cell, f.attack, f.health) for f in frames] == [(1, 1, (1, 0), 1, 0)]
    events = frames[0].events
    assert events[0] == "fight with the 1/7 enemy at [1, 0]"
    assert events[1:4] == ("hero strikes 1: enemy Health 7 -> 6",
                           "enemy strikes 1: hero Health 6 -> 5",
                           "hero strikes 1: enemy Health 6 -> 5")  # fmt: skip
    assert sum("strikes" in e for e in events) == 12  # 6 blows each, the hero first
    assert events[-2:] == ("the hero falls; the final strike (To Valhalla) bests the enemy",
                           "the game is won")  # fmt: skip
    assert frames[0].enemies == 0 and frames[0].outcome.won
    assert session.over and session.stars() == ("one_line", "strong_killer")
    assert (
        session.verdict()
        == "You won with 2 stars (one line, strong killer); 2 stars were possible."
    )


def test_a_two_line_win_is_told_the_best_was_more_and_show_how_replays_the_witness():
    session = PlaySession(M1)
    draw(session, [(2, 0), (2, 1)])
    assert not session.over and session.verdict() == ""
    assert session.hero.cell == (2, 1)
    draw(session, [(2, 1), (2, 0), (1, 0)])
    assert session.stars() == ("strong_killer",)
    assert session.verdict() == (
        "You won with 1 star (strong killer); 2 stars were possible: show how."
    )
    frames = session.show_solution()
    assert frames == session.frames[1:] and session.lines == session.solution.solution
    assert session.stars() == session.solution.best == ("one_line", "strong_killer")


def test_presses_off_the_hero_and_refused_drags_draw_nothing():
    level = micro(["S.#", "..A"], health=9, attack=5, enemies={"A": (1, 1)})
    session = PlaySession(level)
    assert not session.press((0, 1)) and session.drawing == []
    assert not session.drag((0, 1))  # no line started
    assert session.press((0, 0))
    assert not session.drag((1, 1))  # diagonal
    assert session.drag((0, 1)) and not session.drag((0, 2))  # a wall
    assert session.drag((1, 1)) and session.drag((1, 0)) and session.drag((0, 0))
    assert not session.drag((0, 1))  # the edge (0,0)-(0,1) again: following itself
    assert session.drag((1, 0))  # back onto the previous cell takes a step back
    assert session.drawing == [(0, 0), (0, 1), (1, 1), (1, 0)]
    assert session.release() and session.drawing == []
    assert session.release() == []  # nothing drawn: nothing walked


def test_crossing_is_allowed_and_no_reversal_allows_a_used_edge_later():
    level = micro(["S..", "...", "..A"], health=9, attack=5, enemies={"A": (1, 1)})
    loop = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (0, 1)]
    for rule, again in (("no_edge_twice", False), ("no_reversal", True)):
        session = PlaySession(level, Rules(line_rule=rule))
        session.press(loop[0])
        assert all(session.drag(cell) for cell in loop[1:])  # crosses (0, 1)
        assert session.drag((0, 0)) is again  # the edge (0,0)-(0,1) a second time


def test_undo_takes_back_a_line_and_restart_everything():
    level = micro(["S..", "A.B"], health=20, attack=5, enemies={"A": (1, 1), "B": (1, 1)})
    session = PlaySession(level)
    draw(session, [(0, 0), (0, 1), (0, 2)])
    after_one = session.state
    draw(session, [(0, 2), (1, 2)])
    session.undo()
    assert session.lines == [[(0, 0), (0, 1), (0, 2)]] and session.state == after_one
    session.restart()
    assert session.lines == [] and session.state == session.game.start()
    assert len(session.frames) == 1 and session.hero.step == 0


def test_the_rest_of_a_line_past_the_end_of_the_game_is_dropped():
    level = micro(["SA.."], health=1, attack=1, enemies={"A": (9, 9)})
    session = PlaySession(level)
    frames = draw(session, [(0, 0), (0, 1), (0, 2), (0, 3)])
    assert len(frames) == 1 and session.lines == [[(0, 0), (0, 1)]]
    assert session.verdict() == "You lost: 0 of 1 enemies bested; the level cannot be won."
    assert not session.press((0, 1))  # the game is over


def test_a_loss_with_every_enemy_bested_says_why():
    level = micro(["SA"], health=9, attack=5, enemies={"A": (1, 1)})
    session = PlaySession(level)
    draw(session, [(0, 0), (0, 1)])
    assert session.verdict().startswith("You lost: every enemy is bested but the hero is still")


@pytest.mark.parametrize("seed", range(2))
def test_random_hands_agree_with_the_engine_replay(seed):
    """Whatever is drawn, the session's lines replay (line rule checked by the engine)
    to the session's state, and each frame shows the engine's Attack and Health."""
    rng = np.random.default_rng(seed)
    for level, rules in small_levels(40, seed=seed):
        session = PlaySession(level, rules)
        game = ValhallaCalling(level, rules)
        for _ in range(4):
            if session.over:
                break
            random_line(session, rng, int(rng.integers(1, 8)))
            session.release()
        assert game.replay(session.lines, final_strike=True) == session.state
        walked = session.frames[1:]
        assert len(walked) == sum(len(line) - 1 for line in session.lines)
        s = game.start()
        cells = [c for line in session.lines for c in line[1:]]
        for frame, cell in zip(walked, cells, strict=True):
            s = game.step(s, cell)
            assert frame.cell == cell
            if isinstance(s, Outcome):
                assert frame.outcome == s
            else:
                assert (frame.attack, frame.health, frame.enemies, frame.items) == (
                    s.attack, s.health, s.enemies, s.items)  # fmt: skip


def test_drags_refused_exactly_where_the_engine_refuses_the_line():
    rng = np.random.default_rng(7)
    for level, rules in small_levels(30, seed=3):
        session, game = PlaySession(level, rules), ValhallaCalling(level, rules)
        session.press(level.start)
        for _ in range(12):
            r, c = session.drawing[-1]
            dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[int(rng.integers(4))]
            cell, before = (r + dr, c + dc), list(session.drawing)
            back = len(before) > 1 and cell == before[-2]
            accepted = session.drag(cell)
            if back:
                assert accepted and session.drawing == before[:-1]
                continue
            try:
                game.replay([[*before, cell]])
                legal = True
            except IllegalMoveError as error:
                # the engine checks the line rule first, then whether the game is over,
                # then the step: past the end only the step is left to check
                legal = "game is over" in str(error) and cell in game.graph[before[-1]]
            assert accepted == legal, (before, cell)


def test_every_witness_shown_earns_the_solvers_best():
    for level, rules in small_levels(30, seed=11):
        session = PlaySession(level, rules)
        answer = solve(level, rules)
        frames = session.show_solution()
        if not answer.winnable:
            assert frames == [] and session.witness() is None
            continue
        assert session.stars() == answer.best
        assert session.verdict().endswith("were possible.") or answer.max_stars == 1


@given(health=st.integers(1, 30), attack=st.integers(1, 12), enemy_attack=st.integers(0, 12),
       enemy_health=st.integers(1, 40), hero_first=st.booleans(), mjolnir=st.integers(0, 2),
       shield=st.integers(0, 2), biorn=st.booleans(), spends=st.booleans())  # fmt: skip
def test_fight_blows_end_where_the_closed_form_says(**args):
    """Blow by blow, the listing ends with the closed form's Health (it raises if not),
    and counts one strike per turn, alternating from the side that strikes first."""
    args["zero_spends_shield"] = args.pop("spends")
    health, attack = args.pop("health"), args.pop("attack")
    result = fight(health, attack, **args)
    blows = fight_blows(result, health, attack, **args)
    sides = [b.split()[0] for b in blows]
    first = "hero" if args["hero_first"] else "enemy"
    assert sides[0] == first and all(a != b for a, b in itertools.pairwise(sides))
    assert (sides[-1] == "hero") == result.hero_won


def test_after_the_solution_undo_keeps_its_choices_and_new_lines_play_on():
    """Undo after "show a solution" replays with the witness's own choices (final strike,
    Tricksters Cunning fight by fight); its last line drawn again earns the best again;
    restart forgets the choices."""
    multi = 0
    for level, rules in small_levels(120, seed=5):
        session = PlaySession(level, rules)
        if not session.show_solution():
            continue
        game, play = session.game, session.witness()
        choices = dict(final_strike=play.final_strike, cunning=play.cunning or None)
        assert session.state == game.replay(play.lines, **choices)
        if len(session.lines) > 1:
            multi += 1
            session.undo()
            assert session.state == game.replay(play.lines[:-1], **choices)
            draw(session, play.lines[-1])
            assert session.stars() == session.solution.best
        session.restart()
        assert session._cunning == () and session.final_strike
    assert multi >= 5
