"""``workbench brawlhalla`` ``simulate``: games between agents on a board, North against South."""

from __future__ import annotations

import argparse

__all__ = ["register_simulate_command"]


def register_simulate_command(commands: argparse._SubParsersAction) -> None:
    """Add the subcommands to ``workbench brawlhalla`` (to come)."""
