"""Running one plan of a copy: the remote helper, the data socket and the local pipeline, progress four
times a second, the watchdog that stops a copy whose data stops moving, and a failed plan worded.

side_by_side runs several at once (a file cut short goes on beside the rest of the copy). The copy's
flow around these runs (look, stage, place, verify) is app.core.transfer.engine.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import time
from typing import Awaitable, Callable, TypeVar

from app.core.errors import Cancelled, TransferError, explain_exit, link_lost, remote_side_failed, tool_reported
from app.core.events import Emit, Progress
from app.core.host.link_loss import is_link_lost
from app.core.host.remote_helper import RemoteHelper
from app.core.host.session import Session
from app.core.runner import Pipeline
from app.core.tasks import finish
from app.core.selection.entries import Selection
from app.core.transfer.methods.base import Plan
from app.core.transfer.progress import Counter, ProgressMode, RateWindow, RsyncProgress
from app.core.transfer.watchdog import Watch, Watchdog, pulse, wake

TICK = 0.25            # progress events four times a second
T = TypeVar("T")


async def execute(session: Session, plan: Plan, selection: Selection, download: bool, emit: Emit,
                  notes: list[str] | None = None, watch: Watch = Watch()) -> None:
    """Run one plan: remote helper, data socket, local pipeline, progress; raise a worded error on failure.
    A copy whose data stops moving for `watch.limit` seconds, or whose control connection ends, is
    stopped and raised as link-lost (app.core.transfer.watchdog). Something the helper left running on the host
    that could not be stopped goes into `notes` (or, when the copy failed, into its error's sentence)."""
    helper: RemoteHelper | None = None
    sock: socket.socket | None = None
    fds: list[int] = []
    pipeline: Pipeline | None = None
    sampler: asyncio.Task | None = None
    started = time.monotonic()
    failed: TransferError | None = None
    try:
        if plan.listener:
            helper = RemoteHelper(session, plan.listener)
            port = await helper.start()
            if plan.connect:
                sock = await helper.connect(session.listen_address, port)
        source, sink = _ends(plan, sock, fds)
        rsync = RsyncProgress()
        reported: list[str] = []
        fails_on = re.compile(plan.fails_on) if plan.fails_on else None
        pipeline = Pipeline(plan.stages, source=source, sink=sink,
                            stdout_pipe=plan.progress is ProgressMode.RSYNC, login_env=session.login_env,
                            on_stdout_line=(lambda line: fails_on.search(line) and reported.append(line))
                            if fails_on else None)
        await pipeline.start()
        for fd in fds:
            os.close(fd)
        fds.clear()
        check = _stall_check(session, pipeline, selection.bytes, download, watch)
        sampler = asyncio.create_task(_sample(plan, pipeline, rsync, selection, emit, check))
        results = await _watched(pipeline.wait(), sampler)
        if sock is not None:  # upload: tell the listener we are done; download: it waits for our close
            sock.shutdown(socket.SHUT_WR if plan.connect == "upload" else socket.SHUT_RDWR)
        remote_status = await _watched(helper.finish(), sampler) if helper else None
        sampler.cancel()
        if reported:  # (what the tool said of its files words a failure better than its exit status)
            raise tool_reported(plan.stages[-1].tool, reported, session.host.label)
        _raise_for(results, remote_status, session.host.label)
        elapsed = time.monotonic() - started
        emit(Progress(selection.bytes, selection.bytes, selection.bytes / elapsed if elapsed else 0.0, elapsed))
    except asyncio.CancelledError:
        if pipeline is not None:
            await finish(pipeline.cancel())
        failed = Cancelled()
        raise failed from None
    except BaseException as exc:
        lost = is_link_lost(exc, session)
        if pipeline is not None:
            if lost:
                wake(pipeline.pids())
            await finish(pipeline.cancel())
        if lost:  # a host that no longer answers is dropped here, so stopping its helper below is quick
            await finish(session.link_alive())
        failed = exc if isinstance(exc, TransferError) else None
        raise
    finally:
        if sampler is not None:
            sampler.cancel()
        if pipeline is not None:
            pipeline.close_stdout()
        for fd in fds:
            os.close(fd)
        if sock is not None:
            sock.close()
        if helper is not None:
            _note_left(await finish(helper.stop()), notes, failed)


def _ends(plan: Plan, sock: socket.socket | None, fds: list[int]) -> tuple[int | None, int | None]:
    """The pipeline's stdin and stdout: the data socket, a local file, or the plan's own input through a
    pipe; descriptors opened here go into `fds`, for the caller to close once the tools hold them."""
    source = sink = None
    if sock is not None:
        if plan.connect == "upload":
            sink = sock.fileno()
        else:
            source = sock.fileno()
    if plan.read_file:
        source = os.open(plan.read_file, os.O_RDONLY)
        fds.append(source)
    if plan.write_file:
        sink = os.open(plan.write_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        fds.append(sink)
    if plan.stdin_data is not None:
        r, w = os.pipe()
        fds.append(r)
        asyncio.get_running_loop().run_in_executor(None, _write_all, w, plan.stdin_data)
        source = r
    return source, sink


def _stall_check(session: Session, pipeline: Pipeline, total: int, download: bool,
                 watch: Watch) -> Callable[[int], None]:
    """What the sampler calls at each tick with the bytes done: raises link-lost once the control
    connection has ended, or once the copy has shown no life for the watchdog's allowance."""
    dog = Watchdog(watch.limit, total, time.monotonic())
    host = session.host.label

    def check(done: int) -> None:
        if session.lost:
            raise link_lost(host, watch.doing, upload=not download,
                            details=session.lost_because or "the control connection had closed")
        running = [p.pid for p in pipeline.procs if p.returncode is None]
        if dog.tick(time.monotonic(), done, pulse(running)):
            raise link_lost(host, watch.doing, dog.allowance(done), upload=not download)
    return check


async def _watched(step: Awaitable[T], sampler: asyncio.Task) -> T:
    """Await one step of the copy while the sampler watches its progress: when the sampler ends first,
    with the watchdog's link-lost, the step is abandoned and that error raised."""
    task = asyncio.ensure_future(step)
    try:
        await asyncio.wait({task, sampler}, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            return task.result()
        sampler.result()
        raise RuntimeError("the progress sampler ended without a reason")
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def _note_left(left: str | None, notes: list[str] | None, failed: TransferError | None) -> None:
    """Say what the helper left running on the host: beside a copy that worked, or after the error's own
    sentence when it failed."""
    if not left:
        return
    if failed is not None:
        failed.sentence = f"{failed.sentence} {left}"
        failed.args = (failed.sentence,)
    elif notes is not None:
        notes.append(left)


def _write_all(fd: int, data: bytes) -> None:
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
    except OSError:
        pass  # the reader went away; its own exit status tells why
    finally:
        os.close(fd)


async def _sample(plan: Plan, pipeline: Pipeline, rsync: RsyncProgress, selection: Selection, emit: Emit,
                  check: Callable[[int], None] | None = None) -> None:
    """Progress four times a second; `check` (the watchdog) sees each figure and may end the copy."""
    start = time.monotonic()
    window = RateWindow()
    total = selection.bytes
    stage, counter = plan.watch
    counted = Counter(pipeline.pids()[stage], counter)
    tar_total = selection.tar_stream_bytes()
    while True:
        await asyncio.sleep(TICK)
        if plan.progress is ProgressMode.RSYNC:
            rsync.feed_bytes(pipeline.read_stdout())
            done = max(rsync.done, counted.read())
        else:
            raw = counted.read()
            done = int(raw * total / tar_total) if plan.counts_tar_stream and tar_total else raw
        done = min(done, total)
        now = time.monotonic()
        emit(Progress(done, total, window.add(done, now), now - start))
        if check is not None:
            check(done)


def _raise_for(results: list, remote_status: tuple[int, str] | None, host: str) -> None:
    failed = [r for r in results if r.returncode != 0]
    if remote_status is not None and remote_status[0] != 0:
        code, err = remote_status
        text = err + "\n" + "\n".join(r.stderr for r in failed)
        raise remote_side_failed(text, host, code)
    if not failed:
        return
    # The stage that failed for a reason (not just a broken pipe from its neighbour) explains it best.
    combined = "\n".join(r.stderr for r in failed if r.stderr.strip())
    first = failed[-1] if any(r.tool == "ssh" for r in failed) else failed[0]
    for r in failed:
        if r.tool == "ssh" and r.stderr.strip():
            first = r
    error = explain_exit(first.tool, first.returncode, combined, host)
    raise error


async def side_by_side(coros: list) -> None:
    """Run side by side; the first failure (or a cancel) stops the others once they have cleaned up."""
    if not coros:  # nothing left to send: all of it was staged already
        return
    if len(coros) == 1:
        await coros[0]
        return
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    finally:
        for task in tasks:
            task.cancel()
        await finish(asyncio.gather(*tasks, return_exceptions=True))
    failed = [t.exception() for t in done if not t.cancelled() and t.exception()]
    if failed:
        raise failed[0]
