"""``workbench brawlhalla moves|best``: JSON shapes, rules from the file then the command
line, the clash odds of a chosen attack against every roll of the dice, and bad input
as one line with exit code 2."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from workbench.cli import main
from workbench.cli.brawlhalla_position import attack_odds
from workbench.games.brawlhalla.board import DATA_DIR
from workbench.games.brawlhalla.engine import Brawlhalla
from workbench.games.brawlhalla.position import (
    UNIT_KINDS,
    action_to_dict,
    load_position,
    position_from_dict,
    position_to_dict,
)
from workbench.games.brawlhalla.resolve import clash_outcomes, guardian_outcomes
from workbench.games.brawlhalla.rules import Rules
from workbench.jsonio import load_json, save_json

ATTACK = str(DATA_DIR / "positions" / "attack.json")


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["brawlhalla", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys, *argv):
    code, out, _ = _run(capsys, *argv, "--json")
    assert code == 0
    return json.loads(out)


def _save(tmp_path, state, name="pos.json", **extra) -> str:
    path = tmp_path / name
    save_json(path, {**position_to_dict(state), **extra})
    return str(path)


def test_moves_json_lists_every_legal_action(capsys):
    actions = _json(capsys, "moves", ATTACK)
    state = load_position(ATTACK)
    assert actions == [action_to_dict(a) for a in state.legal_actions()]
    kinds = {a["kind"] for a in actions}
    assert {"move", "attack", "end"} <= kinds and actions[-1] == {"kind": "end"}
    for action in actions:
        if action["kind"] == "move":
            assert set(action) == {"kind", "from", "to", "part"}
            assert list(action["part"]) == list(UNIT_KINDS)
            assert all(len(action[k]) == 2 for k in ("from", "to"))
        elif action["kind"] == "build":
            assert set(action) == {"kind", "from", "build"}
    assert {"kind": "attack", "from": [7, 9], "to": [8, 9]} in actions


def test_moves_table(capsys):
    code, out, _ = _run(capsys, "moves", ATTACK)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("turn 12: north to act, 2 action point(s)")
    assert lines[1].split() == ["kind", "from", "to", "what"]
    assert len(lines) == 2 + len(load_position(ATTACK).legal_actions())
    assert any("attack" in line and "(8, 9)" in line for line in lines)


def test_rules_come_from_the_file_then_rules_then_rule(tmp_path, capsys):
    data = load_json(ATTACK)
    for unit in data["units"]:
        unit["spent"] = min(unit["spent"], 1)
    path = tmp_path / "slow.json"
    save_json(path, {**data, "rules": {"actions_per_unit_per_turn": 1}})
    rules = tmp_path / "rules.json"
    save_json(rules, {"actions_per_unit_per_turn": 2})

    def attacks(*argv):
        return [a for a in _json(capsys, "moves", str(path), *argv) if a["kind"] == "attack"]

    assert attacks() == []  # the stack on (7, 9) has acted once, its limit in the file
    assert len(attacks("--rules", str(rules))) == 1
    assert attacks("--rules", str(rules), "--rule", "actions_per_unit_per_turn=1") == []


def test_best_json_with_mcts_is_a_legal_action_and_reproducible(capsys):
    argv = ("best", ATTACK, "--agent", "mcts:20", "--seed", "3")
    result = _json(capsys, *argv)
    assert result["agent"] == "mcts:20"
    state = load_position(ATTACK)
    assert result["action"] in [action_to_dict(a) for a in state.legal_actions()]
    assert _json(capsys, *argv) == result


def _dice_by_hand(attack: int, defence: int, faces: int = 6) -> dict[tuple[int, int], Fraction]:
    """Every roll of the dice: highest against highest, ties to the defender."""
    counts: dict[tuple[int, int], int] = {}
    for roll in itertools.product(range(1, faces + 1), repeat=attack + defence):
        ours = sorted(roll[:attack], reverse=True)
        theirs = sorted(roll[attack:], reverse=True)
        won = sum(a > d for a, d in zip(ours, theirs, strict=False))
        key = (min(attack, defence) - won, won)
        counts[key] = counts.get(key, 0) + 1
    total = faces ** (attack + defence)
    return {key: Fraction(n, total) for key, n in counts.items()}


def _walled_in(tmp_path) -> str:
    """North's stack on (7, 9), between mountains and two south stacks: attack, or end."""
    state = Brawlhalla().position(
        stacks={(7, 9): (0, 3, 0, 0, 0), (8, 9): (1, 2, 0, 0, 0), (6, 9): (1, 1, 0, 0, 0)}
    )
    assert {a[0] for a in state.legal_actions()} == {"attack", "end"}
    return _save(tmp_path, state)


