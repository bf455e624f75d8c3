"""Raw TCP throughput both ways: the netcat ceiling, with incompressible data.

The same guarded listener as tar over netcat (app.core.host.listener) is started through the ssh
session on a port the app chose; random bytes go through for a few seconds once the host has checked
the connection is ours. It carries no user data, so it runs whether or not insecure methods are
allowed, but never across a path that is not direct (NAT, a port forward, a tunnel).
"""

from __future__ import annotations

import asyncio
import fcntl
import random
import re
import secrets
import socket
import struct
import termios
from dataclasses import dataclass
from typing import Callable

from app.core.host.capabilities import Capabilities
from app.core.errors import probe_unavailable
from app.core.host import listener
from app.core.host.listener import Listener
from app.core.profile.probes.common import MBps, ProbeContext, now, send_for, steady_MBps
from app.core.host.remote_helper import PortBusy, RemoteHelper
from app.core.language import Words
from app.core.tasks import finish
from app.core.host.session import Session

PORT_TRIES = 5
TCP_CONNECTIONS = 4  # on a long link: the connections the link's own ceiling is measured with
# Linux lets a connection's send buffer grow to tcp_wmem's last figure (4 MiB by default) and keeps about
# half of it for data in flight (tcp_adv_win_scale 1): one connection carries at most that much per round
# trip. At NEAR_BUFFERS of that, one connection is taken to be held by its buffers, not by the link.
DEFAULT_SEND_BUFFER = 4 * 1024 * 1024
NEAR_BUFFERS = 0.7
# A 4 MiB random block sent over and over: /dev/urandom itself is too slow on a weak NAS.
_RANDOM = 'head -c 4194304 /dev/urandom > "$d/random" && while cat "$d/random"; do :; done'


class TcpProbeWords(Words):
    """Why raw TCP could not be measured, shown after "not measured:" (the translator's context)."""


def send_buffer(path: str = "/proc/sys/net/ipv4/tcp_wmem") -> int:
    """The most a TCP connection's send buffer may grow to on this computer (the host's is taken alike)."""
    try:
        with open(path) as f:
            return int(f.read().split()[2])
    except (OSError, IndexError, ValueError):
        return DEFAULT_SEND_BUFFER


def held_by_buffers(MBps: float | None, rtt_ms: float | None, buffer: int | None = None) -> bool:
    """One connection moved about what its buffers let it keep in flight over the round trip: more at once
    may carry more (probe_tcp_all measures it)."""
    if not MBps or not rtt_ms:
        return False
    ceiling = (buffer or send_buffer()) / 2 / (rtt_ms / 1000) / 1e6
    return MBps >= NEAR_BUFFERS * ceiling


def unavailable(caps: Capabilities) -> str | None:
    """Why the raw TCP probes cannot run on this host, or None."""
    return listener.unavailable(caps)


async def probe_tcp_up(ctx: ProbeContext) -> float:
    helper, sock = await _connect(ctx.session, download=False, stall=ctx.stall)
    try:
        return await _send_measured(ctx, helper, sock)
    finally:
        _close(sock)
        await _stop(helper)


async def probe_tcp_down(ctx: ProbeContext) -> float:
    helper, sock = await _connect(ctx.session, download=True, stall=ctx.stall)
    try:
        received, elapsed = await asyncio.to_thread(_receive_for, sock, ctx.budget, ctx.ramp)
    finally:
        _close(sock)
        await _stop(helper)
    return MBps(received, elapsed)


async def probe_tcp_all(ctx: ProbeContext, download: bool, connections: int = TCP_CONNECTIONS) -> float:
    """Raw TCP on `connections` connections at once, one way: what the link carries when no one
    connection's buffers hold it (each has its own listener, as one stream of a copy has its own ssh)."""
    return sum(await _each(ctx, download, connections))


@dataclass(frozen=True)
class Both:
    """Raw TCP one way on one connection and on several, from one probe of several at once."""

    one: float
    every: float
    MBps: float  # what the profile shows beside the probe's name: all of them


async def probe_tcp_both(ctx: ProbeContext, download: bool, connections: int = TCP_CONNECTIONS) -> Both:
    """For a copy about to start on a long link, where probing one connection and then several costs seconds
    of round trips each: several at once only. Where each was held by its buffers, one alone moves what each
    did; where none was, one alone fills what they shared (it is not held by its buffers)."""
    each = await _each(ctx, download, connections)
    held = held_by_buffers(max(each), ctx.rtt_s * 1000)
    return Both(max(each) if held else sum(each), sum(each), sum(each))


async def _each(ctx: ProbeContext, download: bool, connections: int) -> list[float]:
    """What each of `connections` connections at once moved, one way."""
    opened = await asyncio.gather(*(_connect(ctx.session, download, ctx.stall) for _ in range(connections)),
                                  return_exceptions=True)
    pairs = [o for o in opened if not isinstance(o, BaseException)]
    try:
        failed = next((o for o in opened if isinstance(o, BaseException)), None)
        if failed is not None:
            raise failed
        if download:
            got = await asyncio.gather(*(asyncio.to_thread(_receive_for, sock, ctx.budget, ctx.ramp)
                                         for _, sock in pairs))
            return [MBps(received, elapsed) for received, elapsed in got]
        return list(await asyncio.gather(*(_send_measured(ctx, helper, sock) for helper, sock in pairs)))
    finally:
        for helper, sock in pairs:
            _close(sock)
        await asyncio.gather(*(_stop(helper) for helper, _ in pairs), return_exceptions=True)


