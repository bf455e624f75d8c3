"""Whether the host still answers on the control connection: asked with a command that does nothing, and,
while it is slow to answer, judged by whether its end still acknowledges what is sent to it (Linux TCP_INFO).

A link that is gone is dropped here, so every later step (stopping helpers, cleaning up) fails at once instead
of each waiting out its own time-out, and the host's helpers see their input end and stop.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import time
from typing import TYPE_CHECKING

import asyncssh

if TYPE_CHECKING:
    from app.core.host.session import Session

LINK_CHECK_SECONDS = 5.0  # a host that answers takes a round trip; a dead link never does
# A host whose end still acknowledges every byte sent to it (TCP) but whose sshd is slow to answer (a busy
# NAS, or this computer too busy to hear the answer) is waited for this long in all before it counts as gone.
LINK_PATIENCE_SECONDS = 20.0
ACK_WATCH_SECONDS = 1.0  # how long the host's acknowledgements are watched for (a moment's look can miss)
TCP_ESTABLISHED = 1  # tcpi_state of an open connection (linux/tcp_states.h)


def acknowledged(conn: asyncssh.SSHClientConnection) -> bool:
    """Whether the host's end of the connection has acknowledged every byte sent to it, at this moment
    (Linux TCP_INFO): its network stack is there even if its sshd is slow to answer. False where that cannot
    be known (a connection through a proxy command, another system)."""
    sock = conn.get_extra_info("socket")
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    except (AttributeError, OSError):
        return False
    if len(info) < 28:
        return False
    state, unacked = info[0], struct.unpack_from("I", info, 24)[0]  # tcpi_state, tcpi_unacked
    return state == TCP_ESTABLISHED and unacked == 0


async def acknowledges(conn: asyncssh.SSHClientConnection, within: float = ACK_WATCH_SECONDS) -> bool:
    """Whether the host's end acknowledges everything sent to it at some moment within `within` seconds:
    one look can fall between a packet and its acknowledgement (a delayed ack, a busy computer, other
    sessions on the connection), while a dead link's bytes stay unacknowledged all along."""
    end = time.monotonic() + within
    while not acknowledged(conn):
        if time.monotonic() >= end:
            return False
        await asyncio.sleep(0.05)
    return True


async def link_alive(session: "Session", within: float = LINK_CHECK_SECONDS) -> bool:
    """Whether the host still answers, asked once. When it does not answer within `within` seconds, and the
    host's end has not acknowledged what was sent to it either (or for LINK_PATIENCE_SECONDS when it has), the
    control connection is dropped and `session.lost_because` says why."""
    conn = session.conn
    if session.lost:
        session.lost_because = session.lost_because or "the control connection had closed"
        return False
    check = asyncio.ensure_future(session.run(b"true", timeout=max(within, LINK_PATIENCE_SECONDS)))
    try:
        await asyncio.wait([check], timeout=within)
        if not check.done() and await acknowledges(conn):
            await asyncio.wait([check], timeout=max(0.0, LINK_PATIENCE_SECONDS - within))
        if check.done():
            check.result()
            return True
        session.lost_because = f"no answer to a check within {LINK_PATIENCE_SECONDS:g} s" if \
            await acknowledges(conn) else f"no answer to a check within {within:g} s, nothing acknowledged"
    except asyncssh.ChannelOpenError as exc:
        if not session.lost:
            return True  # refused (too many sessions), but it answered
        session.lost_because = f"the check was refused on a closed connection: {exc!r}"
    except (asyncssh.Error, OSError, TimeoutError) as exc:
        session.lost_because = f"the check failed: {exc!r}"
    finally:
        check.cancel()
    conn.abort()
    return False
