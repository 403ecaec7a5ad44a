"""A finished game's review on screen, shared by the games: worked out beside the game and
kept in the history (``job.py``), stepped through decision by decision (``steps.py``) and
drawn with each decision's position (``screen.py``, ``boards.py``)."""
