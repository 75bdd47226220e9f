"""``mothership doctor``: the unattended checks through the CLI, and the seat-button step with
presses driven through the mock pins from another thread."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest

from device.commands import doctor as doctor_module
from device.commands.cli import main
from device.commands.doctor import FAIL, OK, WARN, Doctor, is_pi, missing_driver_result
from device.config import load_config
from device.runtime.inbox import Inbox
from device.runtime.parts import open_hardware_into
from device.ui.sdlinfo import sdl_video_drivers

UNATTENDED = ("config", "store", "speech", "audio", "display", "gpio", "readers")
THREE_SEATS = """
[hardware]
seats = 3
[pins]
seat_buttons = [4, 17, 27]
seat_lamps = [2, 3, 7]
[narration]
backend = "silent"
"""


def write_config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def lines_by_name(out: str) -> dict[str, str]:
    """Each report line keyed by its check name."""
    return {line.split(":")[0]: line for line in out.splitlines() if line[:1].isalpha()}


def test_check_passes_on_the_default_mock_config(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--check"]) == 0
    out = capsys.readouterr().out
    lines = lines_by_name(out)
    for name in UNATTENDED:
        assert name in lines, out
    assert " FAIL " not in out
    assert "0 FAIL" in out.splitlines()[-1]
    assert lines["gpio"].split()[1] == "ok" and "mock" in lines["gpio"]
    assert "mode 0600" in lines["store"] and "mothership.db" in lines["store"]
    assert " s of WAV" in lines["speech"]
    assert "SDL driver" in lines["display"]
    for name in ("buttons", "lamps", "touch"):  # the steps that need a person are left out
        assert name not in lines


def test_a_missing_piper_model_warns_which_voice_speaks_instead_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MOTHERSHIP_VOICE")  # the config file's piper, not the suite's espeak-ng
    config = write_config(
        tmp_path, f'[narration]\nbackend = "piper"\npiper_model = "{tmp_path}/none.onnx"\n'
    )
    main(["--config", str(config), "doctor", "--check"])
    out = capsys.readouterr().out
    speech = lines_by_name(out)["speech"]
    assert speech.split()[1] == WARN
    assert "pyttsx3 (espeak-ng) voice gmw/en-us, because piper cannot speak here" in speech
    assert "none.onnx" in speech and "— " in speech and "piper_model" in speech
    assert str(config) in lines_by_name(out)["config"]  # the files used are reported


@pytest.mark.skipif(is_pi(), reason="a Pi has GPIO")
def test_the_pi_backend_off_a_pi_fails_gpio_with_the_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, '[hardware]\nbackend = "pi"\n')
    assert main(["--config", str(config), "doctor", "--check"]) == 1
    gpio = lines_by_name(capsys.readouterr().out)["gpio"]
    assert gpio.split()[1] == FAIL
    assert 'not a Raspberry Pi: set hardware.backend = "mock"' in gpio


def test_reader_ports_are_opened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(
        tmp_path, f'[readers]\nrdm6300 = "loop://"\npn532 = "{tmp_path}/ttyNONE"\n'
    )
    assert main(["--config", str(config), "doctor", "--check"]) == 1
    lines = lines_by_name(capsys.readouterr().out)
    assert lines["rdm6300"].split()[1] == OK
    assert lines["pn532"].split()[1] == FAIL and "not found — " in lines["pn532"]


def seat_doctor(tmp_path: Path) -> tuple[Doctor, io.StringIO]:
    config = load_config(write_config(tmp_path, THREE_SEATS))
    inbox = Inbox()
    hardware = open_hardware_into(inbox, config)
    out = io.StringIO()
    return Doctor(config, timeout=2.0, out=out, hardware=hardware, inbox=inbox), out


def press_on_prompt(doctor: Doctor, out: io.StringIO, seats: list[int]) -> threading.Thread:
    """Press each of ``seats`` once the doctor asks for it, as a person does (a press timed
    from the start missed the doctor's wait on a loaded machine)."""

    def press() -> None:
        for seat in seats:
            asked = f"Press the button of seat {seat} "
            for _ in range(6000):  # a bound: the doctor asks within seconds
                if asked in out.getvalue():
                    break
                time.sleep(0.01)
            doctor.hardware().press_seat(seat)

    thread = threading.Thread(target=press)
    thread.start()
    return thread


def test_the_button_step_sees_presses_and_names_the_missing_seat(tmp_path: Path) -> None:
    doctor, out = seat_doctor(tmp_path)
    doctor.hardware().press_seat(3)  # pressed early: seen while the doctor waits for seat 1
    thread = press_on_prompt(doctor, out, [1])
    try:
        status, detail = doctor.step_buttons()
        thread.join()
    finally:
        doctor.close()
        doctor.hardware().close()  # given to the doctor, so not closed by it
    assert status == FAIL
    assert "seen seats 1, 3; missing seats 2" in detail  # its wait ended by the timeout
    assert "Press the button of seat 1 (go skips)." in out.getvalue()


def test_the_button_step_passes_when_every_seat_is_pressed(tmp_path: Path) -> None:
    doctor, out = seat_doctor(tmp_path)
    thread = press_on_prompt(doctor, out, [1, 2, 3])
    try:
        status, detail = doctor.step_buttons()
        thread.join()
    finally:
        doctor.close()
        doctor.hardware().close()  # given to the doctor, so not closed by it
    assert (status, detail) == (OK, "all 3 seat buttons seen")


@pytest.mark.slow(3)
def test_the_interactive_doctor_ends_within_its_timeouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = write_config(tmp_path, THREE_SEATS)
    assert main(["--config", str(config), "doctor", "--timeout", "0.05"]) == 1  # nobody pressed
    lines = lines_by_name(capsys.readouterr().out)
    assert "missing seats 1, 2, 3" in lines["buttons"]
    # Nobody said they saw a lamp lit or heard the beep: neither is reported ok.
    assert lines["lamps"].split()[1] == FAIL and lines["buzzer"].split()[1] == WARN
    for name in ("controls", "speaker", "tag", "touch"):
        assert name in lines


def test_on_kmsdrm_doctor_says_whether_touches_can_wake_the_loop(tmp_path: Path) -> None:
    from device.commands.doctor import touch_wake_result

    touchscreen = tmp_path / "event0"
    touchscreen.touch()
    status, text = touch_wake_result("kmsdrm", [touchscreen])
    assert status == "ok" and "touches wake the loop (event0)" in text
    # A node the service cannot read (here: one gone since it was listed; root reads any file).
    status, text = touch_wake_result("kmsdrm", [tmp_path / "event1"])
    assert status == "warn" and "input group" in text and "event1" in text
    status, text = touch_wake_result("kmsdrm", [])
    assert status == "warn" and "none under /dev/input" in text


def test_a_screen_driver_missing_from_pygames_sdl_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drivers = sdl_video_drivers()
    assert drivers is not None and "dummy" in drivers  # read from the real library
    assert missing_driver_result("dummy", drivers) is None
    assert missing_driver_result("", drivers) is None
    status, text = missing_driver_result("kmsdrm", ("x11", "wayland", "offscreen")) or ("", "")
    assert status == FAIL
    assert text.startswith("pygame's SDL has no 'kmsdrm' video driver (it has x11, wayland")
    # The doctor's display line says it when the unit's driver is not in pygame's SDL (as in
    # pygame 2.6.1's wheels).
    monkeypatch.setattr(doctor_module, "sdl_video_drivers", lambda: ("x11", "offscreen", "dummy"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    doctor = Doctor(load_config(system_path=None), out=io.StringIO())
    status, text = doctor.check_display()
    assert status == FAIL and "no 'kmsdrm' video driver" in text


def test_a_screen_driver_missing_its_system_libraries_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(doctor_module, "missing_screen_packages", lambda driver: ("libegl1",))
    status, text = missing_driver_result("kmsdrm", ("kmsdrm", "dummy")) or ("", "")
    assert status == FAIL and "sudo apt-get install libegl1" in text
    monkeypatch.setattr(doctor_module, "missing_screen_packages", lambda driver: ())
    assert missing_driver_result("kmsdrm", ("kmsdrm", "dummy")) is None


def test_the_installed_pygame_can_draw_on_a_pi_without_a_desktop() -> None:
    # The unit asks for kmsdrm; pygame 2.6.1's wheels lacked it, pygame-ce's have it.
    drivers = sdl_video_drivers()
    assert drivers is not None and "kmsdrm" in drivers, drivers


def test_the_config_line_names_the_system_file_once_when_it_is_also_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = tmp_path / "config.toml"
    system.write_text('[narration]\nbackend = "silent"\n')
    monkeypatch.setattr(doctor_module, "SYSTEM_CONFIG_PATH", system)
    # The unit runs `mothership --config /etc/mothership/config.toml`, the system file itself.
    config = load_config(system, system_path=system)
    doctor = Doctor(config, out=io.StringIO(), config_files=[system])
    status, text = doctor.check_config()
    assert status == OK
    assert text == f"loaded defaults.toml (built in), {system.resolve()}"
