"""A userspace delay line: holds every packet of one NFQUEUE for a fixed time, then accepts it.

This kernel has no netem, so delay cannot come from `tc`. Instead the lab's namespace sends
every packet arriving on its veth to NFQUEUE (see delay.py for why only that direction); this
program, bound to that queue inside the namespace, notes when each packet arrived and accepts
it `--delay-ms` later.
Because every packet waits the same time, release order is arrival order, and one
NFQNL_MSG_VERDICT_BATCH ("accept every id up to N") releases all packets that are due: one
system call per tick, whatever the packet rate. Only packet metadata is copied to userspace
(NFQNL_COPY_META) and GSO packets stay whole (NFQA_CFG_F_GSO), so the cost per byte is small.

If this program dies, the queue has no listener and the kernel drops the packets: the link
goes dead rather than silently losing its delay.

Standalone on purpose (stdlib only, no package imports): the lab runs it by path inside the
namespace with `ip netns exec NS python3 delayline.py --queue 0 --delay-ms 20`.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import os
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
SOL_NETLINK = 270
NETLINK_NO_ENOBUFS = 5
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_CONFIG, NFQNL_MSG_VERDICT_BATCH = 0, 2, 3
NFQA_PACKET_HDR, NFQA_VERDICT_HDR = 1, 2
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN, NFQA_CFG_MASK, NFQA_CFG_FLAGS = 1, 2, 3, 4, 5
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_CFG_F_GSO = 1 << 2
NF_ACCEPT = 1


def _attr(kind: int, payload: bytes) -> bytes:
    length = 4 + len(payload)
    return struct.pack("=HH", length, kind) + payload + b"\0" * (-length % 4)


def _message(msg: int, queue: int, attrs: bytes, flags: int = NLM_F_REQUEST) -> bytes:
    body = struct.pack("=BBH", socket.AF_UNSPEC, 0, socket.htons(queue)) + attrs
    return struct.pack("=IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | msg, flags, 0, 0) + body


class DelayLine:
    def __init__(self, queue: int, delay_s: float, maxlen: int = 65536):
        self.queue, self.delay_ns = queue, int(delay_s * 1e9)
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
        self.sock.setsockopt(socket.SOL_SOCKET, 33, 64 << 20)  # SO_RCVBUFFORCE: root may exceed rmem_max
        self.sock.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)  # a lost message is covered by the next batch
        self.sock.bind((0, 0))
        self._config(_attr(NFQA_CFG_CMD, struct.pack("!BxH", NFQNL_CFG_CMD_BIND, socket.AF_INET)))
        self._config(_attr(NFQA_CFG_PARAMS, struct.pack("!IB", 0, NFQNL_COPY_META))
                     + _attr(NFQA_CFG_QUEUE_MAXLEN, struct.pack("!I", maxlen))
                     + _attr(NFQA_CFG_MASK, struct.pack("!I", NFQA_CFG_F_GSO))
                     + _attr(NFQA_CFG_FLAGS, struct.pack("!I", NFQA_CFG_F_GSO)))
        self.sock.setblocking(False)
        self.pending: collections.deque[tuple[int, int]] = collections.deque()
        self.buf = bytearray(1 << 16)
        self.packets = 0

    def _config(self, attrs: bytes) -> None:
        """Send one config message and wait for the kernel's acknowledgement (errno 0 or failure)."""
        self.sock.send(_message(NFQNL_MSG_CONFIG, self.queue, attrs, NLM_F_REQUEST | NLM_F_ACK))
        data = self.sock.recv(65536)
        _, kind = struct.unpack_from("=IH", data)
        if kind == NLMSG_ERROR:
            (err,) = struct.unpack_from("=i", data, 16)
            if err:
                raise OSError(-err, f"NFQUEUE config of queue {self.queue}: {os.strerror(-err)}")

    def _receive(self, now: int) -> None:
        release = now + self.delay_ns
        view = memoryview(self.buf)
        while True:
            try:
                size = self.sock.recv_into(self.buf)
            except BlockingIOError:
                return
            offset = 0
            while offset + 16 <= size:
                length, kind = struct.unpack_from("=IH", view, offset)
                if length < 16:
                    break
                if kind == (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET:
                    attr = offset + 20
                    end = offset + length
                    while attr + 4 <= end:
                        alen, atype = struct.unpack_from("=HH", view, attr)
                        if alen < 4:
                            break
                        if atype & 0x3FFF == NFQA_PACKET_HDR:
                            (packet_id,) = struct.unpack_from("!I", view, attr + 4)
                            self.pending.append((release, packet_id))
                            self.packets += 1
                            break
                        attr += (alen + 3) & ~3
                offset += (length + 3) & ~3

    def _release(self, now: int) -> None:
        last = None
        pending = self.pending
        while pending and pending[0][0] <= now:
            last = pending.popleft()[1]
        if last is not None:
            self.sock.send(_message(NFQNL_MSG_VERDICT_BATCH, self.queue,
                                    _attr(NFQA_VERDICT_HDR, struct.pack("!II", NF_ACCEPT, last))))

    def run(self) -> None:
        """Release due packets, sleep until the next one is due or a packet arrives, repeat.

        The wake-up itself comes late (timer slack, scheduling: ~0.05-0.1 ms on a VM), which
        matters for sub-millisecond delays: the loop keeps a running average of that lateness
        (`early`) and aims that much earlier, so packets leave close to when they are due.
        """
        fd = self.sock.fileno()
        early = 0
        while True:
            now = time.monotonic_ns()
            self._release(now + early)
            if self.pending:
                target = self.pending[0][0] - early
                ready, _, _ = select.select([fd], [], [], max(0.0, (target - now) / 1e9))
                woke = time.monotonic_ns()
                if not ready and woke >= target:
                    late = woke - target
                    early = min(self.delay_ns // 2, (early * 7 + late) // 8)
            else:
                ready, _, _ = select.select([fd], [], [])
                woke = time.monotonic_ns()
            if ready:
                self._receive(woke)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queue", type=int, default=0)
    parser.add_argument("--delay-ms", type=float, required=True, help="delay added to every queued packet")
    parser.add_argument("--ready-file", help="written once the queue is bound")
    parser.add_argument("--control", help="on SIGHUP, read a new --delay-ms from this file")
    args = parser.parse_args(argv)
    try:  # timer slack 50 us -> 1 us, so sub-millisecond delays stay close to what was asked
        ctypes.CDLL(None, use_errno=True).prctl(29, 1000, 0, 0, 0)  # PR_SET_TIMERSLACK
    except (OSError, AttributeError):
        pass
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    line = DelayLine(args.queue, args.delay_ms / 1000)
    if args.control:
        def reload(*_):
            with open(args.control) as f:
                line.delay_ns = int(float(f.read().strip()) * 1e6)
        signal.signal(signal.SIGHUP, reload)
    try:  # the wire must not slow down because the endpoints keep both cores busy
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
    except (OSError, AttributeError):
        try:
            os.setpriority(os.PRIO_PROCESS, 0, -10)
        except OSError:
            pass
    if args.ready_file:
        with open(args.ready_file, "w") as f:
            f.write(f"{os.getpid()}\n")
    try:
        line.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
