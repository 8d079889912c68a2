"""Position files with cards: every card part of a state round-trips through a file,
the shipped card position, and every card problem named with its JSON path."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from workbench.errors import DataError
from workbench.games.brawlhalla.board import DATA_DIR
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.position import (
    CARD_FIELDS,
    action_to_dict,
    load_position,
    position_from_dict,
    position_to_dict,
)
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.state import PLAYING
from workbench.jsonio import load_json

from .standing import random_play

POSITIONS = sorted((DATA_DIR / "positions").glob("*.json"))
ATTACK = DATA_DIR / "positions" / "attack.json"


CARDS = DATA_DIR / "positions" / "cards.json"
CARD_RULES = Rules(cards=True)


def _same_play(again, state) -> None:
    """Two states that play alike: equal, the same legal actions (their order follows the
    file's order of stacks), what each side sees, the summary (but for the count of
    actions taken so far, which is history, not position)."""
    game = state.game
    assert again == state and again.key() == state.key()
    assert sorted(map(repr, again.legal_actions())) == sorted(map(repr, state.legal_actions()))
    assert again.chance_outcomes() == state.chance_outcomes()
    for player in (0, 1):
        assert game.observation(again, player) == game.observation(state, player)
    summary, expected = game.summary(again), game.summary(state)
    assert {**summary, "actions": 0} == {**expected, "actions": 0}


def _starts(start: str, seed: int):
    """Where random games begin: a dealt game, or the shipped card position (its deck
    shuffled by ``seed``) with face-down cards that answer attacks or fire in battle."""
    if start == "dealt":
        return [Brawlhalla(rules=CARD_RULES).initial_state(seed=(seed, k)) for k in range(2)]
    laid = {"north": ["Retreat !", "Swan song"], "south": ["Substitution", "Landslide"]}
    return [position_from_dict(_cards_data(seed=seed + k, face_down=laid)) for k in range(2)]


@pytest.mark.parametrize(
    ("start", "seed", "parts"),
    [
        ("dealt", 11, {"hands", "deck", "discard", "relics", "face_down", "discarding", "dead"}),
        ("dealt", 12, {"hands", "cards_due", "sacrificed", "frozen"}),
        ("mid-game", 13, {"pending", "deciding", "dead"}),
    ],
)
def test_positions_of_played_games_with_cards_round_trip(start, seed, parts):
    """Half of the positions of random games, picked at random, give back positions that
    play alike (:func:`_same_play`) and the same file."""
    rng = random.Random(seed)
    empty = position_to_dict(Brawlhalla(rules=CARD_RULES).position())
    seen, checked = set(), 0
    for first in _starts(start, seed):
        for state in random_play(first, rng, 300, keen=("card", "attack")):
            if state.setup < PLAYING or rng.random() < 0.5:
                continue
            data = json.loads(json.dumps(position_to_dict(state)))
            again = position_from_dict(data)
            _same_play(again, state)
            assert position_to_dict(again) == data
            checked += 1
            seen |= {f.key for f in CARD_FIELDS if data[f.key] != empty[f.key]}
            seen |= {"pending"} if state.pending is not None else set()
    assert checked > 100
    assert seen >= parts, parts - seen


def _cards_data(**changes) -> dict:
    """The shipped card position with its deck and artifact pile left to the rest, and
    ``changes``."""
    data = load_json(CARDS)
    del data["deck"], data["artifact_pile"]
    data.update(changes)
    return data


def test_the_shipped_card_position():
    state = load_position(CARDS)
    assert ("card", "Mjolnir", (8, 9)) in state.legal_actions()
    assert ("attack", (7, 9), (8, 9), ("Thor's blessing",)) in state.legal_actions()
    hammered = state.apply(("card", "Mjolnir", (8, 9)))
    assert (8, 9) not in hammered.stacks and hammered.relics[0] == ()
    assert hammered.face_down[1] == ("Counter spell",)  # an artifact is never countered
    recruited = state.apply(("card", "Wandering warrior", (2, 10)))
    assert recruited.stacks.get((2, 10)) is None and recruited.face_down[1] == ()  # countered
    pile = Counter(state.game.cards.pile())
    placed = Counter(state.deck + state.discard + sum(state.hands + state.face_down, ()))
    assert placed == pile  # every card of the draw deck is somewhere
    plain, data = load_position(ATTACK), load_json(CARDS)  # the same position set by hand

    def pair(key):
        return tuple(tuple(data[key][side]) for side in ("north", "south"))

    by_hand = Brawlhalla(rules=CARD_RULES).position(
        **{k: getattr(plain, k) for k in ("stacks", "buildings", "works", "guardians")},
        **{k: getattr(plain, k) for k in ("beaten", "ruins", "wrecks", "coins", "artifacts")},
        turn=12,
        ap=2,
        hands=pair("hands"),
        relics=pair("relics"),
        face_down=pair("face_down"),
        deck=tuple(data["deck"]),
        discard=tuple(data["discard"]),
        artifact_pile=tuple(data["artifact_pile"]),
    )
    assert by_hand == state and by_hand.legal_actions() == state.legal_actions()


def test_a_pending_clash_with_die_cards_round_trips():
    data = _cards_data(
        hands={"north": ["Thor's blessing", "Thor's blessing"], "south": ["Thor's blessing"]},
        face_down={"south": ["Norn's wrath"]},
    )
    state = position_from_dict(data).apply(("attack", (7, 9), (8, 9), ("Thor's blessing",) * 2))
    assert state.committed == (("thor", "thor"), ("norn", "thor"))
    written = position_to_dict(state)
    assert written["pending"]["attacker_mods"] == ["thor", "thor"]
    assert written["pending"]["defender_mods"] == ["norn", "thor"]
    _same_play(position_from_dict(json.loads(json.dumps(written))), state)
    plain = {**written["pending"], "attacker_mods": [], "defender_mods": []}
    without = position_from_dict({**written, "pending": plain})
    assert without.chance_outcomes() != state.chance_outcomes()  # the cards change the odds


def test_lasting_artifacts_and_skofnung_round_trip():
    data = _cards_data(relics={"north": ["Tyrfing", "Skofnung"], "south": []})
    state = position_from_dict(data).apply(("card", "Tyrfing", None))
    state = state.apply(("card", "Skofnung", None))
    assert state.in_effect[0] == ("Tyrfing", "Skofnung")
    south = state.apply(("end",))  # AP 0 ended the turn already: south acts
    assert state.to_move == 1 and south.to_move == 0 and south.ap == 4  # Tyrfing's point
    used = position_from_dict(data | {"in_effect": {"north": ["Skofnung"]}, "relics": {}})
    used = used.apply(("attack", (7, 9), (8, 9), ("Skofnung",)))
    assert used.skofnung == (12, -1)
    for after in (state, south, used):
        written = json.loads(json.dumps(position_to_dict(after)))
        _same_play(position_from_dict(written), after)
    assert position_to_dict(used)["skofnung_used"] == {"north": 12, "south": None}


def test_an_attack_waiting_for_the_defenders_answer_round_trips():
    data = _cards_data(face_down={"south": ["Counter spell", "Retreat !"]})
    state = position_from_dict(data).apply(("attack", (7, 9), (8, 9), ("Thor's blessing",)))
    assert state.deciding == ((7, 9), (8, 9), ("Thor's blessing",))
    assert state.current_player() == 1 and state.legal_actions()[0][0] == "retreat"
    written = json.loads(json.dumps(position_to_dict(state)))
    assert written["deciding"] == {"from": [7, 9], "to": [8, 9], "cards": ["Thor's blessing"]}
    again = position_from_dict(written)
    _same_play(again, state)
    answer = state.legal_actions()[0]
    _same_play(again.apply(answer), state.apply(answer))


def test_the_dead_and_angurvadal_round_trip():
    dead = {"north": {"warriors": 2, "warlords": 0, "dragons": 0, "boats": 0}}
    data = _cards_data(
        hands={"north": ["Freya's grace"]},
        dead=dead,
        in_effect={"north": ["Angurvadal"]},
        relics={},
        action_points=1,
    )
    state = position_from_dict(data)
    assert state.dead == ((2, 0, 0, 0), (0, 0, 0, 0))
    assert ("card", "Freya's grace", (0, "warriors")) in state.legal_actions()
    moved = position_from_dict({**data, "action_points": 2}).apply(
        ("move", (7, 9), (6, 9), (2, 1, 0, 0))
    )
    extra = next(a for a in moved.legal_actions() if a[0] == "move" and a[1] == (6, 9))
    after = moved.apply(extra)
    assert after.extra_move == (12, -1)
    for one in (state, moved, after):
        written = json.loads(json.dumps(position_to_dict(one)))
        _same_play(position_from_dict(written), one)
    assert position_to_dict(after)["extra_move_used"] == {"north": 12, "south": None}
    assert position_to_dict(state)["dead"]["north"] == dead["north"]


def test_card_parts_left_out_are_as_at_the_start_of_play():
    """No cards in hand or in front of a side; the deck and the artifact pile hold every
    card placed nowhere else, shuffled from the file's seed (0 unless given)."""
    game = Brawlhalla(rules=CARD_RULES)
    state = position_from_dict({"rules": {"cards": True}})
    assert state.hands == state.face_down == state.relics == ((), ())
    assert Counter(state.deck) == Counter(game.cards.pile()) and len(state.deck) == 90
    assert Counter(state.artifact_pile) == Counter(game.cards.artifacts())
    assert position_from_dict({"rules": {"cards": True}, "seed": 0}) == state
    other = position_from_dict({"rules": {"cards": True}, "seed": 5})
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    held = position_from_dict(
        {
            "rules": {"cards": True},
            "hands": {"north": ["Raid", "Raid"]},
            "relics": {"south": ["Mjolnir"]},
        }
    )
    assert "Raid" not in held.deck and len(held.deck) == 88
    assert "Mjolnir" not in held.artifact_pile and len(held.artifact_pile) == 6
    start = game.initial_state(seed=3)  # a dealt game: hands of 5, the deck the rest
    assert sorted(start.deck + sum(start.hands, ())) == sorted(state.deck)


