"""Where all state is kept, chosen in the settings.

The core reads one switch, TRANSFER_ADVISOR_HOME. When it is set from outside (tests,
--config-dir, a packaged build) it wins and the window only shows it. Otherwise the folder
chosen in the settings is remembered in a one-line pointer file in the default config folder
and applied at start, before anything reads or writes state.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from app.core.paths import APP_NAME, ENV_HOME, config_dir

_set_outside = ENV_HOME in os.environ


def _pointer() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME)) / "state-folder"


def apply_saved() -> None:
    """At start: use the folder chosen earlier, unless the switch was set from outside."""
    global _set_outside
    _set_outside = ENV_HOME in os.environ
    if _set_outside:
        return
    try:
        folder = _pointer().read_text().strip()
    except OSError:
        return
    if folder:
        os.environ[ENV_HOME] = folder


def can_change() -> bool:
    return not _set_outside


def current() -> str:
    """The folder state goes to: the switch, or the default config folder's parent."""
    value = os.environ.get(ENV_HOME)
    return value if value else str(config_dir())


def change(folder: str) -> None:
    """Move all future state to `folder` (existing files stay where they are)."""
    if not can_change():
        raise RuntimeError(f"{ENV_HOME} was set from outside; unset it to choose the folder here")
    Path(folder).mkdir(parents=True, exist_ok=True, mode=0o700)
    pointer = _pointer()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    tmp = pointer.with_suffix(".tmp")
    tmp.write_text(folder + "\n")
    os.replace(tmp, pointer)
    os.environ[ENV_HOME] = folder
