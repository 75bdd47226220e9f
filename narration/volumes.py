"""The three volumes of the audio output, each checked when it is set."""

from __future__ import annotations

from narration.catalogue import did_you_mean
from narration.errors import VolumeError

CHANNELS = ("narration", "music", "effects")


def check_volume(name: str, value: float) -> float:
    """``value`` as a float, or a ``VolumeError`` naming ``name`` if it is not within 0..1."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise VolumeError(f"{name} volume must be between 0 and 1: {value!r}")
    return float(value)


class Volumes:
    """A volume (0..1) per channel; an unknown channel is refused with a suggestion."""

    def __init__(self, *, narration: float, music: float, effects: float) -> None:
        self._levels = {
            "narration": check_volume("narration", narration),
            "music": check_volume("music", music),
            "effects": check_volume("effects", effects),
        }

    def __getitem__(self, channel: str) -> float:
        return self._levels[_known(channel)]

    def set(self, channel: str, value: float) -> None:
        """Change ``channel``'s volume."""
        self._levels[_known(channel)] = check_volume(channel, value)


def _known(channel: str) -> str:
    if channel not in CHANNELS:
        raise VolumeError(f"unknown audio channel: {channel!r}{did_you_mean(channel, CHANNELS)}")
    return channel
