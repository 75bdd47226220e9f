"""Import pygame without the numpy and pkg_resources it loads only because they are installed.

``import pygame`` imports numpy (for ``pygame.surfarray``/``sndarray``) and setuptools'
``pkg_resources`` (for ``pygame.pkgdata``) whenever the venv has them: about 0.4 s of CPU and
27 MB at every start, for modules the device never uses (the Piper worker, which needs numpy,
is a process of its own). Hidden while pygame loads, they stay importable afterwards.
"""

from __future__ import annotations

import sys

UNUSED = ("numpy", "pkg_resources")


def import_pygame() -> None:
    """Load pygame with `UNUSED` hidden (a no-op once pygame is loaded)."""
    if "pygame" in sys.modules:
        return
    hidden = [name for name in UNUSED if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # "import name" raises ImportError
    try:
        import pygame  # noqa: F401
    finally:
        for name in hidden:
            if sys.modules.get(name) is None:
                del sys.modules[name]
