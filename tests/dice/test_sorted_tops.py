"""The highest dice of a roll, counted without rolling: against every raw roll."""

import numpy as np

from workbench.dice import sorted_tops, top_weights

from .dice_oracles import raw_rolls


def test_top_weights_match_raw_rolls():
    for faces, keep, dice in [(6, 2, 4), (4, 3, 3), (5, 1, 5), (6, 3, 5)]:
        tops = -np.sort(-raw_rolls(dice, faces), axis=1)[:, :keep]
        index = {tuple(t): i for i, t in enumerate(sorted_tops(faces, keep).tolist())}
        counts = [0] * len(index)
        for row in tops.tolist():
            counts[index[tuple(row)]] += 1
        assert top_weights(faces, keep, dice).tolist() == counts
