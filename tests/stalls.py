"""Helpers for the tests of lost links and stalls: process trees to freeze (SIGSTOP) and thaw, a copy
started and caught while its bytes move, and what a lost copy may leave at its destination."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from app.core.events import Progress
from app.core.session import Session
from app.core.staging import PREFIX
from app.core.transfer import CopyRequest, copy


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (children of any of its threads), not `pid` itself."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for task in _listdir(f"/proc/{parent}/task"):
            try:
                children = Path(f"/proc/{parent}/task/{task}/children").read_text().split()
            except OSError:
                continue
            found += [int(c) for c in children]
            todo += [int(c) for c in children]
    return found


def _listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []


def signal_all(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


@contextmanager
def frozen(pids: list[int]) -> Iterator[list[int]]:
    """SIGSTOP these processes for the block; SIGCONT whatever of them is still there afterwards."""
    signal_all(pids, signal.SIGSTOP)
    try:
        yield pids
    finally:
        signal_all(pids, signal.SIGCONT)


async def copy_caught_moving(session: Session, request: CopyRequest, at_least: int = 1,
                             timeout: float = 60) -> asyncio.Task:
    """Start a copy and return its task once `at_least` bytes have moved (a copy that ends before that is
    a test that cannot show anything: it fails)."""
    moving = asyncio.Event()

    def emit(event) -> None:
        if isinstance(event, Progress) and at_least <= event.done < event.total:
            moving.set()

    task = asyncio.create_task(copy(session, request, emit))
    waiter = asyncio.create_task(moving.wait())
    done, _ = await asyncio.wait([task, waiter], return_when=asyncio.FIRST_COMPLETED, timeout=timeout)
    waiter.cancel()
    if task in done:
        raise AssertionError(f"the copy ended before it could be stalled: {task.exception() or task.result()}")
    assert waiter in done, "no bytes moved"
    return task


async def ended_within(task: asyncio.Task, seconds: float) -> BaseException | None:
    """The task's outcome (its exception, or None); fails the test if it is still running after `seconds`
    (a bound for a failure, never a timing)."""
    started = time.monotonic()
    try:
        await asyncio.wait_for(asyncio.shield(task), seconds)
    except TimeoutError:
        task.cancel()
        raise AssertionError(f"still running {time.monotonic() - started:.0f} s after the link went: a hang")
    except BaseException as exc:  # noqa: BLE001 - the outcome is what the test looks at
        return exc
    return None


def staging_folders(folder: Path) -> list[str]:
    return sorted(n for n in _listdir(str(folder)) if n.startswith(PREFIX))


def same_bytes(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            ca, cb = fa.read(1 << 20), fb.read(1 << 20)
            if ca != cb:
                return False
            if not ca:
                return True


def random_file(path: Path, mib: int) -> Path:
    """Incompressible bytes (a random 8 MiB block repeated: longer than any codec's window)."""
    block = os.urandom(8 << 20)
    with open(path, "wb") as f:
        for _ in range(mib // 8):
            f.write(block)
    return path
