"""A Viking Raid map editor on the shared board view, drawn by the game's drawing module.

Pick a tool in the palette, then click or drag over hexes: paint gold (1 to 5),
clear it, place rocks, move the Archer's, Huscarl's or Berserker's start, or grow
and shrink the mat (a ring of pale hexes around it can be painted into the map).
The total treasure, the problems that keep the map from being valid, and a table
of each role's distances to the centre and the treasure update after every
stroke. A key below the board says what the colours and letters mean; hovering over
a hex shows its coordinates (``hex q,r``), the words the messages use. Load and Save
read and write map files (atomically).

>>> editor = RaidMapEditor()
>>> editor.total.value
'Treasure: 24 gold on 10 hexes'
>>> editor.tools.value = "gold 5"
>>> editor.view._handle_custom_msg({"event": "click", "cell": "1,0"}, [])
>>> editor.total.value
'Treasure: 29 gold on 11 hexes'
"""

from __future__ import annotations

import os

import ipywidgets as widgets

from workbench.errors import DataError
from workbench.games.viking_raid.drawing import ROLE_COLOURS, map_picture
from workbench.games.viking_raid.geometry import role_summary
from workbench.games.viking_raid.raid_map import ROLES, RaidMap, default_map, load_map, save_map
from workbench.games.viking_raid.rules import Rules
from workbench.grids.hexagonal import Hex
from workbench.grids.shapes import Key, parse_cell_id
from workbench.widgets.board import BoardView
from workbench.widgets.look import legend, legend_html, style_sheet, tool_picker

__all__ = ["TOOLS", "RaidMapEditor", "where"]

#: Palette entries, in order.
TOOLS: tuple[str, ...] = (
    *(f"gold {n}" for n in range(1, 6)),
    "clear",
    "rock",
    *(f"{role} start" for role in ROLES),
    "add hex",
    "remove hex",
)
#: What the Vikings' discs on the board mean (the map's own key says the rest).
_VIKING_KEYS = tuple(
    Key(f"the {role.capitalize()}'s start", ROLE_COLOURS[seat], role[0].upper())
    for seat, role in enumerate(ROLES)
)


def where(h: Hex) -> str:
    """A hex as the messages and the board's hover text name it.

    >>> where((-4, 0))
    'hex -4,0'
    """
    return f"hex {h[0]},{h[1]}"


