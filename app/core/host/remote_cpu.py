"""The host's CPU spent on the copy: what the race's laps cost the receiving (or sending) side, so the model
knows each tool's own CPU per MB there instead of assuming it (a weak NAS pays more for rsync than for tar).

One command over the control connection prints this shell's pid and the host's process table
(`/proc/*/stat`, one `cat`: fine on BusyBox); the counting is done here. Counted: every process under the
ssh server that serves this connection (sshd or sshd-session, or Dropbear, walked up from this shell), so
every login of a lap and every listener the app started over its own connection, and nothing of this
computer's side where the host is this computer (a container, a namespace: the same kernel). Left out:
the sampler itself. A process that ended between two samples takes its time with it, so a lap is measured
only while it is still running; the kernel's own network work is no process's and is not counted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import asyncssh

from app.core.quoting import sh_command

SERVERS = frozenset({"sshd", "sshd-session", "dropbear"})
DEFAULT_TICKS = 100  # CLK_TCK where getconf is missing (Linux on every architecture uses 100)
SAMPLE_TIMEOUT = 5.0  # a sample that takes longer is none: a lap never waits long for its figure

_SCRIPT = r"""
t=$(getconf CLK_TCK 2>/dev/null) || t=
echo "me $$ ${t:-0}"
cat /proc/[0-9]*/stat 2>/dev/null
"""


@dataclass(frozen=True)
class CpuSample:
    at: float         # this computer's monotonic clock, the middle of the asking
    seconds: float    # CPU seconds used so far by the processes under the host's ssh server


def _table(text: str) -> tuple[int, int, dict[int, tuple[int, str, int]]]:
    """(this shell's pid, clock ticks a second, {pid: (parent pid, command name, utime + stime ticks)})."""
    me, ticks, procs = 0, DEFAULT_TICKS, {}
    for line in text.splitlines():
        if line.startswith("me "):
            parts = line.split()
            me, ticks = int(parts[1]), int(parts[2]) or DEFAULT_TICKS
            continue
        head, _, tail = line.rpartition(")")
        pid, _, name = head.partition(" (")
        fields = tail.split()
        try:
            procs[int(pid)] = (int(fields[1]), name, int(fields[11]) + int(fields[12]))
        except (ValueError, IndexError):
            continue  # a process that ended while cat read it
    return me, ticks, procs


def served_cpu_seconds(text: str) -> float | None:
    """CPU seconds of every process under the ssh server that serves the sampling shell, the sampler left
    out; None when the table does not show that server (no /proc, another pid namespace)."""
    me, ticks, procs = _table(text)
    if me not in procs:
        return None
    pid, hops = procs[me][0], 0
    while pid in procs and procs[pid][1] not in SERVERS and hops < 4:  # the login shell that ran `sh -c`
        pid, hops = procs[pid][0], hops + 1
    server = None
    while pid in procs and procs[pid][1] in SERVERS:
        server, pid = pid, procs[pid][0]
    if server is None:
        return None
    children: dict[int, list[int]] = {}
    for pid, (parent, _name, _ticks) in procs.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0, [server]
    while todo:
        pid = todo.pop()
        if pid == me:  # the sampler and its cat
            continue
        total += procs[pid][2]
        todo.extend(children.get(pid, []))
    return total / ticks


async def sample(run) -> CpuSample | None:
    """One sample through `run` (Session.run: a command string to its completed process); None when the
    host cannot be read this way (no shell, no /proc)."""
    asked = time.monotonic()
    try:
        result = await run(sh_command(_SCRIPT), timeout=SAMPLE_TIMEOUT)
    except (asyncssh.Error, OSError, TimeoutError):
        return None
    if result.exit_status not in (0, 1):  # cat says 1 when a process ended while it read
        return None
    seconds = served_cpu_seconds((result.stdout or b"").decode(errors="replace"))
    return None if seconds is None else CpuSample((asked + time.monotonic()) / 2, seconds)


def cores_between(first: CpuSample | None, last: CpuSample | None) -> float | None:
    """How many of the host's cores the served processes kept busy between two samples."""
    if first is None or last is None or last.at - first.at <= 0.2 or last.seconds < first.seconds:
        return None
    return (last.seconds - first.seconds) / (last.at - first.at)
