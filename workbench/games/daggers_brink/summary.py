"""What a finished game of Daggers Brink says about balance, as a few named figures.

``game_summary(state)`` is what :meth:`DaggersBrink.summary` returns, so the shared
tournament runner adds these figures as columns (one row per game):

- ``rounds``, ``draw_turns``, ``fights``, ``wounds``: game length in draw phases
  (each ends in one combat phase), draw turns, attacks and wounds;
- ``decided_by_attack``, ``decided_by_defend``, ``decided_by_health``: fights whose
  outcome the attacker's Attack cards, the defender's Defend cards or its Health cards
  decided: with that attribute at its base value and the same dice (the first dice of
  each roll), the outcome would have been the other one;
- ``wounds_before_acting``: wounds of defenders who had not yet acted that combat
  phase (Speed took their attack away);
- ``fights_first``/``wounds_first``: attacks and wounds dealt by the first player in
  combat order; ``wounded_first``: wounds taken by the first player;
- ``first_most_won``: 1 if the seat that was most often first in combat order won
  (ties between several such seats count 0), else 0; ``time_out``: 1 if the game hit
  the round limit.

>>> from workbench.games.daggers_brink.engine import DaggersBrink
>>> from workbench.play import play_game, RandomAgent
>>> game = DaggersBrink(3)
>>> record = play_game(game, [RandomAgent(game, seed=s) for s in range(3)], seed=2)
>>> figures = record.summary
>>> figures["wounds"] <= figures["fights"] and figures["rounds"] >= 1
True
"""

from __future__ import annotations

from typing import Any

from workbench.games.daggers_brink.actions import Fight
from workbench.games.daggers_brink.rules import Rules

__all__ = ["FIGURES", "decisive_attributes", "game_summary"]

#: The figures of :func:`game_summary`, in column order.
FIGURES = (
    "rounds",
    "draw_turns",
    "fights",
    "wounds",
    "decided_by_attack",
    "decided_by_defend",
    "decided_by_health",
    "wounds_before_acting",
    "fights_first",
    "wounds_first",
    "wounded_first",
    "first_most_won",
    "time_out",
)


def decisive_attributes(fight: Fight, rules: Rules) -> tuple[bool, bool, bool]:
    """Whether Attack, Defend and Health each decided ``fight`` under ``rules`` (see the
    module docstring).

    >>> fight = Fight(1, 0, 1, 3, 1, 2, (6, 5, 1), (2,), 2, 0, 2, True, 0, 1, False, 0, 0)
    >>> decisive_attributes(fight, Rules())  # 1 attack die: 1 hit < health 2
    (True, False, False)
    """
    succeeds, base = rules.hit_threshold.__le__, rules.base_attribute
    hits, blocks = fight.hits, fight.blocks
    # the first dice of each roll are what the base attribute rolls
    base_hits = sum(map(succeeds, fight.attack_faces[:base]))
    base_blocks = sum(map(succeeds, fight.defend_faces[:base]))
    health, actual = fight.health, fight.wounded
    return (
        ((base_hits - blocks if base_hits > blocks else 0) >= health) != actual,
        ((hits - base_blocks if hits > base_blocks else 0) >= health) != actual,
        ((hits - blocks if hits > blocks else 0) >= min(base, health)) != actual,
    )


def game_summary(state: Any) -> dict[str, Any]:
    """The figures of a finished (or stopped) game, named as in :data:`FIGURES`."""
    rules, fights = state.rules, state.fights()
    by_attack = by_defend = by_health = fights_first = 0
    wounds = before_acting = wounds_first = wounded_first = 0
    for fight in fights:
        attack, defend, health = decisive_attributes(fight, rules)
        by_attack += attack
        by_defend += defend
        by_health += health
        first = fight.attacker_rank == 0
        fights_first += first
        if fight.wounded:
            wounds += 1
            before_acting += not fight.defender_had_acted
            wounds_first += first
            wounded_first += fight.defender_rank == 0
    most = max(state.firsts)
    leaders = [seat for seat, count in enumerate(state.firsts) if count == most]
    values = (
        state.round, state.draw_turns, len(fights), wounds, by_attack, by_defend, by_health,
        before_acting, fights_first, wounds_first, wounded_first,
        int(len(leaders) == 1 and state.winner == leaders[0]),
        int(state.is_terminal() and state.winner is None),
    )  # fmt: skip
    return dict(zip(FIGURES, values, strict=True))
