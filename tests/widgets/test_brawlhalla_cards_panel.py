"""The cards panel, headless: tiles in their family's colour, a card selected and put back,
its targets on squares or as buttons, forced discards, and the other side's cards as
backs unless they were revealed.

Targets are checked against the engine's own list (``card_actions``), words against
the rules' card table."""

from __future__ import annotations

from workbench.games.brawlhalla.card_effects import card_actions
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.narration import cards_words
from workbench.games.brawlhalla.rules import Rules
from workbench.widgets.brawlhalla_cards_panel import (
    FAMILY_COLOURS,
    CardsPanel,
    other_cards,
    style_sheet,
    target_cell,
    target_words,
)

GAME = Brawlhalla(rules=Rules(cards=True))
BARRACKS = {(2, 9): (0, "barracks"), (3, 4): (0, "barracks")}
CAPITALS = {(1, 6): (0, "capital"), (16, 6): (1, "capital")}


def panel_for(state, side=0):
    played, selections = [], []
    panel = CardsPanel(on_play=played.append, on_select=lambda: selections.append(panel.selected))
    panel.show(state, side, state.legal_actions() if state.to_move == side else [])
    return panel, played, selections


def tiles(panel):
    return [*panel.hand.children, *panel.kept.children]


def test_tiles_show_each_card_in_its_familys_colour():
    state = GAME.position(
        hands=(("Wandering warrior", "Conscription", "Norn's wrath"), ()),
        relics=(("Mjolnir",), ()),
        in_effect=(("Tyrfing",), ()),
        face_down=(("Swan song",), ()),
    )
    panel, _, _ = panel_for(state)
    families = GAME.cards.families()
    names = [t.description for t in tiles(panel)]
    assert names == [
        "Wandering warrior", "Conscription", "Norn's wrath", "Mjolnir", "Tyrfing", "Swan song",
    ]  # fmt: skip
    for tile in tiles(panel):
        family = families[tile.description]
        assert tile.style.button_color == FAMILY_COLOURS[family]
        assert f"brawlhalla-card-{family}" in tile._dom_classes
    playable = {a[1] for a in card_actions(state)}
    for tile in tiles(panel):
        kind = "playable" if tile.description in playable else "idle"
        assert f"brawlhalla-card-{kind}" in tile._dom_classes
    assert style_sheet().count(".brawlhalla-card-selected") == 1


def test_a_card_with_squares_to_aim_at_gives_them_and_plays_on_the_one_clicked():
    state = GAME.position(hands=(("Wandering warrior",), ()), buildings=BARRACKS | CAPITALS)
    panel, played, selections = panel_for(state)
    panel.hand.children[0].click()
    expected = [a for a in card_actions(state) if a[1] == "Wandering warrior"]
    assert panel.selected == "Wandering warrior" and selections == ["Wandering warrior"]
    assert panel.cell_targets() == {a[2]: [a] for a in expected}
    assert sorted(panel.cell_targets()) == [(2, 9), (3, 4)]
    assert "brawlhalla-card-selected" in panel.hand.children[0]._dom_classes
    assert [b.description for b in panel.choices.children] == ["Cancel"]
    assert "choose a lit square" in panel.hint.value
    assert panel.pick_cell((5, 5)) is False and played == []
    assert panel.pick_cell((3, 4)) is True
    assert played == [("card", "Wandering warrior", (3, 4))]


def test_a_second_click_or_cancel_puts_the_card_back():
    state = GAME.position(hands=(("Wandering warrior",), ()), buildings=BARRACKS | CAPITALS)
    panel, _, selections = panel_for(state)
    panel.click_card("Wandering warrior")
    panel.click_card("Wandering warrior")
    assert panel.selected is None and panel.cell_targets() == {}
    panel.click_card("Wandering warrior")
    panel.choices.children[-1].click()  # Cancel
    assert panel.selected is None and selections == ["Wandering warrior", None] * 2
    assert "brawlhalla-card-selected" not in panel.hand.children[0]._dom_classes


