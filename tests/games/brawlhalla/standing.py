"""What every reachable Brawlhalla position satisfies (a test helper): each stack stands
where it is with no count below 0, the builders of each work are among the stack on its
square, and each side's warriors are within its pool."""

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
