"""The folders the app makes beside a destination, and the sweep that removes those left behind.

Every staging and race scratch folder gets a small owner marker (MARKER) the moment it is made: this
computer's machine id and boot id, the pid and start time of the process that made it, the folder's
own name, and when it was made. A later run sweeps the destination folder, through the host's shell or
over SFTP alike (or on this computer, for a download), and removes only folders whose marker is ours
and whose owner is gone:

  race scratch  once its owner is gone: its process ended, or this computer restarted since. One made
                on another computer, once it is a day old (a race lasts seconds, not a day).
  staging       once its owner is gone and it is more than a day old: a younger one is an interrupted
                copy's journal, which the next run resumes from. Another computer's is left to that
                computer, which alone can tell whether its copy still runs.

A folder without a valid marker naming it — a user's own folder that only looks like ours, a symbolic
link, a folder from before markers — is never touched.
"""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from posixpath import join
from typing import TYPE_CHECKING

import asyncssh

from app.core.host import staging
from app.core.errors import TransferError

if TYPE_CHECKING:
    from app.core.host.session import Session

MARKER = ".transfer-advisor-owner"
MARKER_MAX = 4096  # bytes of a marker that are read: ours are a few hundred
HEADER = "transfer-advisor owner 1"
PREFIXES = {"staging": staging.PREFIX, "race": ".transfer-advisor-race-"}
STALE_AFTER = 24 * 3600.0
SWEPT_LATELY = 300.0  # a folder this session swept this recently is not swept again (an advice, then its copy)
ALIVE, GONE, UNKNOWN = "alive", "gone", "unknown"


@dataclass(frozen=True)
class Owner:
    """Who made a folder, as its marker says."""

    kind: str     # a key of PREFIXES
    folder: str   # the folder's own name: a marker copied into another folder does not count there
    machine: str  # /etc/machine-id (the host name where there is none)
    boot: str     # /proc/sys/kernel/random/boot_id: a pid means something only within one boot
    pid: int
    start: int    # the process's start time in clock ticks after boot: a reused pid has another
    made: int     # seconds since the epoch, by the clock of the computer that made it
    host: str = ""  # this computer's name, for a person reading the marker

    def text(self) -> bytes:
        fields = (("kind", self.kind), ("folder", self.folder), ("machine", self.machine), ("boot", self.boot),
                  ("pid", self.pid), ("start", self.start), ("made", self.made), ("host", self.host))
        return "".join([HEADER + "\n", *(f"{k} {v}\n" for k, v in fields)]).encode()


def parse(data: bytes) -> Owner | None:
    """The marker's owner, or None for anything that is not a whole marker of ours."""
    try:
        lines = data.decode("ascii").split("\n")
    except UnicodeDecodeError:
        return None
    if lines[0] != HEADER:
        return None
    fields = dict(line.split(" ", 1) for line in lines[1:] if " " in line)
    try:
        owner = Owner(fields["kind"], fields["folder"], fields["machine"], fields["boot"], int(fields["pid"]),
                      int(fields["start"]), int(fields["made"]), fields.get("host", ""))
    except (KeyError, ValueError):
        return None
    known = owner.kind in PREFIXES and owner.folder.startswith(PREFIXES[owner.kind]) and "/" not in owner.folder
    return owner if known and owner.machine and owner.boot and owner.pid > 0 else None


def this_process(kind: str, folder: str) -> Owner:
    return Owner(kind, folder, _machine(), _boot(), os.getpid(), _start_ticks(os.getpid()) or 0, int(time.time()),
                 socket.gethostname())


def state(owner: Owner) -> str:
    """ALIVE, GONE, or UNKNOWN (another computer's process: nothing here can tell)."""
    if owner.machine != _machine():
        return UNKNOWN
    if owner.boot != _boot():
        return GONE
    return ALIVE if _start_ticks(owner.pid) == owner.start else GONE


def stale(name: str, owner: Owner | None, now: float) -> bool:
    """Whether the folder `name` may be removed (see the module's docstring)."""
    if owner is None or owner.folder != name:
        return False
    whose = state(owner)
    old = now - owner.made > STALE_AFTER
    if owner.kind == "race":
        return whose == GONE or (whose == UNKNOWN and old)
    return whose == GONE and old


