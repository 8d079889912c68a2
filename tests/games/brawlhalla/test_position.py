"""Position files: round trips (file -> state -> file, state -> file -> state over played
games), the board and rules they name, every problem reported with its place, and the
legal actions of a loaded position against those of the same position set by hand."""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from workbench.errors import DataError, RulesError
from workbench.games.brawlhalla.board import DATA_DIR, board_to_dict
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.position import (
    CARD_FIELDS,
    action_to_dict,
    load_position,
    position_from_dict,
    position_to_dict,
    position_to_json_text,
    save_position,
    units_text,
)
from workbench.games.brawlhalla.rules import Rules
from workbench.games.brawlhalla.stacking import can_stand
from workbench.games.brawlhalla.state import PLAYING, BrawlhallaState
from workbench.jsonio import load_json

from .small_boards import make_board

POSITIONS = sorted((DATA_DIR / "positions").glob("*.json"))
ATTACK = DATA_DIR / "positions" / "attack.json"


def _without_cards_due(key: tuple) -> tuple:
    """A state's key without the ruin cards owed (only cards use them; files omit them)."""
    key = list(key)
    coins, holy, _, artifacts = key[9]
    key[9] = (coins, holy, artifacts)
    return tuple(key)


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_shipped_positions_round_trip_to_the_same_text(path, tmp_path):
    state = load_position(path)
    assert position_to_json_text(state) == path.read_text(encoding="utf-8")
    save_position(state, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == path.read_text()
    assert load_position(tmp_path / "again.json") == state


def test_two_shipped_positions():
    assert {p.name for p in POSITIONS} >= {"opening.json", "attack.json"}
    opening = load_position(DATA_DIR / "positions" / "opening.json")
    state = Brawlhalla().initial_state().apply(0)  # north begins
    for side in ("north", "south"):
        row, harbor_row = (0, 3) if side == "north" else (17, 14)
        state = state.apply(("barracks", (row, 4))).apply(("harbor", (harbor_row, 5)))
        state = state.apply(("deploy", (1, 2, 2), "capital"))
    assert opening == state  # right after the set-up, the first recruit on north's barracks
    attack = load_position(ATTACK)
    assert any(a[0] == "attack" for a in attack.legal_actions())


def _stands(state) -> bool:
    """Every stack stands where it is, no count below 0, the builders of each work among
    the stack on its square, the warriors within the pool (see the engine bugs below)."""
    stacks, pool = state.stacks, state.game.rules.warrior_pool
    return (
        all(min(s[1:5]) >= 0 and can_stand(state, s[1:5], c) for c, s in stacks.items())
        and all(
            not (w[2] or w[3]) or (c in stacks and stacks[c][1] >= w[2] and stacks[c][2] >= w[3])
            for c, w in state.works.items()
        )
        and all(state.count(side, "warriors") <= pool for side in (0, 1))
    )


def _random_play(game, rng, plies):
    """States of a random game; no move leaves a boat's passengers in the water (an engine
    bug: a boat may sail off alone from the sea, and files refuse such positions)."""
    state = game.initial_state()
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
        following = (state.apply(a) for a in rng.sample(actions, len(actions)))
        state = next(after for after in following if _stands(after))


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(ruin_capture="once per side", flag_take_cost=0, turn_limit=20)],
    ids=["natural", "variant"],
)
def test_every_position_of_played_games_round_trips(rules):
    game = Brawlhalla(rules=rules)
    rng = random.Random(7)
    seen = []
    for _ in range(3):
        for state in _random_play(game, rng, 400):
            if state.setup < PLAYING:
                continue
            data = json.loads(json.dumps(position_to_dict(state)))
            again = position_from_dict(data)
            assert _without_cards_due(again.key()) == _without_cards_due(state.key())
            assert position_to_dict(again) == data
            seen.append(state.current_player())
    assert len(seen) > 100 and set(seen) >= {0, 1}  # (chance nodes: the test below)


