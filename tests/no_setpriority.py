"""Run a Python with the kernel refusing setpriority, as the service's unit does.

``python no_setpriority.py ARGS...`` installs a seccomp filter that answers setpriority with
EPERM (what ``SystemCallFilter=~@resources`` with ``SystemCallErrorNumber=EPERM`` does to the
daemon and its Piper worker), then execs ``python ARGS...`` under it: the filter is kept across
exec and by every thread. It exits with :data:`UNAVAILABLE`, the reason on stderr, where the
kernel or the machine offers no seccomp filter. Only the standard library: it runs as a script.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct
import sys

UNAVAILABLE = 77
"""The exit code when no filter can be installed here (the reason is on stderr)."""

# prctl(2) and seccomp(2), from <linux/prctl.h>, <linux/seccomp.h> and <linux/filter.h>.
_PR_SET_SECCOMP = 22
_PR_SET_NO_NEW_PRIVS = 38
_SECCOMP_MODE_FILTER = 2
_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_BPF_LD_W_ABS = 0x00 | 0x00 | 0x20
_BPF_JMP_JEQ_K = 0x05 | 0x10 | 0x00
_BPF_RET_K = 0x06 | 0x00
_NR_OFFSET = 0  # struct seccomp_data: int nr; __u32 arch; ...
_ARCH_OFFSET = 4

ARCHES = {"x86_64": (0xC000003E, 141), "aarch64": (0xC00000B7, 140)}
"""Machine: (AUDIT_ARCH_*, __NR_setpriority)."""


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _program(arch: int, setpriority: int) -> bytes:
    """The classic BPF program: setpriority of this architecture gets EPERM, all else runs."""

    def op(code: int, jt: int, jf: int, k: int) -> bytes:
        return struct.pack("HBBI", code, jt, jf, k)

    return b"".join(
        [
            op(_BPF_LD_W_ABS, 0, 0, _ARCH_OFFSET),
            op(_BPF_JMP_JEQ_K, 0, 3, arch),  # another ABI: allow
            op(_BPF_LD_W_ABS, 0, 0, _NR_OFFSET),
            op(_BPF_JMP_JEQ_K, 0, 1, setpriority),
            op(_BPF_RET_K, 0, 0, _SECCOMP_RET_ERRNO | errno.EPERM),
            op(_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
        ]
    )


def refuse_setpriority() -> str:
    """Install the filter on this thread (kept across exec). Returns "" when it is in place,
    else why it cannot be."""
    machine = platform.machine()
    if machine not in ARCHES:
        return f"no setpriority filter written for {machine}"
    code = _program(*ARCHES[machine])
    buffer = ctypes.create_string_buffer(code, len(code))
    program = _SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    # All five arguments: PR_SET_NO_NEW_PRIVS refuses (EINVAL) unless the unused ones are 0.
    libc.prctl.argtypes = [
        ctypes.c_int,
        ctypes.c_ulong,
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_ulong,
    ]
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, None, 0, 0) != 0:
        return f"prctl(PR_SET_NO_NEW_PRIVS): {os.strerror(ctypes.get_errno())}"
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) != 0:
        return f"prctl(PR_SET_SECCOMP): {os.strerror(ctypes.get_errno())}"
    return ""


def main(args: list[str]) -> int:
    """Install the filter and exec ``python ARGS`` under it."""
    problem = refuse_setpriority()
    if problem:
        print(f"seccomp unavailable: {problem}", file=sys.stderr)
        return UNAVAILABLE
    os.execv(sys.executable, [sys.executable, *args])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
