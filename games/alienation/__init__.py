"""Alienation: the score sheet for three rounds of drafting alien real estate.

The device stands in for the score cards: it picks the first start player, says the draft
direction and the easily forgotten rules each round, takes each player's round score and
Sunnies, keeps the running totals and names the winner after round 3.
"""
