"""Variant planners for measuring: the built-in planner with some of its settings changed.

A variant is given as ``KEY=N`` settings (``scripts/bench/bench_tiles.py --planner``):
the planner's own (``shortlist``, ``worlds``, ``endgame_budget``, ``gate``) and its
expert's (``look`` plays looked a turn further over ``samples`` racks each, with
``arrangements=A`` a look over distinct plays, A placings of each; ``pairs=1`` the leave
values of pairs of ranks; ``infer=1`` the racks guessed from the opponent's last turn;
``win=1`` plays judged by the chance of winning near the end). ``sighted=1`` is a study,
not a player: the benchmark tells the look the opponent's real rack. Every setting not
given is the class's own, so ``worlds=0 look=64 samples=16`` is the built-in planner.

>>> variant = parse_variant(["worlds=0", "look=16", "arrangements=4"])
>>> variant
(('worlds', 0), ('look', 16), ('arrangements', 4))
>>> variant_name("planner", variant), variant_name("greedy", variant)
('planner-worlds0-look16-arrangements4', 'greedy')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Final, TypeAlias

from solitaire.core.errors import InputError
from solitaire.tiles.leaves import PAIR_LEAVES_FILE, load_leaves
from solitaire.tiles.planner import Planner
from solitaire.tiles.players import Expert, Inference, Player, built_in_expert
from solitaire.tiles.registry import make_player
from solitaire.tiles.win_chance import load_win_chance

__all__ = [
    "PLANNER_SETTINGS",
    "Variant",
    "parse_variant",
    "variant_maker",
    "variant_name",
]

PLANNER_SETTINGS: Final = (
    "shortlist",
    "worlds",
    "endgame_budget",
    "gate",
    "look",
    "samples",
    "arrangements",
    "pairs",
    "infer",
    "win",
    "sighted",
)
"""Every setting a variant may change, in the order ``--planner`` lists them."""

Variant: TypeAlias = tuple[tuple[str, int], ...]
"""A variant planner's settings, as pairs in the order given: the rest are ``Planner``'s own."""


def parse_variant(settings: Iterable[str]) -> Variant:
    """The variant named by ``KEY=N`` settings; an unknown key or a value that is not a
    whole number is refused with :class:`InputError`."""
    variant: Variant = ()
    for setting in settings:
        key, _, value = setting.partition("=")
        if key not in PLANNER_SETTINGS or not value.isdigit():
            raise InputError(f"{setting}: expected one of {', '.join(PLANNER_SETTINGS)}=N")
        variant += ((key, int(value)),)
    return variant


def variant_maker(variant: Variant) -> Callable[[str, random.Random], Player]:
    """``make_player``, but ``planner`` is the variant when one is given (``sighted`` is
    left to the caller, which tells the look the opponent's rack)."""
    if not variant:
        return make_player
    settings = dict(variant)
    look, samples = settings.pop("look", None), settings.pop("samples", None)
    arrangements = settings.pop("arrangements", 0)
    pairs = settings.pop("pairs", None)
    infer = Inference() if settings.pop("infer", None) else None
    win = load_win_chance() if settings.pop("win", None) else None
    settings.pop("sighted", None)
    if (look, samples, pairs, infer, win, arrangements) == (None, None, None, None, None, 0):
        expert = built_in_expert()
    else:
        leaves = load_leaves(PAIR_LEAVES_FILE) if pairs else None
        expert = Expert(
            leaves,
            shortlist=look or 8,
            samples=samples or 8,
            infer=infer,
            win=win,
            arrangements=arrangements,
        )
    planner = Planner(expert, **settings)

    def make(name: str, rng: random.Random) -> Player:
        return planner if name == "planner" else make_player(name, rng)

    return make


def variant_name(name: str, variant: Variant) -> str:
    """A player's name in files and reports: a variant planner's carries its settings."""
    if name != "planner":
        return name
    return name + "".join(f"-{key}{value}" for key, value in variant)
