"""Past copies per host, kept in the data folder for the history list: every copy, one JSON line each,
oldest first, appended (a copy's line is written once; nothing is rewritten as the history grows).

The window's copy step and the `copy` command both keep their copies here through `record`, so the
window's history lists a copy made on the command line the same way as its own. A line cut short (the
computer lost power as it was written) is skipped, and the next line starts on a line of its own. The
log of older versions (`transfers.json`, the newest 200 as one JSON list) is taken over at the first write."""

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

FILE_NAME = "transfers.jsonl"
OLD_FILE_NAME = "transfers.json"  # before every copy was kept: a list, newest first, rewritten whole
LOCK_NAME = ".transfers.lock"  # a dot name: state_folder counts it among the app's own files


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


def _old_path() -> Path:
    return data_dir() / OLD_FILE_NAME


def _rows() -> list[dict]:
    """Every copy's row, oldest first: the log's lines, or the old log's list until it is taken over."""
    try:
        with open(_path(), "rb") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        try:
            old = json.loads(_old_path().read_text())
        except (OSError, ValueError):
            return []
        return [row for row in reversed(old) if isinstance(row, dict)] if isinstance(old, list) else []
    except OSError:
        return []
    rows = []
    for line in lines:
        try:
            row = json.loads(line)
        except ValueError:  # cut short as it was written
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows


def load(host: str | None = None) -> list[PastCopy]:
    """Newest first; only this host's when one is given."""
    known = {f.name for f in fields(PastCopy)}
    out = []
    for row in reversed(_rows()):
        try:
            copy = PastCopy(**{k: v for k, v in row.items() if k in known})
        except TypeError:
            continue
        if host is None or copy.host == host:
            out.append(copy)
    return out


def _lines(rows: list[dict]) -> bytes:
    return b"".join(json.dumps(row).encode() + b"\n" for row in rows)


def add(copy: PastCopy) -> None:
    with _one_writer():
        if not _path().exists():
            _take_over_old_log()
        fd = os.open(_path(), os.O_RDWR | os.O_APPEND | os.O_CREAT, atomic.PRIVATE)
        try:
            end = os.lseek(fd, 0, os.SEEK_END)
            cut_short = end > 0 and os.pread(fd, 1, end - 1) != b"\n"
            os.write(fd, (b"\n" if cut_short else b"") + _lines([asdict(copy)]))
            os.fsync(fd)
        finally:
            os.close(fd)


def _take_over_old_log() -> None:
    """The old log's copies become the first lines of the new one (under the writers' lock)."""
    old = _rows()  # there is no new log yet: these are the old one's
    if old:
        atomic.write(_path(), _lines(old))
    _old_path().unlink(missing_ok=True)


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
        rows = _rows()
        kept = [r for r in rows if r.get("host") != host]
        if len(kept) != len(rows):
            atomic.write(_path(), _lines(kept))
            _old_path().unlink(missing_ok=True)


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