def test_finished_game_and_pending_attack_round_trip():
    data = load_json(ATTACK)
    state = position_from_dict(data).apply(("attack", (7, 9), (8, 9)))
    pending = position_to_dict(state)
    assert pending["pending"] == {"from": [7, 9], "to": [8, 9], "attack_dice": 7, "defence_dice": 3}
    again = position_from_dict(pending)
    assert again == state and again.chance_outcomes() == state.chance_outcomes()
    over = position_from_dict({**data, "winner": "south", "victory": "holy"})
    assert over.is_terminal() and over.returns() == (-1.0, 1.0)
    assert position_from_dict(position_to_dict(over)) == over


def test_the_board_by_path_relative_to_the_file_inline_or_default(tmp_path):
    board = make_board(
        ["...~", "~~~~", "...~"],
        ["nnn~", "~~~~", "sss~"],
        [("capital", "north", (0, 0)), ("capital", "south", (2, 0))],
    )
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "small.json").write_text(json.dumps(board_to_dict(board)))
    game = Brawlhalla(board)
    state = game.position(stacks={(0, 1): (0, 2, 0, 0, 0)})
    path = tmp_path / "pos.json"
    save_position(state, path, board="boards/small.json")
    assert load_json(path)["board"] == "boards/small.json"
    loaded = load_position(path)
    assert loaded == state and loaded.game.board == board
    save_position(loaded, tmp_path / "again.json", board="boards/small.json")
    assert (tmp_path / "again.json").read_text() == path.read_text()
    inline = position_to_dict(state)
    assert inline["board"] == board_to_dict(board)
    assert position_from_dict(inline) == state
    assert "board" not in position_to_dict(load_position(ATTACK))
    shutil.copy(path, folder / "moved.json")  # the path is relative to the file
    with pytest.raises(DataError, match=r"\$\.board: .*cannot read file"):
        load_position(folder / "moved.json")


def test_rules_in_the_file_then_the_callers():
    data = {**load_json(ATTACK), "rules": {"actions_per_unit_per_turn": 1}}
    for unit in data["units"]:
        unit["spent"] = min(unit["spent"], 1)
    state = position_from_dict(data)
    assert state.game.rules.actions_per_unit_per_turn == 1
    assert not any(a[1] == (7, 9) for a in state.legal_actions() if len(a) > 1)  # spent 1
    assert position_to_dict(state)["rules"] == {"actions_per_unit_per_turn": 1}
    seen = []

    def adjust(rules):
        seen.append(rules.actions_per_unit_per_turn)
        return rules.replace(actions_per_unit_per_turn=2)

    state = position_from_dict(data, adjust_rules=adjust)
    assert seen == [1] and ("attack", (7, 9), (8, 9)) in state.legal_actions()
    assert "rules" not in position_to_dict(state)


def test_loaded_position_has_the_legal_actions_of_the_same_position_set_by_hand():
    state = load_position(ATTACK)
    game = Brawlhalla()
    by_hand = game.position(
        stacks={(c[0], c[1]): s for c, s in state.stacks.items()},
        buildings=dict(state.buildings),
        works=dict(state.works),
        guardians=state.guardians,
        beaten=dict(state.beaten),
        ruins=sorted(state.ruins[0]),
        coins=state.coins,
        artifacts=state.artifacts,
        turn=12,
        to_move=0,
        ap=2,
    )
    assert state.legal_actions() == by_hand.legal_actions()
    # attacks by hand: every north stack against the enemy on the 8 squares around it
    attacks = sorted(
        ("attack", cell, (cell[0] + dr, cell[1] + dc))
        for cell, stack in state.stacks.items()
        if stack[0] == 0 and stack[5] < 2
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc)
        and (
            state.stacks.get((cell[0] + dr, cell[1] + dc), (0,))[0] == 1
            or (cell[0] + dr, cell[1] + dc) in state.guardians
        )
    )
    assert sorted(a for a in state.legal_actions() if a[0] == "attack") == attacks
    assert attacks == [("attack", (7, 9), (8, 9))]


def test_defaults_are_the_start_of_play():
    state = position_from_dict({"units": [{"side": "south", "cell": [15, 3], "warriors": 1}]})
    start = Brawlhalla().position(stacks={(15, 3): (1, 1, 0, 0, 0)})
    assert state == start and state.ap == 3 and state.turn == 1
    assert state.flag == state.game.geometry.flag_home and len(state.guardians) == 3


def _base() -> dict:
    return copy.deepcopy(load_json(ATTACK))


