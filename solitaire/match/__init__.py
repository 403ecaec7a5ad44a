"""Cribbage for two against the computer: the match engine (no UI imports).

The API a screen, a record or an arena uses:

* :class:`~solitaire.match.game.Match` (``Match(seed, games=1, double_skunk=3)``):
  the state of a seeded series of games between players 0 and 1.

  - asking: ``phase`` (``Phase.DISCARD``, ``PLAY`` or ``OVER``), ``current_player``,
    ``legal_actions()``, ``observation(player)`` (what that player can see, the only
    thing a computer player is given), ``dealer``, ``pone``, ``scores``, ``count``,
    ``series``, ``held(player)``, ``said_go(player)``, ``deal`` (the current
    :class:`~solitaire.match.game.Deal`: hands dealt, discards, starter, plays, the
    show), ``deals``, ``results`` (finished games), ``match_points``, ``winner``;
  - acting: ``check(player, action)`` raises an ``IllegalMoveError`` subclass naming
    the reason (``NotYourTurnError``, ``NotInHandError``, ``PassesThirtyOneError``,
    ``GoWhileCardFitsError``, ``WrongPhaseError``, ``MatchOverError``) and changes
    nothing; ``can(player, action)``; ``apply(player, action)`` returns the events
    up to the next decision. Spelled out: ``discard(player, "5H JD")``,
    ``lay(player, "5H")``, ``go(player)``.
  - actions: ``Discard((c1, c2))``, ``Lay(card)``, ``GO``; ``parse_action("5H")``.
  - events (each has ``player``, ``points`` and the ``scores`` after it): ``Cut``,
    ``Dealt``, ``Discarded``, ``Turned`` (the starter, his heels), ``Laid`` (the
    count and the :class:`~solitaire.match.pegging.PegItem` s), ``SaidGo``,
    ``GoPoint`` (one for the go or for last), ``Counted`` (pone's hand, the
    dealer's hand, the crib, each a ``Score``), ``GameOver`` (a ``GameResult``
    with the skunk). A game ends the moment a player reaches 121.

* :mod:`~solitaire.match.pegging`: ``peg_items(series)`` scores the last card laid;
  ``call(count, items)`` says it ("fifteen two", "thirty-one for two").
* :mod:`~solitaire.match.players`: ``EasyPlayer(rng)``, ``StandardPlayer()``,
  ``make_player(name, rng)``, and ``advance(match, seats)`` which lets computer seats
  act until a person's (``None``) turn. A player is any object with ``name`` and
  ``choose(observation) -> action``.
* :mod:`~solitaire.match.record`: ``match_record(match, players)`` (versioned JSON,
  ``"game": "match"``) and ``replay_match(data)``, which replays and re-scores it.
"""