def test_best_attack_gives_the_exact_odds_of_its_clash(tmp_path, capsys):
    path = _walled_in(tmp_path)
    results = [_json(capsys, "best", path, "--agent", "random", "--seed", str(s)) for s in range(8)]
    attacks = [r for r in results if r["action"]["kind"] == "attack"]
    assert attacks, "no seed picked an attack"
    for result in attacks:
        dice = result["dice"]
        assert dice["attack"] == 3 and dice["defence"] == (
            2 if result["action"]["to"] == [8, 9] else 1
        )
        exact = clash_outcomes(Rules(), dice["attack"], dice["defence"])
        assert [(o["attacker_losses"], o["defender_losses"]) for o in result["odds"]] == [
            o for o, _ in exact
        ]
        by_hand = _dice_by_hand(dice["attack"], dice["defence"])
        for odds in result["odds"]:
            p = by_hand[(odds["attacker_losses"], odds["defender_losses"])]
            assert Fraction(odds["probability"]) == p and odds["p"] == pytest.approx(float(p))
        more = sum(p for (lost, won), p in by_hand.items() if won > lost)
        assert Fraction(result["attacker_wins_more_pairs"]) == more
        assert result["p_attacker_wins_more_pairs"] == pytest.approx(float(more))
    ends = [r for r in results if r["action"]["kind"] == "end"]
    assert all(set(r) == {"agent", "action"} for r in ends)


def test_best_table(tmp_path, capsys):
    path = _walled_in(tmp_path)
    outputs = [_run(capsys, "best", path, "--agent", "random", "--seed", str(s)) for s in range(8)]
    assert all(code == 0 and out.startswith("north plays ") for code, out, _ in outputs)
    attack = next(out for _, out, _ in outputs if "(8, 9)" in out.splitlines()[0])
    assert "north plays attack (7, 9) -> (8, 9)" in attack and "3 dice against 2" in attack
    assert "attacker wins more pairs: " in attack


