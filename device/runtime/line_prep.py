"""Lines rendered before they are said: a night's lines before it starts (with its progress on
the setup screen), a game's own lines and a new player's name behind the loop, and results the
game may say later.

Where the narrator renders behind the loop (the device), nothing here blocks: ``ready`` tells
the loop when a night's lines are all there. Elsewhere a night's lines are rendered at once.
"""

from __future__ import annotations

import logging

from device.runtime.ports import BehindNarrator, Outputs, behind
from device.runtime.screen_state import ScreenState
from games.effects import Prepare, PrepareAhead
from games.events import LinesReady
from narration.renderer import Urgency

logger = logging.getLogger(__name__)


class LinePreparation:
    """What the narrator is asked to render ahead, and when a night's lines are ready."""

    def __init__(self, out: Outputs, shown: ScreenState) -> None:
        self.out = out
        self.shown = shown
        self._preparing: list[tuple[str, dict[str, object]]] | None = None
        """A night's lines rendering behind the loop (``LinesReady`` follows when they are)."""
        self._prepared_done = -1

    def forget(self) -> None:
        """The game is left: a night rendering for it is not waited for."""
        self._preparing = None

    def game(self, game: str) -> None:
        """Have the game's own lines rendered behind the loop before it can say them: its
        sound calls first ("Go!", "Alieninjas!"), then every line of its catalogue for the
        table's seats. Nothing happens when lines are rendered on the loop or only timed."""
        narrator = behind(self.out.narrator)
        if narrator is None or narrator.renderer is None:
            return
        from device.runtime.voicelines import every_text  # the games' words: not before READY

        catalogue = narrator.catalogue
        ids = [i for i in catalogue.ids() if i.startswith("sound.")]
        ids += [i for i in catalogue.ids() if i.startswith(f"{game}.")]
        texts = every_text(catalogue, ids, seats=self.out.seats).texts
        asked = narrator.renderer.ask_all(texts, Urgency.SOON)
        if asked:
            logger.info("preparing the %d lines of %s behind the game", asked, game)

    def name(self, name: str) -> None:
        """A player was named or sat down: have every line that says their name rendered
        behind the loop ("Alex, press the button at your seat.", at any seat)."""
        narrator = behind(self.out.narrator)
        if narrator is None:
            return
        catalogue = narrator.catalogue
        items: list[tuple[str, dict[str, object]]] = []
        for line_id in catalogue.ids():
            wanted = catalogue.placeholders(line_id)
            if "name" not in wanted or not wanted <= {"name", "seat"}:
                continue
            seats = range(1, self.out.seats + 1) if "seat" in wanted else (None,)
            for seat in seats:
                params: dict[str, object] = {"name": name}
                if seat is not None:
                    params["seat"] = seat
                items.append((line_id, params))
        narrator.ask_ahead(items, Urgency.SOON)

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
            self._preparing, self._prepared_done = items, -1
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
        """The ``LinesReady`` of a night rendering behind the loop once its last line is
        rendered (telling the progress meanwhile); None until then, or when none renders."""
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
        return self._night(items, narrator)

    def start_now(self) -> LinesReady | None:
        """The table chose not to wait for the rest of the night's lines ("Start now"): the
        night starts with them timed by their length; they go on rendering in the night's
        order, and one not ready at its turn is said with the fallback voice (counted by the
        speech queue). None when no night is being prepared."""
        items, narrator = self._preparing, behind(self.out.narrator)
        if items is None or narrator is None:
            return None
        missing = narrator.unready(items)
        logger.warning(
            "the table started the night with %d of its %d lines still to render",
            missing,
            len(items),
        )
        return self._night(items, narrator)

    def _night(
        self, items: list[tuple[str, dict[str, object]]], narrator: BehindNarrator
    ) -> LinesReady:
        self._preparing = None
        # Their clips are decoded a few lines ahead of their cues, as ``Narrator.prepare`` has
        # them elsewhere (else each clip was decoded at its cue); a line still rendering is
        # timed by its length until its WAV is there.
        narrator.preload(items)
        return LinesReady(tuple(narrator.seconds(line, params) for line, params in items))

    def _progress(self, done: int, total: int, left: float | None = None) -> None:
        if self.out.progress is not None:
            self.out.progress(done, total)
        self.shown.preparing(done, total, left)
