"""Progress: where the bytes-done figure comes from (a ProgressMode: a tool's own counters in /proc), and the rate
over a short window. A copy made of several runs (the rest of a cut copy) adds them up in a Tally.
"""

from __future__ import annotations

import os
import re
import time
from collections import deque
from enum import Enum

from app.core.events import Emit, Progress

def fd_pos(pid: int, fd: int) -> int | None:
    """The file offset of a process's open fd (how far it read or wrote a file), or None."""
    try:
        with open(f"/proc/{pid}/fdinfo/{fd}") as f:
            for line in f:
                if line.startswith("pos:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def proc_io(pid: int, field_name: str) -> int:
    """Bytes a process has read (`rchar`) or written (`wchar`) so far, from /proc."""
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key == field_name:
                    return int(value)
    except (OSError, ValueError):
        pass
    return 0


class ProgressMode(str, Enum):
    """Where a plan's bytes-done figure comes from."""

    IO = "io"        # a tool's own count (a Count of one stage): scp, sftp, tar, ssh cat
    RSYNC = "rsync"  # rsync's `--info=progress2` total, parsed from its output (a Count beside it)

    __str__ = str.__str__


class Count(str, Enum):
    """Which count of a running tool is read, from /proc."""

    WRITTEN = "wchar"       # bytes it wrote, /proc/PID/io
    READ = "rchar"          # bytes it read, /proc/PID/io
    READ_ALL = "rchar+"     # bytes it and its children read (a runner of one tool per file: xargs)
    WRITTEN_ALL = "wchar+"  # and wrote
    STDIN_AT = "fd0"        # the offset in the file on its stdin, /proc/PID/fdinfo/0
    STDOUT_AT = "fd1"       # the offset in the file on its stdout, /proc/PID/fdinfo/1
    NONE = "none"           # nothing to read (rsync receiving: its writer is a child /proc does not count)

    __str__ = str.__str__


_RSYNC = re.compile(r"^\s*([\d,.]+)\s+(\d+)%\s+\S+/s")


def parse_rsync_progress2(line: str) -> int | None:
    """Bytes done from one `--info=progress2` line, e.g. `  1,234,567  45%  12.34MB/s  0:00:12 (xfr#5, ...)`."""
    match = _RSYNC.match(line)
    if not match:
        return None
    return int(match.group(1).replace(",", "").replace(".", ""))


class RsyncProgress:
    def __init__(self) -> None:
        self.done = 0
        self._pending = b""

    def feed_bytes(self, data: bytes) -> None:
        """Raw output (lines end in \r or \n); only the newest complete line matters."""
        text = self._pending + data
        *lines, self._pending = text.replace(b"\r", b"\n").split(b"\n")
        for line in reversed(lines):
            value = parse_rsync_progress2(line.decode(errors="replace"))
            if value is not None:
                self.done = max(self.done, value)
                break


def with_children(pid: int, field_name: str) -> int:
    """proc_io of a process and of its running children (/proc counts the ones it has reaped as its own). It is
    read first: a child reaped meanwhile is missed once, never counted twice."""
    value = proc_io(pid, field_name)
    try:
        children = []
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                children += f.read().split()
    except OSError:
        return value
    return value + sum(proc_io(int(c), field_name) for c in children)


class Counter:
    """A running tool's own count of bytes (see Count). The last reading stays after the process exits."""

    def __init__(self, pid: int, counter: Count) -> None:
        self.pid, self.counter, self.done = pid, Count(counter), 0

    def read(self) -> int:
        if self.counter is Count.NONE:
            return 0
        if self.counter in (Count.STDIN_AT, Count.STDOUT_AT):
            value = fd_pos(self.pid, 0 if self.counter is Count.STDIN_AT else 1) or 0
        elif self.counter in (Count.READ_ALL, Count.WRITTEN_ALL):
            value = with_children(self.pid, self.counter.value.rstrip("+"))
        else:
            value = proc_io(self.pid, self.counter.value)
        self.done = max(self.done, value)
        return self.done


class RateWindow:
    """Bytes per second over the last `seconds`, from (time, bytes) samples."""

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds
        self.samples: deque[tuple[float, int]] = deque()

    def add(self, done: int, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        self.samples.append((now, done))
        while len(self.samples) > 2 and now - self.samples[1][0] >= self.seconds:
            self.samples.popleft()
        t0, d0 = self.samples[0]
        return (done - d0) / (now - t0) if now > t0 else 0.0


class Tally:
    """The whole copy's progress across its runs, some side by side: what an earlier run staged, then
    what each run has carried so far; one clock from the first run."""

    def __init__(self, emit: Emit, before: int, total: int) -> None:
        self.emit, self.before, self.total, self.clock = emit, before, total, time.monotonic()
        self.parts: dict[int, tuple[int, float]] = {}  # run -> (bytes carried, its rate now)
        self.sent = 0

    def part(self, run: int, carried: int) -> Emit:
        def on(event) -> None:
            if isinstance(event, Progress):
                self.parts[run] = (min(event.done, carried), event.rate)
                event = Progress(self.before + sum(d for d, _ in self.parts.values()), self.total,
                                 sum(r for _, r in self.parts.values()), time.monotonic() - self.clock)
            self.emit(event)
        return on

    def ended(self, run: int, carried: int) -> None:
        self.parts[run] = (carried, 0.0)
        self.sent += carried
