"""``workbench brawlhalla moves`` and ``best``: legal actions and the computer's choice."""

from __future__ import annotations

import argparse

__all__ = ["register_position_commands"]


def register_position_commands(commands: argparse._SubParsersAction) -> None:
    """Add the subcommands to ``workbench brawlhalla`` (to come)."""
