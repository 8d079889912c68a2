"""CSV result tables: round trip, missing columns and unreadable files name the file."""

import pandas as pd
import pytest

from workbench.errors import DataError
from workbench.tableio import load_table, save_table


def test_round_trip_keeps_values_and_order(tmp_path):
    frame = pd.DataFrame({"b": [1, 2], "a": ["x", "y"]})
    path = save_table(frame, tmp_path / "sub" / "t.csv")
    pd.testing.assert_frame_equal(load_table(path, ("a", "b")), frame)


def test_missing_columns_and_bad_files_are_data_errors(tmp_path):
    path = save_table(pd.DataFrame({"a": [1]}), tmp_path / "t.csv")
    with pytest.raises(DataError, match=r"t\.csv: header: missing column\(s\) b, c"):
        load_table(path, ("a", "b", "c"))
    with pytest.raises(DataError, match=r"nothing\.csv: cannot read the CSV table"):
        load_table(tmp_path / "nothing.csv")
    (tmp_path / "bad.csv").write_bytes(b'a,b\n"unclosed,1\n')
    with pytest.raises(DataError, match=r"bad\.csv"):
        load_table(tmp_path / "bad.csv")
