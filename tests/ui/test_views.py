"""Rich views rendered on a pinned console: what a player reads."""

from __future__ import annotations

import io
import re

from rich.console import Console, RenderableType

from solitaire.core.cards import parse_cards
from solitaire.core.scoring import score_hand
from solitaire.patience.advisor import advise, hindsight
from solitaire.patience.game import Game
from solitaire.patience.simulation import SimulationResult
from solitaire.patience.summary import Stats
from solitaire.patience.tracker import track
from solitaire.ui.patience.screen import ScoreBoard
from solitaire.ui.patience.views import (
    AdviceView,
    GameView,
    SimulationView,
    StatsView,
    TrackerView,
    aids_text,
)
from solitaire.ui.views import THEME, ScoreView, card_text
from tests.ui.helpers import render


def test_score_view_lists_every_combination() -> None:
    out = render(ScoreView(score_hand("5H 5C 5S JD", "5D"), "Hand"))
    assert out.startswith("Hand: 5♥ 5♣ 5♠ J♦  starter 5♦  = 29")
    assert out.count("fifteen ") >= 8 and "his nobs" in out
    ascii_out = render(ScoreView(score_hand("5H 5C 5S JD", "5D"), "Hand", ascii=True))
    assert "5H 5C 5S JD" in ascii_out and "♥" not in ascii_out


def test_card_colours() -> None:
    console = Console(file=io.StringIO(), color_system="standard", theme=THEME, force_terminal=True)
    red, black = card_text(parse_cards("5H")[0]), card_text(parse_cards("5S")[0])
    with console.capture() as capture:
        console.print(red, black)
    assert "\x1b[1;31m5♥" in capture.get()
    assert "\x1b[1m5♠" in capture.get()


def test_advice_view_marks_best_and_chosen_with_actual_scores() -> None:
    six = parse_cards("5H 5C 5S JD 4C 9S")
    options = advise(six)
    actual = hindsight(six, parse_cards("2C 3D"), parse_cards("5D")[0])
    out = render(AdviceView(options, chosen=parse_cards("5H 5C"), actual=actual, title=None))
    lines = out.splitlines()
    assert "actual" in lines[0]
    scored = next(h.total for h in actual if set(h.discard) == set(parse_cards("4C 9S")))
    assert scored == 29 + score_hand("2C 3D 4C 9S", "5D", crib=True).total
    assert lines[1].startswith("*") and "4♣ 9♠" in lines[1]
    assert lines[1].rstrip().endswith(f" {scored}")
    chosen = next(line for line in lines if line.startswith(">"))
    assert "5♥ 5♣" in chosen
    assert "> yours" in out
    # A best discard that is yours keeps both marks: neither hides the other.
    both = render(AdviceView(options, chosen=parse_cards("9S 4C"), title=None)).splitlines()
    assert both[1].startswith("*>") and "4♣ 9♠" in both[1]
    assert sum(1 for line in both[1:16] if line.startswith(("*", ">"))) == 1


def test_score_board_pegs_and_lines() -> None:
    out = render(ScoreBoard(12, 4, ascii=True))
    first, second = out.splitlines()[:2]
    street = first[4:34]
    assert street[:11] == "###+#######" and street[11] == "@" and set(street[12:]) == {"."}
    assert first.rstrip().endswith("| skunk") and "o 121" in second
    over = render(ScoreBoard(125, 110, ascii=True))
    assert "* 121 +4" in over


def test_score_board_streets_read_in_order() -> None:
    """Reading the board like text, line by line and left to right, visits holes 1 to 120."""
    visited = []
    for total in range(1, 121):
        lines = render(ScoreBoard(total, 0, ascii=True)).splitlines()[:2]
        found = [(row, line.index("@")) for row, line in enumerate(lines) if "@" in line]
        assert len(found) == 1
        row, column = found[0]
        # The street holding the peg is labelled with its first hole just before it.
        label = int(re.findall(r"(\d+) [#.@+]+$", lines[row][: column + 1])[0])
        start = lines[row].index(f"{label} ") + len(f"{label} ")
        visited.append((row, column, label + column - start))
    assert [hole for _, _, hole in visited] == list(range(1, 121))
    assert visited == sorted(visited)  # never back up a line or leftwards
    first, second = render(ScoreBoard(0, 0, ascii=True)).splitlines()[:2]
    assert [int(n) for n in re.findall(r"(\d+) [.]", first + " " + second)] == [1, 31, 61, 91]
    assert second.index("|") < second.index("91")  # the skunk line between 90 and 91


def test_game_view_shows_rounds_and_final_hand() -> None:
    game = Game.from_seed(2)
    while not game.is_over:
        game.discard(game.shown[:2])
    out = render(GameView(game, title="Seed 2"))
    assert all(f"Round {n}" in out for n in range(1, 7))
    assert "Final hand" in out and f"{game.total}" in out


