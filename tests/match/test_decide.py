"""A computer's decision runs one way: the model of the hidden hands is built once per
decision, and the values come from one source chosen once (the direction of the imports
is checked in tests/test_architecture.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from solitaire.match import coach
from solitaire.match.decide import hidden, values
from solitaire.match.expert import ExpertPlayer
from solitaire.match.game import Lay, Match, Observation, Phase
from solitaire.match.players import StandardPlayer

HANDS = ["5H 5C 9D TS JH 2C", "AH 3C 4D 6S 8H KC"]


def expert_views() -> Iterator[Observation]:
    """Every view the expert decides from in a game from the start and one from 88 all."""
    expert, standard = ExpertPlayer(), StandardPlayer()
    for match in (Match(5), Match.from_cards(1, HANDS, "QD", (88, 88))):
        while (seat := match.current_player) is not None:
            view = match.observation(seat)
            players = (expert, standard)
            if seat == 0 and view.phase is not Phase.SHOW:
                yield view
            match.apply(players[seat].choose(view), player=seat)


def counted(monkeypatch: pytest.MonkeyPatch, calls: Counter[str], module: Any, name: str) -> None:
    function: Callable[..., Any] = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return function(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)


def test_each_decision_builds_the_model_once_and_values_from_one_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: Counter[str] = Counter()
    for name in ("card_hands", "kept_weights", "crib_shift"):
        counted(monkeypatch, calls, hidden, name)
    for name in ("search_values", "lead_values", "play_chances", "discard_chances"):
        counted(monkeypatch, calls, values, name)
    seen: Counter[str] = Counter()
    searched = ExpertPlayer(searched_lead=True)
    for view in expert_views():
        for expert in (searched, ExpertPlayer(model="open"), ExpertPlayer()):
            calls.clear()  # the default expert's calls are counted below
            expert.choose(view)
            assert max(calls.values(), default=0) <= 1, (view.phase, calls)
            assert calls["search_values"] + calls["lead_values"] <= 1
            assert expert is not searched or not calls["lead_values"], "its lead is searched"
        lays = sum(isinstance(action, Lay) for action in view.legal)
        near = max(view.scores) >= 85
        kind = "discard" if view.phase is Phase.DISCARD else "play" if lays > 1 else "forced"
        seen[f"{kind}{' near the end' if near else ''}"] += 1
        if kind == "forced":
            assert not calls, "one card or a go needs no model"
        seen["played to win"] += calls["play_chances"]  # the model serves chances and points
        seen["led from the table"] += calls["lead_values"]
    assert {"discard", "play", "discard near the end", "play near the end"} <= set(seen)
    assert seen["played to win"] and seen["led from the table"]


def test_the_coach_builds_the_model_once_for_every_card(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: Counter[str] = Counter()
    counted(monkeypatch, calls, hidden, "card_hands")
    advised = 0
    for view in expert_views():
        if view.phase is Phase.PLAY and sum(isinstance(a, Lay) for a in view.legal) > 1:
            calls.clear()
            advice = coach.advise_play(view)
            advised += 1
            assert calls["card_hands"] == 1 and len(advice) > 1
    assert advised
