"""Past copies per host, kept as JSON in the data folder (written atomically), for the history list.

The window's copy step and the `copy` command both keep their copies here through `record`, so the
window's history lists a copy made on the command line the same way as its own."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from app.core.errors import ErrorKind, TransferError
from app.core.events import TransferResult
from app.core import atomic
from app.core.paths import data_dir

FILE_NAME = "transfers.json"
LOCK_NAME = ".transfers.lock"  # a dot name: state_folder counts it among the app's own files
KEEP = 200


@dataclass(frozen=True)
class PastCopy:
    host: str            # the label the user picked
    when: float
    method: str
    direction: str       # upload | download
    files: int
    bytes: int
    seconds: float
    verified: bool
    verification: str
    dest: str
    command: str
    outcome: str = "done"  # done | failed | cancelled
    sentence: str = ""     # why it failed, when it did
    options: dict = field(default_factory=dict)
    sent: int | None = None  # bytes this copy sent, when less than `bytes` (resumed, or some already there)

    @property
    def rate_MBps(self) -> float:
        moved = self.bytes if self.sent is None else self.sent
        return moved / self.seconds / 1e6 if self.seconds > 0 else 0.0

    @classmethod
    def of(cls, host: str, dest: str, result: TransferResult) -> "PastCopy":
        return cls(host, time.time(), result.method, result.options.get("direction", "upload"), result.files,
                   result.bytes, result.seconds, result.verified, result.verification, dest, result.command,
                   options=dict(result.options),
                   sent=None if result.sent_bytes == result.bytes else result.sent_bytes)


def _path() -> Path:
    return data_dir() / FILE_NAME


def load(host: str | None = None) -> list[PastCopy]:
    """Newest first; only this host's when one is given."""
    try:
        rows = json.loads(_path().read_text())
    except (OSError, ValueError):
        return []
    known = {f.name for f in fields(PastCopy)}
    out = []
    for row in rows if isinstance(rows, list) else []:
        try:
            copy = PastCopy(**{k: v for k, v in row.items() if k in known})
        except TypeError:
            continue
        if host is None or copy.host == host:
            out.append(copy)
    return out


def add(copy: PastCopy) -> None:
    with _one_writer():
        _write([copy] + load())


def record(host: str, dest: str, outcome: TransferResult | TransferError, *, method: str = "",
           download: bool = False, command: str = "") -> PastCopy:
    """Keep one copy that ended: finished (the result says how it went), or failed or cancelled (the
    error says why; `method`, `download` and `command` say what was started). `host` is the label the
    window's host picker shows: an alias, or [user@]host[:port] as typed."""
    if isinstance(outcome, TransferResult):
        copy = PastCopy.of(host, dest, outcome)
    else:
        copy = PastCopy(host, time.time(), method, "download" if download else "upload", 0, 0, 0.0, False, "", dest,
                        command, "cancelled" if outcome.kind is ErrorKind.CANCELLED else "failed", outcome.sentence)
    add(copy)
    return copy


def forget(host: str) -> None:
    """Drop a host's copies (a demo host's: its address never comes back)."""
    with _one_writer():
        rows = load()
        kept = [r for r in rows if r.host != host]
        if len(kept) != len(rows):
            _write(kept)


@contextlib.contextmanager
def _one_writer():
    """The window and a command in a terminal may end copies at the same moment; each rewrites the whole
    log from what it read, so they take turns, or one copy's line would be lost."""
    fd = os.open(data_dir() / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _write(rows: list[PastCopy]) -> None:
    atomic.write_json(_path(), [asdict(r) for r in rows[:KEEP]])
