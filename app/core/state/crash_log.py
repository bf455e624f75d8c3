"""The crash log: what an unexpected error left, for the user to send. Written by the command line and the
window alike, through the standard library's rotating handler, so it never grows past a few hundred kB;
a native crash (Qt, a C library) is written by `faulthandler` to a log of its own beside it.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import time
from pathlib import Path
from typing import IO

from app import __version__
from app.core.paths import data_dir

NAME = "crash.log"
NATIVE = "native-crash.log"
MOST_BYTES = 256 * 1024  # a log past this is moved to NAME.1 (and that to NAME.2) before the next entry
KEPT = 2
# Every file this module may write in the data folder (app.core.state.state_folder adopts and moves them).
FILES = {NAME, *(f"{NAME}.{i}" for i in range(1, KEPT + 1)), NATIVE, f"{NATIVE}.1"}

_native: IO[str] | None = None


def log_path() -> Path:
    return data_dir() / NAME


def write(text: str, what: str) -> Path:
    """Add an entry (`what` says which part of the app and how it ran) and return the log's path."""
    path = log_path()
    logger = logging.getLogger("transfer_advisor.crash")
    logger.propagate = False
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=MOST_BYTES, backupCount=KEPT, encoding="utf-8")
    logger.addHandler(handler)
    try:
        logger.error("--- transfer-advisor %s %s, %s\n%s", __version__, what, time.strftime("%Y-%m-%d %H:%M:%S"),
                     text.rstrip("\n"))
    finally:
        logger.removeHandler(handler)
        handler.close()
    return path


def catch_native_crashes(what: str = "window") -> Path | None:
    """From now on a fatal signal or a fatal Python error writes every thread's stack to NATIVE (moved to
    NATIVE.1 first when it has grown past MOST_BYTES), after a line saying `what` ran and when it started.
    None when the log cannot be opened."""
    global _native
    path = data_dir() / NATIVE
    try:
        if path.exists() and path.stat().st_size > MOST_BYTES:
            os.replace(path, path.with_name(f"{NATIVE}.1"))
        log = open(path, "a", encoding="utf-8")
    except OSError:
        return None
    log.write(f"--- transfer-advisor {__version__} {what} started, {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
    log.flush()
    faulthandler.enable(file=log, all_threads=True)
    if _native is not None:
        _native.close()
    _native = log  # faulthandler keeps only the descriptor: the file object must stay open
    return path
