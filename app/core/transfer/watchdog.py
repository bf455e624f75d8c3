"""The progress watchdog: a copy whose data stops moving is a lost link, reported as such, not a hang.

A dead link (Wi-Fi gone, the NAS rebooting, a laptop that woke on another network) leaves every tool
of a copy waiting for good: TCP retries for a quarter of an hour and ssh, without keepalives, forever.
The watchdog counts the seconds in which nothing showed life and stops the copy after `limit` of them.

What counts as life, so that a slow but working copy is never stopped:
- the progress figure moving (bytes, from the tools' own counters or rsync's report);
- any local tool of the copy other than ssh reading, writing or using CPU (/proc): rsync listing
  100 000 files, a compressor, a tar stream of tiny files all show up here before a byte is counted;
- ssh itself moving more than a little: its keepalives are a few hundred bytes, which prove the host
  answers but not that the copy advances (a host whose tar is stuck still answers them).
Quiet is expected for longer before the first byte (logging in, listing files on the far side) and
after the last (the far side writing out what it holds): there the allowance is SLOW_PHASE_FACTOR
times longer; ssh's own keepalives end a dead connection sooner than that.

The watchdog counts the app's own ticks, not the wall clock: a tick that comes late means the app
itself was not running (a laptop asleep: every process stopped, the link perhaps still up), and
the time it missed is not silence. After such a gap the link gets a whole allowance to show life.
Local tools stopped while the app runs (SIGSTOP) get no such grace: nothing moves, so after `limit`
seconds the copy ends as link-lost rather than waiting on them for good.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass

from app.core.host.link_loss import STALL_TIMEOUT

SLOW_PHASE_FACTOR = 4      # before the first byte and after the last, quiet may last this many times longer
MAX_TICK_GAP = 2.0         # a tick later than this: the app itself was stopped or asleep
SSH_CHATTER = 16 * 1024    # ssh moving less than this since the last sign of life is keepalives, not data


@dataclass(frozen=True)
class Watch:
    """How a copy is watched: the seconds of silence it may have, and what its sentence says was stopped
    ("copy", or "race" for a lap)."""

    limit: float = STALL_TIMEOUT
    doing: str = "copy"


@dataclass(frozen=True)
class Pulse:
    """What the tools of a copy have done so far, as /proc counts it."""

    work: int = 0  # bytes read and written plus CPU ticks, of every tool but ssh
    ssh: int = 0   # bytes read and written by ssh processes


class Watchdog:
    """Decides, tick by tick, whether a copy's data has stopped moving."""

    def __init__(self, limit: float, total: int, start: float) -> None:
        self.limit, self.total = limit, total
        self.silence = 0.0
        self.last_tick = start
        self.done = 0
        self.work = -1
        self.ssh_mark = 0

    def allowance(self, done: int) -> float:
        """Seconds of silence allowed now: longer before the first byte and after the last."""
        quiet_phase = done <= 0 or done >= self.total
        return self.limit * SLOW_PHASE_FACTOR if quiet_phase else self.limit

    def tick(self, now: float, done: int, pulse: Pulse) -> bool:
        """Take one sample; True when the copy has been silent for its allowance."""
        gap, self.last_tick = now - self.last_tick, now
        alive = self._alive(done, pulse)
        if alive or gap > MAX_TICK_GAP:
            self.silence = 0.0
        else:
            self.silence += gap
        return self.silence >= self.allowance(done)

    def _alive(self, done: int, pulse: Pulse) -> bool:
        alive = done != self.done or pulse.work != self.work or pulse.ssh - self.ssh_mark >= SSH_CHATTER
        self.done, self.work = done, pulse.work
        if alive or pulse.ssh < self.ssh_mark:  # an ssh that ended takes its count with it
            self.ssh_mark = pulse.ssh
        return alive


def pulse(pids: list[int]) -> Pulse:
    """The counters of these processes and everything they started (scp's and rsync's ssh, rsync's
    receiver), read from /proc; processes that have ended count nothing."""
    work = ssh = 0
    for pid in _family(pids):
        name, ticks = _stat(pid)
        moved = _io(pid)
        if name == "ssh":
            ssh += moved
        elif name:
            work += moved + ticks
    return Pulse(work, ssh)


def _family(pids: list[int]) -> list[int]:
    found, todo = [], list(pids)
    while todo and len(found) < 64:  # a copy's tools start a handful of processes; never walk a runaway tree
        pid = todo.pop()
        found.append(pid)
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as f:
                todo += [int(child) for child in f.read().split()]
        except (OSError, ValueError):
            pass
    return found


def _stat(pid: int) -> tuple[str, int]:
    """(command name, user + system CPU ticks), or ("", 0) once the process is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
        name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
        return name, int(rest[11]) + int(rest[12])
    except (OSError, ValueError, IndexError):
        return "", 0


def _io(pid: int) -> int:
    """Bytes read plus bytes written (`rchar` + `wchar`): pipes and sockets included, unlike disk I/O."""
    total = 0
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("rchar", "wchar"):
                    total += int(value)
    except (OSError, ValueError):
        pass
    return total


def wake(pids: list[int]) -> None:
    """SIGCONT to the process groups of a copy's tools: a tool someone stopped cannot act on the SIGINT
    that cancels it (it waits pending), so it is woken first and ends cleanly instead of being killed."""
    for pid in pids:
        try:
            os.killpg(pid, signal.SIGCONT)
        except (ProcessLookupError, PermissionError):
            pass
