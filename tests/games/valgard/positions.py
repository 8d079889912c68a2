"""Hand-set positions shared by the drawing and the board widget tests."""

from workbench.games.valgard import Rules, ValgardGame

GAME = ValgardGame(Rules(rows=4, cols=4, reserve=6, muster=2))

#: Light's warrior on b2 beside a rune (socket south-east of c3: c3, d3, c2, d2 dead).
MIDGAME = """
4 . d . .
   . . .
3 . . # #
   . . *
2 . l # #
   . . .
1 . . . .
light to move; reserves light 2, dark 3"""
