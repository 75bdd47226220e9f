"""The One Night app's random per-game instructions: drawn once from the game's seed, then fixed.

- :mod:`.draw` draws a whole game's instructions and lists every line they can speak;
- :mod:`.roles` holds the Alien directives, the Blob and the Body Snatcher;
- :mod:`.oracle` and :mod:`.outcome` hold the Oracle's questions and what an answer does;
- :mod:`.ripple` holds the ripples;
- :mod:`.common` holds the shared scopes, targets and phrasing.

Import from this package; the modules are its layout, not its interface.
"""

from games.onenight.instructions.common import Scope, Target, phrase
from games.onenight.instructions.draw import (
    Instructions,
    all_lines,
    day_seconds,
    directive_after_oracle,
    draw_instructions,
    ripple_after_oracle,
)
from games.onenight.instructions.oracle import OracleKind, OracleQuestion, oracle_questions
from games.onenight.instructions.outcome import OracleOutcome, all_outcomes, oracle_outcome
from games.onenight.instructions.ripple import Ripple, RippleKind
from games.onenight.instructions.roles import AlienDirective, AlienKind, blob_patterns

__all__ = [
    "AlienDirective",
    "AlienKind",
    "Instructions",
    "OracleKind",
    "OracleOutcome",
    "OracleQuestion",
    "Ripple",
    "RippleKind",
    "Scope",
    "Target",
    "all_lines",
    "all_outcomes",
    "blob_patterns",
    "day_seconds",
    "directive_after_oracle",
    "draw_instructions",
    "oracle_outcome",
    "oracle_questions",
    "phrase",
    "ripple_after_oracle",
]
