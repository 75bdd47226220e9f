"""Errors raised by the narration layer.

Every message is lowercase and repeats the bad input with ``!r`` so a log line or a
``mothership: error: ...`` message is enough to find the cause.
"""

from __future__ import annotations

__all__ = [
    "BackendUnavailableError",
    "CatalogueError",
    "MissingPlaceholderError",
    "NarrationError",
    "PlaceholderError",
    "UnexpectedPlaceholderError",
    "UnknownBackendError",
    "UnknownLineError",
    "VoiceError",
    "VolumeError",
]


class NarrationError(RuntimeError):
    """Base class for every narration failure (speech, cache, catalogue, audio)."""


class CatalogueError(NarrationError, ValueError):
    """A catalogue file or mapping that is malformed."""


class UnknownLineError(NarrationError, KeyError):
    """A line id that is not in the catalogue."""

    def __str__(self) -> str:
        # KeyError.__str__ would quote the whole message; show it as written.
        return str(self.args[0]) if self.args else ""


class PlaceholderError(NarrationError, ValueError):
    """The parameters given for a line do not fit its placeholders."""


class MissingPlaceholderError(PlaceholderError):
    """A line was asked for without a value for one of its placeholders."""


class UnexpectedPlaceholderError(PlaceholderError):
    """A line was given a parameter that its text does not use."""


class UnknownBackendError(NarrationError, ValueError):
    """A speech backend name that is not known."""


class BackendUnavailableError(NarrationError):
    """A speech backend that cannot run here (missing program, library or model)."""


class VoiceError(NarrationError, ValueError):
    """A voice or rate that the chosen backend cannot use."""


class VolumeError(NarrationError, ValueError):
    """A volume outside 0..1, or an unknown audio channel name."""
