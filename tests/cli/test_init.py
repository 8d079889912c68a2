"""The command line's shared behaviour."""

import subprocess
import sys

from workbench import __version__
from workbench.cli import main


def test_no_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "usage: workbench" in capsys.readouterr().out


def test_module_entry_point_reports_version():
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"workbench {__version__}"


def test_bad_arguments_are_one_line_on_stderr_and_exit_2(capsys):
    assert main(["--no-such-option"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("workbench: error: unrecognized arguments")


def test_help_and_version_exit_0(capsys):
    assert main(["--version"]) == 0
    assert main(["odds", "--help"]) == 0
    assert "usage: workbench odds" in capsys.readouterr().out


def test_output_cut_short_by_the_reader_is_not_an_error():
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench", "odds", "fight", "2", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdout.close()  # the reader leaves before the command has written anything
    err = proc.stderr.read()
    assert proc.wait() == 0
    assert "Traceback" not in err and "BrokenPipe" not in err
