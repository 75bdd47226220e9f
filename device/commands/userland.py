"""Whether Mothership can be installed here: its voice needs a 64-bit userland.

piper-tts and onnxruntime (the voice's engine) publish wheels for 64-bit ARM (``aarch64``)
and x86-64 only. On 32-bit Raspberry Pi OS (``armv7l``) or a 32-bit x86 userland (``i686``) pip
finds none and tries to build them from source, which fails after apt and pip have run for
minutes. The installer asks this first, with the system's ``python3`` before any venv exists,
so this module uses the standard library only::

    python3 -m device.commands.userland      # from the checkout: exit 0, or 1 and the reason

The word size is that of the userland, not the kernel: a 64-bit kernel under a 32-bit Pi OS
reports ``aarch64`` from ``uname -m``, and its ``python3`` still has 4-byte pointers.
"""

from __future__ import annotations

import platform
import struct
import sys

__all__ = ["main", "pointer_bits", "userland_problem"]


def pointer_bits() -> int:
    """This Python's pointer size in bits: 64 in a 64-bit userland, 32 in a 32-bit one."""
    return struct.calcsize("P") * 8


def userland_problem(bits: int | None = None, machine: str | None = None) -> str | None:
    """Why Mothership cannot be installed here (one sentence, for the installer to print and
    stop), or None when it can.

    >>> userland_problem(64, "aarch64") is None
    True
    >>> print(userland_problem(32, "armv7l"))  # doctest: +ELLIPSIS
    a 32-bit userland (armv7l): piper-tts and onnxruntime, ... 64-bit Raspberry Pi OS ...
    """
    bits = pointer_bits() if bits is None else bits
    machine = machine or platform.machine() or "unknown machine"
    if bits >= 64:
        return None
    return (
        f"a {bits}-bit userland ({machine}): piper-tts and onnxruntime, the voice's engine, "
        "publish no 32-bit wheels (only aarch64 and x86_64), so pip cannot install them. "
        "Install the 64-bit Raspberry Pi OS (Bookworm) and run the installer again"
    )


def main() -> int:
    """Print why this machine cannot take Mothership and return 1, or return 0 quietly."""
    problem = userland_problem()
    if problem is None:
        return 0
    print(f"mothership: cannot install here: {problem}.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
