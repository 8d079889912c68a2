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
