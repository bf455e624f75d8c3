"""Writing a state file whole or not at all: every file the app keeps (settings, added hosts, the copies'
log, profiles, the state-folder pointer, key files) is written through `write`.

The bytes go to a temporary file beside the target (same folder, so the same filesystem), which gets its
mode before any byte is in it, is flushed to disk, and is then renamed over the target. A reader (the
window and a command at the same time) sees the old file or the new one, never part of either; a write
that fails leaves the old file as it was and no temporary file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

PRIVATE = 0o600  # state can name hosts, users and key files: only its owner reads it


def write(path: str | os.PathLike, data: bytes | str, mode: int = PRIVATE) -> None:
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), mode)
            f.write(data.encode() if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def write_json(path: str | os.PathLike, value: Any, mode: int = PRIVATE) -> None:
    write(path, json.dumps(value, indent=1), mode)


def _sync_folder(folder: Path) -> None:
    """The rename itself reaches the disk (without this a crash can bring back the old file)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems do not sync folders; the file itself is on disk
    finally:
        os.close(fd)
