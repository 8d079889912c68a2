"""Map files: validation names every problem, saving round-trips, shipped maps fit the changelog."""

import itertools
import json
import math

import pytest

from workbench.errors import DataError
from workbench.games.viking_raid import (
    DATA_DIR,
    ROLES,
    RaidMap,
    default_map,
    load_map,
    map_names,
    save_map,
)
from workbench.grids import hex_center, hex_disc, hex_distance

GOOD = {
    "name": "tiny",
    "hexes": [[q, r] for q, r in hex_disc((0, 0), 2)],
    "blocked": [[1, 0]],
    "starts": {"archer": [0, 0], "huscarl": [-2, 0], "berserker": [2, -2]},
    "treasure": [[0, 1, 3], [-1, -1, 2]],
}


def broken(**changes):
    data = json.loads(json.dumps(GOOD))
    data.update(changes)
    return data


def test_good_map_round_trips_through_a_file(tmp_path):
    raid_map = RaidMap.from_dict(GOOD)
    assert raid_map.total_treasure == 5
    assert raid_map.start("huscarl") == (-2, 0)
    assert (1, 0) not in raid_map.open_hexes and len(raid_map.open_hexes) == 18
    path = tmp_path / "tiny.json"
    save_map(raid_map, path)
    assert load_map(path) == raid_map
    expected = {**GOOD, "hexes": sorted(GOOD["hexes"]), "treasure": sorted(GOOD["treasure"])}
    assert json.loads(path.read_text()) == expected


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "name: expected a non-empty string"),
        ({"hexes": []}, "hexes: expected a non-empty list"),
        ({"hexes": [[0, 0], [0, 0]]}, "hexes: the same hex is listed twice"),
        ({"blocked": [[9, 9]]}, r"blocked\[0\]: \[9, 9\] is not one of the playable hexes"),
        ({"starts": {"archer": [0, 0], "huscarl": [-2, 0]}}, "starts: missing 'berserker'"),
        (
            {"starts": {"archer": [0, 0], "huscarl": [0, 0], "berserker": [2, -2]}},
            r"starts.huscarl: \[0, 0\] is already another role's start",
        ),
        (
            {"starts": {"archer": [1, 0], "huscarl": [-2, 0], "berserker": [2, -2]}},
            r"starts.archer: \[1, 0\] is not an open playable hex",
        ),
        ({"treasure": [[0, 1, 0]]}, r"treasure\[0\]: gold must be an integer from 1 to 999, got 0"),
        ({"treasure": [[0, 1, "3"]]}, r"treasure\[0\]: expected \[q, r, gold\]"),
        ({"treasure": [[0, 0, 3]]}, r"treasure\[0\]: \[0, 0\] is a start hex"),
        ({"treasure": [[0, 1, 3], [0, 1, 1]]}, r"treasure\[1\]: \[0, 1\] already has treasure"),
        ({"treasure": []}, "treasure: a map needs at least one treasure hex"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"starts": {**GOOD["starts"], "skald": [1, 1]}}, "starts: unknown role 'skald'"),
        (
            {"hexes": [[0, 0], [0, 1], [-1, -1], [-2, 0], [2, -2]], "blocked": []},
            "one connected region",
        ),
    ],
)
def test_each_schema_rule_is_reported_with_its_place(changes, message):
    with pytest.raises(DataError, match=message):
        RaidMap.from_dict(broken(**changes), source="bad.json")


def test_every_problem_is_listed_and_the_file_named(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(name=3, treasure=[[0, 1, -1]], blocked="x")))
    with pytest.raises(DataError) as caught:
        load_map(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert len(caught.value.problems) == 3
    path.write_text("{not json")
    with pytest.raises(DataError, match="invalid JSON at line 1"):
        load_map(path)


def test_replace_revalidates():
    raid_map = RaidMap.from_dict(GOOD)
    assert raid_map.replace(treasure={(0, 2): 7}).total_treasure == 7
    with pytest.raises(DataError, match="is a start hex"):
        raid_map.replace(treasure={(0, 0): 7})


@pytest.mark.parametrize("name", map_names())
def test_shipped_maps_load_and_save_byte_for_byte(name, tmp_path):
    raid_map = default_map(name)
    save_map(raid_map, tmp_path / "copy.json")
    assert (tmp_path / "copy.json").read_text() == (DATA_DIR / f"{name}.json").read_text()


def test_default_map_follows_the_changelog():
    raid_map = default_map()
    to_centre = [math.dist(hex_center(raid_map.start(role)), (0, 0)) for role in ROLES]
    assert to_centre[0] < to_centre[1] < to_centre[2]  # Archer nearest, Berserker furthest
    starts = raid_map.starts
    assert min(hex_distance(a, b) for a, b in itertools.combinations(starts, 2)) >= 5
    golds = [gold for _, gold in raid_map.treasure]
    assert len(golds) <= len(raid_map.open_hexes) // 5 and min(golds) >= 2  # scarce, valuable
    assert raid_map.notes
    with pytest.raises(DataError, match="no map 'atlantis'"):
        default_map("atlantis")
