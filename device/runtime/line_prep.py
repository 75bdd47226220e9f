"""Lines rendered before they are said: a night's lines before it starts, and the lines a game
can say before a game that a home button's table size screen started (each with its progress
on the screen, and "Start now"), a game's own lines and a new player's name behind the loop,
and results the game may say later.

Where the narrator renders behind the loop (the device), nothing here blocks: ``ready`` tells
the loop when the lines waited for are all there. Elsewhere a night's lines are rendered at
once, and a game's start waits for nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from device.runtime.ports import BehindNarrator, Outputs, behind
from device.runtime.screen_state import ScreenState
from games.effects import Prepare, PrepareAhead
from games.events import LinesReady
from narration.renderer import Urgency

if TYPE_CHECKING:
    from device.runtime.voicelines import LineTexts
    from narration.catalogue import Catalogue

Items = list[tuple[str, dict[str, object]]]
EVERY_GAME = ("sound.", "common.")
"""The device's lines any game may say besides its own (its sound calls, "Sorry")."""

logger = logging.getLogger(__name__)


class LinePreparation:
    """What the narrator is asked to render ahead, and when a night's lines are ready."""

    def __init__(self, out: Outputs, shown: ScreenState) -> None:
        self.out = out
        self.shown = shown
        self._preparing: Items | None = None
        """Lines rendering behind the loop that something waits for (``LinesReady`` follows
        when they are)."""
        self._prepared_done = -1
        self._starting = False
        """What waits is a game's start (``start``), not a night (``prepare``)."""

    def forget(self) -> None:
        """The game (or the game about to start) is left: its lines are not waited for."""
        self._preparing, self._starting = None, False

    def game(self, game: str) -> None:
        """Have the game's own lines rendered behind the loop before it can say them: its
        sound calls first ("Go!", "Alieninjas!"), then every line of its catalogue for the
        table's seats. Nothing happens when lines are rendered on the loop or only timed."""
        narrator = behind(self.out.narrator)
        if narrator is None or narrator.renderer is None:
            return
        texts = game_lines(narrator.catalogue, game, self.out.seats).texts
        asked = narrator.renderer.ask_all(texts, Urgency.SOON)
        if asked:
            logger.info("preparing the %d lines of %s behind the game", asked, game)

    def start(self, game: str, players: int, names: Iterable[str] = ()) -> bool:
        """Before ``game`` starts at a table of ``players``: the lines it can say there (its
        own, the device's ``EVERY_GAME`` and those naming a seated player, ``names``) are asked
        for behind the loop first of all, with their progress told as a night's is; whether
        the start must wait for them (``ready`` or ``start_now`` then hands over an empty
        ``LinesReady``). Nothing waits where lines render on the loop or are only timed."""
        narrator = behind(self.out.narrator)
        if narrator is None or narrator.renderer is None:
            return False
        items = list(game_lines(narrator.catalogue, game, players, tuple(names)).said)
        if not narrator.unready(items):
            return False
        narrator.ask_ahead(items, Urgency.NOW)
        # The loop's next look (``ready``) tells the progress, on the screen that waits.
        self._preparing, self._prepared_done, self._starting = items, -1, True
        return True

    def name(self, name: str) -> None:
        """A player was named or sat down: have every line that says their name rendered
        behind the loop ("Alex, press the button at your seat.", at any seat)."""
        narrator = behind(self.out.narrator)
        if narrator is None:
            return
        narrator.ask_ahead(_named(narrator.catalogue, name, self.out.seats), Urgency.SOON)

    def prepare(self, prepare: Prepare) -> LinesReady | None:
        """A night's lines: rendered now (their ``LinesReady`` at once), or asked for behind
        the loop (``ready`` hands it over once they are all there)."""
        narrator = self.out.narrator
        if narrator is None:
            return LinesReady(tuple(0.0 for _ in prepare.lines))
        items = [(say.line, say.param_map()) for say in prepare.lines]
        rendering = behind(narrator)
        if rendering is not None:
            # Rendered behind the loop: the screen and its taps stay alive meanwhile, and
            # ``ready`` hands the session its LinesReady once every line is there.
            rendering.ask_ahead(items, Urgency.NOW)
            self._preparing, self._prepared_done, self._starting = items, -1, False
            return self.ready()
        narrator.prepare(items, self._progress)
        return LinesReady(tuple(narrator.seconds(line, params) for line, params in items))

    def ahead(self, prepare: PrepareAhead) -> None:
        """Lines the game may say later (its results): rendered behind the loop into the
        persistent cache, before the rest of what waits there (the rarer ones, costly to work
        out, are worked out there too, and come after). Nothing happens when lines are
        rendered on the loop or only timed: the game never waits for these."""
        narrator = behind(self.out.narrator)
        if narrator is None:
            return
        later = prepare.later
        if later is not None:
            # Asked first: the list asked last renders first, and these come after the others.
            narrator.ask_ahead_later(lambda: [(say.line, say.param_map()) for say in later()])
        asked = narrator.ask_ahead([(say.line, say.param_map()) for say in prepare.lines])
        if asked:
            logger.info("preparing %d lines ahead", asked)

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the lines asked for now are rendered behind the loop (the simulator and
        tests on a virtual clock, which must not run ahead of them); whether any were awaited."""
        narrator = behind(self.out.narrator)
        if self._preparing is None or narrator is None or narrator.renderer is None:
            return False
        narrator.renderer.wait_quiet(Urgency.SOON, timeout)
        return True

    def ready(self) -> LinesReady | None:
        """The ``LinesReady`` of the lines waited for behind the loop (a night's, or a game's
        before its start) once the last is rendered (telling the progress meanwhile); None
        until then, or when none are waited for."""
        items, narrator = self._preparing, behind(self.out.narrator)
        if items is None or narrator is None:
            return None
        missing = narrator.unready_texts(items)
        done = len(items) - len(missing)
        if done != self._prepared_done:
            self._prepared_done = done
            pace = narrator.renderer.pace if narrator.renderer is not None else None
            self._progress(done, len(items), pace.seconds_for(missing) if pace else None)
        if done < len(items):
            return None
        return self._done(items, narrator)

    def start_now(self) -> LinesReady | None:
        """The table chose not to wait for the rest of the lines ("Start now"): a night starts
        with them timed by their length, a game at once; they go on rendering in the order
        asked, and one not ready at its turn is said with the fallback voice (counted by the
        speech queue). None when nothing is being prepared."""
        items, narrator = self._preparing, behind(self.out.narrator)
        if items is None or narrator is None:
            return None
        missing = narrator.unready(items)
        logger.warning(
            "the table started the %s with %d of its %d lines still to render",
            "game" if self._starting else "night",
            missing,
            len(items),
        )
        return self._done(items, narrator)

    def _done(self, items: Items, narrator: BehindNarrator) -> LinesReady:
        self._preparing = None
        if self._starting:
            # A game's start: its lines are said as its play goes, in no order known here.
            self._starting = False
            return LinesReady(())
        # Their clips are decoded a few lines ahead of their cues, as ``Narrator.prepare`` has
        # them elsewhere (else each clip was decoded at its cue); a line still rendering is
        # timed by its length until its WAV is there.
        narrator.preload(items)
        return LinesReady(tuple(narrator.seconds(line, params) for line, params in items))

    def _progress(self, done: int, total: int, left: float | None = None) -> None:
        if self.out.progress is not None:
            self.out.progress(done, total)
        self.shown.preparing(done, total, left)


def game_lines(
    catalogue: Catalogue, game: str, seats: int, names: tuple[str, ...] = ()
) -> LineTexts:
    """Every sentence ``game`` can say at a table of ``seats`` whose players are ``names``,
    the device's own first."""
    from device.runtime.voicelines import every_text  # the games' words: not before READY

    ids = [i for i in catalogue.ids() if i.startswith(EVERY_GAME)]
    ids += [i for i in catalogue.ids() if i.startswith(f"{game}.")]
    return every_text(catalogue, ids, seats=seats, names=names)


def _named(catalogue: Catalogue, name: str, seats: int) -> Items:
    """Every line that says ``name`` and nothing else a table cannot list ("Alex, press the
    button at your seat.", at any seat up to ``seats``)."""
    items: Items = []
    for line_id in catalogue.ids():
        wanted = catalogue.placeholders(line_id)
        if "name" not in wanted or not wanted <= {"name", "seat"}:
            continue
        for seat in range(1, seats + 1) if "seat" in wanted else (None,):
            params: dict[str, object] = {"name": name}
            if seat is not None:
                params["seat"] = seat
            items.append((line_id, params))
    return items
