"""What pygame's SDL has, and what its kmsdrm driver needs of the system."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.ui import sdlinfo
from device.ui.sdlinfo import missing_screen_packages, sdl_video_drivers


def test_the_drivers_are_read_from_the_real_library() -> None:
    drivers = sdl_video_drivers()
    assert drivers is not None and {"dummy", "kmsdrm"} <= set(drivers), drivers


def test_only_kmsdrm_needs_system_packages(tmp_path: Path) -> None:
    assert missing_screen_packages("x11", lib_root=tmp_path) == ()
    assert missing_screen_packages("dummy", lib_root=tmp_path) == ()


@pytest.mark.parametrize("driver", ["kmsdrm", "KMSDRM"])
def test_kmsdrm_names_each_package_it_lacks(
    driver: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        sdlinfo,
        "KMSDRM_LIBRARIES",
        {"libc.so.6": "libc6", "libno-such-mothership-lib.so.9": "libno-such9"},
    )
    # No DRI driver under this root: Mesa's package is named too.
    assert missing_screen_packages(driver, lib_root=tmp_path) == ("libno-such9", "libgl1-mesa-dri")
    dri = tmp_path / "aarch64-linux-gnu" / "dri"
    dri.mkdir(parents=True)
    (dri / "v3d_dri.so").touch()
    assert missing_screen_packages(driver, lib_root=tmp_path) == ("libno-such9",)
