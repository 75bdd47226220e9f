"""Errors raised by the pure rules layer.

Every error subclasses a builtin (``ValueError``) so callers can catch it without importing us,
and every message repeats the bad input.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules layer raises."""


class UnknownGameError(RulesError):
    """A game name that no registered game answers to."""


class UnknownRoleError(RulesError):
    """A role name that is not in the role table."""


class SetupError(RulesError):
    """A game setup (players, roles, options) that cannot be played."""


class EventNotAcceptedError(RulesError):
    """An input event that does not fit the session's current phase."""
