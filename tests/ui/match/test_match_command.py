"""cribsol match without a terminal, and the match section of cribsol stats."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.match.game import Match
from solitaire.match.players import EasyPlayer, StandardPlayer, advance
from solitaire.match.record import match_record
from solitaire.match.summary import match_summary
from solitaire.store import History, Summary
from solitaire.ui.kinds import KINDS, MATCH


def test_the_interactive_match_needs_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs a terminal" in err and "--auto" in err


def test_stats_has_a_match_section(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmp_path / "d"
    assert main(["stats", "--data-dir", str(data)]) == 0
    assert "match" in capsys.readouterr().out
    match = Match(7, games=3)
    advance(match, (StandardPlayer(), EasyPlayer(random.Random(7))))
    with History(data, kinds=KINDS) as history:
        summary = Summary(match.seed, True, match_summary(match, "easy"))
        history.add(MATCH, match_record(match, ("you", "easy")), summary)
        unfinished = Match(8)
        history.add(
            MATCH,
            match_record(unfinished, ("you", "easy")),
            Summary(8, False, match_summary(unfinished, "easy")),
        )
    assert main(["stats", "--data-dir", str(data), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    wins = sum(r.winner == 0 for r in match.results)
    assert out["match"]["games"] == 3 and out["match"]["wins"] == wins
    assert main(["stats", "--data-dir", str(data)]) == 0
    text = capsys.readouterr().out
    assert "Your matches" in text and f"3: {wins} won" in text and "about 3.5" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--auto", "easy", "--count-yourself"], "--count-yourself is for a match you play"),
        (["--auto", "easy", "--muggins"], "--muggins is for a match you play"),
        (["--auto", "easy", "--no-pause"], "--no-pause is for a match you play"),
        (["--muggins"], "--muggins takes the points you miss when you count your own hand"),
        (["--muggins", "--seed", "4"], "add --count-yourself"),
        (["--json"], "--json prints the record of a match played with --auto"),
        (["--resume", "1", "--count-yourself"], "leave out --count-yourself"),
        (["--resume", "1", "--muggins"], "leave out --muggins"),
        (["--resume", "1", "--games", "3"], "leave out --games"),
        (["--resume", "1", "--double-skunk", "4"], "leave out --double-skunk"),
        (["--resume", "1", "--vs", "easy"], "leave out --vs"),
        (["--resume", "1", "--json"], "leave out --json"),
    ],
)
def test_options_that_mean_nothing_together_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    assert main(["match", *argv, "--data-dir", str(tmp_path / "d")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err
    assert not (tmp_path / "d").exists()  # refused before anything is opened


def test_the_auto_match_with_counting_options_left_out_still_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["match", "--auto", "easy", "--vs", "easy", "--seed", "3", "--json"]) == 0
    assert '"counting"' not in capsys.readouterr().out
