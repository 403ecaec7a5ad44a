"""`cribsol play --auto` and `cribsol replay` from the command line."""

from __future__ import annotations

import argparse
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.core.cards import Deck
from solitaire.core.dealcode import deal_code
from solitaire.patience.coach import review_round
from solitaire.patience.game import Game
from solitaire.ui.kinds import KINDS
from tests import stored as pstore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_auto_random_prints_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "play", "--seed", "8", "--auto", "random", "--json")
    assert status == 0
    record = json.loads(out)
    assert record["seed"] == "8" and len(record["rounds"]) == 6
    # Same seed, same strategy: the same game.
    assert run(capsys, "play", "--seed", "8", "--auto", "random", "--json")[1] == out
    path = tmp_path / "game.json"
    path.write_text(out)
    status, shown, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert "Round 6" in shown and "Final hand" in shown and "every round matches" in shown
    status, again, _ = run(capsys, "replay", str(path), "--json")
    assert json.loads(again) == record


def test_replay_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, "play", "--seed", "3", "--auto", "random", "--json")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(out.encode())))
    status, shown, _ = run(capsys, "replay", "-")
    assert status == 0 and "every round matches" in shown


def test_deal_code_plays_the_same_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code = deal_code(Deck.from_seed(8))
    _, by_code, _ = run(capsys, "play", "--deal", code, "--auto", "random", "--json")
    _, by_seed, _ = run(capsys, "play", "--seed", "8", "--auto", "random", "--json")
    assert json.loads(by_code)["deck"] == json.loads(by_seed)["deck"]
    assert json.loads(by_code)["seed"] is None


def test_daily_gives_the_same_deck_twice(capsys: pytest.CaptureFixture[str]) -> None:
    _, a, _ = run(capsys, "play", "--daily", "--auto", "random", "--json")
    _, b, _ = run(capsys, "play", "--daily", "--auto", "random", "--json")
    assert json.loads(a)["deck"] == json.loads(b)["deck"]
    assert "daily" in json.loads(a)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
        (["play", "--deal", "NOPE", "--auto", "random"], "invalid deal code 'NOPE'"),
        (
            ["play", "--seed", "x", "--auto", "random"],
            "expected a whole number from 0 up, of at most 40 digits (a seed), got 'x'",
        ),
        (["play", "--seed", "1", "--daily", "--auto", "random"], "not allowed with argument"),
        (["play", "--auto", "psychic"], "unknown strategy 'psychic'"),
        (["play", "--auto", "target"], "--auto target needs --target N"),
        (["play", "--auto", "best", "--target", "90"], "leave out --auto best"),
        (["play", "--auto", "target0"], "targetN with N from 1 to 250"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_tampered_record_names_round_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "play", "--seed", "8", "--auto", "random", "--json")
    record = json.loads(out)
    record["rounds"][3]["crib_points"] += 1
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(record))
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2
    assert err.startswith("cribsol: round 4: field 'crib_points': the record says")
    path.write_text("garbage")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2 and "invalid JSON" in err


@pytest.mark.parametrize("strategy", ["best", "hand", "random"])
def test_every_strategy_plays_whole_games(
    capsys: pytest.CaptureFixture[str], strategy: str
) -> None:
    status, out, _ = run(capsys, "play", "--seed", "12", "--auto", strategy, "--json")
    record = json.loads(out)
    assert status == 0 and len(record["rounds"]) == 6 and record["final_points"] is not None


def test_simulate_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--games", "30", "--strategy", "hand", "--json")
    data = json.loads(out)
    assert status == 0 and data["games"] == 30 and data["strategy"] == "hand"
    assert set(data) >= {"mean", "stdev", "mean_ci95", "past_90", "reached_121", "min", "max"}
    status, out, _ = run(capsys, "simulate", "--games", "30", "--jobs", "2")
    assert status == 0 and "mean total" in out and "95% CI" in out and "Totals" in out


