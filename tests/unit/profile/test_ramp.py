"""Throughput probes on a long link: a new connection climbs to the link's speed over a dozen round trips
(TCP's slow start), so the probes send that much longer and count only what moved after the climb."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from app.core.profile.probes.common import RAMP_MAX_S, ProbeContext, ramp_seconds, send_for, steady_MBps
from app.core.profile.probes.tcp import _receive_for


def test_no_climb_on_a_lan_and_a_capped_one_on_a_long_link() -> None:
    assert ramp_seconds(None) == ramp_seconds(0.3) == ramp_seconds(5) == 0.0
    assert ramp_seconds(40) == pytest.approx(0.48)
    assert ramp_seconds(200) == pytest.approx(2.4)
    assert ramp_seconds(900) == RAMP_MAX_S
    ctx = ProbeContext(session=None)  # type: ignore[arg-type]
    ctx.ramp_for(200)
    assert ctx.ramp == pytest.approx(2.4)


def test_the_steady_rate_leaves_out_the_climb() -> None:
    # 2.4 s of climbing moved 6 MB, then 1 s at 20 MB/s.
    assert steady_MBps(26e6, 6e6, 3.4, 2.4) == pytest.approx(20.0)
    assert steady_MBps(26e6, 6e6, 3.4, 0.0) == pytest.approx(26 / 3.4)  # no climb: all of it
    assert steady_MBps(5e6, 6e6, 3.4, 2.4) == pytest.approx(5 / 3.4)    # nothing counted after it: all of it


def test_sending_lasts_the_climb_and_the_budget_and_says_what_went_before_the_climb_ended() -> None:
    writes: list[float] = []

    def write(block) -> None:
        writes.append(time.monotonic())
        time.sleep(0.02)

    started = time.monotonic()
    sent, before = send_for(write, 0.2, ramp=0.3)
    took = time.monotonic() - started
    assert took >= 0.5 and writes[-1] < started + 0.6  # no write begun after the climb and the budget
    block = sent // len(writes)
    # The blocks written before the climb ended (counted from the first write; one block either side of
    # the boundary, which a write can straddle).
    assert abs(before // block - sum(1 for t in writes if t < writes[0] + 0.3)) <= 1 and before % block == 0
    assert 0 < before < sent


def test_receiving_counts_from_the_end_of_the_climb_on_a_real_socket() -> None:
    a, b = socket.socketpair()
    stop = threading.Event()

    def feed() -> None:
        chunk = b"x" * 65536
        while not stop.is_set():
            try:
                a.sendall(chunk)
            except OSError:
                return
            time.sleep(0.005)

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    try:
        total, elapsed = _receive_for(b, 0.3, ramp=0.3)
        whole, whole_elapsed = _receive_for(b, 0.3)
    finally:
        stop.set()
        a.close()
        b.close()
        t.join(2)
    assert 0.25 <= elapsed <= 0.45 and 0.25 <= whole_elapsed <= 0.45
    assert total > 0 and whole > 0


def test_several_connections_are_measured_only_where_one_is_held_by_its_buffers(tmp_path) -> None:
    from app.core.profile.probes.tcp import DEFAULT_SEND_BUFFER, held_by_buffers, send_buffer
    wmem = tmp_path / "tcp_wmem"
    wmem.write_text("4096\t16384\t4194304\n")
    assert send_buffer(str(wmem)) == 4 * 1024 * 1024
    assert send_buffer(str(tmp_path / "none")) == DEFAULT_SEND_BUFFER
    four = 4 * 1024 * 1024
    # 2 MiB in flight over 200 ms is 10.5 MB/s: the lab's long-fat link measured 9.2 on one connection.
    assert held_by_buffers(9.2, 200, four)
    # The WAN: 100 Mbit/s at 40 ms, far below the 52 MB/s one connection's buffers allow; a LAN likewise.
    assert not held_by_buffers(11.8, 40, four) and not held_by_buffers(117, 0.3, four)
    assert not held_by_buffers(None, 200, four) and not held_by_buffers(9.2, None, four)


def test_a_copy_about_to_start_skips_the_other_ciphers_only_where_the_link_held_the_first() -> None:
    from app.core.profile.link_profile import CipherProbe, LinkProfile
    from app.core.profile.profiler import _held_by_link

    wan = LinkProfile("nas", rtt_ms=40, tcp_up_MBps=12.0)
    assert _held_by_link(CipherProbe("aes128-gcm@openssh.com", 11.5, 0.1, 0.2), wan)
    assert not _held_by_link(CipherProbe("aes128-gcm@openssh.com", 11.5, 0.1, 0.9), wan)  # the NAS was busy
    assert not _held_by_link(CipherProbe("aes128-gcm@openssh.com", 7.0, 0.1, 0.3), wan)   # below the link
    far = LinkProfile("nas", rtt_ms=200, tcp_up_MBps=35.0)  # one ssh window over 200 ms: 10.5 MB/s
    assert _held_by_link(CipherProbe("chacha20-poly1305@openssh.com", 10.0, 0.1, 0.1), far)
    assert not _held_by_link(CipherProbe("aes128-gcm@openssh.com", 10.0, 0.1, 0.1), LinkProfile("nas"))


def test_a_climb_is_over_once_two_round_trips_in_a_row_confirm_no_more_than_the_one_before() -> None:
    from app.core.profile.probes.common import Climb
    cap, rtt = 2 * 1024 * 1024, 0.25

    def confirmed(k: int) -> int:  # slow start: doubling each round trip, up to a connection's buffers
        return min(14_600 * 2 ** k, cap)

    climb, acked, seen = Climb(rtt), 0, []
    for k in range(14):
        acked += confirmed(k)
        seen.append(climb.over(rtt * (k + 1), acked))
    levelled = next(k for k in range(14) if confirmed(k) == cap)
    doubling = [k for k in range(14) if confirmed(k + 1) == 2 * confirmed(k)]
    assert not any(seen[k] for k in doubling)
    assert seen.index(True) <= levelled + 2 and all(seen[levelled + 2:])
    # Sampled four times a round trip: never earlier than by the round trip.
    fine, acked, first = Climb(rtt), 0, None
    for k in range(14 * 4):
        acked += confirmed(k // 4) // 4
        if fine.over(rtt / 4 * (k + 1), acked) and first is None:
            first = rtt / 4 * (k + 1)
    assert first is not None and first > rtt * (max(doubling) + 1)


def test_sending_on_a_connection_seen_to_have_climbed_ends_its_ramp_there() -> None:
    queued = [0]

    def write(block) -> None:
        time.sleep(0.01)

    # Everything confirmed at once: a flat rate from the start, the ramp (2 s) ends after three round trips.
    started = time.monotonic()
    marks, acked = [], []
    send_for(write, 0.1, ramp=2.0, marks=marks, unacked=lambda: queued[0], acked=acked, rtt_s=0.03)
    took = time.monotonic() - started
    assert took < 0.6 and marks[0] - started < 0.3 and acked[1] > acked[0] > 0


@pytest.mark.parametrize("rtt_ms, each, one", [
    (200, [9.2, 9.0, 9.1, 8.8], 9.2),   # the long-fat link: each held by its buffers (2 MiB over 200 ms)
    (40, [3.0, 3.1, 2.9, 3.0], 12.0),   # the WAN: none held, they shared what one alone fills
])
def test_several_connections_at_once_say_what_one_alone_moves(monkeypatch, rtt_ms, each, one) -> None:
    import asyncio

    from app.core.profile.probes import tcp

    async def measured(ctx, download, connections):
        return each

    monkeypatch.setattr(tcp, "_each", measured)
    monkeypatch.setattr(tcp, "send_buffer", lambda: 4 * 1024 * 1024)
    ctx = ProbeContext(session=None)  # type: ignore[arg-type]
    ctx.ramp_for(rtt_ms)
    both = asyncio.run(tcp.probe_tcp_both(ctx, download=False))
    assert both.one == pytest.approx(one) and both.every == pytest.approx(sum(each)) == both.MBps