def test_stats_view_trend() -> None:
    stats = Stats(12, 84.5, 121, 0.25, 0.0833, 0.95, (70, 80, 90, 121), 90.25, 80.0)
    out = render(StatsView(stats))
    assert "games played" in out and "12" in out and "25%" in out and "95.0%" in out
    assert "+10.2 on the 4 before" in out
    assert "█" in out
    assert "oldest first; 0 to 121 points" in out
    higher = Stats(12, 84.5, 140, 0.25, 0.0833, 0.95, (70, 140), 105.0, 80.0)
    assert "0 to 140 points" in render(StatsView(higher))  # the scale grows with the best
    assert "70 80 90 121" in render(StatsView(stats, ascii=True))
    assert "without hints or undos  12 games" in out and "with hints or undos     0 games" in out
    split = Stats(3, 80.0, 95, 0.3, 0.0, 0.9, (70, 80, 90), 80.0, None, 1, 75.0, 90.0)
    out = render(StatsView(split))
    assert "without hints or undos  2 games, mean 75.0" in out
    assert "with hints or undos     1 game, mean 90.0" in out


def test_simulation_view_histogram_marks_the_lines() -> None:
    result = SimulationResult("best", 0, 6, (85, 88, 91, 95, 121, 130))
    out = render(SimulationView(result))
    assert "6 games, strategy best" in out
    assert "past 90 from here" in out and "121 and up" in out
    assert "91-100" in out and "121-130" in out
    interrupted = SimulationResult("best", 0, 10, (85, 88), interrupted=True)
    assert "interrupted: 2 of 10 finished" in render(SimulationView(interrupted))


def test_tracker_view_at_each_stage() -> None:
    game = Game.from_seed(4)
    start = render(TrackerView(track(game), compact=True))
    assert "46 cards unseen" in start and "44 to deal" in start
    assert "No card seen so far comes back before round 6." in start
    for _ in range(5):
        game.discard(game.shown[:2])
    known = render(TrackerView(track(game)))
    starters = [r.starter for r in game.rounds]
    assert "2 cards unseen" in known and "Every card still to come is known." in known
    final = next(line for line in known.splitlines() if line.startswith("final hand"))
    assert "rounds 3, 4, 5, 2" in final
    assert all(c.symbol() in final for c in (starters[2], starters[3], starters[4], starters[1]))
    # Every rank line shows just the unseen suits: here the two blind crib cards.
    shown = {c.symbol() for c in track(game).unseen}
    assert len(shown) == 2 and all(s[-1] in known for s in shown)
    game.discard(game.shown[:2])
    assert "Every card has been dealt." in render(TrackerView(track(game)))


def test_advice_view_shows_each_discards_chance_of_the_target() -> None:
    from solitaire.patience.advisor import advise_position, position_of
    from solitaire.patience.target import target_chances

    game = Game.from_seed(3)
    options = advise_position(position_of(game))
    chances = target_chances(game, 90)
    out = render(AdviceView(options, ascii=True, title=None, chances=chances, target=90))
    assert ">=90" in out and "chance of 90+" in out and "(later rounds estimated)" in out
    by = {frozenset(c.discard): c.chance for c in chances}
    rows = [line for line in out.splitlines() if line.endswith("%")]
    assert len(rows) == 15
    for option, line in zip(options, rows, strict=True):
        assert line.endswith(f"{float(by[frozenset(option.discard)]):.1%}")
    short = render(AdviceView(options, title=None, chances=chances, target=90, limit=11))
    assert sum(line.endswith("%") for line in short.splitlines()) == 11
    assert "(4 worse not shown)" in short


HOSTILE_TEXT = [
    "\x1b]0;owned\x07",
    "\x1b[2J\x1b[H",
    "\x9b31m",
    "\u202eevil",
    "\x00\x08\x7f",
    "x" * 500,
]


def test_history_rows_show_untrusted_text_escaped() -> None:
    from solitaire.patience.summary import PatienceRow as GameRow
    from solitaire.ui.patience.views import HistoryView, group_by_deal

    for bad in HOSTILE_TEXT:
        rows = [
            GameRow(
                id=1, kind="patience", played_by="you", played_at="2026-11-29T10:00" + bad,
                deal_code="0" * 48 + bad, seed=None, daily="2026-11-29" + bad, total=80,
                finished=True, rounds=6, hints=0, efficiency=0.9, perfect_expected=None,
                hindsight_best=None,
            )
        ]  # fmt: skip
        out = render(HistoryView(group_by_deal(rows), lambda c: f"cribsol {c}"))
        assert not any(ch in out for ch in "\x1b\x9b\u202e\x00\x08\x7f"), bad
        assert "2026-11-29 10:00" in out and max(len(line) for line in out.splitlines()) <= 80


