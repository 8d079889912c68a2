"""The position reader: each read value checked, each problem with its JSON path, and the
card names of the game's table (a near miss suggested)."""

from __future__ import annotations

from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.position_reader import PositionReader, entry_places
from workbench.games.brawlhalla.rules import Rules
from workbench.problems import Problems


def _reader(**rules):
    problems = Problems("p.json")
    return PositionReader(problems, Brawlhalla(rules=Rules(**rules))), problems


def test_cells_and_sides_are_checked_with_their_place():
    read, problems = _reader()
    assert read.cell([2, 3], "$.flag") == (2, 3)
    assert read.cell([2, 30], "$.flag") is None
    assert read.side({"side": "east"}, "side", "$.units[0]") is None
    assert [m.split(":")[0] for m in problems.messages] == ["$.flag", "$.units[0].side"]


def test_card_names_come_from_the_card_table_with_a_hint():
    read, problems = _reader(cards=True)
    assert read.card("Mjolnir", "$.relics.north[0]", "artifact")
    assert not read.card("Mjolnr", "$.relics.north[0]", "artifact")
    assert not read.card("Raid", "$.relics.north[1]", "artifact")
    first, second = problems.messages
    assert "did you mean 'Mjolnir'" in first and "expected an artifact card" in second


def test_entry_places_name_each_entry_of_a_list_by_its_cell():
    data = {"units": [{"cell": [1, 2]}, {"cell": [3, 4]}]}
    assert entry_places(data, "units") == {(1, 2): "$.units[0]", (3, 4): "$.units[1]"}