def _unit(side, cell, **counts):
    return {"side": side, "cell": list(cell), **counts}


def _with(**changes):
    return lambda data: data.update(changes)


def _unit_set(index, **changes):
    return lambda data: data["units"][index].update(changes)


def _add_units(*units):
    return lambda data: data["units"].extend(units)


CASES = {
    "not an object": (lambda data: data.clear() or data.update(x=1), r"\$\.x: unknown key"),
    "format": (_with(format="brawlhalla-board/1"), r"\$\.format: expected 'brawlhalla-position/1'"),
    "side": (_unit_set(0, side="east"), r"\$\.units\[0\]\.side: expected one of north, south"),
    "off the board": (
        _unit_set(0, cell=[20, 0]),
        r"\$\.units\[0\]\.cell: cell \[20, 0\] is outside",
    ),
    "negative count": (_unit_set(0, warriors=-1), r"\$\.units\[0\]\.warriors: expected an integer"),
    "bool count": (_unit_set(0, boats=True), r"\$\.units\[0\]\.boats: expected an integer"),
    "missing cell": (lambda d: d["units"][0].pop("cell"), r"\$\.units\[0\]: missing key 'cell'"),
    "unknown unit key": (_unit_set(0, heroes=1), r"\$\.units\[0\]\.heroes: unknown key"),
    "empty stack": (_unit_set(0, warriors=0), r"\$\.units\[0\]: a stack needs at least one unit"),
    "two on a square": (
        _add_units(_unit("north", (0, 4), warriors=1)),
        r"\$\.units\[10\]\.cell: \[0, 4\] already holds \$\.units\[0\]",
    ),
    "mountain": (
        _unit_set(0, cell=[1, 5]),
        r"\$\.units\[0\]: 2 warriors cannot stand on this mountain",
    ),
    "five warriors": (_unit_set(0, warriors=5), r"\$\.units\[0\]: 5 warriors cannot stand"),
    "boat on earth": (_unit_set(0, boats=1), r"\$\.units\[0\]: 2 warriors, 1 boat cannot stand on"),
    "enemy building": (_unit_set(4, cell=[2, 10]), r"\$\.units\[4\]: on the north barracks"),
    "guardian": (_unit_set(0, cell=[8, 5]), r"\$\.units\[0\]: on the central sanctuary"),
    "warlord pool": (
        _add_units(
            *(_unit("north", c, warlords=1) for c in ((0, 8), (0, 9), (0, 10), (1, 9), (1, 10)))
        ),
        r"\$\.units: north has 6 warlords, at most 5",
    ),
    "spent": (_unit_set(0, spent=3), r"\$\.units\[0\]\.spent: expected an integer from 0 to 2"),
    "no capital": (
        lambda d: d["buildings"].pop(1),
        r"\$\.buildings: no north capital on its square: the game is over",
    ),
    "building kind": (
        lambda d: d["buildings"][0].update(kind="tower"),
        r"\$\.buildings\[0\]\.kind: expected one of capital",
    ),
    "harbor on earth": (
        lambda d: d["buildings"][0].update(kind="harbor"),
        r"\$\.buildings\[0\]: not on shore",
    ),
    "building on a ruin": (
        lambda d: d["buildings"][2].update(cell=[1, 8]),
        r"\$\.buildings\[2\]: the square holds the board's ruin",
    ),
    "capital elsewhere": (
        lambda d: d["buildings"][0].update(kind="capital"),
        r"\$\.buildings\[0\]: a capital stands on its side's capital square",
    ),
    "work site": (
        lambda d: d["works"][0].update(kind="boat"),
        r"\$\.works\[0\]: a boat is made on its side's harbor",
    ),
    "builders": (
        lambda d: d["works"][0].update(warriors=4),
        r"\$\.works\[0\]: its builders must stand on the square",
    ),
    "work turns": (
        lambda d: d["works"][0].update(turns_left=0),
        r"\$\.works\[0\]\.turns_left: expected an integer from 1",
    ),
    "guardian name": (
        _with(guardians=["north"]),
        r"\$\.guardians\[0\]: expected one of west, east",
    ),
    "beaten standing": (
        _with(beaten={"east": "south", "west": "north"}),
        r"\$\.beaten\.west: its guardian still stands",
    ),
    "artifact": (
        _with(artifacts={"north": ["east"], "south": []}),
        r"\$\.artifacts\.north\[0\]: north did not beat the east guardian",
    ),
    "ruin": (_with(ruins_taken=[[0, 3]]), r"\$\.ruins_taken\[0\]: \[0, 3\] is not a ruin"),
    "ruin per side": (
        _with(ruins_taken={"north": [], "west": []}),
        r"\$\.ruins_taken\.west: unknown key",
    ),
    "wrecks": (_with(wrecks={"north": 2}), r"\$\.wrecks\.north: expected an integer from 0 to 1"),
    "earthed": (_with(earthed=[[1, 5]]), r"\$\.earthed\[0\]: only a building's square"),
    "flag and carrier": (_with(carrier=[7, 9]), r"\$\.flag: the flag is carried"),
    "carrier": (_with(flag=None, carrier=[9, 9]), r"\$\.carrier: no stack stands there"),
    "flag nowhere": (_with(flag=None), r"\$\.flag: the flag is nowhere"),
    "flag cell": (_with(flag="west"), r"\$\.flag: expected a cell"),
    "respawn": (_with(respawn=14), r"\$\.respawn: only a flag that is neither"),
    "turn": (_with(turn=61), r"\$\.turn: expected an integer from 1 to 60, got 61"),
    "to move": (_with(to_move="west"), r"\$\.to_move: expected one of north, south"),
    "action points": (
        _with(action_points=4),
        r"\$\.action_points: expected an integer from 0 to 3",
    ),
    "holy": (_with(holy={"north": 3}), r"\$\.holy\.north: expected an integer from 0 to 2"),
    "coins": (_with(coins={"north": "2"}), r"\$\.coins\.north: expected an integer"),
    "rules knob": (_with(rules={"speed": 2}), r"\$\.rules: unknown rules field\(s\) speed"),
    "card key without cards": (_with(hands={"north": []}), r"\$\.hands: cards are off"),
    "die cards without cards": (
        _with(
            pending={
                "from": [7, 9],
                "to": [8, 9],
                "attack_dice": 7,
                "defence_dice": 3,
                "attacker_mods": ["thor"],
            }
        ),
        r"\$\.pending\.attacker_mods: cards are off",
    ),
    "board file": (_with(board="nowhere.json"), r"\$\.board: .*nowhere\.json: cannot read file"),
    "inline board": (
        _with(board={"terrain": ["x"], "regions": ["n"], "features": []}),
        r"\$\.board: terrain row 0, column 0: unknown terrain 'x'",
    ),
    "board without capitals": (
        _with(board={"terrain": ["."], "regions": ["n"], "features": []}),
        r"\$\.board: Brawlhalla: the board has no north capital",
    ),
    "pending target": (
        _with(pending={"from": [7, 9], "to": [6, 9], "attack_dice": 7, "defence_dice": 3}),
        r"\$\.pending\.to: nothing to attack there",
    ),
    "pending dice": (
        _with(pending={"from": [7, 9], "to": [8, 9], "attack_dice": 0, "defence_dice": 3}),
        r"\$\.pending\.attack_dice: expected an integer from 1 to 7",
    ),
    "winner": (
        _with(winner="draw", victory="war"),
        r"\$\.victory: a draw comes with the turn limit",
    ),
    "victory": (_with(winner="north"), r"\$\.victory: expected one of war, holy, flag"),
}


