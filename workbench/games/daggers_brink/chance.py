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
from workbench.games.daggers_brink.rules import DEFAULT_RULES, Rules

__all__ = ["Chance", "ScriptedChance", "SeededChance"]

_FACE_BLOCK = 1024
_SHUFFLE_BLOCK = 32


class Chance(Protocol):
    """The dice and shuffles of one game."""

    def face(self, i: int) -> int:
        """The ``i``-th die face rolled in the game (1 .. the rules' ``die_sides``)."""
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
    A shuffle puts the cards in the order of its keys (ties, which have probability
    about 2**-40, in card order); a whole block is sorted at once when first needed.

    Parameters
    ----------
    seed : int, numpy.random.SeedSequence or None
        ``None`` draws fresh entropy (a different game every time).
    deck_size : int
        Largest number of cards ever shuffled at once.
    rules : Rules, optional
        The rules whose ``die_sides`` the dice have (default: the standard rules' d6).
    """

    __slots__ = (
        "_cards", "_decks", "_face_array", "_faces", "_keys", "_order_array", "_orders",
        "_sequence", "_sides", "_size",
    )  # fmt: skip

    def __init__(
        self,
        seed: int | np.random.SeedSequence | None,
        *,
        deck_size: int = 128,
        rules: Rules | None = None,
    ):
        self._sequence = (
            seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        )
        self._size = deck_size
        self._sides = (rules or DEFAULT_RULES).die_sides
        rng = np.random.default_rng(self._sequence)
        self._face_array = rng.integers(1, self._sides + 1, size=_FACE_BLOCK)
        self._faces: list[int] = self._face_array.tolist()
        self._keys: list[np.ndarray] = [rng.random((_SHUFFLE_BLOCK, deck_size))]
        self._order_array: np.ndarray | None = None
        self._orders: list[np.ndarray | None] = [None]
        # the decks of each block for the last full-size card tuple shuffled
        self._cards: tuple[int, ...] = ()
        self._decks: dict[int, list[list[int]]] = {}

    def _block_rng(self, stream: int, block: int) -> np.random.Generator:
        sequence = np.random.SeedSequence(
            self._sequence.entropy, spawn_key=(*self._sequence.spawn_key, stream, block)
        )
        return np.random.default_rng(sequence)

    def face(self, i: int) -> int:
        faces = self._faces
        while i >= len(faces):
            block = len(faces) // _FACE_BLOCK
            faces.extend(
                self._block_rng(0, block).integers(1, self._sides + 1, size=_FACE_BLOCK).tolist()
            )
        return faces[i]

    def faces(self, start: int, count: int) -> list[int]:
        """Faces ``start`` .. ``start + count - 1`` at once."""
        if start + count > len(self._faces):
            self.face(start + count - 1)
        return self._faces[start : start + count]

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Every die face drawn so far (``faces[i]`` is :meth:`face` ``(i)``) and the stable
        order of every shuffle's keys (row ``j``; the ``j``-th shuffle of ``n`` cards puts
        them in that order, the places from ``n`` on left out), for the compiled engine;
        do not change them."""
        if len(self._face_array) != len(self._faces):
            self._face_array = np.array(self._faces, dtype=np.int64)
        orders = self._order_array
        if orders is None or len(orders) != _SHUFFLE_BLOCK * len(self._keys):
            blocks = [self._full_orders(block) for block in range(len(self._keys))]
            orders = self._order_array = blocks[0] if len(blocks) == 1 else np.concatenate(blocks)
        return self._face_array, orders

    def draw_more(self, *, faces: bool = False, shuffles: bool = False) -> None:
        """Draw the next block of die faces and/or of shuffle keys (as a long game would)."""
        if faces:
            self.face(len(self._faces))
        if shuffles:
            self._add_key_block()

    def _add_key_block(self) -> None:
        rng = self._block_rng(1, len(self._keys))
        self._keys.append(rng.random((_SHUFFLE_BLOCK, self._size)))
        self._orders.append(None)

    def _full_orders(self, block: int) -> np.ndarray:
        """Every full-deck shuffle of ``block``: each row's stable argsort of its keys.

        Keys are multiples of 2**-53 below 1, so key * 2**53 is an exact integer; with the
        card's place in its low bits every code is distinct, and a plain sort of the
        codes is the stable argsort of the keys.
        """
        orders = self._orders[block]
        if orders is None:
            bits = self._size.bit_length()
            codes = (self._keys[block] * float(1 << 53)).astype(np.int64) << bits
            codes |= np.arange(self._size, dtype=np.int64)
            codes.sort(axis=1)
            orders = self._orders[block] = codes & ((1 << bits) - 1)
        return orders

    def shuffled(self, j: int, cards: tuple[int, ...]) -> tuple[int, ...]:
        block, row = divmod(j, _SHUFFLE_BLOCK)
        while block >= len(self._keys):
            self._add_key_block()
        n = len(cards)
        if n == self._size:
            if cards is not self._cards:
                self._cards, self._decks = cards, {}
            decks = self._decks.get(block)
            if decks is None:
                table = np.asarray(cards)[self._full_orders(block)]
                decks = self._decks[block] = table.tolist()
            return tuple(decks[row])
        if n < self._size:
            order = np.argsort(self._keys[block][row][:n], kind="stable").tolist()
            return tuple(map(cards.__getitem__, order))
        raise RulesError(f"cannot shuffle {n} cards (deck_size is {self._size})")


class ScriptedChance:
    """Given die faces and deck orders, played in turn; running out is an error.

    Parameters
    ----------
    faces : sequence of int
        Every die face of the game in the order rolled.
    decks : sequence of sequences of int
        For each shuffle, the resulting order (card type indices, top first); it
        must hold exactly the cards being shuffled.
    rules : Rules, optional
        The rules whose ``die_sides`` every face must be within (default: a d6).
    """

    __slots__ = ("_decks", "_faces")

    def __init__(
        self,
        *,
        faces: Sequence[int] = (),
        decks: Sequence[Sequence[int]] = (),
        rules: Rules | None = None,
    ):
        self._faces = tuple(faces)
        self._decks = tuple(tuple(d) for d in decks)
        sides = (rules or DEFAULT_RULES).die_sides
        bad = [f for f in self._faces if not 1 <= f <= sides]
        if bad:
            raise RulesError(f"scripted faces must be 1..{sides}, got {bad[0]!r}")

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
