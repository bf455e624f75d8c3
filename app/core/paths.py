"""Where Transfer Advisor keeps its state. One switch moves all of it.

`TRANSFER_ADVISOR_HOME` (or the CLI's `--config-dir`) relocates config, data and
runtime files together, so tests and the frozen build never touch the real home.
Without it, a folder chosen in the window's settings is used (app.core.state.state_folder
moves the state there and names it in a pointer file); `settle` applies that choice at
start, for every command and the window alike, before anything reads or writes state.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_HOME = "TRANSFER_ADVISOR_HOME"
APP_NAME = "transfer-advisor"
POINTER = "state-folder"

_set_outside = ENV_HOME in os.environ  # until settle() runs
_from_pointer = False  # the switch holds the pointer file's folder, put there by settle() itself


def pointer_file() -> Path:
    """Names the folder chosen in the settings; in the default config folder, which is found without it."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / POINTER


def settle(config_dir: str | None = None) -> None:
    """At start (app.cli.main, for each command and the window): --config-dir, else the switch set from
    outside, else the folder chosen in the window's settings, else the default folders. Settled twice (the
    program's head start settles before main does: app.core.host.head_start), the same answer."""
    global _set_outside, _from_pointer
    if config_dir:
        os.environ[ENV_HOME] = os.path.abspath(config_dir)
        _from_pointer = False
    _set_outside = ENV_HOME in os.environ and not _from_pointer
    if _set_outside:
        return
    try:
        folder = pointer_file().read_text().strip()
    except OSError:
        return
    if folder:
        os.environ[ENV_HOME] = folder
        _from_pointer = True


def set_from_outside() -> bool:
    """True when the switch or --config-dir chose the folder: the window then only shows it."""
    return _set_outside


def state_root() -> Path | None:
    value = os.environ.get(ENV_HOME)
    return Path(value) if value else None


def _dir(kind: str) -> Path:
    root = state_root()
    if root is not None:
        path = root / kind
    elif kind == "config":
        path = Path(platformdirs.user_config_dir(APP_NAME))
    elif kind == "data":
        path = Path(platformdirs.user_data_dir(APP_NAME))
    else:
        # Control sockets need a short path (sun_path is 108 bytes) that only we can enter.
        path = Path(platformdirs.user_runtime_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def config_dir() -> Path:
    return _dir("config")


def data_dir() -> Path:
    return _dir("data")


def runtime_dir() -> Path:
    return _dir("run")
