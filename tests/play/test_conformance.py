"""check_game passes the real toy games and reports each breach of a deliberately broken one."""

import dataclasses
import itertools

import pytest

from workbench.play import CHANCE, TERMINAL, GameInfo, check_game
from workbench.play.toy_games import DiceRace, Nim, NimState, Pursuit, TicTacToe, Tricks

TOY_GAMES = [
    Nim((2, 3)),
    Nim((1, 2), players=3),
    TicTacToe(),
    TicTacToe(rows=3, cols=4, k=3, players=3),
    DiceRace(),
    Pursuit(rows=4, cols=4),
]


class Wrapped:
    """A toy game's state behind a wrapper; each subclass below breaks one method."""

    def __init__(self, inner):
        self.inner = inner

    def current_player(self):
        return self.inner.current_player()

    def legal_actions(self):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def apply(self, action):
        return type(self)(self.inner.apply(action))

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def key(self):
        return self.inner.key()

    def render(self):
        return self.inner.render()


class Broken:
    """A toy game whose states are ``state_class`` wrappers (its ``info`` may be replaced)."""

    def __init__(self, game, state_class=Wrapped, info=None):
        self.game, self.state_class = game, state_class
        self.info = game.info if info is None else info

    def initial_state(self, *, seed=None):
        return self.state_class(self.game.initial_state(seed=seed))


class OffSeat(Wrapped):
    def current_player(self):
        return 5


class NeverOver(Wrapped):
    def is_terminal(self):
        return False


class NoMoves(Wrapped):
    def legal_actions(self):
        return []


class RepeatedMoves(Wrapped):
    def legal_actions(self):
        return [*self.inner.legal_actions()] * 2


class ChanceAtDecisions(Wrapped):
    def chance_outcomes(self):
        return [("coin", 1.0)] if self.current_player() >= 0 else self.inner.chance_outcomes()


class HalfChance(Wrapped):
    def chance_outcomes(self):
        return [(outcome, p / 2) for outcome, p in self.inner.chance_outcomes()]


class MovesAtChance(Wrapped):
    def legal_actions(self):
        return ["hold"] if self.current_player() == CHANCE else self.inner.legal_actions()


class MovesAtTheEnd(Wrapped):
    def legal_actions(self):
        return [(0, 1)] if self.current_player() == TERMINAL else self.inner.legal_actions()


class ShortReturns(Wrapped):
    def returns(self):
        return self.inner.returns()[:1]


class Lopsided(Wrapped):
    def returns(self):
        return (1.0, 1.0)


class KeyedById(Wrapped):
    def key(self):
        return id(self)


class ListKey(Wrapped):
    def key(self):
        return list(self.inner.key())


class Mute(Wrapped):
    def render(self):
        return None


class Mutating(Wrapped):
    def apply(self, action):
        child = super().apply(action)
        self.inner = child.inner
        return child


_SERIALS = itertools.count()


class Fickle(Wrapped):
    """Every apply makes a position that differs from any other (its key has a serial)."""

    def __init__(self, inner):
        super().__init__(inner)
        self.serial = next(_SERIALS)

    def key(self):
        return (self.inner.key(), self.serial)


class ShortHeuristic(Broken):
    def heuristic(self, state):
        return (0.0,)


class BadSummary(Nim):
    def summary(self, state):
        return [1, 2]


class Unsettled(Tricks):
    """Its worlds replay the tricks won: seat 0 sees a different game."""

    def determinize(self, state, player, rng):
        return dataclasses.replace(super().determinize(state, player, rng), tricks=(9, 9))


class Peeking(Tricks):
    """Its worlds shuffle the hidden cards in the order they lie: a world depends on them."""

    def determinize(self, state, player, rng):
        other = 1 - player
        pool = [*state.hands[other], *state.face_down]
        rng.shuffle(pool)
        hands = list(state.hands)
        hands[other] = tuple(pool[: len(state.hands[other])])
        return dataclasses.replace(
            state, hands=tuple(hands), face_down=tuple(pool[len(hands[other]) :])
        )


