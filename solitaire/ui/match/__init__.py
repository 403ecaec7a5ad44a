"""The match's screens and views: cribbage for two against the computer."""
