"""Random play for tests, and what every reachable Brawlhalla position satisfies: each
stack stands where it is with no count below 0, the builders of each work are among the
stack on its square, and each side's warriors are within its pool."""

from __future__ import annotations

from workbench.games.brawlhalla.stacking import can_stand


def stands(state) -> bool:
    """Every stack stands where it is, no count below 0, the builders of each work among
    the stack on its square, the warriors within the pool."""
    stacks, pool = state.stacks, state.game.rules.warrior_pool
    return (
        all(min(s[1:5]) >= 0 and can_stand(state, s[1:5], c) for c, s in stacks.items())
        and all(
            not (w[2] or w[3]) or (c in stacks and stacks[c][1] >= w[2] and stacks[c][2] >= w[3])
            for c, w in state.works.items()
        )
        and all(state.count(side, "warriors") <= pool for side in (0, 1))
    )


def random_play(state, rng, plies, *, keen=()):
    """States of a random game from ``state``, each asserted to :func:`stands`; an action
    of a ``keen`` kind (say ``"card"``, ``"attack"``), when there is one, is picked half of
    the time (so that cards and clashes come up)."""
    for _ in range(plies):
        yield state
        if state.is_terminal():
            return
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            weights = [float(p) for _, p in outcomes]
            state = state.apply(rng.choices([o for o, _ in outcomes], weights)[0])
            continue
        actions = state.legal_actions()
        wanted = [a for a in actions if a[0] in keen]
        if wanted and rng.random() < 0.5:
            actions = wanted
        state = state.apply(rng.choice(actions))
        assert stands(state), state.render()
