"""Small games with known answers, to test and demonstrate the play toolkit.

Each game implements :mod:`workbench.play.protocol`, covers one capability and has its
own module (:mod:`~workbench.play.toy_games.common` holds what they share):

======================  =======  ======  ======  =========  ===========================
game                    players  chance  cycles  heuristic  known answer
                                                            (hidden information)
======================  =======  ======  ======  =========  ===========================
:class:`Nim`            2 or n   no      no      no         first player wins iff the
                                                            xor of the heaps is not 0
:class:`TicTacToe`      2 or n   no      no      yes        3x3, 2 players: a draw,
                                                            5,478 reachable positions
:class:`DiceRace`       2        yes     no      yes        brute-force expectiminimax
:class:`Pursuit`        2        no      yes     yes        fixed-point iteration
:class:`Tricks`         2        no      no      no         hidden hands: search by
                                                            determinization beats random
:class:`HandicapDice`   2        yes     no      no         exact win shares of its
                                                            rules (the tuner's bench)
======================  =======  ======  ======  =========  ===========================

Win/loss games pay +1 to the winner and share -1 among the others, so that
returns always sum to zero; draws pay 0 to everyone.

>>> from workbench.play.toy_games import TicTacToe
>>> state = TicTacToe().initial_state()
>>> for cell in (4, 0, 8):
...     state = state.apply(cell)
>>> print(state.render())
O . .
. X .
. . X
"""

from workbench.play.toy_games.dice_race import DiceRace, DiceRaceState
from workbench.play.toy_games.handicap_dice import HandicapDice, HandicapDiceState
from workbench.play.toy_games.nim import Nim, NimState
from workbench.play.toy_games.pursuit import Pursuit, PursuitState
from workbench.play.toy_games.tic_tac_toe import TicTacToe, TicTacToeState
from workbench.play.toy_games.tricks import Tricks, TricksState

__all__ = [
    "DiceRace",
    "DiceRaceState",
    "HandicapDice",
    "HandicapDiceState",
    "Nim",
    "NimState",
    "Pursuit",
    "PursuitState",
    "TicTacToe",
    "TicTacToeState",
    "Tricks",
    "TricksState",
]
