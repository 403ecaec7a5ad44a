"""Cribbage for two against the computer: the match engine (no UI imports).

The API a screen, a record or an arena uses:

* :class:`~solitaire.match.game.Match` (``Match(seed, games=1, double_skunk=3,
  counting=(), muggins=False)``):
  the state of a seeded series of games between players 0 and 1. Each deal's cards
  come from the seed and the game and deal numbers alone (``deal_deck``); after the
  first game the loser deals first. ``Match.from_cards(dealer, hands, starter,
  scores)`` sets up a chosen position (tests, puzzles, a coach).

  - asking: ``phase`` (``Phase.DISCARD``, ``PLAY``, ``SHOW`` or ``OVER``), ``current_player``,
    ``legal_actions()``, ``observation(player)`` (what that player can see, the only
    thing a computer player is given), ``dealer``, ``pone``, ``scores``, ``count``,
    ``series``, ``held(player)``, ``said_go(player)``, ``deal`` (the current
    :class:`~solitaire.match.game.Deal`: hands dealt, discards, starter, plays, the
    show, ``pegged``, ``heels``, ``scores``), ``deals`` (this game's), ``played``
    (every game begun: its cut, first dealer and deals), ``results`` (finished
    games), ``match_points``, ``winner``;
  - acting, for the player to act (the engine contract, :mod:`solitaire.core.engine`):
    ``check(action)`` raises an ``IllegalMoveError`` (:mod:`solitaire.core.errors`)
    naming the reason (``NotInHandError``, ``PassesThirtyOneError``,
    ``GoWhileCardFitsError``, ``WrongPhaseError``, ``MatchOverError``) and changes
    nothing; ``can(action)``; ``apply(action)`` returns the events up to the next
    decision. Each takes ``player=`` too: the seat that means to act, refused with
    ``NotYourTurnError`` when it is not theirs. Spelled out:
    ``discard(player, "5H JD")``, ``lay(player, "5H")``, ``go(player)``.
  - actions: ``Discard((c1, c2))``, ``Lay(card)``, ``GO``; ``parse_action("5H")``;
    ``Claim(points)``: a player in ``counting`` counts their own hand and crib when
    the show waits for them (``Phase.SHOW``, ``showing``). A claim too high is
    corrected; one too low pegs the true count, or with ``muggins`` only the claim,
    the opponent taking the rest. 19, 25, 26, 27 and over 29 are refused.
  - events (each has ``player``, ``points`` and the ``scores`` after it): ``Cut``,
    ``Dealt``, ``Discarded``, ``Turned`` (the starter, his heels), ``Laid`` (the
    count and the :class:`~solitaire.match.pegging.PegItem` s), ``SaidGo``,
    ``GoPoint`` (one for the go or for last), ``Counted`` (pone's hand, the
    dealer's hand, the crib, each a ``Score``, with the ``claimed`` count and the
    points ``taken``), ``Muggins`` (the opponent takes them; ``missed`` names the
    groups missed when only one set of them makes the points: ``missed_groups(score,
    n)``), ``GameOver`` (a ``GameResult`` with the skunk). A game ends the moment a
    player reaches 121.

* :mod:`~solitaire.match.pegging`: ``peg_items(series)`` scores the last card laid;
  ``call(count, items)`` says it ("fifteen two", "thirty-one for two").
* :mod:`~solitaire.match.players`: ``EasyPlayer(rng)``, ``StandardPlayer()``, and
  ``advance(match, seats)`` which lets computer seats act until a person's (``None``)
  turn; :mod:`~solitaire.match.registry`: ``make_player(name, rng)``, every level by
  name. A player is any object with ``name`` and ``choose(observation) -> action``.
  ``discard_values(view)`` and ``lay_values(view)`` are ``standard``'s exact values of
  each choice (Fractions), for a coach to show.
* :mod:`~solitaire.match.record`: ``match_record(match, players)``, the same as
  ``Match.record(players)`` (versioned JSON, ``"game": "match"``; a match in progress
  too) and ``replay_match(data, allow_unfinished=False)``, which replays and re-scores
  it, refusing any difference with the game, deal and field named;
  ``load_match_record(text)`` parses it bounded.
"""
