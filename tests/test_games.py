"""The registry of games (:mod:`solitaire.games`): every part an entry names is there and is
what the entry says, importing the registry loads no engine, and what reads the kinds (a
record's game, the history's kinds) reads them from it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire import games
from solitaire.cli.parser import COMMANDS, build_parser
from solitaire.core.shapes import Shape
from solitaire.core.untrusted import RecordError
from solitaire.games import GameEntry, game, record_kind, registered_games, resolve
from solitaire.ui.kinds import KINDS
from tests import dummy_game
from tests.record_samples import KINDS as SAMPLES
from tests.record_samples import game_of, record

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = registered_games()
KIND_IDS = [entry.kind for entry in ENTRIES]


def test_the_four_games_are_registered_in_order() -> None:
    assert [entry.kind for entry in ENTRIES] == ["patience", "match", "drill", "tiles"]
    assert [entry.noun for entry in ENTRIES] == ["patience game", "match", "drill", "tile game"]
    assert all(game(entry.kind) is entry for entry in ENTRIES)
    with pytest.raises(KeyError):
        game("chess")


def test_importing_the_registry_loads_no_engine() -> None:
    code = (
        "import sys, solitaire.games\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('solitaire.'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.split() == ["solitaire.games"]


def references(entry: GameEntry) -> dict[str, str]:
    """Every ``"module:name"`` an entry holds, by its field."""
    fields = ("engine", "load", "replay", "shape", "recount", "old_row", "players", "levels")
    named = {name: getattr(entry, name) for name in fields if getattr(entry, name) is not None}
    return {**named, "shown": entry.shown, "session": entry.session}


@pytest.mark.parametrize("entry", ENTRIES, ids=KIND_IDS)
def test_every_part_an_entry_names_is_there_where_it_belongs(entry: GameEntry) -> None:
    parts = references(entry)
    for field, reference in parts.items():
        module, _, name = reference.partition(":")
        assert module and name, f"{field}: {reference} is not 'module:name'"
        assert resolve(reference) is not None
        if field == "shown":
            assert module.startswith("solitaire.cli."), field
        elif field == "session":
            assert module.startswith("solitaire.ui."), field
        else:  # the game's own parts are its engine's: plain Python below the skin
            assert module.startswith(entry.package + "."), f"{field}: {reference}"
    assert isinstance(resolve(entry.shape), Shape)
    assert all(callable(resolve(parts[f])) for f in ("load", "replay", "recount", "players"))
    assert isinstance(resolve(entry.engine), type)


@pytest.mark.parametrize("entry", ENTRIES, ids=KIND_IDS)
def test_every_level_is_made_by_the_games_players(entry: GameEntry) -> None:
    make = resolve(entry.players)
    levels = resolve(entry.levels)
    assert levels and all(isinstance(name, str) for name in levels)
    for name in levels:
        assert make(name, random.Random(1)) is not None, name


@pytest.mark.parametrize("entry", ENTRIES, ids=KIND_IDS)
def test_every_game_is_played_and_resumed_by_its_command(entry: GameEntry) -> None:
    assert entry.command in COMMANDS
    session = resolve(entry.session)
    assert session.command_name == entry.command  # what the session tells the player to run
    parser = build_parser(entry.command)
    args = parser.parse_args([entry.command, "--resume", "1"])
    assert args.resume == 1


@pytest.mark.parametrize("entry", ENTRIES, ids=KIND_IDS)
def test_every_game_has_a_sample_record_that_replays(entry: GameEntry) -> None:
    """tests/record_samples.py makes a record of every registered game (the record tests
    attack each); each names its game, loads and replays by the entry's parts."""
    samples = [kind for kind in SAMPLES if game_of(kind) == entry.kind]
    assert samples, f"tests/record_samples.py has no record of the registered {entry.kind}"
    load, replay = resolve(entry.load), resolve(entry.replay)
    for sample in samples:
        data = load(json.dumps(record(sample)))
        assert record_kind(data) == entry.kind
        assert replay(data).is_over


def test_the_history_knows_every_registered_game() -> None:
    assert list(KINDS) == KIND_IDS
    assert [KINDS[entry.kind].noun for entry in ENTRIES] == [entry.noun for entry in ENTRIES]


def test_a_record_names_a_registered_game() -> None:
    for entry in ENTRIES:
        assert record_kind({"game": entry.kind}) == entry.kind
    assert record_kind({"deck": "…"}) == "patience"  # written before the patience named it
    with pytest.raises(RecordError) as unknown:
        record_kind({"game": "chess"})
    assert str(unknown.value) == (
        "record: field 'game' is \"chess\": not a game this version replays "
        "(patience, match, drill, tiles)"
    )
    with pytest.raises(RecordError) as missing:
        record_kind({"seed": "1"})
    assert str(missing.value) == (
        "record: missing field 'game' (the game it records: patience, match, drill, tiles)"
    )
    with pytest.raises(RecordError, match="is 3: not a game"):
        record_kind({"game": 3})


def test_a_game_registered_has_its_records_read(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(RecordError):
        record_kind({"game": dummy_game.KIND})
    monkeypatch.setitem(games._GAMES, dummy_game.KIND, dummy_game.ENTRY)
    assert record_kind({"game": dummy_game.KIND}) == dummy_game.KIND
    with pytest.raises(RecordError, match=r"\(patience, match, drill, tiles, race\)"):
        record_kind({"game": "chess"})
