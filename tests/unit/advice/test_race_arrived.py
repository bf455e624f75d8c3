"""A lap on a long link, cut at its time, is measured by what its folder on the receiving side held when
its clock started and when it ended, not by what the sending tool handed on (that runs ahead by what the
pipes, ssh and the socket buffers hold). The far side here is a folder on this computer (a download lap)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from app.core.advice.race import MIN_FLOW_S, _arrived_rate, _far_side


async def test_the_rate_is_what_arrived_between_the_two_looks(tmp_path: Path) -> None:
    lap = tmp_path / "lap"
    (lap / "photos").mkdir(parents=True)
    (lap / "photos" / "a.jpg").write_bytes(b"x" * 1_000_000)
    first = asyncio.ensure_future(_far_side(None, str(lap), True))  # type: ignore[arg-type]
    await asyncio.sleep(MIN_FLOW_S + 0.2)
    (lap / "photos" / "b.jpg").write_bytes(b"y" * 3_000_000)
    (lap / ".partial").write_bytes(b"z" * 1_000_000)  # a file still being written counts as far as it got
    started = time.monotonic()
    rate = await _arrived_rate(None, str(lap), True, [first])  # type: ignore[arg-type]
    t0 = (await first)[0]
    assert rate == pytest.approx(4.0 / (started - t0), rel=0.15)


async def test_no_rate_without_a_first_look_or_when_nothing_arrived(tmp_path: Path) -> None:
    assert await _arrived_rate(None, str(tmp_path), True, []) is None  # type: ignore[arg-type]
    first = asyncio.ensure_future(_far_side(None, str(tmp_path), True))  # type: ignore[arg-type]
    await asyncio.sleep(MIN_FLOW_S + 0.1)
    assert await _arrived_rate(None, str(tmp_path), True, [first]) is None  # type: ignore[arg-type]
    gone = asyncio.ensure_future(_far_side(None, str(tmp_path / "never-made"), True))  # type: ignore[arg-type]
    await asyncio.sleep(MIN_FLOW_S + 0.1)
    assert await _arrived_rate(None, str(tmp_path / "never-made"), True, [gone]) is None  # type: ignore