def test_target_strategies_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from solitaire.patience.simulation import simulate

    status, out, _ = run(capsys, "simulate", "--games", "6", "--target", "100", "--json")
    data = json.loads(out)
    assert status == 0 and data["strategy"] == "target100"
    assert data["mean"] == simulate(6, "target100").mean
    status, out, _ = run(
        capsys, "play", "--seed", "4", "--auto", "target", "--target", "121", "--json",
        "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert status == 0 and len(json.loads(out)["rounds"]) == 6


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--games", "0"], "--games: expected a whole number from 1 to 10,000,000"),
        (["simulate", "--strategy", "psychic"], "unknown strategy 'psychic'"),
        (["simulate", "--target", "251"], "--target: expected a whole number from 1 to 250"),
        (["simulate", "--games", "many"], "got 'many'"),
    ],
)
def test_simulate_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err


def test_stats_history_and_replay_by_id(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from solitaire.patience.coach import review_game
    from solitaire.patience.game import Game
    from solitaire.patience.strategy import best_strategy, play_out
    from solitaire.store import History

    data = tmp_path / "d"
    status, out, _ = run(capsys, "stats", "--data-dir", str(data))
    assert status == 0 and "No finished games yet" in out
    games = [play_out(Game.from_seed(s), best_strategy) for s in (1, 2)]
    with History(data, kinds=KINDS) as history:
        for game in games:
            pstore.add(history, game, review_game(game))
    status, out, _ = run(capsys, "stats", "--data-dir", str(data), "--json")
    stats = json.loads(out)
    assert status == 0 and stats["games"] == 2 and stats["best"] == max(g.total for g in games)
    status, out, _ = run(capsys, "history", "--data-dir", str(data))
    assert status == 0 and deal_code(games[0].deck) in out
    status, out, _ = run(capsys, "replay", "1", "--data-dir", str(data), "--json")
    assert status == 0 and json.loads(out)["total"] == games[0].total
    status, _, err = run(capsys, "replay", "7", "--data-dir", str(data))
    assert status == 2 and "no game 7 in the history" in err


def test_damaged_history_is_reported_and_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    damaged = "not a database at all" * 50
    (tmp_path / "history.sqlite3").write_text(damaged)
    status, out, err = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "damaged" in err and "cribsol play sets it aside" in err
    assert (tmp_path / "history.sqlite3").read_text() == damaged  # reading changes nothing
    status, out, err = run(
        capsys, "play", "--seed", "1", "--auto", "random", "--data-dir", str(tmp_path)
    )
    assert status == 0 and "damaged" in err and "set aside" in err
    assert len(list(tmp_path.glob("history.sqlite3.damaged-*"))) == 1
    status, out, _ = run(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and "played by --auto random" in out


def test_interactive_play_needs_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--seed", "1")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "interactive play needs a terminal" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--data-dir", "{dir}", "history", "--json"],
        ["history", "--data-dir", "{dir}", "--json"],
        ["--ascii", "history", "--json", "--data-dir", "{dir}"],
        ["--data-dir", "{elsewhere}", "history", "--data-dir", "{dir}", "--json"],  # last wins
    ],
)
def test_shared_options_before_or_after_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    data, elsewhere = tmp_path / "mine", tmp_path / "other"
    assert run(capsys, "--data-dir", str(data), "play", "--seed", "5", "--auto", "best")[0] == 0
    filled = [a.format(dir=data, elsewhere=elsewhere) for a in argv]
    status, out, err = run(capsys, *filled)
    assert status == 0, err
    assert [row["seed"] for row in json.loads(out)] == [5]


def test_ascii_before_the_command_reaches_it(capsys: pytest.CaptureFixture[str]) -> None:
    plain = run(capsys, "score", "5H", "5C", "5S", "JD", "5D")[1]
    for argv in (["--ascii", "score"], ["score", "--ascii"]):
        status, out, _ = run(capsys, *argv, "5H", "5C", "5S", "JD", "5D")
        assert status == 0 and "5H 5C 5S JD" in out and "♥" not in out
    assert "♥" in plain or "5H" in plain  # the default follows the terminal's encoding
    status, _, err = run(capsys, "--data-dir")
    assert status == 2 and err.count("\n") == 1 and "--data-dir" in err


