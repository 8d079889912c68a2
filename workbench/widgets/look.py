"""What every editor shows the same way: plain-language names, the key to its board, the
selected tool and a played card clearly marked, labels that wrap instead of being cut.

The editors build their palettes with :func:`tool_picker` (each code name shown in
plain words, the value kept), draw the key of their board's picture with
:func:`legend` and add :func:`style_sheet` once, which marks the selected tool and
lets long button and label text wrap.

>>> from workbench.grids.shapes import Key
>>> tools = tool_picker(("wall", "dwarven_shield"), value="wall", description="Tool")
>>> tools.options, tools.value
((('Wall', 'wall'), ('Dwarven shield', 'dwarven_shield')), 'wall')
>>> "wb-swatch" in legend([Key("start", "#a8e0a8", "S")]).value
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

import ipywidgets as widgets

from workbench.grids.shapes import Key
from workbench.rules import plain_words

__all__ = ["CSS", "legend", "legend_html", "mark_played", "name_of", "style_sheet", "tool_picker"]

#: The editors' shared style: the selected tool and a played card stand out (bold on
#: orange, a dark outline), tool buttons size to their words and wrap onto more rows,
#: labels marked ``wb-wrap`` wrap, figures marked ``wb-fit`` shrink to the widget's
#: width, legends flow in rows.
CSS = """
.wb-tools { flex-wrap: wrap; height: auto; }
.wb-tools > div { display: flex; flex-wrap: wrap; flex: 1 1 0; min-width: 0; }
.wb-tools .jupyter-button { width: auto; margin: 1px 2px; }
.wb-tools .jupyter-button.mod-active, .wb-played.mod-active {
  background: #f5b041; color: #000; font-weight: bold; box-shadow: inset 0 0 0 2px #7e5109;
}
.jupyter-widgets.wb-wrap, .wb-wrap .widget-label, .wb-wrap label {
  white-space: normal; height: auto !important; line-height: 1.3; overflow-wrap: anywhere;
}
.wb-fit svg, .wb-fit img { max-width: 100%; height: auto; }
.wb-legend { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 12px; }
.wb-legend .wb-key { display: inline-flex; align-items: center; gap: 4px; }
.wb-legend .wb-swatch {
  display: inline-block; min-width: 16px; height: 16px; padding: 0 2px; box-sizing: border-box;
  border: 1px solid #555; border-radius: 3px; font-size: 10px; line-height: 14px;
  text-align: center;
}
"""


def style_sheet() -> widgets.HTML:
    """A hidden widget holding :data:`CSS` as a ``<style>`` element (add it once).

    >>> style_sheet().value.startswith("<style>")
    True
    """
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))


def name_of(code: str, names: Mapping[str, str] | None = None) -> str:
    """What a screen calls ``code``: its entry in ``names``, else the code in words.

    >>> name_of("dwarven_shield"), name_of("to_valhalla", {"to_valhalla": "To Valhalla"})
    ('Dwarven shield', 'To Valhalla')
    """
    return (names or {}).get(code) or plain_words(code)


def tool_picker(
    tools: Iterable[str],
    *,
    value: str,
    description: str,
    names: Mapping[str, str] | None = None,
) -> widgets.ToggleButtons:
    """A palette: one button per tool, named in plain words (``names`` first, else
    :func:`~workbench.rules.plain_words`), its value the tool's code name; the selected
    one is marked (CSS class ``wb-tools``) and the buttons wrap onto more rows."""
    options = [(name_of(tool, names), tool) for tool in tools]
    picker = widgets.ToggleButtons(options=options, value=value, description=description)
    picker.add_class("wb-tools")
    return picker


def legend_html(keys: Iterable[Key]) -> str:
    """The key of a picture as HTML: a swatch of each entry's colour (its symbol on it)
    and what it means, in rows that wrap.

    >>> text = legend_html([Key("wall", "#4a4a4a"), Key("start", "#a8e0a8", "S")])
    >>> text.count('class="wb-key"'), 'background:#a8e0a8">S</span>start' in text
    (2, True)
    """
    entries = "".join(
        f'<span class="wb-key"><span class="wb-swatch" style="background:{html.escape(key.fill)}">'
        f"{html.escape(key.symbol, quote=False)}</span>{html.escape(key.text, quote=False)}</span>"
        for key in keys
    )
    return f'<div class="wb-legend">{entries}</div>'


def legend(keys: Iterable[Key]) -> widgets.HTML:
    """A widget showing :func:`legend_html` (class ``wb-legend-box``); set its ``value``
    with :func:`legend_html` to change it."""
    box = widgets.HTML(legend_html(keys))
    box.add_class("wb-legend-box")
    return box


def mark_played(toggle: widgets.ToggleButton) -> widgets.ToggleButton:
    """Make a played (pressed) toggle stand out: orange and bold, its tooltip saying so.

    >>> card = mark_played(widgets.ToggleButton(description="Skofnung +1"))
    >>> card.value = True
    >>> card.button_style, card.tooltip
    ('warning', 'Skofnung +1: played')
    """
    toggle.add_class("wb-played")
    base = toggle.tooltip or toggle.description

    def _show(_change=None) -> None:
        toggle.button_style = "warning" if toggle.value else ""
        toggle.tooltip = f"{base}: played" if toggle.value else f"{base}: not played"

    toggle.observe(_show, names="value")
    _show()
    return toggle
