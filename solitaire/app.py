"""The interactive game (placeholder until the terminal app lands)."""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    """Start the interactive game."""
    raise ValueError("interactive play is not built yet: use --auto STRATEGY")