async def _send_measured(ctx: ProbeContext, helper: RemoteHelper, sock: socket.socket) -> float:
    """Send for the probe's time, and the rate the host received at once the link had climbed: by what its
    TCP had confirmed, where this system says (the connection is then dropped, not drained: the megabytes
    its buffers hold take a slow link a second), else by the listener's own count once all arrived."""
    start, marks, acked = now(), [], []
    unacked = _unacked(sock)
    sent, at_ramp = await asyncio.to_thread(send_for, lambda block: _send_block(sock, block), ctx.budget,
                                            ctx.ramp, marks, unacked, acked, ctx.rtt_s)
    if len(acked) == 2 and len(marks) == 2 and acked[1] > acked[0] and marks[1] > marks[0]:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # closed by a reset
        return MBps(acked[1] - acked[0], marks[1] - marks[0])
    sock.shutdown(socket.SHUT_WR)
    status = await helper.finish(timeout=30)
    elapsed = now() - start
    received = [int(n) for n in re.findall(r"^\s*(\d+)\s*$", status[1] if status else "", re.M)]
    if not received:
        raise RuntimeError(TcpProbeWords.tr("the listener did not report what it received"))
    rate = steady_MBps(received[-1], at_ramp, elapsed, ctx.ramp)
    if ctx.ramp > 0 and received[-1] >= sent and len(marks) == 2 and marks[1] > marks[0]:
        # A long link: what the socket took once climbed, by the writes' own clock (all of it arrived); the
        # listener's report comes round trips later, which is no speed (as in the cipher probe).
        rate = max(rate, MBps(sent - at_ramp, marks[1] - marks[0]))
    return rate


def _unacked(sock: socket.socket) -> Callable[[], int] | None:
    """What of a connection's sent bytes the far side has not confirmed yet (Linux's SIOCOUTQ), or None
    where the system does not say."""
    def queued() -> int:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]

    try:
        queued()
    except (OSError, AttributeError):
        return None
    return queued


def _close(sock: socket.socket) -> None:
    """Shut the socket down first: that wakes a worker thread still blocked sending or receiving on it
    (the probe was stopped from outside), where close() alone would leave it waiting on a dead link."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


def _listener(session: Session, port: int, token: str, download: bool) -> Listener:
    syntax = listener.netcat_syntax(session.remote) or "openbsd"
    nc = listener.listen_argv(syntax, session.listen_address, str(port), sends=download)
    script = listener.sending(_RANDOM, nc, str(port)) if download else listener.receiving(nc, str(port), "wc -c >&2")
    return Listener(script, listener.READY, stdin=(token + "\n").encode(), guarded=True)


async def _connect(session: Session, download: bool, stall: float) -> tuple[RemoteHelper, socket.socket]:
    """The listener on a free port, and the data connection the host has checked is ours; a send or a
    receive on it that moves nothing for `stall` seconds raises TimeoutError."""
    why = unavailable(session.remote)
    if why:
        raise probe_unavailable(why)
    token = secrets.token_urlsafe(24)
    for attempt in range(PORT_TRIES):
        helper = RemoteHelper(session, _listener(session, random.randint(20000, 60999), token, download))
        try:
            port = await helper.start()
            sock = await helper.connect(session.listen_address, port)
            sock.settimeout(stall)
            return helper, sock
        except PortBusy:
            await _stop(helper)
            if attempt == PORT_TRIES - 1:
                raise RuntimeError(TcpProbeWords.tr("no free port was found for the listener")) from None
        except BaseException:
            await _stop(helper)
            raise
    raise AssertionError("unreachable")


async def _stop(helper: RemoteHelper) -> None:
    """Stop the listener; a program of it that could not be stopped fails the probe with its sentence."""
    left = await finish(helper.stop())
    if left:
        raise RuntimeError(left)


SEND_CHUNK = 256 * 1024  # the socket's time-out covers a whole sendall: small enough to mean "no progress"


def _send_block(sock: socket.socket, block: memoryview) -> None:
    for i in range(0, len(block), SEND_CHUNK):
        sock.sendall(block[i:i + SEND_CHUNK])


def _receive_for(sock: socket.socket, seconds: float, ramp: float = 0.0) -> tuple[int, float]:
    """What arrived in the `seconds` after the link's climb (the first `ramp` seconds from the first byte
    are not counted), and over how long."""
    buf = bytearray(1 << 20)
    sock.recv_into(buf)  # the clock starts with the first byte, not with the listener's set-up
    climbed = now() + ramp
    start, total = climbed, 0
    while now() < climbed + seconds:
        n = sock.recv_into(buf)
        if n == 0:
            break
        if now() >= climbed:
            total += n
        else:
            start = now()  # still climbing: the count starts after this read
    return total, now() - start
