"""Move generation rule by rule, on hand-set 4x4 positions: each action, each forbidden case.

Pictures: ranks 4 (dark's home row) down to 1 (light's home row); ``l``/``L`` light
warrior/Valkyrie, ``d``/``D`` dark, ``#`` dead land, ``*`` a rune in a socket line.
"""

import pytest

from workbench.errors import IllegalMoveError
from workbench.games.valgard import Rules, ValgardGame
from workbench.play.protocol import TERMINAL

BASE = Rules(rows=4, cols=4, reserve=6, muster=2)


def position(picture, **variant):
    return ValgardGame(BASE.replace(**variant)).parse_position(picture)


def texts(state):
    return {state.game.action_text(state, a) for a in state.legal_actions()}


def moves_of(state, square):
    return {t for t in texts(state) if t.startswith(square)}


def play(state, text):
    return state.apply(state.game.parse_action(state, text))


# -- muster and deploy ------------------------------------------------------------


def test_muster_alternates_on_home_rows_light_first_then_light_moves():
    state = ValgardGame(BASE).initial_state()
    assert texts(state) == {"+a1", "+b1", "+c1", "+d1"}
    state = play(state, "+b1")
    assert state.mover == 1 and texts(state) == {"+a4", "+b4", "+c4", "+d4"}
    state = play(play(play(state, "+c4"), "+c1"), "+b4")
    assert (state.mover, state.muster_left, state.reserves) == (0, 0, (4, 4))
    assert "b1-b2" in texts(state) and "+a1" in texts(state)


def test_muster_can_start_with_dark():
    state = ValgardGame(BASE.replace(first_player="dark")).initial_state()
    assert state.mover == 1 and texts(state) == {"+a4", "+b4", "+c4", "+d4"}


def test_muster_is_only_deploys_even_with_pieces_that_could_move():
    state = play(play(ValgardGame(BASE).initial_state(), "+a1"), "+a4")
    assert texts(state) == {"+b1", "+c1", "+d1"}


DEPLOY_PICTURE = """
4 . . . .
   . . .
3 . . l .
   . . .
2 # # . .
   * . .
1 # # . d
light to move; reserves light 3, dark 3
"""


def test_deploy_only_onto_empty_living_home_row_octagons():
    state = position(DEPLOY_PICTURE)
    deploys = {t for t in texts(state) if t.startswith("+")}
    assert deploys == {"+c1"}  # a1, b1 dead land; d1 occupied by an enemy


def test_no_deploy_from_an_empty_reserve_or_with_deploys_switched_off():
    empty = position(DEPLOY_PICTURE.replace("reserves light 3", "reserves light 0"))
    assert not any(t.startswith("+") for t in texts(empty))
    assert not any(t.startswith("+") for t in texts(position(DEPLOY_PICTURE, deploy=False)))


def test_deploy_takes_a_piece_from_the_reserve():
    after = play(position(DEPLOY_PICTURE), "+c1")
    assert after.pieces()[(3, 2)] == "l" and after.reserves == (2, 3) and after.mover == 1


def test_deploy_switched_off_still_allows_the_muster():
    state = ValgardGame(BASE.replace(deploy=False)).initial_state()
    assert texts(state) == {"+a1", "+b1", "+c1", "+d1"}


# -- march ------------------------------------------------------------------------


def test_march_one_step_orthogonally_never_diagonally():
    state = position(
        """
4 . . . .
   . . .
3 . l . .
   . . .
2 . . . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0""",
        charge=False,
        runes=False,
    )
    assert texts(state) == {"b3-b4", "b3-b2", "b3-a3", "b3-c3"}


def test_march_stays_on_the_board_and_off_dead_land():
    state = position(
        """
4 l . . .
   . . .
3 . . # #
   . . *
2 . l # #
   . . .
1 . . . .
light to move; reserves light 0, dark 0""",
        charge=False,
        runes=False,
    )
    assert moves_of(state, "a4") == {"a4-b4", "a4-a3"}
    assert moves_of(state, "b2") == {"b2-b3", "b2-a2", "b2-b1"}  # c2 is dead


def test_march_moves_a_valkyrie_as_one_piece():
    state = position(
        """
4 . . . .
   . . .
3 . . . .
   . . .
2 . L . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0"""
    )
    after = play(state, "b2-b3")
    assert after.pieces() == {(1, 1): "L"}


def test_march_cannot_enter_an_own_valkyrie_or_an_enemy_it_cannot_take():
    state = position(
        """
4 . . . .
   . . .
3 . D . .
   . . .
2 L l . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0""",
        charge=False,
        runes=False,
    )
    assert moves_of(state, "b2") == {"b2-c2", "b2-b1"}  # not onto a2 (L) nor b3 (D)
    assert moves_of(state, "a2") == {"a2-a3", "a2-a1"}  # not onto b2: a Valkyrie never rallies


# -- charge -----------------------------------------------------------------------

