"""The card core shared by every game: cards, hand and crib scoring, deal codes. No UI imports."""