def test_history_groups_an_earlier_code_with_todays_code_of_the_same_deal() -> None:
    from dataclasses import replace

    from solitaire.core.cards import Deck
    from solitaire.core.dealcode import deal_code
    from solitaire.patience.summary import PatienceRow as GameRow
    from solitaire.ui.patience.views import HistoryView, group_by_deal

    old = "1D915XF821X3XXM504PDBEV4XZ0WEHECHKY86JBHE8CY9D8"  # seed 1's code before the change
    row = GameRow(
        id=1, kind="patience", played_by="you", played_at="2026-11-01T10:00", deal_code=old,
        seed=1, daily=None, total=80, finished=True, rounds=6, hints=0, efficiency=None,
        perfect_expected=None, hindsight_best=None,
    )  # fmt: skip
    rows = [
        row,
        replace(row, id=2, played_at="2026-11-29T10:00", deal_code=deal_code(Deck.from_seed(1))),
    ]
    groups = group_by_deal(rows)
    assert [[r.id for r in group] for group in groups] == [[2, 1]]
    assert f"deal {deal_code(Deck.from_seed(1))}" in render(HistoryView(groups, str))


def test_the_help_a_game_had_is_said_hints_and_each_discard_taken_back() -> None:
    game = Game.from_seed(8)
    assert aids_text(game) is None
    first = game.shown[:2]
    game.discard(first)
    game.undo()
    game.hints.add(1)
    game.discard(game.shown[2:4])
    aids = aids_text(game, ascii=True)
    assert aids is not None
    assert aids.plain == (
        f"Hints used in rounds 1. Taken back: round 1 ({first[0]} {first[1]} discarded first)."
    )


def _history_listings(finished: bool) -> dict[str, RenderableType]:
    """The patience's, the match's and the drill's history listings, of one game each, finished
    or not."""
    import random
    from dataclasses import replace

    from solitaire.match.drill import DrillTally
    from solitaire.match.game import Match
    from solitaire.match.players import EasyPlayer, advance
    from solitaire.match.summary import match_summary
    from solitaire.patience.summary import PatienceRow as GameRow
    from solitaire.ui.drill.views import DrillHistoryView
    from solitaire.ui.match.views import MatchHistoryView, StoredMatch
    from solitaire.ui.patience.views import HistoryView, group_by_deal

    row = GameRow(
        id=7, kind="patience", played_by="you", played_at="2026-11-29T10:00", deal_code="0" * 48,
        seed=1, daily=None, total=80, finished=finished, rounds=6 if finished else 2, hints=0,
        efficiency=None, perfect_expected=None, hindsight_best=None,
    )  # fmt: skip
    match = Match(1)
    if finished:
        advance(match, (EasyPlayer(random.Random(1)), EasyPlayer(random.Random(2))))
    command = "cribsol {}".format
    return {
        "play": HistoryView(group_by_deal([row]), command),
        "match": MatchHistoryView(
            [
                StoredMatch(
                    replace(row, kind="match"),  # type: ignore[arg-type]
                    "standard",
                    match_summary(match, "standard"),
                )
            ],
            command,
        ),
        "drill": DrillHistoryView(
            [(replace(row, kind="drill"), DrillTally(1, 8))],  # type: ignore[list-item]
            command,
        ),
    }


def test_every_history_listing_points_to_replay_and_to_resume_only_with_one_unfinished() -> None:
    seen = {"play": "see a game", "match": "see a match", "drill": "see a drill"}
    for finished in (True, False):
        for command, view in _history_listings(finished).items():
            out = render(view)
            assert f"{seen[command]}: cribsol replay ID" in out, out
            resume = f"carry on: cribsol {command} --resume ID"
            assert (resume in out) is not finished, out
            assert ("carry on" in out) is not finished, out
            assert max(len(line) for line in out.splitlines()) <= 80


def test_the_resume_offer_leaves_no_word_alone_at_80_columns() -> None:
    """The longest offers each game makes: a 40-digit seed, a large id, counting with muggins,
    the program named scripts/play; every part is there, and no line is one word."""
    from solitaire.ui.saved import Offer
    from solitaire.ui.views import offer_view

    seed, big = 10**40 - 1, 2**63 - 1
    keep = f"game {big} stays resumable with scripts/play play --resume {big}"
    offers = [
        Offer("A game in progress was saved", "game 3, the daily deal of 2026-11-30",
              "round 2 of 6, 113 points", f"play seed {seed} instead", keep),
        Offer("You have an unfinished game of this deal", f"game 12, seed {seed}",
              "round 6 of 6, 13 points", "start this deal again from round 1", keep),
        Offer("A match in progress was saved",
              f"match {big}, seed {seed}, against standard, you count yourself with muggins",
              "you 113, standard 120", f"play seed {seed} instead", keep),
        Offer("A drill in progress was saved", f"drill 40, seed {seed}, against expert",
              "hand 40 of 40", "start a new drill", keep),
    ]  # fmt: skip
    for offer in offers:
        out = render(offer_view(offer))
        lines = [line for line in out.splitlines() if line.strip()]
        assert all(len(line) <= 80 and len(line.split()) > 1 for line in lines), out
        flat = " ".join(out.split())
        for part in (offer.headline, offer.saved, offer.standing, offer.instead, offer.keep):
            assert " ".join(part.split()) in flat, part