class RaidMapEditor(widgets.VBox):
    """Paint a Viking Raid map with the mouse; see totals and role distances live.

    Parameters
    ----------
    raid_map : RaidMap, optional
        The map to start from (default: the shipped ``default`` map).
    path : str, optional
        File name shown in the Load/Save box.
    rules : Rules, optional
        Rules used for the role distances (movement differs between versions).
    """

    def __init__(
        self,
        raid_map: RaidMap | None = None,
        *,
        path: str | os.PathLike[str] = "my_map.json",
        rules: Rules | None = None,
    ):
        self.rules = rules or Rules()
        self.tools = tool_picker(TOOLS, value="gold 1", description="Tool")
        self.view = BoardView(width_px=460)
        self.key = legend([]).add_class("raid-key")
        self.total = widgets.Label().add_class("raid-total")
        self.status = widgets.Label().add_class("raid-status")
        self.summary = widgets.HTML().add_class("raid-summary")
        self.name = widgets.Text(description="Name")
        self.path = widgets.Text(value=str(path), description="File")
        self.load_button = widgets.Button(description="Load").add_class("raid-load")
        self.save_button = widgets.Button(description="Save").add_class("raid-save")
        self.load_button.on_click(lambda _: self.load(self.path.value))
        self.save_button.on_click(lambda _: self.save(self.path.value))
        self.view.on_cell_event(self._on_cell)
        self.name.observe(lambda change: self._refresh(), names="value")
        hint = widgets.Label("Hover over a hex to see its coordinates.").add_class("wb-wrap")
        files = [self.name, self.path, self.load_button, self.save_button]
        super().__init__(
            [
                style_sheet(),
                self.tools,
                widgets.HBox(
                    [self.view, widgets.VBox([self.total, hint, self.key], layout={"flex": "1"})]
                ),
                self.summary,
                widgets.HBox(files, layout={"flex_flow": "row wrap"}),
                self.status,
            ]
        )
        self.add_class("raid-map-editor")
        self.set_map(raid_map or default_map())

    # -- the map being edited -----------------------------------------------------------------
    def set_map(self, raid_map: RaidMap) -> None:
        """Start editing ``raid_map``."""
        self._hexes = set(raid_map.hexes)
        self._blocked = set(raid_map.blocked)
        self._treasure = dict(raid_map.treasure)
        self._starts = list(raid_map.starts)
        self._notes = raid_map.notes
        self.name.value = raid_map.name
        self._refresh()

    def draft(self) -> RaidMap:
        """The map as painted, not validated (it may break the schema)."""
        return RaidMap(
            name=self.name.value,
            hexes=tuple(sorted(self._hexes)),
            starts=tuple(self._starts),
            treasure=tuple(sorted(self._treasure.items())),
            blocked=frozenset(self._blocked),
            notes=self._notes,
        )

    def to_map(self) -> RaidMap:
        """The map as painted, validated (``DataError`` lists what is wrong)."""
        return RaidMap.from_dict(self.draft().to_dict(), source=f"map {self.name.value!r}")

    # -- painting -------------------------------------------------------------------------------
    def paint(self, h: Hex, tool: str | None = None) -> str:
        """Apply ``tool`` (default: the palette's) to hex ``h``; returns what happened."""
        tool = tool or self.tools.value
        if tool not in TOOLS:
            raise ValueError(f"unknown tool {tool!r}; tools: {', '.join(TOOLS)}")
        is_start = h in self._starts
        if tool == "add hex":
            self._hexes.add(h)
            return f"{where(h)} added"
        if h not in self._hexes:
            return f"{where(h)} is off the map: add it first"
        if tool.endswith(" start"):
            seat = ROLES.index(tool.removesuffix(" start"))
            if is_start and self._starts[seat] != h:
                return f"{where(h)} is already another role's start"
            self._starts[seat] = h
            self._blocked.discard(h)
            self._treasure.pop(h, None)
            return f"{ROLES[seat]} starts on {where(h)}"
        if is_start:
            return f"{where(h)} is a start hex: move the start first"
        self._treasure.pop(h, None)
        self._blocked.discard(h)
        if tool == "remove hex":
            self._hexes.discard(h)
        elif tool == "rock":
            self._blocked.add(h)
        elif tool.startswith("gold "):
            self._treasure[h] = int(tool.split()[1])
        return f"{tool} on {where(h)}"

    def _on_cell(self, ident: str, kind: str) -> None:
        _, cell = parse_cell_id(ident)
        self.status.value = self.paint((cell[0], cell[1]))
        self._refresh(keep_status=True)

    def _refresh(self, *, keep_status: bool = False) -> None:
        draft = self.draft()
        starts = dict(enumerate(draft.starts))
        picture = map_picture(draft, frame=1, show_starts=False, vikings=starts)
        self.view.show(picture)
        self.key.value = legend_html([*picture.legend, *_VIKING_KEYS])
        self.total.value = f"Treasure: {draft.total_treasure} gold on {len(draft.treasure)} hexes"
        try:
            valid = self.to_map()
        except DataError as error:
            self.summary.value = "<b>Not a valid map yet:</b><br>" + "<br>".join(error.problems)
            return
        table = role_summary(valid, self.rules)
        table["start"] = table["start"].map(where)
        self.summary.value = table.to_html(index=False, border=0)
        if not keep_status:
            self.status.value = "valid map"

    # -- files --------------------------------------------------------------------------------
    def load(self, path: str | os.PathLike[str]) -> bool:
        """Edit the map in ``path``; on error the status line says why and nothing changes."""
        try:
            self.set_map(load_map(path))
        except DataError as error:
            self.status.value = f"not loaded: {error}"
            return False
        self.status.value = f"loaded {path}"
        return True

    def save(self, path: str | os.PathLike[str]) -> bool:
        """Save the map (only if valid) to ``path`` atomically; the status line reports."""
        try:
            save_map(self.to_map(), path)
        except (DataError, OSError) as error:
            self.status.value = f"not saved: {error}"
            return False
        self.status.value = f"saved {path}"
        return True