BREACHES = [
    (Broken(Nim((1, 2)), OffSeat), "current_player() is 5: expected a seat, CHANCE or TERMINAL"),
    (Broken(Nim((1, 2)), NeverOver), "is_terminal() is False but current_player() is -2"),
    (Broken(Nim((1, 2)), NoMoves), "seat 0 to move but no legal actions"),
    (Broken(TicTacToe(), RepeatedMoves), "repeated legal actions"),
    (Broken(Nim((1, 2)), ChanceAtDecisions), "chance outcomes at a decision node"),
    (
        Broken(DiceRace(), info=GameInfo(name="dice race", num_players=2)),
        "a chance node, but info.chance is False",
    ),
    (Broken(DiceRace(), HalfChance), "chance probabilities sum to 1/2, expected 1"),
    (Broken(DiceRace(), MovesAtChance), "legal actions at a chance node"),
    (Broken(Nim((1, 2)), MovesAtTheEnd), "legal actions or chance outcomes at a terminal state"),
    (Broken(TicTacToe(), ShortReturns), "returns() has 1 values, expected 2"),
    (Broken(Nim((1,)), Lopsided), "returns [1.0, 1.0] do not sum to 0 but info.zero_sum is True"),
    (Broken(Nim((1, 2)), KeyedById), "key() differs after a pickle round trip"),
    (Broken(Nim((1, 2)), ListKey), "key() or pickling failed: TypeError"),
    (Broken(DiceRace(), Mute), "render() did not return text"),
    (ShortHeuristic(TicTacToe()), "heuristic gave 1 values, expected 2"),
    (Broken(Pursuit(rows=3, cols=3), Mutating), "changed the state it was called on"),
    (Broken(TicTacToe(), Fickle), "gave two different states"),
    (BadSummary((1,)), "summary() gave [1, 2]: expected a mapping of names"),
    (Broken(Nim((1, 2)), info="nim"), "game.info: expected a GameInfo"),
    (
        Broken(Nim((1, 2)), info=GameInfo(name="nim", num_players=2, hidden=True)),
        "info.hidden is True but the game has no observation and determinize",
    ),
    (Unsettled(), "determinize(..., 0, ...) changed what seat 0 sees"),
    (Peeking(), "determinize(..., 0, ...) reads more than seat 0 sees"),
]


@pytest.mark.parametrize("game", TOY_GAMES, ids=str)
def test_the_toy_games_and_their_faithful_wrappers_pass(game):
    assert check_game(game, games=10, seed=2) == []
    assert check_game(Broken(game), games=10, seed=2) == []


@pytest.mark.parametrize(
    ("game", "message"), BREACHES, ids=[message.split(":")[0] for _, message in BREACHES]
)
def test_each_breach_is_reported_where_it_happens(game, message):
    problems = check_game(game, games=3, seed=0)
    assert problems, "no breach reported"
    assert any(message in problem for problem in problems), problems
    if message.startswith("game.info"):
        assert problems == [problems[0]]
    else:
        assert all(problem.startswith("game 0, step ") for problem in problems), problems


def test_check_game_reports_breaches():
    class NotZeroSum(Nim):
        @property
        def info(self):
            return GameInfo(name="broken", num_players=2, zero_sum=True)

        def initial_state(self, *, seed=None):
            return _Lopsided((1,), 0)

    assert any("do not sum to 0" in p for p in check_game(NotZeroSum((1,)), games=1))
    assert any("summary()" in p for p in check_game(BadSummary((1,)), games=1))
    assert check_game(Nim((1,)), games=1) == []


class _Lopsided(NimState):
    def apply(self, action):
        done = super().apply(action)
        return _Lopsided(done.heaps, done.player, done.players)

    def returns(self):
        return (1.0, 1.0)
