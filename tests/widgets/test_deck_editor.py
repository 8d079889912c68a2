"""The deck editor's logic, headless: edits recompute the exact figures and the drawings."""

from workbench.games.daggers_brink.deck import load_deck
from workbench.games.daggers_brink.hands import hand_attribute_distribution
from workbench.widgets.deck_editor import DeckEditor


def test_changing_a_count_recomputes_the_exact_distribution_and_redraws():
    editor = DeckEditor()
    before = (editor.summary.value, editor.hands_figure.value, editor.wound_figure.value)
    assert "86 cards" in before[0] and "<svg" in before[1] and "<svg" in before[2]
    attack3 = load_deck().names.index("Attack +3")
    editor.counts[attack3].value = 0
    expected = hand_attribute_distribution(load_deck().with_count("Attack +3", 0))
    assert editor.distribution == expected
    assert "79 cards" in editor.summary.value
    assert "attack 2.456" in editor.summary.value  # 1 + 5 x (7 + 14 + 2) / 79
    assert editor.hands_figure.value != before[1]


def test_threshold_and_health_change_the_wound_table():
    editor = DeckEditor(draw_figures=False)
    assert "P(wound) Attack 4 vs Defend 4, Health 3: 0.0352" in editor.summary.value
    editor.threshold.value = 3
    assert "hits on 3+" in editor.summary.value and "0.0352" not in editor.summary.value
    editor.health.value = 1
    assert "Health 1" in editor.summary.value


def test_an_empty_deck_is_reported_not_raised(tmp_path):
    editor = DeckEditor(draw_figures=False)
    for box in editor.counts:
        box.value = 0
    assert editor.summary.value.startswith("cannot compute: deck: the deck has no cards")
    editor.counts[0].value = 3
    assert "cannot compute" in editor.summary.value  # 3 cards cannot make a 5-card hand
    for box in editor.counts:
        box.value = 3
    editor.save(str(tmp_path / "deck.csv"))
    assert load_deck(tmp_path / "deck.csv").size == 39
    assert "saved 39 cards" in editor.summary.value


def test_a_save_into_a_missing_folder_is_refused_naming_the_users_file(tmp_path):
    editor = DeckEditor(draw_figures=False)
    path = tmp_path / "missing" / "mine.csv"
    editor.save(str(path))
    assert editor.summary.value.startswith(f"not saved: {path}: the folder")
    assert not path.parent.exists()


def test_the_figures_shrink_to_the_widget_and_the_summary_wraps():
    editor = DeckEditor(draw_figures=False)
    assert "wb-fit" in editor.hands_figure._dom_classes
    assert "wb-fit" in editor.wound_figure._dom_classes
    assert "wb-wrap" in editor.summary._dom_classes
    assert "wb-tools" in editor.threshold._dom_classes  # the chosen threshold stands out