CHARGE_PICTURE = """
4 . . d .
   . . .
3 . . . .
   . . .
2 . . . .
   . . .
1 . l . .
light to move; reserves light 0, dark 0"""


def test_charge_two_steps_straight_through_an_empty_octagon():
    state = position(CHARGE_PICTURE, runes=False)
    assert moves_of(state, "b1") == {"b1-b2", "b1-b3", "b1-a1", "b1-c1", "b1-d1"}


@pytest.mark.parametrize(
    ("rank2", "why"), [(". l . .", "own piece in the way"), (". d . .", "enemy in the way")]
)
def test_charge_is_blocked_by_a_piece_in_the_way(rank2, why):
    picture = CHARGE_PICTURE.replace("2 . . . .", f"2 {rank2}")
    state = position(picture, runes=False)
    assert "b1-b3" not in texts(state), why


def test_charge_cannot_pass_or_land_on_dead_land():
    passing = position(
        """
4 . . . .
   . . .
3 . . . .
   . . .
2 # # . .
   * . .
1 # # l .
light to move; reserves light 0, dark 0""",
        runes=False,
    )
    assert "c1-a1" not in texts(passing) and "c1-c3" in texts(passing)
    landing = position(
        """
4 # # . .
   * . .
3 # # . .
   . . .
2 . . . .
   . . .
1 . l . .
light to move; reserves light 0, dark 0""",
        runes=False,
    )
    assert "b1-b2" in texts(landing) and "b1-b3" not in texts(landing)


def test_charge_cannot_land_on_a_piece_by_default():
    state = position(
        """
4 . . . .
   . . .
3 . d . .
   . . .
2 . . . .
   . . .
1 . l . .
light to move; reserves light 0, dark 0""",
        runes=False,
    )
    assert not any(t.startswith("b1") and t.endswith("b3") for t in texts(state))


def test_no_charge_variant_allows_single_steps_only():
    state = position(CHARGE_PICTURE, charge=False, runes=False)
    assert moves_of(state, "b1") == {"b1-b2", "b1-a1", "b1-c1"}


def test_a_valkyrie_charges_too():
    state = position(CHARGE_PICTURE.replace("1 . l . .", "1 . L . ."), runes=False)
    assert "b1-b3" in texts(state)


# -- capture ----------------------------------------------------------------------

CAPTURE_PICTURE = """
4 . . . .
   . . .
3 . d D .
   . . .
2 . l L .
   . . .
1 . . . .
light to move; reserves light 1, dark 1"""


def test_capture_default_warriors_take_warriors_valkyries_take_anything():
    state = position(CAPTURE_PICTURE, charge=False, runes=False, rally=False)
    assert {t for t in texts(state) if "x" in t} == {"b2xb3", "c2xc3"}
    state_b = position(CAPTURE_PICTURE.replace("3 . d D .", "3 . D d ."), charge=False)
    captures_b = {t for t in texts(state_b) if "x" in t}
    assert captures_b == {"c2xc3"}  # the warrior on b2 cannot take the Valkyrie on b3


@pytest.mark.parametrize(
    ("immunity", "expected"),
    [
        ("valkyrie", {"c2xc3", "c2xd2"}),
        ("never", set()),
        ("anyone", {"b2xb3", "c2xc3", "c2xd2"}),
    ],
)
def test_who_may_capture_a_valkyrie(immunity, expected):
    state = position(
        """
4 . . . .
   . . .
3 . D D .
   . . .
2 . l L D
   . . .
1 . . . .
light to move; reserves light 0, dark 0""",
        charge=False,
        runes=False,
        valkyrie_capture=immunity,
    )
    found = {t for t in texts(state) if "x" in t}
    assert found == expected


def test_captured_pieces_return_to_their_reserve_unless_hardcore():
    state = position(CAPTURE_PICTURE, charge=False)
    warrior = play(state, "b2xb3")
    assert warrior.pieces()[(1, 1)] == "l" and (2, 1) not in warrior.pieces()
    assert warrior.reserves == (1, 2)
    valkyrie = play(state, "c2xc3")
    assert valkyrie.pieces()[(1, 2)] == "L" and valkyrie.reserves == (1, 3)
    hardcore = play(position(CAPTURE_PICTURE, charge=False, hardcore=True), "c2xc3")
    assert hardcore.reserves == (1, 1)


CHARGE_CAPTURE_PICTURE = """
4 . . . .
   . . .
3 . D d .
   . . .
2 . . . .
   . . .
1 . l L .
light to move; reserves light 0, dark 0"""


def test_a_charge_cannot_capture_by_default():
    state = position(CHARGE_CAPTURE_PICTURE, runes=False)
    assert not any("x" in t for t in texts(state))


def test_charge_captures_variant_takes_what_a_step_could_take():
    state = position(CHARGE_CAPTURE_PICTURE, runes=False, charge_captures=True)
    assert {t for t in texts(state) if "x" in t} == {"c1xc3"}  # b1 cannot take the D
    after = play(state, "c1xc3")
    assert after.pieces() == {(1, 1): "D", (1, 2): "L", (3, 1): "l"}
    assert after.reserves == (0, 1)


