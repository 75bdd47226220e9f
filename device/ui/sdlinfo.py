"""Which video drivers the SDL inside pygame was built with.

A Pi without a desktop shows the screen through SDL's ``kmsdrm`` driver, which the unit asks
for. pygame's wheels from PyPI (2.6.1, aarch64 and x86_64) carry an SDL built without it, so
there ``SDL_VIDEODRIVER=kmsdrm`` fails with "kmsdrm not available", the same words as on a
machine without a display. The list SDL itself reports tells the two apart.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

__all__ = ["sdl_video_drivers"]


def sdl_video_drivers() -> tuple[str, ...] | None:
    """The video drivers compiled into pygame's SDL (lower case), or None when its library
    cannot be found (a pygame linked against the system's SDL: ask the system)."""
    import pygame

    package = Path(pygame.__file__).parent
    found = sorted(package.parent.glob(f"{package.name}*.libs/libSDL2-2*"))
    if not found:
        return None
    try:
        sdl = ctypes.CDLL(str(found[0]))
        sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
        count = int(sdl.SDL_GetNumVideoDrivers())
        return tuple(sdl.SDL_GetVideoDriver(i).decode().lower() for i in range(count))
    except (OSError, AttributeError):
        return None
