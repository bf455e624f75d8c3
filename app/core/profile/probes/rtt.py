"""Round-trip time: one byte echoed through an SSH session, several times; the median.

An account without a shell (SFTP only) echoes nothing: there, an SFTP request the server answers
at once (stat of the home folder) stands in for the echo."""

from __future__ import annotations

import asyncio
import contextlib
import statistics

import asyncssh

from app.core.host import capabilities
from app.core.profile.probes.common import ProbeContext, now

ECHOES = 12
# On a long link each echo is a large, steady figure, and a dozen of them cost seconds of the user's wait
# (2.4 s at 200 ms): after MIN_ECHOES, no more once ECHO_BUDGET seconds have gone.
MIN_ECHOES = 5
ECHO_BUDGET = 0.25
CLOSE_TIMEOUT = 2.0  # seconds for the host to confirm the echo's end


async def probe_rtt(ctx: ProbeContext) -> float:
    """Milliseconds for one echo through `cat` on the host: the path every method's traffic takes."""
    if not ctx.session.remote.shell:
        return await _sftp_rtt(ctx)
    proc = await capabilities.start_process(ctx.session.conn, "cat")
    try:
        samples, began = [], now()
        while len(samples) < ECHOES and (len(samples) < MIN_ECHOES or now() - began < ECHO_BUDGET):
            start = now()
            proc.stdin.write(b"x")
            await proc.stdout.readexactly(1)
            samples.append((now() - start) * 1000)
        return statistics.median(samples[2:])  # the first echoes pay for warming up
    finally:
        proc.stdin.write_eof()
        proc.close()
        # Dropbear refuses the next session while this one is still closing ("Session request failed"); a
        # host that stopped answering never confirms the close: the probe's own failure says what happened.
        with contextlib.suppress(TimeoutError, asyncssh.Error, OSError):
            await asyncio.wait_for(proc.wait_closed(), CLOSE_TIMEOUT)


async def _sftp_rtt(ctx: ProbeContext) -> float:
    sftp = await ctx.session.files.sftp()
    samples, began = [], now()
    while len(samples) < ECHOES and (len(samples) < MIN_ECHOES or now() - began < ECHO_BUDGET):
        start = now()
        await sftp.stat(b".")
        samples.append((now() - start) * 1000)
    return statistics.median(samples[2:])
