"""Pone's opening-lead table against the search it replaces."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from solitaire.core.errors import InputError
from solitaire.match.build_lead import build_replies, build_rows, encode
from solitaire.match.decide.hidden import Hidden
from solitaire.match.decide.lead import (
    HANDS,
    LEAD_PATH,
    REPLIES_MAGIC,
    REPLIES_PATH,
    is_opening_lead,
    lead_answers,
    lead_nets,
    lead_values,
    read_replies,
    read_rows,
)
from solitaire.match.decide.search import NO_REPLY, open_answer, search_values
from solitaire.match.decide.search import play_options as searched_options
from solitaire.match.decide.solver import clear_table, hand_id, lay, solve, tail_steps
from solitaire.match.decide.values import play_options, play_values
from solitaire.match.game import Match, Observation, Phase
from solitaire.match.players import StandardPlayer


def opening_lead(seed: int) -> Observation:
    """Pone's view at the opening lead of a standard-v-standard deal dealt from ``seed``."""
    match = Match(seed)
    player = StandardPlayer()
    while True:
        seat = match.current_player
        assert seat is not None
        view = match.observation(seat)
        if view.phase is Phase.PLAY:
            return view
        match.apply(player.choose(view), player=seat)


def test_lead_values_equal_the_search_over_every_hidden_hand() -> None:
    for seed in range(6):
        view = opening_lead(seed)
        assert is_opening_lead(view) and not view.is_dealer
        assert lead_values(view) == search_values(view, model="open")
        assert play_values(view, model="open") == lead_values(view)


def four_fives() -> Observation:
    """Pone's opening lead holding four fives: no five can be hidden."""
    match = Match.from_cards(0, ["AH 2C 3D 4S 6H 7C", "5C 5D 5H 5S 9C KD"], "8D")
    match.discard(1, "9C KD")
    match.discard(0, "6H 7C")
    return match.observation(1)


def test_the_weights_follow_every_card_seen() -> None:
    # the starter counts as seen too
    view = four_fives()
    assert is_opening_lead(view)
    assert lead_values(view) == search_values(view, model="open")


def test_the_coach_s_lead_options_from_the_table_equal_the_search() -> None:
    """The open model's options at pone's opening lead, the nets taken from the table and
    only the dealer's answers searched, are the whole search's: each card's net, what it
    pegs, the dealer's answer and its share of their hands (a table cold, then warm)."""
    views = [opening_lead(seed) for seed in range(4)] + [four_fives()]
    ranks = 0
    for view in views:
        assert is_opening_lead(view)
        clear_table()
        from_table = play_options(view, model="open")
        searched = searched_options(view, model="open")
        assert from_table == searched
        assert all(sum(o.replies.values()) == 1 for o in searched)
        ranks += len({o.card.rank for o in searched}) > 1
        assert play_options(view, model="open") == searched
    assert ranks == 4  # four fives lead alike


def test_a_missing_answer_and_a_known_honest_value_are_refused() -> None:
    view = opening_lead(0)
    hidden = Hidden(view)
    nets, answers = lead_nets(view, hidden), lead_answers(view, hidden)
    none = {rank: [NO_REPLY] * len(ranks) for rank, ranks in answers.items()}
    with pytest.raises(InputError, match="no answer"):
        searched_options(view, hidden, "open", (nets, none))
    with pytest.raises(InputError, match="open model"):
        searched_options(view, hidden, "honest", (nets, answers))


def test_open_answer_is_the_whole_search_s_answer() -> None:
    """The answer found from the stored net is the one the whole search answers with, and
    a net no answer makes is refused."""
    view = opening_lead(1)
    hidden = Hidden(view)
    mine = tuple(sorted(card.rank for card in view.hand))
    rank = mine[0]
    rest, count, tail, points = lay(mine, rank, 0, 0)
    nets = lead_nets(view, hidden)[rank]
    searched = searched_options(view, hidden, "open")
    card = next(o for o in searched if o.card.rank == rank)
    found: dict[int, int] = {}
    for (hand, weight), net in zip(hidden.hands, nets, strict=True):
        r, _ = open_answer(rest, hand_id(hand), count, tail_steps(tail), points - net)
        found[r] = found.get(r, 0) + weight
    assert {r: Fraction(w, hidden.total) for r, w in sorted(found.items())} == card.replies
    first = hand_id(hidden.hands[0][0])
    with pytest.raises(InputError, match="no answer"):
        open_answer(rest, first, count, tail_steps(tail), points - nets[0] + 1)


def test_stored_values_equal_the_solved_play() -> None:
    rng = random.Random(12)
    for _ in range(300):
        mine = rng.choice(HANDS)
        theirs = rng.choice(HANDS)
        if any(mine.count(rank) + theirs.count(rank) > 4 for rank in range(1, 14)):
            continue
        rows = read_rows(mine)
        for row, rank in enumerate(sorted(set(mine))):
            rest = list(mine)
            rest.remove(rank)
            assert rows[row, HANDS.index(theirs)] == -solve(theirs, rest, min(rank, 10), [rank])


def test_the_stored_rows_are_what_the_build_computes() -> None:
    rng = random.Random(5)
    for mine in [(5, 5, 10, 11), (1, 2, 3, 4), *rng.sample(HANDS, 3)]:
        assert (read_rows(mine) == build_rows(mine)).all()
        assert (read_replies(mine) == build_replies(mine)).all()


def test_the_file_reads_back_what_was_encoded(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    blocks = [
        rng.integers(-20, 20, size=(len(set(hand)), len(HANDS))).astype(np.int8) for hand in HANDS
    ]
    path = tmp_path / "lead.bin"
    path.write_bytes(encode(blocks))
    assert encode(blocks) == path.read_bytes()  # the same bytes every time
    for index in (0, 1, 700, len(HANDS) - 1):
        assert (read_rows(HANDS[index], path) == blocks[index]).all()
    assert LEAD_PATH.stat().st_size < 4_000_000
    replies = [np.abs(block).astype(np.uint8) % 14 for block in blocks]
    path.write_bytes(encode(replies, REPLIES_MAGIC))
    for index in (0, 1, 700, len(HANDS) - 1):
        assert (read_replies(HANDS[index], path) == replies[index]).all()
    assert REPLIES_PATH.stat().st_size < 3_000_000


def test_only_the_opening_lead_is_read_from_the_table() -> None:
    match = Match.from_cards(0, ["9C 9D 5S 5H KD 2C", "9S 7H 8D QC 4S 3H"], "6C")
    match.discard(1, "QC 3H")
    match.discard(0, "KD 2C")
    assert is_opening_lead(match.observation(1))
    match.lay(1, "9S")
    reply = match.observation(0)
    assert not is_opening_lead(reply) and reply.opponent_held == 3
