"""What every probe gets, and helpers they share."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from app.core.host.session import Session
from app.core.host.link_loss import STALL_TIMEOUT

RANDOM_BLOCK = 4 * 1024 * 1024  # incompressible: zeros would measure compression, not the link


@dataclass
class ProbeContext:
    session: Session
    remote_dir: str | None = None      # destination folder (or its nearest existing parent)
    local_paths: list[str] | None = None  # the selection, for local read and compressibility
    budget: float = 2.0                 # seconds a throughput probe may send for
    stall: float = STALL_TIMEOUT        # seconds a probe's data may stand still before it counts as stuck


_block: bytes | None = None


def random_block() -> bytes:
    global _block
    if _block is None:
        _block = os.urandom(RANDOM_BLOCK)
    return _block


def now() -> float:
    return time.monotonic()


# A shell function: nanoseconds by the host's own clock. BusyBox's date has no %N (it prints it as
# it is): /proc/uptime's hundredths of a second are fine for timings of half a second and more.
NOW_NS = r"""
now_ns() {
  t=$(date +%s%N 2>/dev/null)
  case $t in ''|*[!0-9]*) read -r u _ < /proc/uptime; t=${u%.*}${u#*.}0000000 ;; esac
  echo "$t"
}
"""


def host_seconds(stdout: bytes) -> float | None:
    """Seconds between the two clock readings of an `ns START END` line, or None when it is not there."""
    parts = stdout.decode(errors="replace").split()
    if len(parts) >= 3 and parts[-3] == "ns" and parts[-2].isdigit() and parts[-1].isdigit():
        return (int(parts[-1]) - int(parts[-2])) / 1e9
    return None


def MBps(nbytes: float, seconds: float) -> float:
    return nbytes / seconds / 1e6 if seconds > 0 else 0.0
