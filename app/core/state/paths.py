"""Where Transfer Advisor keeps its state. One switch moves all of it.

`TRANSFER_ADVISOR_HOME` (or the CLI's `--config-dir`) relocates config, data and
runtime files together, so tests and the frozen build never touch the real home.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_HOME = "TRANSFER_ADVISOR_HOME"
APP_NAME = "transfer-advisor"


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
