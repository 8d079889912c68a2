"""Position files: round trips (file -> state -> file, state -> file -> state over played
games), the board and rules they name, every problem reported with its place, and the
legal actions of a loaded position against those of the same position set by hand."""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
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
from workbench.games.brawlhalla.state import PLAYING, BrawlhallaState
from workbench.jsonio import load_json

from .small_boards import make_board
from .standing import random_play

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
        for state in random_play(game.initial_state(), rng, 400):
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
