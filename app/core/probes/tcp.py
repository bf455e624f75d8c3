"""Raw TCP throughput both ways: the netcat ceiling, with incompressible data.

A one-connection OpenBSD netcat listener is started through the ssh session on the
address we reached (like tar over netcat); random bytes go through for a few seconds.
It carries no user data, so it runs whether or not insecure methods are allowed.
"""

from __future__ import annotations

import asyncio
import re
import socket

from app.core.methods.base import Listener
from app.core.probes.common import MBps, ProbeContext, now, random_block
from app.core.remote_helper import RemoteHelper, open_data_socket
from app.core.runner import finish

READY = r"^Listening on \S+ (?P<port>\d+)"


async def probe_tcp_up(ctx: ProbeContext) -> float:
    session = ctx.session
    addr = session.listen_address
    helper = RemoteHelper(session, Listener(f"nc -d -n -v -l {addr} 0 | wc -c >&2", READY))
    try:
        port = await helper.start()
        sock = await open_data_socket(addr, port)
        try:
            start = now()
            await asyncio.to_thread(_send_for, sock, ctx.budget)
            sock.shutdown(socket.SHUT_WR)
            status = await helper.finish(timeout=30)
            elapsed = now() - start
        finally:
            sock.close()
    finally:
        await finish(helper.stop())
    received = [int(n) for n in re.findall(r"^\s*(\d+)\s*$", status[1] if status else "", re.M)]
    if not received:
        raise RuntimeError("the listener did not report what it received")
    return MBps(received[-1], elapsed)


async def probe_tcp_down(ctx: ProbeContext) -> float:
    session = ctx.session
    addr = session.listen_address
    # A 4 MiB random block sent over and over: /dev/urandom itself is too slow on a weak NAS.
    command = (f't=$(mktemp) || exit 1; head -c 4194304 /dev/urandom > "$t"; '
               f'(while cat "$t"; do :; done) | nc -N -n -v -l {addr} 0; rm -f "$t"')
    helper = RemoteHelper(session, Listener(command, READY))
    try:
        port = await helper.start()
        sock = await open_data_socket(addr, port)
        try:
            received, elapsed = await asyncio.to_thread(_receive_for, sock, ctx.budget)
        finally:
            sock.close()
    finally:
        await finish(helper.stop())
    return MBps(received, elapsed)


def _send_for(sock: socket.socket, seconds: float) -> int:
    block, sent, deadline = memoryview(random_block()), 0, now() + seconds
    while now() < deadline:
        sock.sendall(block)
        sent += len(block)
    return sent


def _receive_for(sock: socket.socket, seconds: float) -> tuple[int, float]:
    buf = bytearray(1 << 20)
    sock.recv_into(buf)  # the clock starts with the first byte, not with the listener's set-up
    start = now()
    deadline, total = start + seconds, 0
    while now() < deadline:
        n = sock.recv_into(buf)
        if n == 0:
            break
        total += n
    return total, now() - start