# -- this computer -------------------------------------------------------------------------------

def _read(path: str) -> str:
    try:
        return Path(path).read_text().strip()
    except OSError:
        return ""


def _machine() -> str:
    return (_read("/etc/machine-id") or _read("/var/lib/dbus/machine-id")
            or f"host:{socket.gethostname()}")


def _boot() -> str:
    return _read("/proc/sys/kernel/random/boot_id")


def _start_ticks(pid: int) -> int | None:
    """When the process started, in clock ticks after boot (/proc/PID/stat, field 22); None when none runs."""
    line = _read(f"/proc/{pid}/stat")
    try:
        fields = line.rsplit(")", 1)[1].split()
        return None if fields[0] in ("Z", "X") else int(fields[19])
    except (IndexError, ValueError):
        return None


# -- making, marking, removing, sweeping ---------------------------------------------------------

def marker(kind: str, folder: str) -> tuple[str, bytes]:
    """The owner marker of a folder this process makes, as (its name in the folder, its bytes)."""
    return MARKER, this_process(kind, os.path.basename(folder.rstrip("/"))).text()


async def make(session: Session, folder: str, kind: str, local: bool) -> None:
    """Make a folder of ours (and those above it) with its marker, in one go. Never raises: whatever fails
    here fails again, with its sentence, where the folder is used."""
    try:
        if local:
            await asyncio.to_thread(os.makedirs, folder, exist_ok=True)
        else:
            await session.files.prepare(folder, None, [marker(kind, folder)])
            return
    except (OSError, asyncssh.Error, TimeoutError, TransferError):
        return
    await mark(session, folder, kind, local)


async def mark(session: Session, folder: str, kind: str, local: bool) -> None:
    """Write the owner marker into a folder the app has just made. Never raises: a folder left without
    a marker is never swept, which costs a leftover, never a user's file."""
    data = marker(kind, folder)[1]
    try:
        if local:
            await asyncio.to_thread(Path(folder, MARKER).write_bytes, data)
        else:
            await session.files.write_file(join(folder, MARKER), data)
    except (OSError, asyncssh.Error, TimeoutError, TransferError):
        pass


async def remove_folder(session: Session, path: str, local: bool, timeout: float = 120) -> None:
    """Remove a folder of ours (staging, race scratch) on this computer or the host; never raises."""
    try:
        if local:
            await asyncio.to_thread(staging.local_remove, path)
        else:
            await session.files.remove(path, timeout)
    except (OSError, asyncssh.Error, TimeoutError, TransferError):
        pass


async def sweep(session: Session, where: str, local: bool) -> tuple[str, list[str]]:
    """Remove what earlier runs left directly in the folder `where` and is stale; where that is, as a
    person reads it, and the names that went (wording.swept_note says so). Never raises: a sweep that
    cannot run leaves everything as it is."""
    place = where if local else f"{session.host.label}:{where}"
    if time.monotonic() - session.swept.get((where, local), -SWEPT_LATELY) < SWEPT_LATELY:
        return place, []
    try:
        if local:
            found = await asyncio.to_thread(local_markers, where)
        else:
            found = await session.files.marked_folders(where, tuple(PREFIXES.values()), MARKER, MARKER_MAX)
    except (OSError, asyncssh.Error, TimeoutError, TransferError):
        return place, []
    now = time.time()
    gone = [name for name, data in found if stale(name, parse(data), now)]
    for name in gone:
        await remove_folder(session, join(where, name), local)
    session.swept[(where, local)] = time.monotonic()
    return place, sorted(gone)


def local_markers(where: str) -> list[tuple[str, bytes]]:
    """What RemoteFiles.marked_folders gives, for a folder on this computer."""
    try:
        entries = list(os.scandir(where))
    except OSError:
        return []
    found = []
    for entry in entries:
        if not entry.name.startswith(tuple(PREFIXES.values())) or not entry.is_dir(follow_symlinks=False):
            continue
        try:  # never through a link, never waiting on a pipe that only has the marker's name
            fd = os.open(join(entry.path, MARKER), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            with os.fdopen(fd, "rb") as f:
                if stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    found.append((entry.name, f.read(MARKER_MAX)))
        except OSError:
            continue
    return found
