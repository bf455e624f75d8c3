"""A lap's rate is the steady flow, not the login stall, the burst into buffers or a starved host's climb
before it."""

from __future__ import annotations

import pytest

from app.core.advice.race import _steady_rate, flow_start, settled, startup_cost

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


def test_a_climb_of_seconds_before_the_pace_is_left_out_and_priced() -> None:
    # The lab's weak NAS (bench/pace.py): 1 MB/s for two seconds after the flow started, then 80 MB/s.
    samples = _ticks([0] + [0.25 * k for k in range(1, 10)] + [2.25 + 20 * k for k in range(1, 13)])
    flow = flow_start(samples)
    pace = settled(samples, flow)
    assert flow[0] == pytest.approx(0.25) and pace[0] == pytest.approx(2.25)
    assert _steady_rate(samples, since=pace) == pytest.approx(80, rel=0.01)
    assert _steady_rate(samples) < 60  # what the lap measured before
    # From the lap's start: 2.25 s, less what the 2.25 MB sent by then take at the pace.
    assert startup_cost(0.0, pace, 80) == pytest.approx(2.25 - 2.25 / 80, rel=0.01)
    assert startup_cost(0.0, pace, None) is None and startup_cost(0.0, None, 80) is None


def test_a_steady_flow_a_slowing_one_a_noisy_one_and_a_young_one_have_no_climb() -> None:
    steady = _ticks([2.5 * k for k in range(16)])
    slowing = _ticks([0, 6] + [6 + 2 * k for k in range(1, 14)])  # the burst into buffers
    noisy = _ticks([0] + [sum(2.0 if j % 2 else 3.0 for j in range(k)) for k in range(1, 16)])
    young = _ticks([0] + [0.25 * k for k in range(1, 5)] + [1 + 20 * k for k in range(1, 3)])  # 1.5 s old
    for samples in (steady, slowing, noisy, young):
        flow = flow_start(samples)
        assert settled(samples, flow) == flow
