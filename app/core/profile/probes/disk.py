"""Destination write speed with fsync, with incompressible data.

A file of zeros would measure the filesystem's compression (btrfs, ZFS), not the disk,
so the host writes a random 4 MiB block over and over, then fsyncs, in the destination's
own filesystem; the file is removed afterwards. The CPU the writing took is read too (the
shell's children's time, /proc/$$/stat): on a starved host the write waits on the CPU, not
the disk, and the advice must not blame the disk (app.core.advice.calibration).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.language import Words
from app.core.quoting import sh_command
from app.core.host.remote_cpu import DEFAULT_TICKS
from app.core.profile.probes.common import NOW_NS, MBps, ProbeContext, host_seconds, now

BLOCK_MB = 4
STEPS = (16, 64)          # blocks an advice writes: 64 MB, then 256 MB where that took under TIMED seconds
COPY_STEPS = (4, 16, 64)  # a copy about to start: 16 MB first, each step on where it took under COPY_TIMED
TIMED = 0.4
COPY_TIMED = 0.25         # by the host's own clock (nanoseconds, no network in it): a quarter second is timeable
# A copy about to start: after a write that took COPY_TIMEABLE or longer, a longer one only where it is at most
# COPY_SHARE of what the copy itself writes. Each step is paid before the copy's first byte, at about the disk's own
# pace: on the lab's weak NAS 16 MB took 0.19-0.22 s and the 64 MB step after it 0.8-0.9 s of its eighth of a core,
# a twelfth of copying 600 MB there. A write quicker than COPY_TIMEABLE is mostly fsync's fixed cost (on the
# unshaped lab link 16 MB took 0.02 s, and the figure it gave cut the promise to 1.6 times the copy's time): the
# longer write it is worth.
COPY_SHARE = 1 / 20
COPY_TIMEABLE = 0.1


@dataclass(frozen=True)
class DiskWrite:
    MBps: float
    cpu: float | None = None  # cores the writing processes used while timed (None: the host has no /proc)


class DiskProbeWords(Words):
    """Why the destination disk could not be measured, shown after "not measured:" (the translator's context)."""

# $1: the destination (its nearest existing folder is used), $2: how many 4 MiB blocks.
_SCRIPT = NOW_NS + r"""
d=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done
t=$(mktemp "$d/.transfer-advisor-probe.XXXXXX") || exit 2
trap 'rm -f "$t" "$t.out"' EXIT
head -c 4194304 /dev/urandom > "$t" || exit 2
s=$(now_ns)
read -r a < /proc/$$/stat 2>/dev/null || a=
i=0; while [ "$i" -lt "$2" ]; do cat "$t"; i=$((i + 1)); done | dd of="$t.out" bs=1048576 conv=fsync 2>/dev/null || exit 3
read -r b < /proc/$$/stat 2>/dev/null || b=
e=$(now_ns)
[ -n "$a" ] && [ -n "$b" ] && echo "cpu $(getconf CLK_TCK 2>/dev/null || echo 0) $a" && echo "cpu2 $b"
echo "ns $s $e"
"""


async def probe_remote_write(ctx: ProbeContext, free_bytes: int | None, enough: float | None = None,
                             copy: bool = False, copy_bytes: int | None = None) -> DiskWrite:
    """64 MB first, 256 MB when that was too quick to time (never more than a tenth of the free space). For a
    copy about to start (`copy`): 16 MB first, then 64 and 256 MB while each was too quick to time (COPY_TIMED)
    and, after one that took COPY_TIMEABLE, only where the next is at most COPY_SHARE of the `copy_bytes` the copy
    writes; none after a write that reached `enough` MB/s (a disk that took it several times as fast as the link
    carries is not what limits the copy): on a NAS whose CPU is the limit, 64 MB is a second of its writing."""
    assert ctx.remote_dir is not None
    rate, cpu, elapsed = 0.0, None, 0.0
    for step, blocks in enumerate(COPY_STEPS if copy else STEPS):
        size = blocks * BLOCK_MB * 2**20
        if free_bytes is not None and size > free_bytes / 10:
            break
        if step and copy and copy_bytes is not None and elapsed >= COPY_TIMEABLE and size > COPY_SHARE * copy_bytes:
            break
        start = now()
        result = await ctx.session.run(sh_command(_SCRIPT, ctx.remote_dir, str(blocks)), timeout=60)
        elapsed = now() - start
        if result.exit_status != 0:
            raise RuntimeError((result.stderr or b"").decode(errors="replace").strip()
                               or DiskProbeWords.tr("the write test failed (exit {status})",
                                                    status=result.exit_status))
        elapsed = host_seconds(result.stdout or b"") or elapsed  # the host's own clock: no network in it
        rate = MBps(blocks * BLOCK_MB * 2**20, elapsed)
        cpu = children_cores((result.stdout or b"").decode(errors="replace"), elapsed)
        if elapsed > (COPY_TIMED if copy else TIMED) or (enough is not None and rate >= enough):
            break
    return DiskWrite(rate, cpu)


def children_cores(stdout: str, elapsed: float) -> float | None:
    """Cores a shell's finished children used between its two stat lines (`cpu TICKS STAT`, `cpu2 STAT`:
    utime and stime of the children it waited for, fields 16 and 17), over `elapsed` seconds."""
    lines = stdout.splitlines()
    first = next((line for line in lines if line.startswith("cpu ")), "")
    second = next((line for line in lines if line.startswith("cpu2 ")), "")
    try:
        ticks = int(first.split()[1]) or DEFAULT_TICKS
        a = first.split(maxsplit=2)[2].rsplit(")", 1)[1].split()
        b = second.split(maxsplit=1)[1].rsplit(")", 1)[1].split()
        used = int(b[13]) + int(b[14]) - int(a[13]) - int(a[14])
    except (IndexError, ValueError):
        return None
    return used / ticks / elapsed if elapsed > 0 and used >= 0 else None
