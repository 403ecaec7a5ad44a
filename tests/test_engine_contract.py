"""The engine contract (:mod:`solitaire.core.engine`): every game's engine answers alike.

One conformance test drives the engine of every registered game (:mod:`solitaire.games`:
the match's, which the drill plays on too, the tile game's and the patience's) by the
contract alone, through random legal play from several seeds, as OpenSpiel's api_test
plays every registered game, and checks at every position that:

* every legal action is accepted: ``check`` raises nothing and ``can`` says yes (and
  the one chosen is applied);
* ``can`` agrees with ``check`` on actions that are mostly illegal (another player's,
  an earlier position's, a few the rules never allow), and ``check`` refuses only
  with an ``IllegalMoveError``; an illegal action applied changes nothing;
* no observation shows what its player may not know (another hand or rack, the order
  of a bag or of the undealt deck, an unturned card);

and that every finished game (and one in progress) replays from its record to an
equal state. An engine registered with no subject here fails; a game registered by a test
(``tests/dummy_game.py``) is played and checked like the others. The last tests show that
each of these checks can fail.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.engine import Engine, MakePlayer, RecordedEngine, Replay
from solitaire.core.errors import IllegalMoveError
from solitaire.games import GameEntry, registered_games, resolve
from solitaire.games import game as registered_game
from solitaire.match import game as match_game
from solitaire.match.game import GO, Claim, Discard, Lay, Match, Phase
from solitaire.match.record import replay_match
from solitaire.match.registry import make_player as make_match_player
from solitaire.patience import game as patience_game
from solitaire.patience.game import Game
from solitaire.patience.record import game_record
from solitaire.patience.record import replay as replay_patience
from solitaire.tiles import game as tiles_game
from solitaire.tiles import moves as tile_moves
from solitaire.tiles.game import TileGame
from solitaire.tiles.moves import Exchange, Pass
from solitaire.tiles.record import replay as replay_tiles
from solitaire.tiles.registry import make_player as make_tile_player
from solitaire.tiles.tiles import FULL_SET, Bag, Tile
from tests import dummy_game
from tests.dummy_game import STEPS, RaceView

# -- the shapes, checked by mypy: each engine is the contract's ------------------------

MatchEngine = RecordedEngine[
    match_game.Action, tuple[match_game.Event, ...], match_game.Observation
]
TileEngine = RecordedEngine[tile_moves.Action, tiles_game.Turn, tiles_game.PlayerView]
PatienceEngine = Engine[tuple[Card, Card], patience_game.RoundResult, patience_game.Observation]


def as_engine(match: Match) -> MatchEngine:
    return match


def as_tile_engine(game: TileGame) -> TileEngine:
    return game


def as_patience_engine(game: Game) -> PatienceEngine:
    return game


REPLAY_MATCH: Replay[Match] = replay_match
REPLAY_TILES: Replay[TileGame] = replay_tiles
REPLAY_PATIENCE: Replay[Game] = replay_patience
MAKE_MATCH_PLAYER: MakePlayer[match_game.Observation, match_game.Action] = make_match_player
MAKE_TILE_PLAYER: MakePlayer[tiles_game.PlayerView, tile_moves.Action] = make_tile_player

# -- what is inside an observation --------------------------------------------------------


def inside(value: object) -> Iterator[object]:
    """Every value an observation holds, however deep: its fields, their items, theirs."""
    yield value
    if isinstance(value, Card | Tile | str | int):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from inside(getattr(value, field.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from inside(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from inside(item)


def cards_in(value: object) -> set[Card]:
    return {item for item in inside(value) if isinstance(item, Card)}


def match_leaks(match: Match, seat: int, seen: object) -> list[str]:
    """The cards ``seen`` shows that player ``seat`` of the match may not know."""
    deal = match.deal
    known = set(deal.hands[seat]) | {card for _, card in deal.laid}
    if deal.turned:
        known.add(deal.starter)
    for counted in deal.show:  # the hands and the crib counted are shown to both
        known |= set(counted.score.hand)
    if match.showing == (seat, "crib"):
        known |= set(deal.crib)  # turned up for its owner to count
    return [f"player {seat} sees {card}" for card in sorted(cards_in(seen) - known)]


def tile_leaks(game: TileGame, seat: int, seen: object) -> list[str]:
    """What ``seen`` shows player ``seat`` of the tile game beyond the board, their own rack
    and the tiles they cannot see as a sorted whole (never another rack, or a bag's order)."""
    assert isinstance(seen, tiles_game.PlayerView)
    leaks = [f"{type(v).__name__} in sight" for v in inside(seen) if isinstance(v, Bag)]
    laid = [tile for tile in game.board.tiles if tile is not None]
    unseen = Counter(FULL_SET) - Counter(laid) - Counter(game.rack(seat))
    for field in dataclasses.fields(seen):
        value = getattr(seen, field.name)
        tiles = [item for item in inside(value) if isinstance(item, Tile)]
        if not tiles:
            continue
        if field.name == "rack":
            if value != game.rack(seat):
                leaks.append(f"player {seat}'s rack is not theirs: {value}")
        elif field.name == "unseen":
            if Counter(value) != unseen:
                leaks.append(f"player {seat} is told which tiles are unseen: {value}")
            if list(value) != sorted(value):
                leaks.append(f"player {seat} sees the unseen tiles in an order: {value}")
        elif field.name == "last":
            # The turn before: a board the present one covers, and the tiles laid since.
            before, now = value.board.tiles, game.board.tiles
            if any(t is not None and now[s] != t for s, t in enumerate(before)):
                leaks.append(f"player {seat} is shown a board never played: {value}")
            since = Counter(t for s, t in enumerate(now) if t is not None and before[s] is None)
            if Counter(value.laid) != since:
                leaks.append(f"player {seat} sees tiles in 'last' not laid on it: {value}")
        else:
            leaks.append(f"player {seat} sees tiles in {field.name!r}: {value}")
    return leaks


def patience_leaks(game: Game, seat: int, seen: object) -> list[str]:
    """The cards ``seen`` shows that the player has not been dealt face up yet."""
    known = set(game.shown)
    for played in game.rounds:
        known |= {*played.shown, *played.crib_dealt, played.starter}
    if game.final is not None:
        known |= set(game.final.cards)
    return [f"the player sees {card}" for card in sorted(cards_in(seen) - known)]


# -- each engine, driven by the contract alone ------------------------------------------


@dataclass(frozen=True)
class Subject:
    """An engine under test: the registered game whose engine it is, how to make one, and
    what only that game can say."""

    game: str
    """The registered game (:mod:`solitaire.games`) whose engine and records these are."""
    new: Callable[[int], Any]
    seats: Callable[[Any], range]
    leaks: Callable[[Any, int, object], list[str]]
    strangers: Callable[[Any, random.Random], list[Any]]
    """Actions that are mostly illegal now (another player's, what the rules never allow)."""
    record: Callable[[Any], dict[str, Any]]
    seeds: tuple[int, ...]
    """The seeds of the games played (the tile games cost most: fewer of them)."""
    checked: int = 1000
    """How many of a position's legal actions are checked (all, but for the tile game)."""
    replay: Callable[..., Any] | None = None
    """How a record replays; None: as its registered game's entry says."""

    @property
    def engine(self) -> str:
        """The engine driven, as the registry names it."""
        return registered_game(self.game).engine

    def replayed(self, record: dict[str, Any], *, allow_unfinished: bool) -> Any:
        replay = self.replay or resolve(registered_game(self.game).replay)
        return replay(record, allow_unfinished=allow_unfinished)


def match_strangers(match: Match, rng: random.Random) -> list[Any]:
    seat = match.current_player
    assert seat is not None
    other = match.held(1 - seat)
    actions: list[Any] = [Lay(card) for card in other[:3]]
    if len(other) >= 2:
        actions.append(Discard((other[0], other[1])))
    mine = match.held(seat)
    if len(mine) >= 2:
        actions.append(Discard((mine[0], mine[0])))  # one card twice
        actions.append(Discard((mine[1], mine[0])))  # in the discard: legal, in no list
    actions += [GO, Claim(19), Claim(12), "go"]  # 19 is no count; a string is no action
    return actions


def tile_strangers(game: TileGame, rng: random.Random) -> list[Any]:
    other = game.rack((game.current_player + 1) % game.players)
    return [Pass(), Exchange(other[:2]), Exchange(()), "pass"]


def patience_strangers(game: Game, rng: random.Random) -> list[Any]:
    shown = game.shown
    if not shown:
        return [()]
    return [(shown[0], shown[0]), (shown[0],), (), (shown[5], shown[0])]  # the last is legal


def match_record(match: Match) -> dict[str, Any]:
    return match.record(("ann", "bob"))


def tile_record(game: TileGame) -> dict[str, Any]:
    return game.record(["Ann", "Bob", "Cy", "Di"][: game.players])


SUBJECTS: dict[str, Subject] = {
    "match": Subject(
        "match", Match, lambda _: range(2), match_leaks, match_strangers, match_record, (1, 2, 3)
    ),
    "match, counting with muggins": Subject(
        "match",
        lambda seed: Match(seed, counting=(1,), muggins=True),
        lambda _: range(2),
        match_leaks,
        match_strangers,
        match_record,
        (1, 2),
    ),
    "tiles": Subject(
        "tiles",
        TileGame,
        lambda game: range(game.players),
        tile_leaks,
        tile_strangers,
        tile_record,
        (1, 2),
        checked=12,
    ),
    "tiles, three players": Subject(
        "tiles",
        lambda seed: TileGame(seed, players=3),
        lambda game: range(game.players),
        tile_leaks,
        tile_strangers,
        tile_record,
        (3,),
        checked=12,
    ),
    "tiles, the solitaire": Subject(
        "tiles",
        lambda seed: TileGame(seed, solitaire=True),
        lambda game: range(game.players),
        tile_leaks,
        tile_strangers,
        tile_record,
        (3,),
        checked=12,
    ),
    "patience": Subject(
        "patience",
        Game.from_seed,
        lambda _: range(1),
        patience_leaks,
        patience_strangers,
        game_record,
        (1, 2, 3),
    ),
}
"""Each engine's ways of being played, by name. The drill plays on the match's engine (each
of its hands a ``Match``), so the match's subjects drive it."""
# Not driven here: a tile game with the Joker, whose plays also need the player's own
# count (apply's ``claim``): the contract's apply(action) alone is refused there.


def accepted(engine: Any, action: Any) -> bool:
    """What ``check`` says, as a yes or no; any error but an IllegalMoveError fails."""
    try:
        engine.check(action)
    except IllegalMoveError:
        return False
    return True


def state(subject: Subject, engine: Any) -> object:
    """Everything a player or a record can tell of an engine."""
    seats = subject.seats(engine)
    return (
        subject.record(engine),
        [engine.observation(seat) for seat in seats],
        list(engine.legal_actions()),
        engine.current_player if not engine.is_over else None,
        engine.is_over,
    )


def replays_equal(subject: Subject, engine: Any) -> bool:
    again = subject.replayed(subject.record(engine), allow_unfinished=not engine.is_over)
    return state(subject, again) == state(subject, engine)


def play(subject: Subject, seed: int) -> Any:
    """A game of random legal play, the contract checked at every position."""
    rng = random.Random(seed)
    engine = subject.new(seed)
    earlier: list[Any] = []
    halfway = rng.randrange(5, 20)
    moves = 0
    while not engine.is_over:
        assert engine.current_player is not None
        legal = list(engine.legal_actions())
        assert legal, "a game not over has a legal action"
        for action in rng.sample(legal, min(len(legal), subject.checked)):
            engine.check(action)  # raises nothing
            assert engine.can(action), action
        for seat in subject.seats(engine):
            assert subject.leaks(engine, seat, engine.observation(seat)) == []
        strangers = subject.strangers(engine, rng) + rng.sample(earlier, min(len(earlier), 6))
        for action in strangers:
            assert engine.can(action) is accepted(engine, action), action
        refused = [action for action in strangers if not engine.can(action)]
        if refused and moves % 7 == 0:
            before = state(subject, engine)
            with pytest.raises(IllegalMoveError):
                engine.apply(refused[0])
            assert state(subject, engine) == before, "a refused action changed the game"
        if moves == halfway:
            assert replays_equal(subject, engine), "a game in progress replays differently"
        earlier = legal
        engine.apply(rng.choice(legal))
        moves += 1
    assert list(engine.legal_actions()) == []
    assert not any(engine.can(action) for action in earlier)
    with pytest.raises(IllegalMoveError):
        engine.apply(earlier[0])
    for seat in subject.seats(engine):
        assert subject.leaks(engine, seat, engine.observation(seat)) == []
    return engine


def contract_cases(games: Iterable[GameEntry]) -> list[tuple[str, int]]:
    """Every game of the contract to play: each subject of each registered game's engine,
    with its seeds, as OpenSpiel's api_test plays every registered game. An engine with no
    subject here is a case of its own, which fails (a game registered is a game tested)."""
    cases: list[tuple[str, int]] = []
    for engine in dict.fromkeys(entry.engine for entry in games):
        named = [name for name, subject in SUBJECTS.items() if subject.engine == engine]
        if not named:
            cases.append((engine, 0))
        cases += [(name, seed) for name in named for seed in SUBJECTS[name].seeds]
    return cases


GAMES = contract_cases(registered_games())


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_every_engine_keeps_the_contract(name: str, seed: int) -> None:
    if name not in SUBJECTS:
        pytest.fail(f"the engine {name} of a registered game has no subject in SUBJECTS")
    subject = SUBJECTS[name]
    engine = play(subject, seed)
    assert replays_equal(subject, engine), "the finished game replays differently"


# -- can() answers no to an illegal move, and to nothing else ---------------------------


def fresh_patience() -> tuple[Game, tuple[Card, Card]]:
    game = Game.from_seed(1)
    return game, game.legal_actions()[0]


FRESH: dict[str, Callable[[], tuple[Any, Any]]] = {
    "solitaire.match.game:Match": lambda: (Match(seed=1), Lay(Card.parse("5H"))),
    "solitaire.tiles.game:TileGame": lambda: (TileGame(seed=1), Pass()),
    "solitaire.patience.game:Game": fresh_patience,
}
"""A fresh engine and a legal action, for each registered game's engine."""
ENGINES = list(dict.fromkeys(entry.engine for entry in registered_games()))


def fresh(engine: str) -> tuple[Any, Any]:
    if engine not in FRESH:
        pytest.fail(f"the engine {engine} of a registered game has no fresh position in FRESH")
    return FRESH[engine]()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bug", [ZeroDivisionError("a bug"), ValueError("a plain bug")])
def test_a_bug_in_check_is_not_an_illegal_move(
    engine: str, bug: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, action = fresh(engine)

    def check(*args: Any, **kwargs: Any) -> None:
        raise bug

    monkeypatch.setattr(game, "check", check)
    with pytest.raises(type(bug), match="bug"):
        game.can(action)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_move_is_answered_no(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, action = fresh(engine)

    def check(*args: Any, **kwargs: Any) -> None:
        raise IllegalMoveError("refused")

    monkeypatch.setattr(game, "check", check)
    assert game.can(action) is False


def test_a_bug_in_the_patience_check_of_typed_cards_is_not_an_illegal_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_seed(1)

    def check(*args: Any, **kwargs: Any) -> None:
        raise ValueError("a plain bug")

    monkeypatch.setattr(game, "check_discard", check)
    with pytest.raises(ValueError, match="bug"):
        game.can_discard("KD TD")


# -- the checks are not vacuous: each sees what it is there to see ------------------------


def test_the_match_check_sees_a_card_shown_too_soon() -> None:
    match = Match(seed=4)
    seen = match.observation(0)
    assert match_leaks(match, 0, seen) == []
    assert match.phase is Phase.DISCARD  # the starter is not turned yet
    early = dataclasses.replace(seen, starter=match.deal.starter)
    assert match_leaks(match, 0, early) == [f"player 0 sees {match.deal.starter}"]
    peeking = dataclasses.replace(seen, legal=(Lay(match.held(1)[0]),))
    assert match_leaks(match, 0, peeking) == [f"player 0 sees {match.held(1)[0]}"]


def test_the_tile_check_sees_another_rack_and_a_bag_in_order() -> None:
    game = TileGame(seed=4)
    seen = game.observation(0)
    assert tile_leaks(game, 0, seen) == []
    other = dataclasses.replace(seen, rack=game.rack(1))
    assert tile_leaks(game, 0, other)
    in_order = tuple(reversed(seen.unseen))
    assert tile_leaks(game, 0, dataclasses.replace(seen, unseen=in_order)) == [
        f"player 0 sees the unseen tiles in an order: {in_order}"
    ]


def test_the_patience_check_sees_the_stock() -> None:
    game = Game.from_seed(4)
    seen = game.observation(0)
    assert patience_leaks(game, 0, seen) == []
    next_card = game.unseen()[0]
    peeking = dataclasses.replace(seen, known_starter=next_card)
    assert patience_leaks(game, 0, peeking) == [f"the player sees {next_card}"]


def test_the_replay_check_sees_a_replay_that_forgets() -> None:
    subject = SUBJECTS["patience"]
    game = play(subject, 1)
    assert replays_equal(subject, game)
    forgetful = dataclasses.replace(subject, replay=lambda record, **_: Game.from_seed(1))
    assert not replays_equal(forgetful, game)


def test_the_agreement_check_sees_can_saying_yes_to_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Match, "can", lambda self, action, player=None: True)
    with pytest.raises(AssertionError):
        play(SUBJECTS["match"], 1)


# -- a game registered is a game tested -------------------------------------------------


def race_leaks(race: dummy_game.Race, seat: int, seen: object) -> list[str]:
    """The other player's bid, wherever ``seen`` shows it."""
    other = race.bids[1 - seat]
    return [f"player {seat} sees {other}" for item in inside(seen) if item == other]


RACE = Subject(
    dummy_game.KIND,
    dummy_game.Race,
    lambda _: range(2),
    race_leaks,
    lambda race, rng: [0, 3, -1, "1", True, None, *STEPS],
    lambda race: race.record(["ann", "bob"]),
    (1, 2),
)


def test_a_game_registered_reaches_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game added to the registry is played by the contract test (as OpenSpiel's api_test
    plays every registered game): with no subject it is a case that fails; with one, every
    check runs on it, and a fault in its engine is caught."""
    from solitaire import games

    assert dummy_game.ENGINE not in [name for name, _ in contract_cases(registered_games())]
    monkeypatch.setitem(games._GAMES, dummy_game.KIND, dummy_game.ENTRY)
    assert (dummy_game.ENGINE, 0) in contract_cases(registered_games())
    with pytest.raises(pytest.fail.Exception, match="has no subject"):
        test_every_engine_keeps_the_contract(dummy_game.ENGINE, 0)
    assert dummy_game.ENGINE in list(dict.fromkeys(e.engine for e in registered_games()))
    with pytest.raises(pytest.fail.Exception, match="no fresh position"):
        fresh(dummy_game.ENGINE)

    monkeypatch.setitem(SUBJECTS, "race", RACE)
    cases = contract_cases(registered_games())
    assert [case for case in cases if case[0] == "race"] == [("race", 1), ("race", 2)]
    for name, seed in cases:
        if SUBJECTS[name].game == dummy_game.KIND:
            test_every_engine_keeps_the_contract(name, seed)  # every check, on the race

    # The checks are the contract's own: a race that shows the other's bid, or whose
    # can() says yes to anything, fails them.
    with monkeypatch.context() as patched:
        patched.setattr(
            dummy_game.Race,
            "observation",
            lambda self, seat: RaceView(self.total, self.current_player, self.bids[1 - seat]),
        )
        with pytest.raises(AssertionError, match="sees"):
            test_every_engine_keeps_the_contract("race", 1)
    monkeypatch.setattr(dummy_game.Race, "can", lambda self, action: True)
    with pytest.raises(AssertionError):
        test_every_engine_keeps_the_contract("race", 1)
