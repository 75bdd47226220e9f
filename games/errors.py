"""Errors raised by the pure rules layer.

Every error subclasses a builtin (``ValueError``) so callers can catch it without importing us,
and every message repeats the bad input.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules layer raises.

    The message is for a log or a scenario's author (it repeats the input as given); ``table``
    is the same refusal worded for the players at the table, when the input came from them.
    """

    def __init__(self, message: str, *, table: str = "") -> None:
        super().__init__(message)
        self.table = table

    @property
    def for_table(self) -> str:
        """The refusal in words the table reads and hears (the message if none was given)."""
        return self.table or str(self)


class UnknownGameError(RulesError):
    """A game name that no registered game answers to."""


class UnknownRoleError(RulesError):
    """A role name that is not in the role table."""


class SetupError(RulesError):
    """A game setup (players, roles, options) that cannot be played."""


class EventNotAcceptedError(RulesError):
    """An input event that does not fit the session's current phase."""


NOT_NOW = "That does nothing right now."
"""An input the phase has no use for, worded for the table (a tap on a screen gone stale)."""