@pytest.mark.parametrize("name", CASES)
def test_every_problem_names_its_place(name, tmp_path):
    change, pattern = CASES[name]
    data = _base()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as caught:
        load_position(path)
    assert caught.value.source == str(path)
    assert any(re.search(pattern, p) for p in caught.value.problems), caught.value.problems


def test_every_problem_is_reported_at_once():
    data = _base()
    data["units"][0]["side"] = "east"
    data["turn"] = 0
    data["guardians"] = ["north"]
    with pytest.raises(DataError) as caught:
        position_from_dict(data, source="p.json")
    assert len(caught.value.problems) == 3
    assert str(caught.value).startswith("p.json: ") and "(and 2 more problem(s))" in str(
        caught.value
    )
    with pytest.raises(DataError, match=r"^p\.json: \$: expected an object"):
        position_from_dict([], source="p.json")


def test_position_files_hold_positions_in_play():
    game = Brawlhalla()
    with pytest.raises(RulesError, match="set-up done"):
        position_to_dict(game.initial_state())
    assert not set(position_to_dict(load_position(ATTACK))) & {f.key for f in CARD_FIELDS}


def test_actions_as_json():
    assert action_to_dict(("move", (1, 6), (0, 6), (1, 1, 0, 0))) == {
        "kind": "move",
        "from": [1, 6],
        "to": [0, 6],
        "part": {"warriors": 1, "warlords": 1, "dragons": 0, "boats": 0},
    }
    assert action_to_dict(("fuse", (2, 3), (2, 4))) == {
        "kind": "fuse",
        "from": [2, 3],
        "to": [2, 4],
    }
    assert action_to_dict(("attack", (7, 9), (8, 9)))["to"] == [8, 9]
    assert action_to_dict(("flag", (8, 5))) == {"kind": "flag", "from": [8, 5]}
    assert action_to_dict(("build", (3, 8), "boat"))["build"] == "boat"
    assert units_text((1, 0, 2, 0)) == "1 warrior, 2 dragons"


