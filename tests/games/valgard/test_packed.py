"""The packed move generator against the plain protocol, position by position: every
reachable position of the small boards under every variant packs and unpacks to
itself and has exactly the moves, the player and the return its state has."""

import numpy as np
import pytest

from tests.games.valgard.packed_checks import assert_packed_moves_are_the_protocol_moves
from workbench.games.valgard import Rules, ValgardGame
from workbench.games.valgard.engine import ValgardState
from workbench.games.valgard.exact import VARIANTS, small_board_rules
from workbench.games.valgard.packed import packed_codec
from workbench.play import TERMINAL, state_graph

BOARDS = [(2, 2, 2, 1), (3, 2, 3, 2), (3, 3, 2, 1)]
CASES = [
    pytest.param(board, name, fold, id=f"{board[0]}x{board[1]}-{name}-{'fold' if fold else 'all'}")
    for board in BOARDS
    for name in VARIANTS
    for fold in (True, False)
]


def _reachable_states(game):
    """Every reachable state (the moves of each are then compared with the protocol's
    own, so the packed graph is the protocol's graph from the same start)."""
    return [game.state_from_key(key) for key in state_graph(game, max_states=100_000).index]


@pytest.mark.parametrize(("board", "variant", "fold"), CASES)
def test_packed_moves_are_the_protocol_moves_position_by_position(board, variant, fold):
    rows, cols, reserve, muster = board
    rules = small_board_rules(rows, cols, reserve=reserve, muster=muster, **VARIANTS[variant])
    game = ValgardGame(rules, fold_mirror=fold)
    assert_packed_moves_are_the_protocol_moves(game, _reachable_states(game))


@pytest.mark.parametrize("board", [*BOARDS, (3, 4, 2, 1), (4, 3, 2, 1)])
def test_a_folded_code_is_a_position_and_its_mirror_image(board):
    rows, cols, reserve, muster = board
    rules = small_board_rules(rows, cols, reserve=reserve, muster=muster)
    folded, plain = ValgardGame(rules), ValgardGame(rules, fold_mirror=False)
    states = _reachable_states(plain)
    images = {}
    for state in states:
        light, dark, tall, runes = state.position[:4]
        image = tuple(_mirror(mask, cols) for mask in (light, dark, tall))
        image += (_mirror(runes, cols, width=2), *state.position[4:])
        code = folded.packed_code(state)
        assert code == folded.packed_code(ValgardState(plain, image))
        assert code == min(plain.packed_code(state), plain.packed_code(ValgardState(plain, image)))
        images.setdefault(code, set()).add(image)
    codes = np.array(sorted(images), dtype=np.uint64)
    assert (folded.packed_class_sizes(codes) == [len(images[int(c)]) for c in codes]).all()
    assert int(folded.packed_class_sizes(codes).sum()) == len(states)


def _mirror(mask, cols, *, width=1):
    """A mask of octagons reflected (files a, b, ... reversed), or of sockets
    (``width=2``: a socket is kept at its top-left octagon, two files wide)."""
    image = 0
    for index in range(mask.bit_length()):
        if mask >> index & 1:
            row, col = divmod(index, cols)
            image |= 1 << (row * cols + cols - width - col)
    return image


def test_no_moves_is_a_draw_under_the_draw_knob():
    game = ValgardGame(Rules(rows=2, cols=2, reserve=1, muster=0, deploy=False, no_move="draw"))
    start = game.initial_state()
    expansion = game.packed_successors([game.packed_code(start)])
    assert (expansion.player.tolist(), expansion.value.tolist()) == ([TERMINAL], [0.0])


def test_codes_fit_in_64_bits_or_there_is_no_codec():
    assert packed_codec(Rules(rows=4, cols=4, reserve=4, muster=3)).bits == 64
    assert packed_codec(Rules(rows=4, cols=4, reserve=5, muster=3)) is None
    game = ValgardGame(Rules(rows=5, cols=5, reserve=4, muster=1))
    assert game.packed_code(game.initial_state()) is None
    with pytest.raises(ValueError, match="5x5 boards have no 64-bit codes"):
        game.packed_state(0)


def test_a_position_the_codec_cannot_hold_has_no_code():
    game = ValgardGame(Rules(rows=3, cols=3, reserve=2, muster=1))
    # A muster count the pieces on the board do not imply.
    state = game.position({"a1": "l"}, muster_left=2, reserves=(1, 2))
    assert game.packed_code(state) is None
