"""How a computer player decides: one way down, observation -> model -> values -> choice.

* the **observation** (:class:`~solitaire.match.game.Observation`): all a player sees;
* the **model** of the hidden hands (:mod:`~solitaire.match.decide.hidden`): what the
  opponent may hold and how likely each hand is, built once per decision
  (:class:`~solitaire.match.decide.hidden.Hidden`) and handed down;
* the **values** of the choices (:mod:`~solitaire.match.decide.values`), from the one
  source chosen for the position: the discard's points
  (:mod:`~solitaire.match.decide.discard`), the search of the play
  (:mod:`~solitaire.match.decide.search`, on the exact play of two known hands,
  :mod:`~solitaire.match.decide.solver`, the opponent's reply chosen without seeing the
  player's cards), the lead table of the open model
  (:mod:`~solitaire.match.decide.lead`) or the chances of winning near the end
  (:mod:`~solitaire.match.decide.endgame`);
* the **choice**: the players (:mod:`solitaire.match.expert`) and the coach
  (:mod:`solitaire.match.coach`) read the values.

Each stage calls only the stages below it (``tests/test_architecture.py`` checks the
imports); this package's modules import nothing here, so importing one loads only
what it needs.
"""
