"""Where everything lives in the kernel's arrays, and how the rules are packed into them.

The kernel holds a game in integer arrays. This module (plain Python, no numba) names
their fields: ``g``, the scalars of a position (:data:`G_FIELDS`); ``cfg``, the rules
and the table (:data:`CFG_FIELDS`); the fight log's columns (:data:`LOG_FIELDS`); and
the codes of statuses, decisions and actions. The kernel's modules import the indices
as constants (numba freezes them into the compiled code).

Every knob of :class:`~workbench.games.daggers_brink.rules.Rules` reaches the kernel
in one of two ways, both said once here: a slot of ``cfg`` with its encoding as an
integer (:data:`CFG_KNOBS`), or another form named in :data:`KNOBS_ELSEWHERE`. A new
knob goes into one of them; :func:`pack_rules` refuses a table whose rules have a knob
in neither (and a test says so first).

>>> from workbench.games.daggers_brink.deck import load_deck
>>> from workbench.games.daggers_brink.table import Table
>>> cfg = pack_rules(Table(4, Rules(reshuffle="on next draw"), load_deck()))
>>> int(cfg[RESHUFFLE_DEPLETED]), int(cfg[THRESHOLD]), int(cfg[WILD])
(0, 4, 12)
>>> unmapped_knobs(Rules)
[]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.errors import RulesError
from workbench.games.daggers_brink.rules import Rules

__all__ = [
    "CFG_FIELDS",
    "CFG_KNOBS",
    "G_FIELDS",
    "KNOBS_ELSEWHERE",
    "LOG_FIELDS",
    "pack_rules",
    "unmapped_knobs",
]

# ---------------------------------------------------------------- g: the scalars
#: Names of the fields of ``g``, in order.
G_FIELDS = (
    "status", "decision", "player", "dealer", "round", "dice", "shuffles", "draw_turns",
    "turn", "challenger", "drawn", "order_pos", "order_len", "wounded", "winner",
    "deck_len", "deck_pos", "disc_len", "fight_attacker", "fight_defender",
    "fight_attacker_wild", "fight_defender_wild", "strips_len", "n_fights", "challenge_may",
    "challenge_must", "plies",
)  # fmt: skip
STATUS, DECISION, PLAYER, DEALER, ROUND, DICE, SHUFFLES, DRAW_TURNS = range(8)
TURN, CHALLENGER, DRAWN, ORDER_POS, ORDER_LEN, WOUNDED, WINNER = range(8, 15)
DECK_LEN, DECK_POS, DISC_LEN, F_ATT, F_DEF, F_AW, F_DW = range(15, 22)
STRIPS_LEN, N_FIGHTS, CT_MAY, CT_MUST, PLIES = range(22, 27)

# ------------------------------------------------------- cfg: rules and the table
#: The knobs the kernel reads from ``cfg``, in slot order, each with its encoding.
CFG_KNOBS: dict[str, Callable[[Any], int]] = {
    "hand_size": int,
    "base_attribute": int,
    "hit_threshold": int,
    "roll_off_dice": int,
    "pass_after_challenge": int,
    "discard_drawn_card": int,
    "reshuffle": lambda value: int(value == "when depleted"),
    "speed_tie_break": lambda value: int(value == "roll"),
    "wounded_sit_out": int,
    "wildcards_per_fight": int,
    "defender_strips_first": int,
    "max_rounds": int,
}
#: The knobs the kernel gets in another form, and which.
KNOBS_ELSEWHERE: dict[str, str] = {
    "starting_tokens": "the tokens of the position it plays from (games begin in Python)",
    "first_dealer": "the dealer of the position it plays from (games begin in Python)",
    "die_sides": "the die faces drawn by the chance source, and the wound-chance table",
    "challenge_after_laps": "challenge_turns, the draw turns after which one may challenge",
    "draw_lap_limit": "challenge_turns, the draw turns after which one must challenge",
    "strip_wildcards": "strippable, the card types a wildcard may strip",
    "attack_optional": "nothing: hand agents attack whenever someone can be attacked, so "
    "whether they may pass never changes their games",
}
#: Names of the fields of ``cfg``, in order: the knobs, then the deck's wildcard type
#: (or -1; the kernel plays decks of at most one).
CFG_FIELDS = (*CFG_KNOBS, "wildcard")
_slot = CFG_FIELDS.index
HAND_SIZE, BASE, THRESHOLD = _slot("hand_size"), _slot("base_attribute"), _slot("hit_threshold")
ROLL_OFF_DICE, PASS_AFTER = _slot("roll_off_dice"), _slot("pass_after_challenge")
DISCARD_DRAWN, RESHUFFLE_DEPLETED = _slot("discard_drawn_card"), _slot("reshuffle")
SPEED_ROLL, SIT_OUT = _slot("speed_tie_break"), _slot("wounded_sit_out")
WILD_PER_FIGHT, DEFENDER_FIRST = _slot("wildcards_per_fight"), _slot("defender_strips_first")
MAX_ROUNDS, WILD = _slot("max_rounds"), _slot("wildcard")

#: Columns of the fight log: as :class:`~workbench.games.daggers_brink.actions.Fight`,
#: with the index of the first attack die instead of the faces.
LOG_FIELDS = (
    "round", "attacker", "defender", "attack", "defend", "health", "first_die", "hits",
    "blocks", "remaining", "wounded", "attacker_rank", "defender_rank", "defender_had_acted",
    "attacker_wild", "defender_wild",
)  # fmt: skip

# statuses
OK, PAUSED, DECLINE = range(3)
#: Dice and shuffles a decision may use at most before it is taken (else pause).
FACE_RESERVE, SHUFFLE_RESERVE = 128, 3

#: Decisions by code ("" is 0: the game is over).
DECISIONS = ("", "source", "discard", "attack", "wildcards", "strip")
SOURCE, DISCARD, ATTACK, WILDCARDS, STRIP = range(1, 6)
# draw-phase actions
DECK, DISCARD_PILE, CHALLENGE, STAND = range(4)
TERMINAL = -2
PASS = -1
#: Target policies by code.
TARGET_POLICIES = ("weakest", "strongest", "leader")
WEAKEST, STRONGEST, LEADER = range(3)


def unmapped_knobs(rules_class: type = Rules) -> list[str]:
    """Knobs of ``rules_class`` that reach the kernel in no way said here (none, or the
    kernel would play a game under rules it does not know)."""
    known = CFG_KNOBS.keys() | KNOBS_ELSEWHERE.keys()
    return [f.name for f in dataclasses.fields(rules_class) if f.name not in known]


def pack_rules(table: Any) -> np.ndarray:
    """The ``cfg`` array of a :class:`~workbench.games.daggers_brink.table.Table`: each
    knob of :data:`CFG_KNOBS` encoded in its slot, then the wildcard type."""
    rules = table.rules
    missing = unmapped_knobs(type(rules))
    if missing:
        raise RulesError(f"the compiled engine does not know the knob(s) {', '.join(missing)}")
    wild = table.deck.wildcards
    values = [encode(getattr(rules, name)) for name, encode in CFG_KNOBS.items()]
    return np.array([*values, wild[0] if wild else -1], dtype=np.int64)
