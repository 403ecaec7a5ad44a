"""The engine: cards, scoring, the game, analysis and simulation. No UI imports."""
