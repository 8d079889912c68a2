"""The Brawlhalla table, headless: targets of a stack, moves and splits, the computer's
turn, attack odds and their confirmation, works as buttons, set-up, undo, game over.

The shapes and marks themselves are tested with the game's drawing module
(``tests/games/brawlhalla/test_drawing.py``), the words with its narration."""

from __future__ import annotations

from typing import ClassVar

import pytest
from ipywidgets.embed import dependency_state, embed_snippet

from workbench.errors import IllegalMoveError, RulesError
from workbench.games.brawlhalla.actions import actions_from
from workbench.games.brawlhalla.card_effects import card_actions
from workbench.games.brawlhalla.drawing import TARGET_STYLES
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.narration import attack_odds, describe
from workbench.games.brawlhalla.rules import Rules
from workbench.play.agents import RandomAgent
from workbench.widgets.brawlhalla_table import BrawlhallaTable, agent_choices

GAME = Brawlhalla()


class FirstMove:
    """A predictable stand-in for the computer: always the first legal action."""

    made: ClassVar[list[FirstMove]] = []

    def __init__(self, game, *, seed=None):
        self.seen = []
        FirstMove.made.append(self)

    def act(self, state):
        self.seen.append(state)
        return state.legal_actions()[0]


def table(stacks, **kwargs):
    state = GAME.position(stacks=stacks, **kwargs)
    return BrawlhallaTable(GAME, agent=FirstMove, state=state)


def ids(cells):
    return sorted(f"{r},{c}" for r, c in cells)


