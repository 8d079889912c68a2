"""The seeded dice and shuffles, and the scripted ones."""

import numpy as np
import pytest

from workbench.errors import RulesError
from workbench.games.daggers_brink.chance import ScriptedChance, SeededChance
from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.rules import Rules

DECK = load_deck()


def _stable_shuffle(keys, cards):
    return tuple(cards[i] for i in np.argsort(keys[: len(cards)], kind="stable"))


def test_a_block_of_shuffles_is_each_rows_stable_argsort():
    chance = SeededChance(11, deck_size=86)
    cards = DECK.cards()
    for j in range(70):  # three blocks
        deck = chance.shuffled(j, cards)
        keys = chance._keys[j // 32][j % 32]
        assert deck == _stable_shuffle(keys, cards)
        assert chance.shuffled(j, cards[:40]) == _stable_shuffle(keys, cards[:40])


def test_tied_keys_keep_card_order_as_a_stable_sort_does():
    chance = SeededChance(3, deck_size=86)
    tied = np.floor(chance._keys[0] * 8) / 8  # multiples of 2**-3: many ties, still exact
    chance._keys[0] = tied
    cards = DECK.cards()
    for j in range(32):
        assert chance.shuffled(j, cards) == _stable_shuffle(tied[j], cards)


def test_the_same_seed_deals_the_same_decks_in_any_order_of_asking():
    cards = DECK.cards()
    forward, backward = SeededChance(5, deck_size=86), SeededChance(5, deck_size=86)
    decks = [forward.shuffled(j, cards) for j in range(40)]
    assert [backward.shuffled(j, cards) for j in reversed(range(40))] == decks[::-1]
    assert all(sorted(deck) == sorted(cards) for deck in decks)


def test_the_first_block_of_faces_is_the_seeds_first_draw_of_dice():
    expected = np.random.default_rng(np.random.SeedSequence(7)).integers(1, 7, size=1024)
    assert SeededChance(7).faces(0, 1024) == expected.tolist()
    later = SeededChance(7).faces(1024, 2048)  # further blocks: generators of their own
    assert len(later) == 2048 and set(later) == set(range(1, 7))


def test_seeded_dice_have_the_rules_sides():
    faces = SeededChance(3, rules=Rules(die_sides=8)).faces(0, 3000)
    assert set(faces) == set(range(1, 9))
    assert set(SeededChance(3, rules=Rules(die_sides=2, hit_threshold=2)).faces(0, 200)) == {1, 2}


def test_scripted_dice_and_decks_play_in_turn_and_say_when_they_run_out():
    chance = ScriptedChance(faces=[6, 1, 8], decks=[[1, 0, 0]], rules=Rules(die_sides=8))
    assert chance.faces(0, 3) == [6, 1, 8]
    assert chance.shuffled(0, (0, 0, 1)) == (1, 0, 0)
    with pytest.raises(RulesError, match="the script has 3 die faces; face 4 needed"):
        chance.face(3)
    with pytest.raises(RulesError, match="shuffle 2 needed"):
        chance.shuffled(1, (0, 1))
    with pytest.raises(RulesError, match="does not hold the 2 cards"):
        chance.shuffled(0, (0, 1))
    with pytest.raises(RulesError, match=r"scripted faces must be 1\.\.6, got 8"):
        ScriptedChance(faces=[6, 8])