def _cards_set(**changes):
    return lambda data: data.update(changes)


CARD_CASES = {
    "unknown card": (
        _cards_set(hands={"north": ["Mjölnir"]}),
        r"\$\.hands\.north\[0\]: 'Mjölnir' is not a card of the card table; did you mean 'Mjolnir'",
    ),
    "artifact in hand": (
        _cards_set(hands={"north": ["Mjolnir"]}),
        r"\$\.hands\.north\[0\]: 'Mjolnir' is a artifact card; expected a card of the draw deck",
    ),
    "card in the relics": (
        _cards_set(relics={"south": ["Raid"]}),
        r"\$\.relics\.south\[0\]: 'Raid' is a basic card; expected an artifact card",
    ),
    "too many copies": (
        _cards_set(discard=["Lucky finding", "Lucky finding"]),
        r"\$\.discard\[1\]: one 'Lucky finding' too many: the card table has 1",
    ),
    "too many across places": (
        _cards_set(hands={"north": ["Lucky finding"]}),
        r"\$\.discard\[0\]: one 'Lucky finding' too many: the card table has 1",
    ),
    "two artifacts": (
        _cards_set(artifact_pile=["Gungnir"]),
        r"\$\.artifact_pile\[0\]: one 'Gungnir' too many: the card table has 1",
    ),
    "face-down twice": (
        _cards_set(face_down={"south": ["Counter spell", "Counter spell"]}),
        r"\$\.face_down\.south: 'Counter spell' 2 times: at most one of each name",
    ),
    "face up": (
        _cards_set(face_down={"south": ["Raid"]}),
        r"\$\.face_down\.south\[0\]: 'Raid' is a basic card; expected a face-down card",
    ),
    "played artifact that leaves": (
        _cards_set(in_effect={"north": ["Mjolnir"]}, relics={}),
        r"\$\.in_effect\.north\[0\]: 'Mjolnir' is a artifact card; expected an artifact that lasts",
    ),
    "hand over the limit": (
        _cards_set(
            hands={
                "north": [
                    "Raid",
                    "Pillage",
                    "Ice prison",
                    "Wandering warrior",
                    "Odin's eye",
                    "Thor's blessing",
                ]
            }
        ),
        r"\$\.hands\.north: 6 cards, over hand_limit 5 \(unless discarding\)",
    ),
    "nothing to discard": (
        _cards_set(discarding="north"),
        r"\$\.discarding: north holds 3 card\(s\), within hand_limit 5",
    ),
    "discarding out of turn": (
        _cards_set(
            discarding="south",
            hands={"south": ["Raid"] * 2 + ["Odin's eye"] * 2 + ["Ice prison"] * 2},
        ),
        r"\$\.discarding: only the side to act discards",
    ),
    "discarding side": (_cards_set(discarding="west"), r"\$\.discarding: expected one of north"),
    "frozen nobody": (
        _cards_set(frozen=[{"cell": [9, 9], "turns": 2}]),
        r"\$\.frozen\[0\]\.cell: no stack stands there to be frozen",
    ),
    "frozen turns": (
        _cards_set(frozen=[{"cell": [8, 9], "turns": 0}]),
        r"\$\.frozen\[0\]\.turns: expected an integer from 1",
    ),
    "doubled": (
        _cards_set(doubled=["sailing"]),
        r"\$\.doubled\[0\]: expected one of terrestrial, aquatic, flying",
    ),
    "hand shown": (_cards_set(hand_shown={"south": 1}), r"\$\.hand_shown\.south: expected true"),
    "skofnung": (_cards_set(skofnung_used={"north": 0}), r"\$\.skofnung_used\.north: expected"),
    "seed": (_cards_set(seed=-1), r"\$\.seed: expected an integer from 0"),
    "spent once more": (
        lambda data: data["units"][0].update(spent=3),
        r"\$\.units\[0\]\.spent: beyond actions_per_unit_per_turn only by Angurvadal",
    ),
    "dead": (_cards_set(dead={"south": {"heroes": 1}}), r"\$\.dead\.south\.heroes: unknown key"),
    "deciding from nowhere": (
        _cards_set(deciding={"from": [9, 9], "to": [8, 9]}),
        r"\$\.deciding\.from: the side to act has no stack there",
    ),
    "deciding without a card": (
        _cards_set(deciding={"from": [7, 9], "to": [8, 9], "cards": ["Thors blessing"]}),
        r"\$\.deciding\.cards\[0\]: 'Thors blessing' is not a card.*.Thor's blessing.\?",
    ),
    "deciding with no answer": (
        _cards_set(deciding={"from": [7, 9], "to": [8, 9]}),
        r"\$\.deciding\.to: its side has no Retreat! or Substitution that can answer",
    ),
    "die card": (
        _cards_set(
            pending={
                "from": [7, 9],
                "to": [8, 9],
                "attack_dice": 4,
                "defence_dice": 3,
                "attacker_mods": ["Thor"],
            }
        ),
        r"\$\.pending\.attacker_mods\[0\]: expected thor, skofnung, norn or blood_lord:X",
    ),
    "guardian with die cards": (
        _cards_set(
            units=[{"side": "north", "cell": [7, 11], "warriors": 3}],
            guardians=["west", "central", "east"],
            beaten={},
            artifacts={},
            pending={
                "from": [7, 11],
                "to": [6, 11],
                "attack_dice": 3,
                "defence_dice": 3,
                "defender_mods": ["norn"],
            },
        ),
        r"\$\.pending\.defender_mods: a guardian brings no die cards",
    ),
}


