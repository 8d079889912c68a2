"""Safe JSON I/O: clear errors, and saving never loses the old file."""

import json
import os
import stat
import time
from pathlib import Path

import pytest

from workbench.errors import DataError
from workbench.jsonio import (
    atomic_write_text,
    check_output,
    lines_json_text,
    load_json,
    read_text,
    save_json,
)


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


# --- saving: the user's file, its folder, its mode, its link; leftovers of killed saves ---


def test_a_stale_temp_of_our_pattern_is_removed_by_the_next_save_a_fresh_one_kept(tmp_path):
    path = tmp_path / "level.json"
    stale, fresh = tmp_path / ".level.json.ab12cd34.tmp", tmp_path / ".level.json.ef56gh78.tmp"
    other = tmp_path / ".level.json.notours-at-all.tmp"
    for temp in (stale, fresh, other):
        temp.write_text("half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    save_json(path, {"name": "x"})
    assert not stale.exists() and fresh.exists() and other.exists()
    assert load_json(path) == {"name": "x"}


def test_a_missing_folder_is_named_not_made_unless_asked(tmp_path):
    path = tmp_path / "new" / "board.json"
    with pytest.raises(DataError, match=r"the folder .*new does not exist \(make it first\)"):
        atomic_write_text(path, "{}")
    assert not path.parent.exists()
    atomic_write_text(path, "{}", make_folder=True)
    assert path.read_text() == "{}"


def test_a_parent_that_is_a_file_is_one_clear_error(tmp_path):
    (tmp_path / "afile").write_text("mine")
    with pytest.raises(DataError, match=r"afile is a file, not a folder"):
        atomic_write_text(tmp_path / "afile" / "deeper" / "x.json", "{}")
    assert (tmp_path / "afile").read_text() == "mine"


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        (lambda tmp: tmp, "is a folder"),
        (lambda tmp: Path("/dev/full"), "not a regular file"),
        (lambda tmp: Path("/proc/x.json"), "cannot write"),
    ],
)
def test_an_output_that_cannot_be_a_file_is_refused_before_any_work(tmp_path, where, expected):
    with pytest.raises(DataError, match=expected):
        check_output(where(tmp_path))


def test_a_new_file_gets_the_umask_mode_an_old_one_keeps_its_own(tmp_path):
    mask = os.umask(0o022)
    try:
        save_json(tmp_path / "new.json", {})
        assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644
        (tmp_path / "old.json").write_text("{}")
        os.chmod(tmp_path / "old.json", 0o640)
        save_json(tmp_path / "old.json", {"a": 1})
        assert stat.S_IMODE((tmp_path / "old.json").stat().st_mode) == 0o640
    finally:
        os.umask(mask)


def test_saving_to_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    target.write_text("{}")
    link.symlink_to(target)
    save_json(link, {"a": 1})
    assert link.is_symlink() and load_json(target) == {"a": 1}


def test_a_failed_save_names_the_users_file_not_the_temp(tmp_path, monkeypatch):
    def refuse(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(DataError) as caught:
        save_json(tmp_path / "mine.json", {})
    assert str(caught.value) == f"{tmp_path / 'mine.json'}: cannot save (No space left on device)"
    assert list(tmp_path.iterdir()) == []
