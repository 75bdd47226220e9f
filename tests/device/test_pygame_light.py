"""pygame loads without numpy and pkg_resources, which stay importable afterwards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import sys
from device.pygame_light import import_pygame
import_pygame()
print("pygame" in sys.modules, "numpy" in sys.modules, "pkg_resources" in sys.modules)
import numpy
print(numpy.__name__)
"""


def test_pygame_loads_without_the_modules_it_does_not_need() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.splitlines() == ["True False False", "numpy"]
