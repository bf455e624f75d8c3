"""Helpers for the tests of lost links and stalls: process trees to freeze (SIGSTOP) and thaw, a copy
started and caught while its bytes move, and what a lost copy may leave at its destination."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Callable, Iterator

from app.core.errors import TransferError, link_lost
from app.core.events import Progress
from app.core.host.session import Session
from app.core.host.staging import PREFIX
from app.core.transfer.engine import CopyRequest, copy


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


def processes_named(root: int, names: tuple[str, ...]) -> list[int]:
    """The processes under `root` whose command name is one of `names`."""
    found = []
    for pid in descendants(root):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() in names:
                found.append(pid)
        except OSError:
            continue
    return found


async def _hold(find: Callable[[], list[int]], held: list[int]) -> None:
    """SIGSTOP what `find` names as soon as it exists (polled every 5 ms), and keep its pids in `held`."""
    while not held:
        pids = find()
        if pids:
            signal_all(pids, signal.SIGSTOP)
            held += pids
            return
        await asyncio.sleep(0.005)


async def copy_caught_moving(session: Session, request: CopyRequest, at_least: int = 1,
                             timeout: float = 60, hold: Callable[[], list[int]] | None = None,
                             held: list[int] | None = None) -> asyncio.Task:
    """Start a copy and return its task once `at_least` bytes have moved (a copy that ends before that is
    a test that cannot show anything: it fails). `hold` names the receiving end's processes: they are
    stopped the moment they exist (their pids go to `held`; the caller continues them), so a copy faster
    than the progress ticks still stands mid-way, its sender blocked once the buffers between are full."""
    moving = asyncio.Event()

    def emit(event) -> None:
        if isinstance(event, Progress) and at_least <= event.done < event.total:
            moving.set()

    async def caught() -> None:
        # Bytes moving, and the receiving end held where one is named (the sender may fill the pipes and ssh's
        # window before the far end's tool has even started).
        await asyncio.gather(moving.wait(), _hold(hold, held if held is not None else []) if hold else moving.wait())

    task = asyncio.create_task(copy(session, request, emit))
    waiter = asyncio.create_task(caught())
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


async def copy_while_link_dies(session: Session, request: CopyRequest,
                               link_dies: Callable[[], AbstractContextManager], at_least: int = 1,
                               bound: float = 60, hold: Callable[[], list[int]] | None = None
                               ) -> BaseException | None:
    """Start a copy; once `at_least` bytes have moved, enter `link_dies()` (a stopped host, a cut link)
    until the copy ends; how it ended. The session is closed afterwards. `hold`: see copy_caught_moving."""
    held: list[int] = []
    try:
        task = await copy_caught_moving(session, request, at_least, hold=hold, held=held)
        assert held or hold is None, "the receiving end to hold never started"
        with link_dies():
            return await ended_within(task, bound)
    finally:
        signal_all(held, signal.SIGCONT)
        await session.close()


def assert_lost_and_kept(outcome: BaseException | None, host: str, stall: float, upload: bool, dest: Path,
                         name: str) -> None:
    """What a user gets from a copy whose link died: link-lost with the watchdog's sentence, nothing under the
    file's own name, and the staging folder kept for the next run."""
    assert isinstance(outcome, TransferError) and outcome.kind == "link-lost", repr(outcome)
    wanted = link_lost(host, "copy", stall, upload=upload).sentence
    assert outcome.sentence == wanted, f"{outcome.sentence!r} is not {wanted!r}"
    assert not (dest / name).exists(), "a truncated file stands under its final name"
    assert len(staging_folders(dest)) == 1, f"the staging folder is kept for a later run: {sorted(dest.iterdir())}"


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
