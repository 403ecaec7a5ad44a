"""The installed version, read from the package's metadata (pyproject.toml is its one source)."""

from __future__ import annotations

from functools import cache

DISTRIBUTION = "cribbage-solitaire"


@cache
def version() -> str:
    """The version pip installed, or ``0+unknown`` when run from a tree never installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
