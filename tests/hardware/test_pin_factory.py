"""The pi backend always opens lgpio's pin factory: GPIOZERO_PIN_FACTORY naming another (RPi.GPIO
and pigpio do not drive a Pi 5's pins) is ignored with one warning, never silently."""

from __future__ import annotations

import logging
import sys
import types

import pytest

from hardware import backend
from hardware.backend import pin_factory_override


class FakeLgpioFactory:
    """Stands in for gpiozero's LGPIOFactory, which needs a Pi's GPIO chip."""

    opened = 0

    def __init__(self) -> None:
        FakeLgpioFactory.opened += 1


@pytest.fixture
def lgpio_factory(monkeypatch: pytest.MonkeyPatch) -> type[FakeLgpioFactory]:
    module = types.ModuleType("gpiozero.pins.lgpio")
    module.LGPIOFactory = FakeLgpioFactory  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", module)
    FakeLgpioFactory.opened = 0
    return FakeLgpioFactory


@pytest.mark.parametrize(
    ("value", "warned"),
    [
        (None, False),
        ("lgpio", False),
        (" LGPIO ", False),
        ("", False),
        ("rpigpio", True),
        ("pigpio", True),
        ("native", True),
    ],
)
def test_another_pin_factory_is_ignored_with_a_warning(
    lgpio_factory: type[FakeLgpioFactory],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    value: str | None,
    warned: bool,
) -> None:
    if value is None:
        monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    else:
        monkeypatch.setenv("GPIOZERO_PIN_FACTORY", value)
    with caplog.at_level(logging.WARNING, logger="hardware.backend"):
        factory = backend._pi_factory()
    assert isinstance(factory, lgpio_factory) and lgpio_factory.opened == 1
    warnings = [r.getMessage() for r in caplog.records if r.name == "hardware.backend"]
    named = (value or "").strip()
    expected = f"GPIOZERO_PIN_FACTORY={named} is ignored: the pi backend always uses lgpio"
    assert warnings == ([expected] if warned else [])


def test_only_a_name_other_than_lgpio_is_an_override() -> None:
    assert pin_factory_override({}) is None
    assert pin_factory_override({"GPIOZERO_PIN_FACTORY": "lgpio"}) is None
    assert pin_factory_override({"GPIOZERO_PIN_FACTORY": "mock"}) == "mock"
