"""How everything a lab creates is named, so that labs cannot collide and leftovers can be found.

A lab called `ta-lab-<scenario>-<pid>` owns, under that same name:
  the network namespace, the cgroups (cpu, cpuacct), the folder <tmp>/ta-lab-<scenario>-<pid>/
  (keys, configs, logs, state, disk image and its mount point, destination folder).
Interface names are limited to 15 characters, so the veth pair is `talab<slot>h` (host side,
root namespace) and `talab<slot>r` (remote side, in the namespace). The slot also picks the
addresses: 198.18.<slot>.1/30 here and 198.18.<slot>.2/30 remote, inside 198.18.0.0/15, the
range reserved for benchmarking; the first lab is 198.18.0.1 <-> 198.18.0.2.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

PREFIX = "ta-lab-"
IF_PREFIX = "talab"
MAX_SLOTS = 256
NAME_RE = re.compile(rf"^{PREFIX}(?P<scenario>[a-z0-9-]+?)-(?P<pid>\d+)(?:-(?P<n>\d+))?$")
IF_RE = re.compile(rf"^{IF_PREFIX}(?P<slot>\d+)(?P<side>[hr])$")


def lab_name(scenario: str, pid: int | None = None, n: int = 0) -> str:
    base = f"{PREFIX}{scenario}-{pid if pid is not None else os.getpid()}"
    return f"{base}-{n}" if n else base


def parse(name: str) -> dict | None:
    m = NAME_RE.match(name)
    return m.groupdict() if m else None


def is_lab_name(name: str) -> bool:
    return NAME_RE.match(name) is not None


def tmp_root() -> Path:
    """Always /tmp (not $TMPDIR), so `down` finds a lab whatever environment made it."""
    return Path("/tmp")


def lab_dir(name: str) -> Path:
    return tmp_root() / name


def ifnames(slot: int) -> tuple[str, str]:
    return f"{IF_PREFIX}{slot}h", f"{IF_PREFIX}{slot}r"


def addresses(slot: int) -> tuple[str, str]:
    """(host side, remote side) of a slot: always inside 198.18.0.0/15."""
    if not 0 <= slot < MAX_SLOTS:
        raise ValueError(f"lab slot {slot} out of range")
    return f"198.18.{slot}.1", f"198.18.{slot}.2"
