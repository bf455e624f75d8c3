"""Round-trip time: one byte echoed through an SSH session, several times; the median.

An account without a shell (SFTP only) echoes nothing: there, an SFTP request the server answers
at once (stat of the home folder) stands in for the echo."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import statistics
import struct

import asyncssh

from app.core.host import capabilities
from app.core.profile.probes.common import ProbeContext, now

ECHOES = 12
# On a long link each echo is a large, steady figure, and a dozen of them cost seconds of the user's wait
# (2.4 s at 200 ms): after MIN_ECHOES, no more once ECHO_BUDGET seconds have gone.
MIN_ECHOES = 5
ECHO_BUDGET = 0.25
CLOSE_TIMEOUT = 2.0  # seconds for the host to confirm the echo's end


# On a far link the kernel's own figure for the control connection (smoothed over the log-in's round trips) is
# as good as the echoes, and free: taken from LONG_MS on, where a few milliseconds of the host's work in the
# log-in are nothing (on a LAN they would be most of it), and only over a direct path (not a jump host's).
LONG_MS = 20.0
STEADY = 0.25  # and where its variation is at most this share of it


async def probe_rtt(ctx: ProbeContext) -> float:
    """Milliseconds for one echo through `cat` on the host: the path every method's traffic takes (on a far
    link over a direct path, the connection's own smoothed round trip instead)."""
    known = connection_rtt_ms(ctx.session)
    if known is not None:
        return known
    return await echo_rtt(ctx)


async def echo_rtt(ctx: ProbeContext) -> float:
    """Milliseconds for one echo through `cat` on the host (an SFTP request where it runs no commands)."""
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


def connection_rtt_ms(session) -> float | None:
    """The control connection's smoothed round trip as the kernel measured it (Linux's TCP_INFO), where it is
    a far link's over a direct path and steady; else None."""
    sock = session.conn.get_extra_info("socket")
    if sock is None or session.remote.indirect_path or not hasattr(socket, "TCP_INFO"):
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
        srtt_us, var_us = struct.unpack_from("II", info, 68)  # struct tcp_info: tcpi_rtt, tcpi_rttvar
    except (OSError, struct.error):
        return None
    ms = srtt_us / 1000
    return ms if ms >= LONG_MS and var_us / 1000 <= STEADY * ms else None
