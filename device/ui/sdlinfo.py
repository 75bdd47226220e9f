"""Which video drivers the SDL inside pygame was built with, and what ``kmsdrm`` loads.

A Pi without a desktop shows the screen through SDL's ``kmsdrm`` driver, which the unit asks
for. pygame's wheels from PyPI (2.6.1, aarch64 and x86_64) carry an SDL built without it, so
there ``SDL_VIDEODRIVER=kmsdrm`` fails with "kmsdrm not available", the same words as on a
machine without a display. The list SDL itself reports tells the two apart. pygame-ce's SDL
has the driver, and it opens the system's libdrm, libgbm, EGL and GLES (and Mesa's DRI driver
for the GPU) only when the screen opens: a system without them fails with the same words.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

__all__ = ["KMSDRM_LIBRARIES", "missing_screen_packages", "sdl_video_drivers"]

KMSDRM_LIBRARIES = {
    "libdrm.so.2": "libdrm2",
    "libgbm.so.1": "libgbm1",
    "libEGL.so.1": "libegl1",
    "libGLESv2.so.2": "libgles2",
}
"""The libraries SDL's kmsdrm driver opens at run time, and the Debian packages holding them."""
DRI_PACKAGE = "libgl1-mesa-dri"


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


def missing_screen_packages(driver: str, lib_root: Path = Path("/usr/lib")) -> tuple[str, ...]:
    """The Debian packages the video driver needs that this system lacks (only ``kmsdrm``
    needs any): libraries that do not load, and Mesa's DRI drivers, which EGL finds by path."""
    if driver.lower() != "kmsdrm":
        return ()
    missing = []
    for library, package in KMSDRM_LIBRARIES.items():
        try:
            ctypes.CDLL(library)
        except OSError:
            missing.append(package)
    if not any(lib_root.glob("*/dri/*_dri.so")) and not any(lib_root.glob("dri/*_dri.so")):
        missing.append(DRI_PACKAGE)
    return tuple(missing)
