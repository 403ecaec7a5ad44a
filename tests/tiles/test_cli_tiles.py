"""`cribsol tiles`: a computer game as a record, replay, the arena, scoring a line by hand."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from solitaire.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_computer_game_prints_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "tiles", "--auto", "greedy", "--vs", "greedy", "--seed", "4",
                         "--json")  # fmt: skip
    assert status == 0
    record = json.loads(out)
    assert record["game"] == "tiles" and record["seed"] == "4" and record["final"]
    assert run(capsys, "tiles", "--auto", "greedy", "--seed", "4", "--json")[1] == out
    path = tmp_path / "tiles.json"
    path.write_text(out)
    status, shown, _ = run(capsys, "replay", str(path))
    assert status == 0 and "every turn matches" in shown and "wins" in shown
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(out.encode())))
    status, again, _ = run(capsys, "replay", "-", "--json")
    assert status == 0 and json.loads(again) == record


def test_a_tampered_record_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(capsys, "tiles", "--auto", "greedy", "--seed", "6", "--json")
    record = json.loads(out)
    record["turns"][0]["score"] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    status, shown, err = run(capsys, "replay", str(path))
    assert status == 2 and shown == ""
    assert err.count("\n") == 1 and "turn 1: field 'score'" in err


def test_the_game_shows_every_turn_the_board_and_the_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "tiles", "--auto", "expert", "--seed", "2", "--ascii")
    assert status == 0
    assert "expert" in out and "greedy" in out and "left on rack" in out
    assert "A  B  C" in out


def test_without_auto_the_screen_is_named_and_nothing_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "tiles")
    assert status == 2 and out == "" and "--auto" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("tiles", "total"), [(["7", "8", "7", "6", "8", "--dark"], 34), (["3", "3", "4", "5"], 10),
                         (["7D", "8L", "7D", "6D", "8D"], 24), (["k", "5"], 2),
                         (["7", "8", "7", "6", "8"], 24),
                         (["7", "8", "7", "6", "8", "--light"], 34),
                         (["7D", "8", "7D", "6D", "8D"], 24),
                         (["7L", "8", "7L", "6L", "8L", "--light"], 34)],
)  # fmt: skip
def test_score_a_line_by_hand(
    capsys: pytest.CaptureFixture[str], tiles: list[str], total: int
) -> None:
    status, out, _ = run(capsys, "tiles", "score", *tiles, "--json")
    assert status == 0 and json.loads(out)["total"] == total
    status, shown, _ = run(capsys, "tiles", "score", *tiles)
    assert status == 0 and str(total) in shown


def test_ranks_without_colours_assume_none_and_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    """No colour is assumed for a bare rank: the one-colour bonus is left out, the output says
    why and how to count it, and the JSON gives those colours as null."""
    status, out, _ = run(capsys, "tiles", "score", "7", "8", "7", "6", "8")
    assert status == 0 and "is twenty-four" in out and "one colour" not in out.split("\n")[-3]
    assert "thirty-four" not in out and "No colours given, so no one-colour bonus" in out
    assert "--light or --dark" in out
    status, out, _ = run(capsys, "tiles", "score", "7", "8", "7", "6", "8", "--json")
    shown = json.loads(out)
    assert shown["dark"] == [None] * 5 and (shown["one_colour"], shown["total"]) == (0, 24)
    status, out, _ = run(capsys, "tiles", "score", "7D", "8", "7D", "6D", "8D", "--json")
    assert json.loads(out)["dark"] == [True, None, True, True, True]
    status, out, _ = run(capsys, "tiles", "score", "7D", "8", "7D", "6D", "8D")
    assert "Not every colour given" in out
    status, out, _ = run(capsys, "tiles", "score", "3", "3", "4", "5")  # no bonus to miss
    assert status == 0 and "colour given" not in out and "colours given" not in out
    status, out, _ = run(capsys, "tiles", "score", "7", "8", "7", "6", "8", "--light")
    assert "ten for one colour is thirty-four" in out and "given" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [(["tiles", "score", "7"], "2 to 5 tiles"),
     (["tiles", "score", "7", "8", "--light", "--dark"], "not allowed with"),
     (["tiles", "score", "7", "X"], "invalid tile"),
     (["tiles", "score", "1", "2", "3", "4", "5", "6"], "2 to 5 tiles"),
     (["tiles", "score", "0", "5"], "invalid tile"),
     (["tiles", "arena", "--games", "0"], "--games"),
     (["tiles", "--auto", "wizard"], "invalid choice")],
)  # fmt: skip
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_the_arena_reports_wins_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "tiles", "arena", "--a", "greedy", "--b", "greedy", "--games",
                         "2", "--seed", "5", "--json")  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 2 and len(data["a"]["win_ci95"]) == 2
    status, shown, _ = run(capsys, "tiles", "arena", "--games", "2", "--a", "greedy")
    assert status == 0 and "wins" in shown and "95%" in shown


VALUES = {"--auto": ["greedy"], "--vs": ["expert"], "--seed": ["3"], "--players": ["Ann,expert"],
          "--resume": ["2"]}  # fmt: skip
CONFLICTS = [
    *(("--resume", o) for o in ("--auto", "--vs", "--seed", "--players", "--solitaire", "--joker",
                                "--json")),
    *(("--auto", o) for o in ("--players", "--solitaire", "--joker", "--servant")),
    *(("--solitaire", o) for o in ("--players", "--vs", "--joker")),
    *(("--json", o) for o in ("--players", "--joker", "--servant")),
    *(("--vs", o) for o in ("--players", "--joker", "--servant")),
]  # fmt: skip


@pytest.mark.parametrize(("first", "second"), CONFLICTS)
@pytest.mark.parametrize("swapped", [False, True])
def test_options_that_mean_nothing_together_are_refused_naming_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, first: str, second: str, swapped: bool
) -> None:
    pair = (second, first) if swapped else (first, second)
    argv = [word for option in pair for word in (option, *VALUES.get(option, []))]
    status, out, err = run(capsys, "tiles", *argv, "--data-dir", str(tmp_path / "d"))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert all(re.search(rf"{o}(?![\w-])", err) for o in (first, second)), err
    assert not (tmp_path / "d").exists()  # refused before anything is opened


@pytest.mark.parametrize("option", ["--vs", "--json"])
def test_an_option_of_the_computer_game_alone_asks_for_auto(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    status, out, err = run(capsys, "tiles", option, *VALUES.get(option, []))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert re.search(rf"{option}(?![\w-])", err) and "--auto" in err


def test_the_computer_game_plays_greedy_when_vs_is_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "tiles", "--auto", "expert", "--seed", "2", "--json")
    assert json.loads(out)["players"] == ["expert", "greedy"]


@pytest.mark.parametrize(
    "argv",
    [["tiles"], ["tiles", "score", "5"], ["tiles", "arena"], ["match"], ["history"], ["stats"],
     ["replay", "1"], ["drill"], ["play"]],
)  # fmt: skip
def test_an_unknown_option_points_at_its_own_commands_help(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv, "--bogus", "--data-dir", str(tmp_path / "d"))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "unrecognized arguments: --bogus" in err
    command = " ".join(w for w in argv if not w.isdigit() and w != "5")
    assert err.rstrip().endswith(f"{command} --help)"), err


def test_the_tiles_help_says_what_ascii_does_on_the_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["tiles", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "suit symbols" not in help_text and "'.' for an empty square" in help_text


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("Ann", "2 to 4 players"),
        ("Ann,Bob,Cy,Di,Ed", "2 to 4 players"),
        ("Ann,ann", "two people have the same name"),
        ("1Ann,Bob", "invalid player '1Ann'"),
        ("expert 2,expert,expert", "invalid player 'expert 2': a level and a number"),
        ("Ann,Planner 3", "invalid player 'Planner 3': a level and a number"),
    ],
)
def test_bad_players_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: str, said: str
) -> None:
    status, out, err = run(capsys, "tiles", "--players", players, "--data-dir", str(tmp_path))
    assert status == 2 and out == "" and said in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("players", ["Ann,expert", "expert,expert", "Expertise 2,Bob", "Ann,Bob 2"])
def test_good_players_are_read(players: str) -> None:
    from solitaire.cli.parser import player_names

    assert player_names(players) == players.split(",")
