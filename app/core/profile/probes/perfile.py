"""What one more file costs, measured at the destination: the per-file part of every method.

Two figures, because the methods pay per file in two ways:

- **The SFTP conversation** (sftp, and scp, which speaks SFTP since OpenSSH 9): open, write, set the
  times, close, one file after another, each a round trip. Small files go through the control
  connection's SFTP client into a temporary folder until half the probe's budget is spent; the time per
  file is round trips plus the host creating the file (this process's own CPU taken out: asyncssh in
  Python spends more per request than OpenSSH's client).
- **Creating files** (what tar and rsync pay, overlapped with their stream): the host extracts a tar of
  small files that already sits in its temporary folder, timed by its own clock, so neither the network
  nor the login is in the figure. rsync writes each file under a temporary name and renames it, and
  checks it: RSYNC_PER_TAR times the work.

For a copy about to start on a far link, the SFTP figure is left to the model's estimate where the round trip
alone makes it (round_trips_tell): there the host's work is a small share of the round trips it waits for.

The temporary folder is removed afterwards (also when the probe fails or is cancelled).
"""

from __future__ import annotations

import io
import os
import secrets
import tarfile
import time
from posixpath import join

import asyncssh

from app.core.language import Words
from app.core.quoting import sh_command
from app.core.profile.probes.common import NOW_NS, ProbeContext, host_seconds, now
from app.core.tasks import finish

TAR_FILES = 400
FILE_BYTES = 2048
SFTP_MAX_FILES = 40
SFTP_MIN_FILES = 3
RSYNC_PER_TAR = 2.0
# For a copy about to start on a far link, the SFTP conversation's cost per file is its round trips: the model
# counts 3 or 4 of them a file (scp, sftp: Method.round_trips_per_file; the fewer taken here), and the host's own
# work for a file is taken as at most SFTP_WORK_PER_TAR times what creating one from tar cost it. Where that work is
# under ROUND_TRIPS_SHARE of the round trips, the estimate is within that share and the SFTP half (half a second of
# a far link's round trips) is not measured.
SFTP_ROUND_TRIPS = 3
SFTP_WORK_PER_TAR = 20.0
ROUND_TRIPS_SHARE = 0.1
CLIENT_SHARE_FLOOR = 0.3  # never count less than this share of the wall time as waiting

# $1: the destination (its nearest existing folder is used), $2: the temporary folder's name.
# Reads the tar on stdin into the folder, then times only the extraction.
_SCRIPT = NOW_NS + r"""
d=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done
t="$d/$2"; mkdir -- "$t" "$t/x" || exit 2
trap 'rm -rf -- "$t"' EXIT
cat > "$t/p.tar" || exit 2
s=$(now_ns)
tar -x -f "$t/p.tar" -C "$t/x" || exit 3
e=$(now_ns)
echo "ns $s $e"
"""


class PerFileProbeWords(Words):
    """Why the cost of each file could not be measured, shown after "not measured:" (the translator's context)."""


def _small_tar() -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for i in range(TAR_FILES):
            data = os.urandom(FILE_BYTES)
            info = tarfile.TarInfo(f"d{i // 50}/f{i}")
            info.size, info.mtime, info.mode = len(data), int(time.time()), 0o644
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


async def probe_per_file(ctx: ProbeContext, rtt_ms: float | None = None) -> dict[str, float]:
    """Milliseconds per file, by method id, for copies into the destination: the figures this host's
    shape lets us take (no SFTP server: no SFTP figure; no shell or tar: no creation figure). `rtt_ms`, for a
    copy about to start: the round trip, where it alone makes the SFTP figure (round_trips_tell), leaves it out
    (the model estimates it from the round trip)."""
    assert ctx.remote_dir is not None
    remote, out = ctx.session.remote, {}
    try:
        if remote.shell and remote.has("tar"):
            create = await _create_ms(ctx)
            out.update({"tar-ssh": create, "tar-nc": create, "rsync-ssh": create * RSYNC_PER_TAR,
                        "rsync-daemon": create * RSYNC_PER_TAR})
        if remote.sftp and not (out and round_trips_tell(out["tar-ssh"], rtt_ms)):
            sftp = await _sftp_ms(ctx)
            out.update({"scp": sftp, "sftp": sftp})
    except asyncssh.Error as exc:  # an SFTP refusal is a probe that could not run, said in words
        raise RuntimeError(exc.reason or type(exc).__name__) from None
    if not out:
        raise RuntimeError(PerFileProbeWords.tr("the host has neither an SFTP server nor tar to time files with"))
    return out


def round_trips_tell(create_ms: float, rtt_ms: float | None) -> bool:
    """Whether the SFTP conversation's cost per file is its round trips, within ROUND_TRIPS_SHARE: the host's own
    work for a file (at most SFTP_WORK_PER_TAR times creating one from tar) is that small a share of them."""
    return bool(rtt_ms) and SFTP_WORK_PER_TAR * create_ms <= ROUND_TRIPS_SHARE * SFTP_ROUND_TRIPS * rtt_ms


async def _create_ms(ctx: ProbeContext) -> float:
    name = f".transfer-advisor-probe-{secrets.token_hex(4)}"
    result = await ctx.session.run(sh_command(_SCRIPT, ctx.remote_dir, name), stdin=_small_tar(), timeout=60)
    seconds = host_seconds(result.stdout or b"")
    if result.exit_status != 0 or seconds is None:
        raise RuntimeError((result.stderr or b"").decode(errors="replace").strip()
                           or PerFileProbeWords.tr("extracting the test files failed (exit {status})",
                                                   status=result.exit_status))
    return seconds * 1000 / TAR_FILES


async def _sftp_ms(ctx: ProbeContext) -> float:
    files = ctx.session.files
    folder = join(await files.nearest_dir(ctx.remote_dir or "."), f".transfer-advisor-probe-{secrets.token_hex(4)}")
    sftp = await files.sftp()
    try:
        await sftp.mkdir(folder)
        data, done = os.urandom(FILE_BYTES), 0
        start, cpu = now(), time.process_time()
        while done < SFTP_MAX_FILES and (done < SFTP_MIN_FILES or now() - start < ctx.budget / 2):
            path = join(folder, f"f{done}")
            async with sftp.open(path, "wb") as f:
                await f.write(data)
            await sftp.utime(path, (time.time(), time.time()))  # what scp -p and sftp -p do
            done += 1
        wall, ours = now() - start, time.process_time() - cpu
        # This client is Python; OpenSSH's sftp spends a small part of that per request. The waiting
        # (round trips, the host's work) is what the figure is for.
        return max(wall - ours, CLIENT_SHARE_FLOOR * wall) * 1000 / done
    finally:
        await finish(files.remove(folder, timeout=60))
