"""Alieninjas: the five missions' score sheets, and the Replicas round timer with its buzzer.

``setup`` reads a setup block, ``scoring`` holds every mission's scoring rule and the final
ranking, ``buzz`` decides who buzzed first, and ``session`` is the pure state machine.
"""
