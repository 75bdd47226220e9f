"""The device's own control actions: the taps no game sees (Quit, the keypad, the score log...).

A control carries a typed action (``games.events.TouchAction``): the games' plain names are
``Tap``, these are the device's. A tap that carries a value (a home button's game, a keypad
digit) is a ``ValueTap`` of one of the kinds in ``Valued``. Text is read back only where it comes
in (``action_named``: a test's table); everywhere else the device matches members.
"""

from __future__ import annotations

import enum

from games.events import ActionError, PlainTap, Tap, TouchAction, ValueTap, parse_action


class DeviceTap(PlainTap):
    """The plain actions of the device's own controls."""

    QUIT = "quit"
    QUIT_YES = "quit:yes"
    QUIT_NO = "quit:no"
    QUIT_SAVE = "quit:save"
    """Quit, keeping the closed rounds as an unfinished play."""
    OPTIONS = "options"
    """One Night's setup: open the Options."""
    OPTIONS_DONE = "options:done"
    PRESETS = "presets"
    """One Night's setup: list a tab's presets over the screen (more than its row holds)."""
    PRESETS_CLOSE = "presets:close"
    START_NOW = "night:start_now"
    """Start the night without waiting for the rest of its lines to render."""
    VOTE_NOW = "confirm:vote"
    """The answer that goes ahead with "Vote now"."""
    NOT_YET = "confirm:not_yet"
    """The answer that takes a question of ``Confirm`` down."""
    AMBIENCE = "ambience"
    """The ambience chip: the next level."""
    OPEN_PAIRING = "pairing:open"
    KEYPAD = "keypad"
    """Enter scores: open the keypad."""
    TIMES = "times"
    """The keypad's "x" (a card's multiplier)."""
    ADD = "add"
    """The keypad's "Next card"."""
    CANCEL = "cancel"
    AGAIN = "again"
    """Play again, at a game's end."""
    BGSTATS = "bgstats"
    """A play's BG Stats code, full height."""
    WHO = "who"
    """ "Who played?" at a game's end."""
    WHO_SKIP = "who:skip"
    WHO_NEW = "who:new"
    WHO_DONE = "who:done"
    TABLE_START = "table:start"
    TABLE_FEWER = "table:-1"
    TABLE_MORE = "table:+1"
    LOG_NEWER = "log:newer"
    LOG_OLDER = "log:older"
    SKIP = "skip"
    """``mothership doctor``: skip a step."""


class Valued(enum.StrEnum):
    """The kinds of the device's ``ValueTap``: what the value names."""

    GAME = "game"
    """A home button: its label."""
    DIGIT = "digit"
    """A keypad digit."""
    WHO_PICK = "who:pick"
    """ "Who played?": a profile's name."""
    LOG_GAME = "log:game"
    """The score log's game tab: the game's name, or ``all``."""
    LOG_PAGE = "log:page"
    """The score log's page tab."""
    LOG_PLAY = "log:play"
    """A play in the plays list: its id."""
    LOG_WHO = "log:who"
    """A logged play's "Who played?": its id."""
    LOG_PLAYER = "log:player"
    """A player's name in the score log's stats: their plays."""


def value_of(action: TouchAction, kind: Valued) -> str | None:
    """The value of a ``kind`` tap (None: ``action`` is another tap).

    >>> value_of(ValueTap(Valued.GAME, "One Night"), Valued.GAME), value_of(Tap.OK, Valued.GAME)
    ('One Night', None)
    """
    if isinstance(action, ValueTap) and action.kind is kind:
        return action.value
    return None


def action_named(text: str) -> TouchAction:
    """The typed action of a control's action name, the games' or the device's: for text that
    comes in (a test's table), never for the device's own controls.

    >>> action_named("quit:save"), action_named("target:2")
    (<DeviceTap.QUIT_SAVE: 'quit:save'>, SeatTap(SeatRole.TARGET, 2))
    >>> action_named("log:game:all") == ValueTap(Valued.LOG_GAME, "all")
    True
    """
    for kind in sorted(Valued, key=lambda kind: -len(kind.value)):
        if text.startswith(f"{kind.value}:") and text not in DeviceTap.__members__.values():
            value = text.removeprefix(f"{kind.value}:")
            if not value:
                raise ActionError(f"no action {text!r}: a {kind.value} tap names its value")
            return ValueTap(kind, value)
    return parse_action(text, plain=(Tap, DeviceTap))
