"""The race: the top candidates copy the real selection for a few seconds each into a scratch
folder beside the destination, which is always removed (also on cancel and error).

A candidate's measured rate is what flowed once data was moving; one that finishes the
whole selection within its time is measured end to end.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from dataclasses import dataclass
from posixpath import join

from app.core.errors import TransferError
from app.core.events import Emit, Phase, Progress, RaceResult, RaceSample, ignore
from app.core.model import Candidate
from app.core.runner import finish
from app.core.session import Session
from app.core.transfer import CopyRequest, copy, remove_folder

SCRATCH_PREFIX = ".transfer-advisor-race-"
SETUP_ALLOWANCE = 5.0  # seconds a candidate may take to start moving data


@dataclass(frozen=True)
class Lap:
    candidate: Candidate
    MBps: float | None
    error: str = ""


def key(c: Candidate) -> str:
    o = c.options
    return f"{c.method_id} {o.cipher or 'default'} {o.compress}{' mux' if o.mux else ''}"


def label(c: Candidate) -> str:
    o = c.options
    extra = [x for x in (o.cipher and o.cipher.split("@")[0], o.compress != "none" and o.compress,
                         o.mux and "mux") if x]
    return c.label + (f" ({', '.join(extra)})" if extra else "")


async def race(session: Session, candidates: list[Candidate], sources: list[str], dest: str,
               download: bool, seconds: float = 2.5, emit: Emit = ignore,
               allow_insecure: bool = False) -> list[Lap]:
    scratch = join(dest, SCRATCH_PREFIX + secrets.token_hex(4))
    laps: list[Lap] = []
    try:
        for i, candidate in enumerate(candidates):
            emit(Phase("racing", label(candidate)))
            request = CopyRequest(sources, join(scratch, str(i)), candidate.method_id, candidate.options,
                                  allow_insecure)
            lap = await _run_lap(session, candidate, request, seconds, emit)
            laps.append(lap)
            emit(RaceResult(key(candidate), label(candidate), lap.MBps, lap.error))
    finally:
        await finish(remove_folder(session, scratch, local=download))
    return laps


async def _run_lap(session: Session, candidate: Candidate, request: CopyRequest, seconds: float,
                   emit: Emit) -> Lap:
    samples: list[tuple[float, int]] = []
    last: list[Progress] = []
    k, name = key(candidate), label(candidate)
    started = time.monotonic()

    def watch(event) -> None:
        if isinstance(event, Progress):
            last[:] = [event]
            samples.append((time.monotonic(), event.done))
            emit(RaceSample(k, name, time.monotonic() - started, event.rate / 1e6))

    task = asyncio.ensure_future(copy(session, request, watch))
    try:
        # A lap lasts `seconds` from its first byte; set-up (login, listener) does not count, within reason.
        while not task.done():
            first = next((t for t, d in samples if d > 0), None)
            end = min(started + seconds + SETUP_ALLOWANCE, first + seconds) if first else started + seconds + SETUP_ALLOWANCE
            if time.monotonic() >= end:
                break
            await asyncio.wait([task], timeout=0.1)
        if task.done():
            task.result()  # raises what the copy raised
            # Finished within the lap: the transfer's own time, without the app's scan and verify.
            end = last[0] if last else None
            return Lap(candidate, end.done / end.elapsed / 1e6 if end and end.elapsed > 0 else None)
        return Lap(candidate, _steady_rate(samples))
    except TransferError as exc:
        return Lap(candidate, None, exc.sentence)
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def _steady_rate(samples: list[tuple[float, int]]) -> float | None:
    """Bytes per second from the first sample with data to the last one, in MB/s."""
    moving = [(t, d) for t, d in samples if d > 0]
    if len(moving) < 2:
        return None
    (t0, d0), (t1, d1) = moving[0], moving[-1]
    return (d1 - d0) / (t1 - t0) / 1e6 if t1 > t0 else None


def scratch_left(path: str) -> list[str]:
    """Leftover race folders in a local folder (for tests and cleanup)."""
    try:
        return [n for n in os.listdir(path) if n.startswith(SCRATCH_PREFIX)]
    except OSError:
        return []