def test_clicking_a_stack_lights_its_moves_and_a_move_applies():
    widget = table({(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    assert widget.view.highlighted == [] and "North (you) to act, 3 action" in widget.status.value
    widget.click("2,4")
    whole = [
        a for a in actions_from(widget.state, (2, 4)) if a[0] == "move" and a[3] == (3, 0, 0, 0)
    ]
    assert widget.view.highlighted == ids(a[2] for a in whole) and "2,3" in widget.view.highlighted
    assert widget.selected == (2, 4)
    rings = [m for m in widget.view.marks if m["kind"] == "circle" and m["fill"] == "none"]
    assert rings[0]["at"] == [4.5, 2.5]  # the selected stack
    widget.click("2,3")
    assert widget.state.stacks[(2, 3)] == (0, 3, 0, 0, 0, 1) and (2, 4) not in widget.state.stacks
    assert widget.game_log == ["North moves 3 warriors from (2, 4) to (2, 3)"]
    assert "2 action points left" in widget.status.value
    assert widget.selected is None and widget.view.highlighted == []
    assert widget.log_text.value == widget.game_log[0]


def test_clicking_elsewhere_or_an_enemy_deselects():
    widget = table({(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    widget.click("2,4")
    widget.click("14,4")
    assert widget.selected is None and widget.view.highlighted == []
    widget.click("2,4")
    widget.click("2,4")
    assert widget.selected is None


def test_a_split_moves_the_part_chosen_beside_the_board():
    widget = table({(2, 4): (0, 3, 0, 0, 0)})
    widget.click("2,4")
    assert widget.part.layout.display == ""
    assert widget.part.value == (3, 0, 0, 0)
    assert [label for label, _ in widget.part.options] == ["3 warriors", "2 warriors", "a warrior"]
    widget.part.value = (1, 0, 0, 0)
    assert widget.selected == (2, 4) and "2,3" in widget.view.highlighted
    widget.click("2,3")
    assert widget.state.stacks[(2, 3)][1] == 1 and widget.state.stacks[(2, 4)][1] == 2
    assert widget.game_log == ["North moves a warrior from (2, 4) to (2, 3)"]
    single = table({(2, 4): (0, 1, 0, 0, 0)})
    single.click("2,4")
    assert single.part.layout.display == "none"  # nothing to split


def test_ending_the_turn_lets_the_computer_play_its_whole_turn():
    FirstMove.made.clear()
    widget = table({(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    widget.end_button.click()
    agent = FirstMove.made[-1]
    assert len(agent.seen) == 3 and all(s.to_move == 1 for s in agent.seen)  # 3 action points
    assert widget.state.to_move == 0 and widget.state.turn == 3 and widget.state.ap == 3
    assert widget.game_log[0] == "North ends the turn" and widget.game_log[1] == "Turn 2: South"
    assert sum(line.startswith("South moves") for line in widget.game_log) == 2
    assert "South ends the turn" in widget.game_log  # its stack has used its 2 actions
    assert widget.game_log[-1] == "Turn 3: North"


def test_an_attack_shows_its_odds_and_waits_for_a_second_click():
    widget = table({(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)})
    start = widget.state
    attack = ("attack", (2, 9), (2, 10))
    odds = attack_odds(start, attack)["text"]
    assert odds.startswith("you win 2 pairs or more: 37%")
    widget.click("2,9")
    assert "2,10" in widget.view.highlighted
    title = next(s["title"] for s in widget.view.shapes if s["id"] == "2,10")
    assert title.endswith(f"; attack: {odds}")  # shown on hover
    rings = [m["at"] for m in widget.view.marks if m.get("stroke") == "#c0392b"]
    assert [10.5, 2.5] in rings
    widget.click("2,10")
    assert widget.state is start and widget.confirming == attack
    assert widget.odds.value.startswith(f"Attack (2, 10)? {odds}")
    assert [b.description for b in widget.buttons.children][:2] == ["Attack", "Cancel"]
    widget.click("2,10")
    assert widget.state.ap == 2 and widget.state.pending is None
    line = widget.game_log[0]
    assert line.startswith("North attacks (2, 10) from (2, 9): loses ")
    lost, won = (int(word.strip(",")) for word in line.split()[-3::2])
    assert lost + won == 2
    assert widget.odds.value == ""


def test_the_attack_button_confirms_and_cancel_forgets():
    widget = table({(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)})
    widget.click("2,9")
    widget.click("2,10")
    widget.buttons.children[1].click()  # Cancel
    assert widget.confirming is None and widget.selected == (2, 9) and widget.game_log == []
    widget.click("2,10")
    widget.buttons.children[0].click()  # Attack
    assert widget.game_log[0].startswith("North attacks (2, 10)")


def test_dice_come_from_the_seeded_generator():
    def play(seed):
        widget = BrawlhallaTable(
            GAME,
            agent=FirstMove,
            seed=seed,
            state=GAME.position(stacks={(2, 9): (0, 4, 1, 0, 0), (2, 10): (1, 4, 1, 0, 0)}),
        )
        for _ in range(2):
            widget.click("2,9")
            widget.click("2,10")
            widget.click("2,10")
        return widget.game_log

    assert play(1) == play(1)
    assert len({tuple(play(seed)) for seed in range(6)}) > 1


def test_works_and_the_flag_are_buttons():
    widget = table({(2, 8): (0, 4, 0, 0, 0)})
    widget.click("2,8")
    texts = [b.description for b in widget.buttons.children]
    assert texts == [
        describe(widget.state, a) for a in actions_from(widget.state, (2, 8)) if a[0] == "build"
    ]
    assert "North starts a barrack at (2, 8) (1 unit, 1 turn)" in texts
    widget.buttons.children[
        texts.index("North starts a barrack at (2, 8) (1 unit, 1 turn)")
    ].click()
    assert widget.state.works[(2, 8)][1] == "barracks"
    flag = table({(8, 5): (0, 1, 0, 0, 0)}, guardians=[])
    flag.click("8,5")
    button = next(b for b in flag.buttons.children if "flag" in b.description)
    button.click()
    assert flag.state.carrier == (8, 5) and flag.game_log == ["North takes the flag at (8, 5)"]


def test_undo_goes_back_before_your_last_action_and_the_reply():
    widget = table({(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    start = widget.state
    assert widget.undo_button.disabled
    widget.click("2,4")
    widget.click("2,3")
    moved = widget.state
    widget.end_turn()
    assert widget.state.turn == 3
    widget.undo_button.click()
    assert widget.state is moved and widget.game_log == [
        "North moves 3 warriors from (2, 4) to (2, 3)"
    ]
    widget.undo()
    assert widget.state is start and widget.game_log == [] and widget.undo_button.disabled
    widget.undo()  # nothing left to take back
    assert widget.state is start


def test_taking_the_empty_capital_ends_the_game_with_a_banner():
    widget = table({(15, 6): (0, 2, 0, 0, 0), (2, 4): (1, 1, 0, 0, 0)})
    assert widget.banner.layout.display == "none"
    widget.click("15,6")
    widget.click("16,6")
    assert widget.odds.value.startswith("Attack (16, 6)? it falls at once")
    widget.click("16,6")
    assert widget.state.winner == 0 and widget.state.victory == "war"
    assert widget.banner.layout.display == ""
    assert "North wins by war, the enemy capital taken (you win)" in widget.banner.value
    assert widget.game_log[-1] == (
        "North attacks the south capital on (16, 6) from (15, 6): it falls at once"
    )
    assert widget.status.value.endswith("game over.") and widget.end_button.disabled
    widget.click("15,6")
    assert widget.view.highlighted == [] and widget.selected is None
    with pytest.raises(IllegalMoveError):
        widget.end_turn()


def test_playing_south_the_computer_moves_first():
    FirstMove.made.clear()
    state = GAME.position(stacks={(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    widget = BrawlhallaTable(GAME, agent=FirstMove, human="south", state=state)
    assert widget.state.to_move == 1 and len(FirstMove.made[-1].seen) == 3
    assert "South (you) to act" in widget.status.value
    with pytest.raises(RulesError, match="north or south"):
        BrawlhallaTable(GAME, agent=FirstMove, human="east")


def test_set_up_by_clicks_and_the_deploy_list():
    game = Brawlhalla(rules=Rules(first_player="north"))
    widget = BrawlhallaTable(game, agent=FirstMove)
    assert widget.status.value.startswith("Set-up: North (you) to place your barrack")
    assert widget.end_button.disabled and widget.auto_button.layout.display == ""
    sites = [a[1] for a in widget.state.legal_actions()]
    assert widget.view.highlighted == ids(sites)
    widget.click("2,9")
    assert widget.state.buildings[(2, 9)] == (0, "barracks")
    assert widget.status.value.startswith("Set-up: North (you) to place your harbor")
    widget.click("3,8")
    assert widget.deploy_box.layout.display == "" and widget.view.highlighted == []
    choice = ("deploy", (1, 4, 0), "barracks")
    labels = dict((v, k) for k, v in widget.deployment.options)
    assert labels[choice] == "capital 1, barrack 4, harbor 0; warlord: barrack"
    widget.deployment.value = choice
    widget.deploy_button.click()
    assert widget.state.stacks[(2, 9)] == (0, 4, 1, 0, 0, 0)
    assert widget.state.turn == 1 and widget.state.to_move == 0  # the computer set up too
    assert widget.game_log[:3] == [
        "North places its barrack at (2, 9)",
        "North places its harbor at (3, 8)",
        "North deploys its warriors: 1 on the capital, 4 on the barrack, 0 on the harbor; "
        "its warlord on the barrack",
    ]
    assert widget.game_log[3].startswith("South places its barrack")
    assert (
        widget.deploy_box.layout.display == "none" and widget.auto_button.layout.display == "none"
    )
    assert widget.end_button.layout.display != "none"  # each button has its own layout


def test_auto_set_up_and_the_roll_for_who_begins():
    widget = BrawlhallaTable(GAME, agent="random", seed=4)
    assert widget.game_log[0] in ("North begins", "South begins")
    widget.auto_button.click()
    assert widget.state.setup == 6 and widget.state.to_move == 0
    assert sum(line.startswith(("North places", "North deploys")) for line in widget.game_log) == 3
    widget.new_button.click()
    assert widget.state.setup < 6 and widget.history == []


def test_the_computer_player_is_picked_by_name():
    names = agent_choices()
    assert "random" in names and "mcts:200" in names
    widget = BrawlhallaTable(GAME, agent="random", state=GAME.position())
    assert isinstance(widget.agent, RandomAgent)
    assert widget.agent_choice.value == "random"
    widget.agent_choice.value = "mcts:50"
    assert widget.agent.simulations == 50
    given = BrawlhallaTable(GAME, agent=FirstMove, state=GAME.position())
    assert given.agent_choice.label == "given" and isinstance(given.agent, FirstMove)
    with pytest.raises(IllegalMoveError):
        given.choose(("attack", (0, 0), (0, 1)))


def test_the_status_says_the_computer_is_thinking_while_it_plays():
    seen = []

    class Watcher(FirstMove):
        def act(self, state):
            seen.append(widget.status.value)
            return super().act(state)

    state = GAME.position(stacks={(2, 4): (0, 3, 0, 0, 0), (14, 4): (1, 2, 0, 0, 0)})
    widget = BrawlhallaTable(GAME, agent=Watcher, state=state)
    widget.end_turn()
    assert seen == ["The computer (South) is thinking..."] * 3
    assert widget.status.value.startswith("Turn 3: North (you) to act")


CARD_GAME = Brawlhalla(rules=Rules(cards=True))
BUILDINGS = {
    (2, 9): (0, "barracks"),
    (3, 4): (0, "barracks"),
    (1, 6): (0, "capital"),
    (16, 6): (1, "capital"),
}


def card_table(**kwargs):
    state = CARD_GAME.position(buildings=BUILDINGS, **kwargs)
    return BrawlhallaTable(CARD_GAME, agent=FirstMove, state=state)


def page_text(widget) -> str:
    """What the page receives of the widget: the state of every widget it shows."""
    return embed_snippet(views=[widget], state=dependency_state(widget))


def test_selecting_a_card_lights_exactly_its_squares_and_a_click_plays_it():
    widget = card_table(hands=(("Wandering warrior", "Raid"), ()), stacks={(5, 5): (0, 1, 0, 0, 0)})
    start = widget.state
    (tile,) = [t for t in widget.cards.hand.children if t.description == "Wandering warrior"]
    tile.click()
    expected = [a for a in card_actions(start) if a[1] == "Wandering warrior"]
    assert widget.view.highlighted == ids(a[2] for a in expected) == ["2,9", "3,4"]
    dots = [m["at"] for m in widget.view.marks if m.get("fill") == TARGET_STYLES["move"]]
    assert sorted(dots) == [[4.5, 3.5], [9.5, 2.5]]
    title = next(s["title"] for s in widget.view.shapes if s["id"] == "3,4")
    assert title.endswith("; play Wandering warrior")
    widget.click("3,4")
    action = ("card", "Wandering warrior", (3, 4))
    assert widget.state.stacks == start.apply(action).stacks
    assert widget.state.stacks[(3, 4)][:2] == (0, 1) and widget.state.hands[0] == ("Raid",)
    assert (
        widget.game_log == [describe(start, action)] == ["North plays Wandering warrior on (3, 4)"]
    )
    assert widget.cards.selected is None and widget.view.highlighted == []


def test_a_click_off_the_cards_squares_lets_the_card_go_and_selects_the_stack():
    widget = card_table(hands=(("Wandering warrior",), ()), stacks={(5, 5): (0, 1, 0, 0, 0)})
    widget.click("5,5")
    widget.cards.click_card("Wandering warrior")
    assert widget.selected is None and widget.view.highlighted == ["2,9", "3,4"]
    widget.click("5,5")
    assert widget.cards.selected is None and widget.selected == (5, 5)
    assert widget.view.highlighted == ids(a[2] for a in actions_from(widget.state, (5, 5)))
    widget.cards.click_card("Wandering warrior")
    widget.cards.click_card("Wandering warrior")  # a second click puts it back
    assert widget.cards.selected is None and widget.view.highlighted == []


def test_a_card_with_other_targets_plays_the_button_clicked():
    widget = card_table(hands=(("Loki's treason", "Raid"), ("Raid", "Pillage", "Raid")))
    start = widget.state
    widget.cards.click_card("Loki's treason")
    assert widget.view.highlighted == []
    words = [b.description for b in widget.cards.choices.children]
    assert words == [f"Loki's treason: on the other side's card {k}, unseen" for k in (1, 2, 3)] + [
        "Cancel"
    ]
    widget.cards.choices.children[1].click()
    assert widget.state.hands[1] == ("Raid", "Raid") and widget.state.discard == (
        "Loki's treason",
        "Pillage",
    )
    told = describe(start, ("card", "Loki's treason", 1))
    assert widget.game_log == [f"{told}; to the discard pile: Pillage"]


def test_the_other_sides_card_names_never_reach_the_page():
    secret = ("Dragon killer", "Tomb pillager")
    widget = card_table(
        hands=(("Loki's treason", "Mimir's well", "Thor's blessing"), secret),
        face_down=((), ("Ghost ship",)),
        stacks={(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)},
        coins=(1, 0),
    )
    seen = [page_text(widget)]
    widget.cards.click_card("Loki's treason")
    seen.append(page_text(widget))
    widget.cards.click_card("Mimir's well")
    seen.append(page_text(widget))
    widget.click("2,9")
    widget.click("2,10")
    seen.append(page_text(widget))
    assert "Loki's treason" in seen[0] and "Thor's blessing" in seen[-1]  # the method sees
    for text in seen:
        for name in (*secret, "Ghost ship"):
            assert name not in text
    widget.cards.click_card("Mimir's well")
    widget.cards.choices.children[0].click()  # on the face-down card, unseen
    assert widget.state.face_down[1] == () and "0 face down" in widget.cards.others.value
    assert widget.game_log[-1] == (  # the card destroyed is face up on the discard pile now
        "North plays Mimir's well on the other side's face-down card 1, unseen; "
        "to the discard pile: Ghost ship"
    )
    assert all(name not in page_text(widget) for name in secret)


def test_an_attack_offers_its_clash_cards_each_with_its_odds():
    widget = card_table(
        hands=(("Thor's blessing",), ()),
        stacks={(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)},
    )
    start = widget.state
    widget.click("2,9")
    assert widget.view.highlighted.count("2,10") == 1
    widget.click("2,10")
    plain, blessed = ("attack", (2, 9), (2, 10)), ("attack", (2, 9), (2, 10), ("Thor's blessing",))
    assert widget.confirming == plain
    words = [b.description for b in widget.buttons.children]
    assert words[:3] == ["Attack", "Attack with Thor's blessing", "Cancel"]
    odds, better = attack_odds(start, plain)["text"], attack_odds(start, blessed)["text"]
    assert odds != better
    assert widget.odds.value.startswith(f"Attack (2, 10)? {odds}.")
    assert f"<br>With Thor&#x27;s blessing: {better}." in widget.odds.value
    widget.buttons.children[1].click()
    assert widget.state.hands[0] == () and "Thor's blessing" in widget.state.discard
    assert widget.game_log[0].startswith("North attacks (2, 10) from (2, 9): loses ")
    assert widget.game_log[0].endswith(" (with Thor's blessing)")


def test_the_defenders_clash_cards_are_told_once_spent():
    widget = card_table(
        hands=((), ("Thor's blessing", "Raid")),
        stacks={(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)},
    )
    widget.click("2,9")
    widget.click("2,10")
    assert "Thor's blessing" not in widget.odds.value
    widget.click("2,10")
    assert widget.state.hands[1] == ("Raid",)
    assert widget.game_log[0].endswith("; to the discard pile: Thor's blessing")


def test_a_blood_lord_attack_says_what_it_sacrifices():
    widget = card_table(
        hands=(("Blood lord",), ()),
        stacks={(2, 9): (0, 3, 0, 0, 0), (2, 10): (1, 2, 0, 0, 0)},
    )
    widget.click("2,9")
    widget.click("2,10")
    words = [b.description for b in widget.buttons.children]
    assert words[:4] == [
        "Attack",
        "Attack with Blood lord (1 warrior sacrificed)",
        "Attack with Blood lord (2 warriors sacrificed)",
        "Cancel",
    ]


def test_the_computers_card_plays_are_told_in_the_log():
    class PlaysCards(FirstMove):
        def act(self, state):
            cards = [a for a in state.legal_actions() if a[0] == "card"]
            return cards[0] if cards else super().act(state)

    state = CARD_GAME.position(hands=((), ("Bragi's blessing",)), deck=("Raid", "Raid"), to_move=1)
    widget = BrawlhallaTable(CARD_GAME, agent=PlaysCards, state=state)
    assert widget.game_log[0] == "South plays Bragi's blessing"
    assert widget.cards.others.value.count("brawlhalla-back") == 2  # the two drawn
    assert "Raid" not in widget.cards.others.value


def test_undo_lets_the_card_go():
    widget = card_table(hands=(("Wandering warrior", "Wandering warrior"), ()))
    widget.cards.click_card("Wandering warrior")
    widget.click("2,9")
    widget.cards.click_card("Wandering warrior")
    widget.undo()
    assert widget.cards.selected is None and widget.view.highlighted == []
    assert len(widget.cards.hand.children) == 2


def test_without_cards_the_card_panel_stays_hidden():
    table = BrawlhallaTable(agent="random")
    assert table.cards.layout.display == "none"


class Attacks(FirstMove):
    """Attacks whenever it can, else the first legal action."""

    def act(self, state):
        attacks = [a for a in state.legal_actions() if a[0] == "attack" and len(a) == 3]
        return attacks[0] if attacks else super().act(state)


def test_your_retreat_answers_the_computers_attack_with_a_click():
    state = CARD_GAME.position(
        stacks={(2, 4): (1, 3, 0, 0, 0), (3, 4): (0, 2, 0, 0, 0)},
        face_down=(("Retreat !",), ()),
        to_move=1,
        ap=1,
    )
    widget = BrawlhallaTable(CARD_GAME, agent=Attacks, state=state)
    assert widget.state.deciding is not None and widget.state.current_player() == 0
    assert "is attacked" in widget.status.value and widget.end_button.disabled
    retreats = {a[2] for a in widget.state.legal_actions()}
    assert set(widget.view.highlighted) == {f"{r},{c}" for r, c in retreats}
    widget.click(f"{min(retreats)[0]},{min(retreats)[1]}")
    assert widget.state.stacks[min(retreats)][:5] == (0, 2, 0, 0, 0)
    assert any("plays Retreat !" in line for line in widget.game_log)
    assert widget.state.to_move == 0 and widget.state.deciding is None


def test_the_computers_retreat_is_told_in_the_log():
    state = CARD_GAME.position(
        stacks={(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 2, 0, 0, 0)},
        face_down=((), ("Retreat !",)),
    )
    widget = BrawlhallaTable(CARD_GAME, agent=FirstMove, state=state)
    widget.click("2,4")
    widget.click("3,4")
    widget.click("3,4")  # the second click confirms the attack
    assert any(line.startswith("South plays Retreat !") for line in widget.game_log)
    assert (3, 4) not in widget.state.stacks and widget.state.current_player() == 0


def test_the_odds_shown_do_not_depend_on_the_other_sides_hidden_hand():
    stacks = {(2, 4): (0, 3, 0, 0, 0), (3, 4): (1, 3, 0, 0, 0)}
    texts = []
    for hand, deck in (
        (("Raid",), ("Thor's blessing", "Pillage")),
        (("Thor's blessing",), ("Raid", "Pillage")),
    ):
        state = CARD_GAME.position(stacks=stacks, hands=((), hand), deck=deck)
        widget = BrawlhallaTable(CARD_GAME, agent=FirstMove, state=state)
        widget.click("2,4")
        widget.click("3,4")
        texts.append(widget.odds.value)
    assert texts[0] == texts[1] and "%" in texts[0]
