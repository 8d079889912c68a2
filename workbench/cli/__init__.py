"""The ``workbench`` command line.

Each command group lives in its own module of this package and exposes
``register(subparsers)``, which adds its sub-commands; every sub-command sets
``func(args) -> int`` as its handler. Errors the user can fix (bad numbers, bad
files) print one line on stderr and exit with code 2.

>>> main(["--version"])  # doctest: +SKIP
workbench 0.1.0
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from collections.abc import Sequence

from workbench import __version__
from workbench.errors import WorkbenchError

__all__ = ["build_parser", "main"]

#: Modules of this package that contribute command groups, in help order.
COMMAND_MODULES: tuple[str, ...] = (
    "odds",
    "brawlhalla",
    "daggers",
    "raid",
    "tune",
    "valgard",
    "valhalla",
)


class _OneLineErrors(argparse.ArgumentParser):
    """Bad arguments print one line on stderr and exit with code 2 (no usage dump).

    Sub-command parsers made by ``add_subparsers`` share the class.
    """

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every command group registered."""
    parser = _OneLineErrors(
        prog="workbench",
        description="Viking Rules Workbench: exact odds, boards, solvers and balance studies.",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"workbench.cli.{name}").register(subparsers)
    return parser


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code.

    Ctrl-C or a SIGTERM stops the run (and its workers, see
    :func:`workbench.cli.workers.worker_pool`) with one line on stderr and exit code 130.
    """
    try:
        previous = signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: signals are not ours to take
        previous = None
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("workbench: stopped (interrupted); nothing more was written", file=sys.stderr)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a bad argument already reported
        return done.code if isinstance(done.code, int) else 2
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (WorkbenchError, ValueError) as exc:
        print(f"workbench: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `workbench ... --json | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