def test_file_is_one_entry_a_line():
    lines = Path(ATTACK).read_text().splitlines()
    state = load_position(ATTACK)
    assert sum('"warriors"' in line and '"spent"' in line for line in lines) == len(state.stacks)
    assert sum('"kind"' in line and '"turns_left"' not in line for line in lines) == len(
        state.buildings
    )


def test_the_example_of_the_schema_loads():
    text = (DATA_DIR / "SCHEMA.md").read_text(encoding="utf-8")
    section = text[text.index("## Positions") :]
    example = section[section.index("```json") + 7 : section.index("```\n", 10)]
    state = position_from_dict(json.loads(example), folder=DATA_DIR / "positions")
    assert state.game.rules.turn_limit == 40 and state.turn == 12
    assert ("attack", (7, 9), (8, 9)) in state.legal_actions()


# -- cards -------------------------------------------------------------------------------
CARDS = DATA_DIR / "positions" / "cards.json"
CARD_RULES = Rules(cards=True)


def _card_play(state, rng, plies):
    """States of a random game with cards, in which a card play or an attack, when there
    is one, is picked half of the time (so that cards and clashes come up). Two engine
    bugs are stepped around, as files refuse what they leave: a fusion whose fifth
    warrior's step onto a shore sets off a Landslide takes 5 warriors from the smaller
    stack (fewer than 0 are left); a Landslide on a work's square leaves its builders
    held though they died; a Landslide that kills a warlord replaces it by warriors past
    the warrior pool."""
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
        keen = [a for a in actions if a[0] in ("card", "attack")]
        if keen and rng.random() < 0.5:
            actions = keen
        following = (state.apply(a) for a in rng.sample(actions, len(actions)))
        state = next(after for after in following if _stands(after))


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
        for state in _card_play(first, rng, 300):
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


#: State attributes the main keys of a file hold (``committed`` in ``pending``).
_MAIN_ATTRIBUTES = {
    "stacks", "buildings", "works", "guardians", "beaten", "ruins", "wrecks", "earthed",
    "flag", "carrier", "respawn", "coins", "holy", "artifacts", "turn", "to_move", "ap",
    "first", "pending", "committed", "winner", "victory",
}  # fmt: skip
#: What files do not hold: caches, the game, set-up (always done), actions taken so far.
_NOT_HELD = {"_by_source", "_legal", "_tally", "game", "setup", "actions"}


def test_every_part_of_a_state_has_its_place_in_files():
    """A new attribute of the state fails here until it has a row in CARD_FIELDS (or is
    said not to be held)."""
    card_attributes = [f.attribute for f in CARD_FIELDS]
    assert len(set(card_attributes)) == len(card_attributes)
    assert not set(card_attributes) & _MAIN_ATTRIBUTES
    held = _MAIN_ATTRIBUTES | set(card_attributes) | _NOT_HELD
    assert set(BrawlhallaState.__slots__) == held
