"""Where a game's dice and shuffles come from: a seed (reproducible) or a script (tests).

A game state keeps only two counters, dice faces used and shuffles done; the
chance source answers "the i-th die face" and "the j-th shuffle of these cards".
A :class:`SeededChance` derives both from one seed, lazily and always in the same
way, so the i-th face is the same on every branch of play from a state (states
stay immutable values) and the same seed gives the same game. A
:class:`ScriptedChance` plays given faces and deck orders, for rule tests.

>>> chance = SeededChance(7)
>>> [chance.face(i) for i in range(6)] == [SeededChance(7).face(i) for i in range(6)]
True
>>> sorted(chance.shuffled(0, (0, 0, 1, 2)))
[0, 0, 1, 2]
>>> ScriptedChance(faces=[6, 1]).face(1)
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from workbench.errors import RulesError

__all__ = ["Chance", "ScriptedChance", "SeededChance"]

_FACE_BLOCK = 1024
_SHUFFLE_BLOCK = 32


class Chance(Protocol):
    """The dice and shuffles of one game."""

    def face(self, i: int) -> int:
        """The ``i``-th die face rolled in the game (1..6)."""
        ...

    def faces(self, start: int, count: int) -> list[int]:
        """Faces ``start`` .. ``start + count - 1``."""
        ...

    def shuffled(self, j: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        """``cards`` in the order of the game's ``j``-th shuffle (top of the deck first)."""
        ...


class SeededChance:
    """Dice and shuffles drawn from ``numpy.random.SeedSequence(seed)``.

    The first block of die faces and of shuffle keys comes from one generator made
    at once; later blocks (long games) from generators keyed by (stream, block), so
    the i-th face never depends on the order in which faces and shuffles were asked.

    Parameters
    ----------
    seed : int, numpy.random.SeedSequence or None
        ``None`` draws fresh entropy (a different game every time).
    deck_size : int
        Largest number of cards ever shuffled at once.
    """

    __slots__ = ("_faces", "_keys", "_orders", "_sequence", "_size")

    def __init__(self, seed: int | np.random.SeedSequence | None, *, deck_size: int = 128):
        self._sequence = (
            seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        )
        self._size = deck_size
        rng = np.random.default_rng(self._sequence)
        self._faces: list[int] = rng.integers(1, 7, size=_FACE_BLOCK).tolist()
        self._keys: list[np.ndarray] = []
        self._orders: list[list[int]] = []
        self._add_shuffles(rng)

    def _block_rng(self, stream: int, block: int) -> np.random.Generator:
        sequence = np.random.SeedSequence(
            self._sequence.entropy, spawn_key=(*self._sequence.spawn_key, stream, block)
        )
        return np.random.default_rng(sequence)

    def _add_shuffles(self, rng: np.random.Generator) -> None:
        keys = rng.random((_SHUFFLE_BLOCK, self._size))
        self._keys.extend(keys)
        self._orders.extend(np.argsort(keys, axis=1, kind="stable").tolist())

    def face(self, i: int) -> int:
        faces = self._faces
        while i >= len(faces):
            block = len(faces) // _FACE_BLOCK
            faces.extend(self._block_rng(0, block).integers(1, 7, size=_FACE_BLOCK).tolist())
        return faces[i]

    def faces(self, start: int, count: int) -> list[int]:
        """Faces ``start`` .. ``start + count - 1`` at once."""
        if start + count > len(self._faces):
            self.face(start + count - 1)
        return self._faces[start : start + count]

    def shuffled(self, j: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        while j >= len(self._orders):
            self._add_shuffles(self._block_rng(1, len(self._orders) // _SHUFFLE_BLOCK))
        n = len(cards)
        if n == self._size:
            order = self._orders[j]
        elif n < self._size:
            order = np.argsort(self._keys[j][:n], kind="stable").tolist()
        else:
            raise RulesError(f"cannot shuffle {n} cards (deck_size is {self._size})")
        return tuple(map(cards.__getitem__, order))


class ScriptedChance:
    """Given die faces and deck orders, played in turn; running out is an error.

    Parameters
    ----------
    faces : sequence of int
        Every die face of the game in the order rolled.
    decks : sequence of sequences of int
        For each shuffle, the resulting order (card type indices, top first); it
        must hold exactly the cards being shuffled.
    """

    __slots__ = ("_decks", "_faces")

    def __init__(self, *, faces: Sequence[int] = (), decks: Sequence[Sequence[int]] = ()):
        self._faces = tuple(faces)
        self._decks = tuple(tuple(d) for d in decks)
        bad = [f for f in self._faces if not 1 <= f <= 6]
        if bad:
            raise RulesError(f"scripted faces must be 1..6, got {bad[0]!r}")

    def face(self, i: int) -> int:
        if i >= len(self._faces):
            raise RulesError(f"the script has {len(self._faces)} die faces; face {i + 1} needed")
        return self._faces[i]

    def faces(self, start: int, count: int) -> list[int]:
        return [self.face(i) for i in range(start, start + count)]

    def shuffled(self, j: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        if j >= len(self._decks):
            raise RulesError(
                f"the script has {len(self._decks)} deck orders; shuffle {j + 1} needed"
            )
        order = self._decks[j]
        if Counter(order) != Counter(cards):
            raise RulesError(
                f"scripted deck order {j + 1} does not hold the {len(cards)} cards being shuffled"
            )
        return order
