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

from app.core.probes.common import ProbeContext, now, remote_script
from app.core.runner import finish

TAR_FILES = 400
FILE_BYTES = 2048
SFTP_MAX_FILES = 40
SFTP_MIN_FILES = 3
RSYNC_PER_TAR = 2.0
CLIENT_SHARE_FLOOR = 0.3  # never count less than this share of the wall time as waiting

# $1: the destination (its nearest existing folder is used), $2: the temporary folder's name.
# Reads the tar on stdin into the folder, then times only the extraction.
_SCRIPT = r"""
d=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done
t="$d/$2"; mkdir -- "$t" "$t/x" || exit 2
trap 'rm -rf -- "$t"' EXIT
cat > "$t/p.tar" || exit 2
s=$(date +%s%N)
tar -x -f "$t/p.tar" -C "$t/x" || exit 3
e=$(date +%s%N)
echo "ns $s $e"
"""


def _small_tar() -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for i in range(TAR_FILES):
            data = os.urandom(FILE_BYTES)
            info = tarfile.TarInfo(f"d{i // 50}/f{i}")
            info.size, info.mtime, info.mode = len(data), int(time.time()), 0o644
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


async def probe_per_file(ctx: ProbeContext) -> dict[str, float]:
    """Milliseconds per file, by method id, for copies into the destination."""
    assert ctx.remote_dir is not None
    try:
        create = await _create_ms(ctx)
        sftp = await _sftp_ms(ctx)
    except asyncssh.Error as exc:  # an SFTP refusal is a probe that could not run, said in words
        raise RuntimeError(exc.reason or type(exc).__name__) from None
    return {"scp": sftp, "sftp": sftp, "tar-ssh": create, "tar-nc": create,
            "rsync-ssh": create * RSYNC_PER_TAR, "rsync-daemon": create * RSYNC_PER_TAR}


async def _create_ms(ctx: ProbeContext) -> float:
    name = f".transfer-advisor-probe-{secrets.token_hex(4)}"
    result = await ctx.session.run(remote_script(_SCRIPT, ctx.remote_dir, name), stdin=_small_tar(), timeout=60)
    parts = (result.stdout or b"").decode().split()
    if result.exit_status != 0 or len(parts) != 3 or not (parts[1].isdigit() and parts[2].isdigit()):
        raise RuntimeError((result.stderr or b"").decode(errors="replace").strip()
                           or f"extracting the test files failed (exit {result.exit_status})")
    return (int(parts[2]) - int(parts[1])) / 1e6 / TAR_FILES


async def _sftp_ms(ctx: ProbeContext) -> float:
    folder = join(await _nearest_dir(ctx), f".transfer-advisor-probe-{secrets.token_hex(4)}")
    sftp = await ctx.session.conn.start_sftp_client()
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
        sftp.exit()
        await finish(ctx.session.run(remote_script('rm -rf -- "$1"', folder), timeout=60))


async def _nearest_dir(ctx: ProbeContext) -> str:
    result = await ctx.session.run(remote_script(
        'd=$1; while [ ! -d "$d" ]; do d=$(dirname -- "$d"); done; printf %s "$d"', ctx.remote_dir))
    found = (result.stdout or b"").decode("utf-8", "surrogateescape")
    if result.exit_status != 0 or not found:
        raise RuntimeError("the destination's folder could not be found")
    return found
