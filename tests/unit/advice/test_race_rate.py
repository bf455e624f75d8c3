"""A lap's rate is the steady flow, not the login stall or the burst into buffers before it."""

from __future__ import annotations

import pytest

from app.core.advice.race import _steady_rate, flow_start

MB = 1_000_000


def _ticks(values: list[float], tick: float = 0.25) -> list[tuple[float, int]]:
    return [(round(i * tick, 2), int(v * MB)) for i, v in enumerate(values)]


def test_login_stall_after_the_pipe_fills_is_not_counted() -> None:
    # tar fills a 1 MB pipe at once, ssh logs in for 1.5 s, then 10 MB/s (2.5 MB a tick).
    samples = _ticks([1, 1, 1, 1, 1, 1, 1] + [1 + 2.5 * k for k in range(1, 10)])
    assert _steady_rate(samples) == pytest.approx(10, rel=0.01)


def test_burst_into_socket_buffers_is_not_counted() -> None:
    # 6 MB vanish into buffers in the first tick, then the receiver takes 2 MB a tick (8 MB/s).
    samples = _ticks([0, 6] + [6 + 2 * k for k in range(1, 10)])
    assert _steady_rate(samples) == pytest.approx(8, rel=0.01)


def test_no_steady_flow_falls_back_to_first_data() -> None:
    samples = _ticks([0, 2, 2, 4])
    assert flow_start(samples) is None
    assert _steady_rate(samples) == pytest.approx(2 / 0.5, rel=0.01)


def test_a_pause_after_flow_started_counts() -> None:
    # Once data flows, a stall (a big directory being created, a full disk cache) is part of the rate.
    samples = _ticks([0, 1, 2, 3, 4, 4, 4, 4, 5, 6])
    assert flow_start(samples) == samples[1]
    assert _steady_rate(samples) == pytest.approx(5 / 2.0, rel=0.01)
