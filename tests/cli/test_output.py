"""JSON and tables on stdout."""

import json
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from workbench.cli.output import print_json, print_table


def test_json_writes_fractions_as_text_and_numpy_scalars_as_numbers(capsys):
    print_json({"p": Fraction(1, 3), "n": np.int64(4), "x": np.float64(0.5)})
    assert json.loads(capsys.readouterr().out) == {"p": "1/3", "n": 4, "x": 0.5}


def test_json_refuses_what_it_cannot_write():
    with pytest.raises(TypeError, match="cannot write object as JSON"):
        print_json({"a": object()})


def test_tables_have_a_title_line_and_no_index(capsys):
    print_table(pd.DataFrame({"a": [1], "b": ["x"]}), title="t")
    assert capsys.readouterr().out.splitlines() == ["t", " a b", " 1 x"]
