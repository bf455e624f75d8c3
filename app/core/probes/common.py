"""What every probe gets, and helpers they share."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from app.core.session import Session
from app.core.staging import sh_command

RANDOM_BLOCK = 4 * 1024 * 1024  # incompressible: zeros would measure compression, not the link


@dataclass
class ProbeContext:
    session: Session
    remote_dir: str | None = None      # destination folder (or its nearest existing parent)
    local_paths: list[str] | None = None  # the selection, for local read and compressibility
    budget: float = 2.0                 # seconds a throughput probe may send for


_block: bytes | None = None


def random_block() -> bytes:
    global _block
    if _block is None:
        _block = os.urandom(RANDOM_BLOCK)
    return _block


def now() -> float:
    return time.monotonic()


def remote_script(script: str, *args: str) -> bytes:
    return sh_command(script, *args)


def MBps(nbytes: float, seconds: float) -> float:
    return nbytes / seconds / 1e6 if seconds > 0 else 0.0
