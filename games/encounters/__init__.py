"""Alien Encounters: the round tracker and end-of-game judge for two Negotiators.

The device keeps count of the ten rounds, reminds the players to draw back up to five cards,
calls for an Event card after rounds 3, 5 and 7, then takes each side's Intention and War and
Peace tokens and works out who won.
"""
