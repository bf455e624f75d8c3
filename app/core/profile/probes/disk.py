"""Destination write speed with fsync, with incompressible data.

A file of zeros would measure the filesystem's compression (btrfs, ZFS), not the disk,
so the host writes a random 4 MiB block over and over, then fsyncs, in the destination's
own filesystem; the file is removed afterwards.
"""

from __future__ import annotations

from app.core.language import Words
from app.core.quoting import sh_command
from app.core.profile.probes.common import NOW_NS, MBps, ProbeContext, host_seconds, now

BLOCK_MB = 4


class DiskProbeWords(Words):
    """Why the destination disk could not be measured, shown after "not measured:" (the translator's context)."""

# $1: the destination (its nearest existing folder is used), $2: how many 4 MiB blocks.
_SCRIPT = NOW_NS + r"""
d=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done
t=$(mktemp "$d/.transfer-advisor-probe.XXXXXX") || exit 2
trap 'rm -f "$t" "$t.out"' EXIT
head -c 4194304 /dev/urandom > "$t" || exit 2
s=$(now_ns)
i=0; while [ "$i" -lt "$2" ]; do cat "$t"; i=$((i + 1)); done | dd of="$t.out" bs=1048576 conv=fsync 2>/dev/null || exit 3
e=$(now_ns)
echo "ns $s $e"
"""


async def probe_remote_write(ctx: ProbeContext, free_bytes: int | None) -> float:
    """MB/s; 64 MB first, 256 MB when that was too quick to time (never more than a tenth of the free space)."""
    assert ctx.remote_dir is not None
    rate = 0.0
    for blocks in (16, 64):
        if free_bytes is not None and blocks * BLOCK_MB * 2**20 > free_bytes / 10:
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
        if elapsed > 0.4:
            break
    return rate
