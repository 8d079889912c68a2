"""The deck file and its loader: the standard deck's contents and every kind of bad file."""

import pytest

from workbench.errors import DataError
from workbench.games.daggers_brink.deck import (
    ATTRIBUTES,
    COLUMNS,
    CardType,
    Deck,
    load_deck,
    parse_deck_csv,
    save_deck,
)


def test_standard_deck_has_the_texts_86_cards():
    deck = load_deck()
    assert deck.size == 86
    for a, attribute in enumerate(ATTRIBUTES):
        for bonus in (1, 2, 3):
            matching = [
                c
                for c in deck.types
                if c.kind == "bonus" and c.bonus[a] == bonus and sum(c.bonus) == bonus
            ]
            assert [c.count for c in matching] == [7], (attribute, bonus)
    wild = [c for c in deck.types if c.is_wildcard]
    assert [(c.bonus, c.count) for c in wild] == [((1, 1, 1, 1), 2)]


def test_attributes_are_base_plus_bonuses_the_texts_example():
    deck = load_deck()
    hand = ["Speed +1", "Health +3", "Wildcard", "Defend +1", "Attack +2"]
    assert deck.attributes(deck.hand_counts(hand)) == (3, 5, 3, 4)


def test_round_trip_through_a_file(tmp_path):
    deck = load_deck().with_count("Attack +3", 9)
    path = tmp_path / "variant.csv"
    save_deck(deck, path)
    assert load_deck(path) == deck
    assert load_deck(path).size == 88
    assert list(deck.to_frame().columns) == list(COLUMNS)


def test_cards_lists_every_physical_card():
    deck = load_deck()
    cards = deck.cards()
    assert len(cards) == 86
    assert [cards.count(t) for t in range(len(deck.types))] == list(deck.counts)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("name,kind,speed\n", r"line 1: missing column\(s\) health, defend, attack, count"),
        (
            "name,kind,speed,health,defend,attack,count\nA,bonus,1,0,0,0,x\n",
            r"line 2, column 'count': expected a whole number from 0 to 100, got 'x'",
        ),
        (
            "name,kind,speed,health,defend,attack,count\nA,bonus,1,0,0,0\n",
            "line 2: 6 fields, expected 7",
        ),
        (
            "name,kind,speed,health,defend,attack,count\nA,joker,1,0,0,0,1\n",
            "line 2: kind 'joker', expected one of bonus, wildcard",
        ),
        (
            "name,kind,speed,health,defend,attack,count\nA,bonus,1,0,0,0,-1\n",
            "line 2, column 'count': expected a whole number from 0 to 100, got '-1'",
        ),
        (
            "name,kind,speed,health,defend,attack,count\nA,bonus,1,0,0,0,1\nA,bonus,1,0,0,0,1\n",
            "line 3: name 'A' appears twice",
        ),
        (
            "name,kind,speed,health,defend,attack,count\nA,bonus,1,0,0,0,0\n",
            "the deck has no cards",
        ),
    ],
)
def test_bad_files_name_the_line_and_what_was_expected(tmp_path, text, message):
    path = tmp_path / "deck.csv"
    path.write_text(text)
    with pytest.raises(DataError, match=message) as info:
        load_deck(path)
    assert str(path) in str(info.value)


def test_every_problem_is_listed():
    text = "name,kind,speed,health,defend,attack,count\n,bonus,a,0,0,0,1\nB,joker,1,0,0,0,-2\n"
    with pytest.raises(DataError) as info:
        parse_deck_csv(text, source="mine.csv")
    problems = info.value.problems
    assert len(problems) == 4
    assert "mine.csv: line 2, column 'speed'" in info.value.details()


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataError, match="cannot read file"):
        load_deck(tmp_path / "nope.csv")


def test_decks_made_in_code_are_validated_too():
    with pytest.raises(DataError, match="count -3, expected 0 to 100"):
        Deck((CardType("A", "bonus", (1, 0, 0, 0), -3),))
    with pytest.raises(DataError, match="no card type named 'Nope'"):
        load_deck().with_count("Nope", 1)