def test_odds_against_a_guardian_and_a_target_that_falls_at_once():
    game = Brawlhalla()
    state = game.position(stacks={(6, 10): (0, 4, 0, 0, 0), (4, 5): (1, 0, 0, 0, 1)})
    odds = attack_odds(state, ("attack", (6, 10), (6, 11)))
    exact = guardian_outcomes(game.rules, 4)
    assert odds["dice"] == {"attack": 4, "defence": 3}
    assert [(o["attacker_losses"], o["guardian_falls"]) for o in odds["odds"]] == [
        (lost, bool(won)) for (lost, won), _ in exact
    ]
    assert Fraction(odds["guardian_falls"]) == sum(p for (_, won), p in exact if won)
    shore = game.position(stacks={(3, 5): (0, 2, 0, 0, 0), (4, 5): (1, 0, 0, 0, 1)})
    empty_boat = attack_odds(shore, ("attack", (3, 5), (4, 5)))
    assert empty_boat["odds"] == [] and empty_boat["dice"]["defence"] == 0
    assert empty_boat["attacker_wins_more_pairs"] == "1/1"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["moves", "missing.json"], "cannot read file"),
        (["best", ATTACK, "--agent", "nobody"], "agent 'nobody'"),
        (["best", ATTACK, "--agent", "mcts:x"], "agent 'mcts:x'"),
        (["moves", ATTACK, "--rule", "turn_limit=soon"], "--rule turn_limit=soon"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    code, _, err = _run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and message in err


def test_bad_positions_are_one_line_and_exit_2(tmp_path, capsys):
    data = load_json(ATTACK)
    broken = tmp_path / "broken.json"
    save_json(broken, {**data, "turn": 0, "to_move": "west"})
    over = tmp_path / "over.json"
    save_json(over, {**data, "winner": "north", "victory": "war"})
    chance = _save(tmp_path, load_position(ATTACK).apply(("attack", (7, 9), (8, 9))))
    invalid = tmp_path / "invalid.json"
    invalid.write_text("{")
    cases = [
        (broken, "$.turn: expected an integer from 1 to 60, got 0 (and 1 more problem(s))"),
        (over, "the game is over (war): no side to act"),
        (chance, "an attack waits for its dice: no side to act"),
        (invalid, "invalid JSON at line 1"),
    ]
    for path, message in cases:
        for command in (["moves"], ["best", "--agent", "random"]):
            code, _, err = _run(capsys, *command, str(path))
            assert code == 2 and err.count("\n") == 1, err
            assert str(path) in err and message in err


# -- positions with cards ------------------------------------------------------------------
CARDS = str(DATA_DIR / "positions" / "cards.json")


def _card_file(tmp_path, name="cards.json", **changes) -> str:
    """The shipped card position (deck left to the rest) with ``changes``."""
    data = load_json(CARDS)
    del data["deck"]
    data.update(changes)
    path = tmp_path / name
    save_json(path, data)
    return str(path)


def test_moves_with_cards_lists_the_card_plays(capsys):
    actions = _json(capsys, "moves", CARDS)
    assert actions == [action_to_dict(a) for a in load_position(CARDS).legal_actions()]
    assert {"kind": "card", "card": "Mjolnir", "target": [8, 9]} in actions
    assert {"kind": "card", "card": "Bragi's blessing"} in actions
    cards = {"kind": "attack", "from": [7, 9], "to": [8, 9], "cards": ["Thor's blessing"]}
    assert cards in actions
    code, out, _ = _run(capsys, "moves", CARDS)
    rows = [line.split(maxsplit=1) for line in out.splitlines()[2:]]
    assert code == 0 and len(rows) == len(actions)
    assert ["card", "Mjolnir on (8, 9)"] in rows
    assert any(r[0] == "attack" and r[1].endswith("with Thor's blessing") for r in rows)


def test_moves_words_every_kind_of_card_target(tmp_path, capsys):
    hand = ["Njord's wrath", "Loki's treason", "Loki's deception", "Bragi's bargain"]
    path = _card_file(tmp_path, hands={"north": hand, "south": ["Raid", "Blood lord"]})
    code, out, _ = _run(capsys, "moves", path)
    assert code == 0
    lines = out.splitlines()
    for words in (  # as the game log says them (narration.card_target_text)
        "Njord's wrath on (14, 8), pushing it east",
        "Loki's treason on the other side's card 2, unseen",
        "Loki's deception giving Njord's wrath for the other side's card 1, unseen",
        "Bragi's bargain discarding Loki's deception and Loki's treason",
    ):
        assert any(line.endswith(words) for line in lines), words
    assert "Loki's treason on the other side's card 3" not in out  # South holds 2 cards


def test_moves_of_a_defender_that_answers_an_attack(tmp_path, capsys):
    data = load_json(CARDS)
    del data["deck"]
    data["face_down"]["south"] = ["Counter spell", "Retreat !"]
    path = _save(tmp_path, position_from_dict(data).apply(("attack", (7, 9), (8, 9))))
    actions = _json(capsys, "moves", path)
    assert actions and all(a["kind"] == "retreat" and a["from"] == [8, 9] for a in actions)
    code, out, _ = _run(capsys, "moves", path)
    assert code == 0 and "south answers the attack on (8, 9)" in out.splitlines()[0]
    code, out, _ = _run(capsys, "best", path, "--agent", "random", "--seed", "1")
    assert code == 0 and out.startswith("south plays retreat (8, 9) -> ")


def test_moves_words_freyas_grace(tmp_path, capsys):
    dead = {"north": {"warriors": 2}, "south": {"warlords": 1}}
    path = _card_file(tmp_path, hands={"north": ["Freya's grace"]}, dead=dead, action_points=1)
    _, out, _ = _run(capsys, "moves", path)
    assert any(
        line.endswith("Freya's grace bringing back a dead warrior") for line in out.splitlines()
    )


def test_moves_of_a_side_that_must_discard(tmp_path, capsys):
    hand = ["Raid", "Pillage", "Ice prison", "Wandering warrior", "Odin's eye", "Honir's blessing"]
    path = _card_file(tmp_path, hands={"north": hand}, discarding="north")
    actions = _json(capsys, "moves", path)
    assert actions == [{"kind": "discard", "card": name} for name in hand]
    _, out, _ = _run(capsys, "moves", path)
    assert "2 action point(s), a card to discard first; 6 legal action(s)" in out
    assert out.splitlines()[-1].split() == ["discard", "Honir's", "blessing"]


@pytest.mark.parametrize("agent", ["mcts:20", "dmcts:16"])
def test_best_with_cards_is_a_legal_action_and_reproducible(agent, capsys):
    argv = ("best", CARDS, "--agent", agent, "--seed", "3")
    result = _json(capsys, *argv)
    assert result["action"] in [action_to_dict(a) for a in load_position(CARDS).legal_actions()]
    assert _json(capsys, *argv) == result


def test_best_table_with_cards(capsys):
    lines = []
    for seed in range(12):
        code, out, _ = _run(capsys, "best", CARDS, "--agent", "random", "--seed", str(seed))
        assert code == 0 and out.startswith("north plays ")
        lines.append(out.splitlines()[0])
    assert any(line.startswith("north plays card ") for line in lines), lines
    legal = {
        action_to_dict(a)["card"] for a in load_position(CARDS).legal_actions() if a[0] == "card"
    }
    for line in lines:
        if line.startswith("north plays card "):
            assert any(line.startswith(f"north plays card {name}") for name in legal), line


def test_a_bad_card_position_is_one_line_and_exit_2(tmp_path, capsys):
    path = _card_file(tmp_path, hands={"north": ["Mjölnir"]})
    code, _, err = _run(capsys, "moves", path)
    assert code == 2 and err.count("\n") == 1
    assert (
        "$.hands.north[0]: 'Mjölnir' is not a card of the card table; did you mean 'Mjolnir'?"
        in err
    )
