"""Who dies and who wins at the end of a One Night game.

- :mod:`.verdict` is the entry point, :func:`resolve`;
- :mod:`.model` holds its input (cards, marks, votes, rulings);
- :mod:`.check` refuses an input that cannot happen;
- :mod:`.identity` works out what each player is at the end;
- :mod:`.deaths` counts the votes and finds the dead;
- :mod:`.wins` judges every team's and player's win;
- :mod:`.result` and :mod:`.explain` hold the verdict and its reasons.

Import from this package; the modules are its layout, not its interface.
"""

from games.onenight.resolve.model import (
    Conversion,
    Mark,
    OracleFact,
    ResolutionError,
    ResolutionInput,
    Reveal,
    Rulings,
)
from games.onenight.resolve.result import DeathCause, Resolution, WinReason
from games.onenight.resolve.verdict import resolve

__all__ = [
    "Conversion",
    "DeathCause",
    "Mark",
    "OracleFact",
    "Resolution",
    "ResolutionError",
    "ResolutionInput",
    "Reveal",
    "Rulings",
    "WinReason",
    "resolve",
]
