"""ALSA's own error lines, kept out of the journal.

With no sound card (or before the card is up), libasound prints a dozen lines such as
``ALSA lib confmisc.c:855:(parse_card) cannot find card '0'`` straight to file descriptor 2
each time SDL opens the audio device, which the device does again after every quiet spell. The
one line that matters is already logged by :mod:`narration.audio` with SDL's reason. libasound
lets a program install its own error handler, and ours does nothing.

It cannot be a Python function: libasound calls the handler on SDL's own threads too (device
enumeration), and a ctypes callback there waits for the interpreter's lock, which the main
thread holds while it waits for SDL: the process hung. The handler is a C function that reads
none of its arguments and changes nothing (libc's ``getpid``): on every ABI the device runs on
(x86-64, AArch64, 32-bit ARM) the caller passes arguments in registers and on its own stack
and cleans up after the call, so a function that takes none ignores them safely.
"""

from __future__ import annotations

import ctypes
import ctypes.util

__all__ = ["silence_alsa_errors"]

_installed: list[bool] = []


def silence_alsa_errors() -> bool:
    """Install the do-nothing handler in libasound once (SDL loads the same library, so it
    applies to the mixer); whether it is installed. Without libasound nothing prints anyway."""
    if _installed:
        return True
    try:
        asound = ctypes.CDLL(ctypes.util.find_library("asound") or "libasound.so.2")
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        do_nothing = ctypes.cast(libc.getpid, ctypes.c_void_p)
        asound.snd_lib_error_set_handler.argtypes = [ctypes.c_void_p]
        asound.snd_lib_error_set_handler(do_nothing)
    except (OSError, AttributeError):
        return False
    _installed.append(True)
    return True
