"""The committed notebooks are documentation that runs: executed, deterministic, thin.

nbval checks that re-running a notebook gives its committed outputs; these checks
catch what nbval does not look at: cells never run, run out of order, or execution
timestamps left in the file by a re-execution (``make notebooks`` clears them).
"""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


@pytest.fixture(params=NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def notebook(request) -> dict:
    return json.loads(request.param.read_text(encoding="utf-8"))


@pytest.fixture
def cells(notebook) -> list[dict]:
    return notebook["cells"]


def test_there_are_notebooks():
    assert "index.ipynb" in {path.name for path in NOTEBOOKS}


def test_opens_with_what_the_designer_can_do(cells):
    assert cells[0]["cell_type"] == "markdown"
    assert "".join(cells[0]["source"]).startswith("# ")


def test_every_code_cell_ran_in_order(cells):
    counts = [cell["execution_count"] for cell in cells if cell["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1))


def test_no_execution_timestamps_or_widget_state(notebook):
    assert "widgets" not in notebook["metadata"]
    for cell in notebook["cells"]:
        assert set(cell["metadata"]) <= {"tags"}, cell["metadata"]