def test_charge_captures_still_need_an_empty_octagon_between():
    picture = CHARGE_CAPTURE_PICTURE.replace("2 . . . .", "2 . . d .")
    state = position(picture, runes=False, charge_captures=True)
    assert {t for t in texts(state) if "x" in t} == {"c1xc2"}


# -- rally ------------------------------------------------------------------------

RALLY_PICTURE = """
4 . . . .
   . . .
3 l . L .
   . . .
2 l l . .
   . . .
1 . . . l
light to move; reserves light 0, dark 0"""


def test_rally_a_warrior_onto_an_adjacent_friendly_warrior():
    state = position(RALLY_PICTURE, runes=False, charge=False)
    rallies = {t for t in texts(state) if "&" in t}
    assert rallies == {"a3&a2", "a2&a3", "a2&b2", "b2&a2"}  # not diagonal, not onto L on c3
    after = play(state, "b2&a2")
    assert after.pieces()[(2, 0)] == "L" and (2, 1) not in after.pieces()


def test_no_rally_variant():
    state = position(RALLY_PICTURE, runes=False, rally=False)
    assert not any("&" in t for t in texts(state))


# -- runes ------------------------------------------------------------------------


def test_cast_a_rune_into_any_free_corner_socket():
    state = position(
        """
4 . . . .
   . . .
3 . . . .
   . . .
2 . l . .
   . . .
1 . . . .
light to move; reserves light 2, dark 2"""
    )
    assert {t for t in texts(state) if "^" in t} == {"b2^nw", "b2^ne", "b2^sw", "b2^se"}
    after = play(state, "b2^ne")
    assert after.pieces() == {} and after.runes() == [(1, 1)]
    assert sorted(after.dead()) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert after.reserves == (2, 2)  # the sacrificed warrior is spent


def test_edge_octagons_have_fewer_sockets():
    state = position(
        """
4 l . . .
   . . .
3 . . . .
   . . .
2 . . . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0"""
    )
    assert {t for t in texts(state) if "^" in t} == {"a4^se"}


def test_rune_forbidden_when_a_corner_octagon_holds_any_piece():
    state = position(
        """
4 . . . .
   . . .
3 l . d .
   . . .
2 . l . .
   . . .
1 . . l .
light to move; reserves light 0, dark 0"""
    )
    # b2's sockets: nw touches a3 (friend), ne touches c3 (foe), se touches c1 (friend).
    assert moves_of(state, "b2") >= {"b2^sw"}
    assert {t for t in moves_of(state, "b2") if "^" in t} == {"b2^sw"}


def test_a_valkyrie_cannot_cast_and_blocks_the_sockets_it_touches():
    state = position(
        """
4 . . . .
   . . .
3 . . . .
   . . .
2 . l . .
   . . .
1 . L . .
light to move; reserves light 0, dark 0"""
    )
    assert {t for t in texts(state) if "^" in t} == {"b2^nw", "b2^ne"}


def test_no_runes_variant():
    state = position(
        """
4 . . . .
   . . .
3 . . . .
   . . .
2 . l . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0""",
        runes=False,
    )
    assert not any("^" in t for t in texts(state))


# -- the end ----------------------------------------------------------------------

ANNIHILATED = """
4 . . d .
   . . .
3 . . . .
   . . .
2 # # # #
   * . *
1 # # # #
light cannot move; reserves light 3, dark 0"""


def test_annihilation_no_pieces_and_a_blocked_home_row_loses():
    state = position(ANNIHILATED)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.returns() == (-1.0, 1.0)


TRAPPED = """
4 . . . l
   . . .
3 # # . .
   * . .
2 # # # .
   . * .
1 D # # .
dark to move; reserves light 0, dark 0"""


def test_stalemate_trapped_by_walls_loses():
    state = position(TRAPPED)
    assert state.is_terminal() and state.returns() == (1.0, -1.0)


def test_a_walled_in_warrior_can_still_sacrifice_itself():
    state = position(TRAPPED.replace("1 D", "1 d"))
    assert texts(state) == {"a1^ne"}


def test_no_legal_action_can_be_scored_a_draw():
    assert position(ANNIHILATED, no_move="draw").returns() == (0.0, 0.0)


def test_a_player_with_nothing_left_loses():
    state = position(
        """
4 . . . .
   . . .
3 . . d .
   . . .
2 . . . .
   . . .
1 . . . .
light to move; reserves light 0, dark 0"""
    )
    assert state.is_terminal() and state.returns() == (-1.0, 1.0)


def test_illegal_actions_are_refused():
    state = position(CHARGE_PICTURE)
    with pytest.raises(IllegalMoveError, match="not legal"):
        state.apply(12345)
    with pytest.raises(IllegalMoveError, match=r"'b1-b4' is not a legal action here; legal: "):
        state.game.parse_action(state, "b1-b4")
