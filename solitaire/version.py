"""The installed version, read from the package's metadata (pyproject.toml is its one source)."""

from __future__ import annotations

import os
from functools import cache

DISTRIBUTION = "cribbage-solitaire"


@cache
def version() -> str:
    """The version pip installed, or ``0+unknown`` when run from a tree never installed."""
    return _beside_the_package() or _from_metadata()


def _beside_the_package() -> str | None:
    """The version in the name of the installed ``.dist-info`` folder next to the package
    (``name-version.dist-info``, as every wheel install writes it): a directory listing,
    where importlib.metadata would import the email package first."""
    folder = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    prefix = DISTRIBUTION.replace("-", "_") + "-"
    try:
        names = os.listdir(folder)
    except OSError:
        return None
    found = [n for n in names if n.startswith(prefix) and n.endswith(".dist-info")]
    if len(found) != 1:
        return None
    return found[0][len(prefix) : -len(".dist-info")]


def _from_metadata() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
