"""Safe JSON I/O: clear errors, and saving never loses the old file."""

import json
import os

import pytest

from workbench.errors import DataError
from workbench.jsonio import lines_json_text, load_json, read_text, save_json


def test_round_trip(tmp_path):
    path = tmp_path / "sub" / "x.json"
    save_json(path, {"a": [1, 2], "name": "Jarl"})
    assert load_json(path) == {"a": [1, 2], "name": "Jarl"}
    assert path.read_text().endswith("\n")


def test_bad_json_names_file_and_place(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"a": 1,\n "b": }')
    with pytest.raises(DataError, match=r"bad\.json: invalid JSON at line 2, column 7"):
        load_json(path)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="cannot read file"):
        load_json(tmp_path / "nope.json")


def test_failed_save_keeps_old_file(tmp_path):
    path = tmp_path / "keep.json"
    save_json(path, {"v": 1})
    with pytest.raises(TypeError):
        save_json(path, {"v": object()})
    assert json.loads(path.read_text()) == {"v": 1}
    assert os.listdir(tmp_path) == ["keep.json"]


def test_data_error_lists_every_problem():
    err = DataError("level.json", ["$.width: expected int", "$.start: out of grid"])
    assert str(err) == "level.json: $.width: expected int (and 1 more problem(s))"
    assert err.details().splitlines()[1] == "level.json: $.start: out of grid"


def test_read_text_names_the_file_when_unreadable(tmp_path):
    good = tmp_path / "notes.txt"
    good.write_text("héllo", encoding="utf-8")
    assert read_text(good) == "héllo"
    bad = tmp_path / "latin.txt"
    bad.write_bytes("h\xe9llo".encode("latin-1"))
    with pytest.raises(DataError, match=r"latin\.txt: not UTF-8 text"):
        read_text(bad)
    with pytest.raises(DataError, match="cannot read file"):
        read_text(tmp_path / "missing.txt")


def test_exact_numbers_are_written_as_num_over_den():
    from fractions import Fraction

    from workbench.jsonio import fraction_text

    assert fraction_text(Fraction(6, 8)) == "3/4"
    assert fraction_text(2) == "2/1"


def test_saving_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    import os
    import stat

    from workbench.jsonio import atomic_write_bytes, save_json

    path = tmp_path / "board.json"
    save_json(path, {"a": 1})
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask  # like a file any editor makes
    path.chmod(0o640)
    atomic_write_bytes(path, b"{}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_bytes() == b"{}"


def test_lines_json_text_reads_back_and_puts_one_entry_a_line():
    data = {"name": "x", "units": [{"cell": [1, 2]}, {"cell": [3, 4]}], "cell": [5, 6], "no": []}
    text = lines_json_text(data)
    assert json.loads(text) == data
    assert text.splitlines()[3] == '    {"cell": [1, 2]},' and '"cell": [5, 6],' in text