@pytest.mark.parametrize("name", CARD_CASES)
def test_every_card_problem_names_its_place(name):
    change, pattern = CARD_CASES[name]
    data = _cards_data()
    change(data)
    with pytest.raises(DataError) as caught:
        position_from_dict(data, source="cards.json")
    assert any(re.search(pattern, p) for p in caught.value.problems), caught.value.problems


def test_every_card_problem_is_reported_at_once():
    data = _cards_data(
        hands={"north": ["Mjölnir", "Raid"], "south": ["Mjolnir"]},
        discard=["Lucky finding"] * 2,
        doubled=["sailing"],
        seed="x",
    )
    with pytest.raises(DataError) as caught:
        position_from_dict(data)
    assert len(caught.value.problems) == 5, caught.value.problems


def test_card_actions_as_json():
    assert action_to_dict(("card", "Mjolnir", (8, 9))) == {
        "kind": "card",
        "card": "Mjolnir",
        "target": [8, 9],
    }
    assert action_to_dict(("card", "Bragi's blessing", None)) == {
        "kind": "card",
        "card": "Bragi's blessing",
    }
    assert action_to_dict(("card", "Loki's deception", ("Raid", 2)))["target"] == ["Raid", 2]
    assert action_to_dict(("discard", "Raid")) == {"kind": "discard", "card": "Raid"}
    attack = action_to_dict(("attack", (7, 9), (8, 9), ("Thor's blessing", "Blood lord:2")))
    assert attack["cards"] == ["Thor's blessing", "Blood lord:2"] and attack["to"] == [8, 9]


def test_the_card_example_of_the_schema_loads():
    text = (DATA_DIR / "SCHEMA.md").read_text(encoding="utf-8")
    section = text[text.index("### Cards in a position") :]
    example = section[section.index("```json") + 7 : section.index("```\n", 10)]
    state = position_from_dict(json.loads(example), folder=DATA_DIR / "positions")
    assert state.game.rules.cards and ("card", "Mjolnir", (8, 9)) in state.legal_actions()
    assert Counter(state.deck + state.discard + sum(state.hands + state.face_down, ())) == (
        Counter(state.game.cards.pile())
    )