def test_replay_shows_the_coaching_of_every_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "play", "--seed", "12", "--auto", "random", "--json")
    path = tmp_path / "game.json"
    path.write_text(out)
    status, shown, _ = run(capsys, "--ascii", "replay", str(path))
    assert status == 0
    game = Game.from_seed(12)
    for discard in json.loads(out)["rounds"]:
        game.discard(discard["discard"])
    flat = " ".join(shown.split())
    assert flat.count("Coach you discarded") == 6 and flat.count("Why ") >= 6
    given_up = Fraction(0)
    shown_given_up = 0  # hundredths
    for result in game.rounds:
        review = review_round(game, result.number)
        mine, best = review.chosen_option, review.best_option
        given_up += review.given_up
        row = f" {result.number} " + " ".join(c.symbol(True) for c in review.position.six)
        assert row in flat
        assert f"expected {float(mine.total):.2f}, scored {review.chosen_scored}" in flat
        if not review.is_best:
            assert f"expected {float(best.total):.2f}, scored {review.best_scored}" in flat
            # what the round gave up is the difference of the two expected totals as shown
            shown_cost = round(float(best.total), 2) - round(float(mine.total), 2)
            assert f"you gave up {shown_cost:.2f}" in flat
            shown_given_up += round(shown_cost * 100)
            assert abs(shown_cost - float(review.given_up)) <= 0.01
    assert f"Expected points given up: {shown_given_up / 100:.2f}" in flat
    assert abs(shown_given_up / 100 - float(given_up)) <= 0.005 * len(game.rounds)


def test_scripts_play_only_sets_up_and_runs_cribsol() -> None:
    """scripts/play keeps no copy of the parser: it passes every argument to cribsol."""
    from solitaire.cli import build_parser

    script = (Path(__file__).parents[1] / "scripts" / "play").read_text()
    code = [line for line in script.splitlines() if line.strip() and not line.startswith("#")]
    assert code[-1] == 'exec cribsol "$@"'
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name in actions[0].choices:
        assert f"{name} |" not in script and f"| {name}" not in script


@pytest.mark.parametrize(
    ("words", "command"),
    [
        ([], "play"),
        (["--seed", "5"], "play"),
        (["--data-dir", "X", "--ascii"], "play"),
        (["--data-dir", "X", "stats"], "stats"),
        (["match", "--seed", "5"], "match"),
        (["--ascii", "tiles"], "tiles"),
    ],
)
def test_no_command_plays_the_patience(words: list[str], command: str) -> None:
    from solitaire.cli import _with_command, build_parser

    parser = build_parser()
    args, unknown = parser.parse_known_args(_with_command(parser, words))
    assert (args.command, unknown) == (command, [])


def test_a_word_that_is_no_command_is_refused_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire.cli import main

    assert main(["stast"]) == 2
    assert "invalid choice: 'stast'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("words", "option"),
    [
        (["--seed", "5", "match"], "--seed"),
        (["--target", "90", "simulate"], "--target"),
        (["--games", "4", "arena", "--a", "easy", "--b", "easy"], "--games"),
        (["--vs", "easy", "drill"], "--vs"),
        (["--json", "stats"], "--json"),
    ],
)
def test_an_option_before_the_command_is_named(
    words: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from solitaire.cli import main

    assert main(words) == 2
    err = capsys.readouterr().err
    assert f"{option} belongs after the command's name" in err and err.count("\n") == 1


@pytest.mark.parametrize("option", [["--hands", "3"], ["--vs", "easy"], ["--seed", "4"]])
def test_drill_resume_refuses_a_new_drill_s_options(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from solitaire.cli import main

    assert main(["drill", "--resume", "1", *option]) == 2
    assert f"leave out {option[0]}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "words",
    [
        ["arena", "--a", "easy", "--b", "easy", "--games", "2", "--json"],
        ["tiles", "arena", "--a", "greedy", "--b", "greedy", "--games", "2", "--json"],
        ["tiles", "score", "5", "5"],
    ],
)
def test_data_dir_goes_on_either_side(
    words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from solitaire.cli import main

    def told(out: str) -> str:  # less the clock's figures, which differ run to run
        return re.sub(r'"decision_seconds": \{[^}]*\}', "", out)

    place = str(tmp_path / "d")
    assert main([*words, "--data-dir", place]) == 0
    after = told(capsys.readouterr().out)
    assert main(["--data-dir", place, *words]) == 0
    assert told(capsys.readouterr().out) == after