def test_cards_without_squares_to_aim_at_give_one_button_per_target():
    hands = (("Bragi's deal", "Raid", "Pillage", "Pillage"), ("Raid", "Raid", "Pillage"))
    state = GAME.position(hands=hands)
    panel, played, _ = panel_for(state)
    panel.click_card("Bragi's deal")
    expected = [a for a in card_actions(state) if a[1] == "Bragi's deal"]
    assert panel.cell_targets() == {}
    words = [b.description for b in panel.choices.children]
    assert words == [target_words(state, a) for a in expected] + ["Cancel"]
    assert words[:2] == ["Bragi's deal: discarding Pillage", "Bragi's deal: discarding Raid"]
    panel.choices.children[1].click()
    assert played == [("card", "Bragi's deal", "Raid")]


def test_only_one_of_two_copies_is_marked_selected():
    state = GAME.position(hands=(("Raid", "Raid"), ()), coins=(0, 1))
    panel, _, _ = panel_for(state)
    panel.click_card("Raid")
    marked = ["brawlhalla-card-selected" in t._dom_classes for t in panel.hand.children]
    assert marked == [True, False]


def test_a_push_picks_its_boat_on_the_board_then_where_by_button():
    state = GAME.position(hands=(("Njord's wrath",), ()), stacks={(4, 5): (1, 0, 0, 0, 1)})
    panel, played, _ = panel_for(state)
    panel.click_card("Njord's wrath")
    pushes = [a for a in card_actions(state) if a[1] == "Njord's wrath"]
    assert panel.cell_targets() == {(4, 5): pushes} and len(pushes) == 4
    assert panel.pick_cell((4, 5)) and played == []
    assert [b.description for b in panel.choices.children][:-1] == [
        f"Njord's wrath: on (4, 5), pushing it {a[2][1]}" for a in pushes
    ]
    panel.choices.children[2].click()
    assert played == [pushes[2]]


def test_a_forced_discard_is_a_click_on_the_card():
    state = GAME.position(hands=(("Raid", "Pillage"), ())).copy()
    state.discarding = 0
    panel, played, _ = panel_for(state)
    assert "click one to discard it" in panel.hint.value
    panel.hand.children[1].click()
    assert played == [("discard", "Pillage")] and panel.selected is None


def test_out_of_turn_nothing_is_clickable():
    state = GAME.position(hands=(("Bragi's blessing",), ()), to_move=1)
    panel, played, _ = panel_for(state)
    panel.click_card("Bragi's blessing")
    assert panel.selected is None and played == []
    assert "brawlhalla-card-idle" in panel.hand.children[0]._dom_classes


def test_the_other_sides_cards_are_backs_until_revealed():
    state = GAME.position(
        hands=(("Odin's vision", "Odin's eye"), ("Dragon killer", "Raid")),
        face_down=((), ("Swan song", "Landslide")),
        coins=(2, 0),
    )
    panel, _, _ = panel_for(state)
    assert panel.others.value.count("brawlhalla-back") == 4
    for name in ("Dragon killer", "Raid", "Swan song", "Landslide"):
        assert name not in panel.others.value
    seen = state.apply(("card", "Odin's vision", None)).apply(("card", "Odin's eye", 1))
    assert other_cards(seen, 0) == (["Dragon killer", "Raid"], [None, "Landslide"])
    assert GAME.observation(seen, 0)[1][:2] == (("Dragon killer", "Raid"), ("Landslide",))
    panel.show(seen, 0, seen.legal_actions())
    assert panel.others.value.count("brawlhalla-back") == 1
    assert "Dragon killer" in panel.others.value and "Landslide" in panel.others.value


def test_words_for_targets_and_clash_cards():
    state = GAME.position()
    assert target_words(state, ("card", "Norn's wrath", None)) == "Lay Norn's wrath face down"
    assert target_words(state, ("card", "Bragi's blessing", None)) == "Play Bragi's blessing"
    assert target_words(state, ("card", "Loki's treason", 0)) == (
        "Loki's treason: on the other side's card 1, unseen"
    )
    assert target_cell((1, 2)) == (1, 2) and target_cell(None) is None
    assert cards_words(("Blood lord:1",)) == "Blood lord (1 warrior sacrificed)"
    assert cards_words(("Skofnung", "Thor's blessing", "Norn's wrath")) == (
        "Skofnung, Thor's blessing and Norn's wrath"
    )
