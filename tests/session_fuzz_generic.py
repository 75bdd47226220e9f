"""The fuzz's kind for any registered game, made from what its spec declares: a game the suite
has no hand-made kind for (the suite's own Stars, a new game) is fuzzed by its home setup, its
declared score fields (right values to play it through, any values to try it) and every tap a
game's screen can offer. Its phases are its own phase enum's, all of which the fuzz must reach.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from session_fuzz_input import Kind, Pick, RandomPick, count, seat

from games.events import Control, ControlPressed, Event, ScoreEntered, Tap
from games.session import Session
from games.spec import FieldKind, GameSpec, ScoreField, Settings

TAPS = tuple(str(tap) for tap in Tap)
"""Every plain tap a game's screen may offer, offered in every phase (the game refuses the rest)."""


def _value(field: ScoreField, pick: Pick) -> object:
    """A value the field's declaration allows."""
    if field.kind is FieldKind.YES_NO:
        return pick.chance(50)
    if field.kind is FieldKind.CHOICE:
        return pick.choice(field.choices)
    if field.kind is FieldKind.CARDS:
        return [pick.integer(field.low, min(field.high, 9)) for _ in range(field.most)]
    return pick.integer(field.low, min(field.high, field.low + 20))


class GenericKind:
    """What the fuzz needs of a game, from its spec: built once to learn its phases."""

    def __init__(self, spec: GameSpec[Any]) -> None:
        self.spec = spec
        home = dict(spec.home or {})
        fewest = spec.players[0] if spec.players else 2
        self.players = int(home.get("players", fewest))  # type: ignore[call-overload]
        self.block = {"game": spec.key, **home, "players": self.players}
        # its own sections' defaults (the rules layer alone: the bench runs without device/)
        sections = {section.name: section.defaults() for section in spec.sections}
        self.settings = Settings(sections=sections)
        self.probe = self.build(RandomPick(random.Random(0)))
        """A session of the game, asked which phase a state is in and when it is due."""
        state, _ = self.probe.start(0.0)
        phases = type(self.probe.phase(state))
        self.phases = tuple(str(phase) for phase in phases)
        self.scoring = frozenset(str(phase) for phase in phases if phase.scoring)
        self.fields = spec.fields_for(None)

    def build(self, pick: Pick) -> Session[Any]:
        """A session from its home setup, with a drawn seed when it takes one."""
        block = dict(self.block)
        if "seed" in self.spec.setup_keys:
            block["seed"] = pick.integer(0, 2**31)
        return self.spec.session(self.spec.setup(block, self.settings))

    def touches(self, state: Any) -> Mapping[str, Sequence[str]]:
        """Every plain tap, in every phase."""
        return dict.fromkeys(self.phases, TAPS)

    def entry(self, pick: Pick, state: Any) -> Event:
        """An entry of its declared fields, some left out, some of any value, now and then a
        field it has not got."""
        extra: list[tuple[str, object]] = []
        for field in self.fields:
            if field.name == "points" or pick.chance(30):
                continue
            extra.append((field.name, _value(field, pick) if pick.chance(70) else count(pick)))
        if pick.chance(5):
            extra.append((pick.choice(("x", "points", "mission")), count(pick)))
        points: Any = count(pick, 30) if pick.chance(90) else None
        extra.sort(key=lambda item: item[0])
        return ScoreEntered(seat(pick, self.players), points, tuple(extra))

    def forward(self, pick: Pick, state: Any) -> Event | None:
        """A right entry for a seat where scores are entered; elsewhere, time where the game
        waits for it (None), else Go."""
        if str(self.probe.phase(state)) not in self.scoring:
            return None if self.probe.next_deadline(state) is not None else _go()
        values = {f.name: _value(f, pick) for f in self.fields if f.keypad}
        points = values.pop("points", None)
        whole = points if isinstance(points, int) and not isinstance(points, bool) else None
        return ScoreEntered(pick.integer(1, self.players), whole, tuple(sorted(values.items())))


def _go() -> Event:
    return ControlPressed(Control.GO, 0.0)


def generic_kind(spec: GameSpec[Any]) -> Kind:
    """The fuzz's kind for ``spec``'s game, named after its key."""
    game = GenericKind(spec)
    return Kind(
        spec.key,
        game.build,
        lambda state: game.players,
        game.touches,
        game.entry,
        game.forward,
        game.phases,
    )
