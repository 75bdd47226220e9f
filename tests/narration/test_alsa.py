"""ALSA's error lines stay out of the journal when the mixer finds no sound card."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BARE = "import pygame\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass\n"
OURS = (
    "from narration.audio import AudioOutput\n"
    "output = AudioOutput(device='hw:97,0')\n"  # a card no machine has: ALSA complains
    "print('sound' if output.open() else 'captions')\n"
)


def run(script: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "SDL_AUDIODRIVER": "alsa",
        "AUDIODEV": "hw:97,0",
    }
    return subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )


def test_a_missing_card_is_one_warning_not_a_page_of_alsa_lines() -> None:
    bare = run(BARE)
    if "ALSA lib" not in bare.stderr:
        pytest.skip("ALSA prints nothing for a missing card here")
    ours = run(OURS)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == "captions\n"
    assert "ALSA lib" not in ours.stderr
