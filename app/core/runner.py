"""One runner for every local process the app starts. (Over 400 lines: pipelines, short commands, servers and
the keeper that ends them all with the app share one set of rules, kept in one place.)

Each process gets its own session (so a signal reaches its whole group), is
cancelled in steps (SIGINT, then SIGTERM, then SIGKILL), and is always reaped.
It also ends with the app, even when the app is killed and no cancel can run:
see `Keeper`. Short commands have a time limit, past which they are ended and the
error names the tool: `run` (async), `run_sync` (a worker thread, start-up). A local
server that lives as long as something of the app needs it (the demo host's sshd)
is `start_server` and `stop_server`.
Pipelines are joined by kernel pipes and the data never passes through the app:
progress comes from the kernel's counters of the tools themselves (/proc), so
watching a copy costs next to nothing. (An earlier version relayed the stream
with os.splice; bench/overhead.py showed that hop cost 0.3 CPU-seconds per GB.)
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import os
import signal
import subprocess
from dataclasses import dataclass, field
from typing import Callable, Sequence

from app.core.keeper import KEEPER
from app.core.tasks import deadline

STDERR_KEEP = 64 * 1024
F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)
CANCEL_STEPS = ((signal.SIGINT, 2.0), (signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0))
READER_GRACE = 1.0  # after a cancel, how long the output of the stopped processes may still take to end
SERVER_GRACE = 5.0  # seconds a server has to end on SIGTERM before SIGKILL


@dataclass(frozen=True)
class Stage:
    """One local process of a pipeline."""

    argv: Sequence[str]
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None

    @property
    def tool(self) -> str:
        return os.path.basename(self.argv[0])


@dataclass
class StageResult:
    tool: str
    returncode: int
    stderr: str


class Pipeline:
    """Local processes joined stdout→stdin by kernel pipes.

    `source` (a file, a socket) is the first stage's stdin and `sink` the last stage's
    stdout; the data never passes through the app. Progress is read from the kernel's
    own counters (/proc/PID/io, /proc/PID/fdinfo) instead.
    """

    def __init__(self, stages: Sequence[Stage], *, source: int | None = None, sink: int | None = None,
                 on_stdout_line: Callable[[str], None] | None = None, stdout_pipe: bool = False,
                 login_env: Callable[[], dict[str, str]] | None = None) -> None:
        self.stages = list(stages)
        # Called once per stage: a password login gives each process its own one-time askpass token.
        self.login_env = login_env
        self.source, self.sink = source, sink
        self.on_stdout_line = on_stdout_line
        self.stdout_pipe = stdout_pipe
        self.stdout_fd: int | None = None  # with stdout_pipe: the last stage's output, non-blocking, ours to read
        self.procs: list[asyncio.subprocess.Process] = []
        self._stderr: list[bytearray] = []
        self._readers: list[asyncio.Task] = []

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs]

    async def start(self) -> None:
        """Start every stage, each in its own session."""
        last = len(self.stages) - 1
        ours: list[int] = []  # pipe ends the parent must close once the children hold them

        def pipe() -> tuple[int, int]:
            r, w = big_pipe()
            ours.extend((r, w))
            return r, w

        stdin: int = self.source if self.source is not None else asyncio.subprocess.DEVNULL
        try:
            for i, stage in enumerate(self.stages):
                next_stdin: int = asyncio.subprocess.DEVNULL
                if i < last:
                    next_stdin, stdout = pipe()
                elif self.sink is not None:
                    stdout = self.sink
                elif self.stdout_pipe:
                    # Read when the caller likes (a progress tick), not at every write: a chatty tool
                    # (rsync prints a line per file) would otherwise wake the event loop thousands of times.
                    self.stdout_fd, stdout = pipe()
                    ours.remove(self.stdout_fd)
                    os.set_blocking(self.stdout_fd, False)
                elif self.on_stdout_line is not None:
                    stdout = asyncio.subprocess.PIPE
                else:
                    stdout = asyncio.subprocess.DEVNULL
                proc = await spawn(
                    stage.argv, stdin=stdin, stdout=stdout, stderr=asyncio.subprocess.PIPE,
                    env={**os.environ, "LC_ALL": "C", **(self.login_env() if self.login_env else {}), **stage.env},
                    cwd=stage.cwd)
                self.procs.append(proc)
                buf = bytearray()
                self._stderr.append(buf)
                self._readers.append(asyncio.create_task(_drain(proc.stderr, buf)))
                if stdout == asyncio.subprocess.PIPE:
                    self._readers.append(asyncio.create_task(_lines(proc.stdout, self.on_stdout_line)))
                for fd in (stdin, stdout):
                    if fd in ours:
                        os.close(fd)
                        ours.remove(fd)
                stdin = next_stdin
        except BaseException:
            for fd in ours:
                os.close(fd)
            await self.cancel()
            raise

    def read_stdout(self) -> bytes:
        """What the last stage wrote since the last call (stdout_pipe mode); never blocks."""
        if self.stdout_fd is None:
            return b""
        chunks = []
        while True:
            try:
                chunk = os.read(self.stdout_fd, 1 << 20)
            except BlockingIOError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)

    def close_stdout(self) -> None:
        if self.stdout_fd is not None:
            os.close(self.stdout_fd)
            self.stdout_fd = None

    async def wait(self) -> list[StageResult]:
        codes = [await p.wait() for p in self.procs]
        if self._readers:
            await asyncio.gather(*self._readers, return_exceptions=True)
        return [StageResult(s.tool, c, self._stderr[i].decode(errors="replace"))
                for i, (s, c) in enumerate(zip(self.stages, codes))]

    async def cancel(self) -> None:
        """Stop every process group in steps and reap them."""
        for sig, grace in CANCEL_STEPS:
            alive = [p for p in self.procs if p.returncode is None]
            if not alive:
                break
            for p in alive:
                try:
                    os.killpg(p.pid, sig)
                except ProcessLookupError:
                    pass
            try:
                await asyncio.wait_for(asyncio.gather(*(p.wait() for p in alive)), grace)
            except TimeoutError:
                continue
        # Let the readers see their pipes end: asyncio closes a process's transport only once its exit
        # and the end of each of its pipes have been handled. A reader still waiting after that (the
        # pipe is held by something outside the group) is cancelled.
        pending = [t for t in self._readers if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=READER_GRACE)
        for task in self._readers:
            task.cancel()


async def _drain(stream: asyncio.StreamReader | None, buf: bytearray) -> None:
    if stream is None:
        return
    while chunk := await stream.read(65536):
        buf += chunk
        if len(buf) > STDERR_KEEP:
            del buf[: len(buf) - STDERR_KEEP]


async def _lines(stream: asyncio.StreamReader | None, callback: Callable[[str], None]) -> None:
    """Deliver output lines, treating `\\r` as a line end (progress meters redraw with it)."""
    if stream is None:
        return
    pending = b""
    while chunk := await stream.read(65536):
        pending += chunk
        parts = pending.replace(b"\r", b"\n").split(b"\n")
        pending = parts.pop()
        for part in parts:
            if part:
                callback(part.decode(errors="replace"))
    if pending:
        callback(pending.decode(errors="replace"))


async def _ended(*streams: asyncio.StreamReader | None) -> None:
    """Read what is left of a stopped process's output, so asyncio sees its pipes end and closes its
    transport; not past READER_GRACE (something outside its group may hold a pipe)."""
    async def rest(stream: asyncio.StreamReader) -> None:
        with contextlib.suppress(Exception):
            while await stream.read(65536):
                pass
    readers = [asyncio.ensure_future(rest(s)) for s in streams if s is not None]
    if readers:
        await asyncio.wait(readers, timeout=READER_GRACE)
        for task in readers:
            task.cancel()


async def run(argv: Sequence[str], stdin: bytes | None = None, timeout: float | None = None,
              env: dict[str, str] | None = None, cwd: str | None = None) -> tuple[int, bytes, str]:
    """Run one short local command, returning (returncode, stdout, stderr); `env` is added to the app's
    environment (a password a tool takes there), `cwd` is where it runs.

    Past `timeout` its group is killed and reaped, and a TransferError says which tool did not finish."""
    proc = await spawn(argv, env={**os.environ, **env} if env else None, cwd=cwd,
                       stdin=asyncio.subprocess.PIPE if stdin is not None else asyncio.subprocess.DEVNULL,
                       stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        async with deadline(timeout):
            out, err = await proc.communicate(stdin)
    except BaseException as exc:
        if proc.returncode is None:
            _kill_group(proc.pid)
            await proc.wait()
        await _ended(proc.stdout, proc.stderr)
        if isinstance(exc, asyncio.TimeoutError):
            from app.core.errors import tool_timed_out  # (here: the errors load asyncssh, start_server)
            raise tool_timed_out(_tool(argv), timeout or 0) from None
        raise
    return proc.returncode, out, err.decode(errors="replace")


def run_sync(argv: Sequence[str], *, timeout: float, stdin: bytes | None = None) -> tuple[int, str, str]:
    """`run` for synchronous code (start-up, a worker thread): (returncode, stdout, stderr) as text.

    The same rules: a session of its own, the keeper's mark, and past `timeout` its group is killed and
    reaped and a TransferError says which tool did not finish. A tool that is not installed raises
    FileNotFoundError, as with `run`."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **KEEPER.mark()},
                            start_new_session=True)
    try:
        out, err = proc.communicate(stdin, timeout)
    except BaseException as exc:
        _kill_group(proc.pid)
        proc.wait()
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()  # not read to its end: something the tool started may still hold it
        if isinstance(exc, subprocess.TimeoutExpired):
            from app.core.errors import tool_timed_out
            raise tool_timed_out(_tool(argv), timeout) from None
        raise
    return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def start_server(argv: Sequence[str], log: str | os.PathLike[str],
                 env: dict[str, str] | None = None) -> subprocess.Popen:
    """Start a local process that runs until `stop_server` (the demo host's sshd, the head start's ssh): a
    session of its own, stdin /dev/null, its output appended to LOG, `env` added to the app's environment.
    It carries the keeper's mark, so it ends with the app even when the app is killed before it can stop
    it. (This module loads without the app: app.program's head start uses it before the app loads.)"""
    with open(log, "ab") as out:
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                env={**os.environ, **(env or {}), **KEEPER.mark()}, start_new_session=True)


def stop_server(proc: subprocess.Popen, grace: float = SERVER_GRACE) -> None:
    """SIGTERM to the server's group, then SIGKILL if it is still there after `grace` seconds; reaped
    either way. Safe to call twice."""
    if proc.poll() is not None:
        return
    _signal_server(proc, signal.SIGTERM)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        _signal_server(proc, signal.SIGKILL)
        proc.wait()


def _signal_server(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        proc.send_signal(sig)  # it leads no group (a test started it without a session): it alone


def _tool(argv: Sequence[str]) -> str:
    return os.path.basename(argv[0]) if argv else "?"


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass


def _kill_group(pid: int) -> None:
    _signal_group(pid, signal.SIGKILL)


# Every process spawn() started that may still run, with the loop that watches it: end_all() ends and reaps a
# loop's before it closes (the demo host runs a loop of its own in a thread).
_STARTED: dict[asyncio.subprocess.Process, asyncio.AbstractEventLoop] = {}


async def spawn(argv: Sequence[str], env: dict[str, str] | None = None, **kwargs) -> asyncio.subprocess.Process:
    """Start one process in a session of its own, marked as the app's for the keeper; `env` replaces
    the app's environment (the mark is added to it)."""
    mark = KEEPER.mark()
    starting = asyncio.ensure_future(asyncio.create_subprocess_exec(
        *argv, env={**(os.environ if env is None else env), **mark}, start_new_session=True, **kwargs))
    starting.add_done_callback(functools.partial(_remember, asyncio.get_running_loop()))
    try:
        return await asyncio.shield(starting)
    except asyncio.CancelledError:
        # Cancelled while asyncio was starting it: asyncio would close the new transport, whose poll() can reap
        # a quick tool (ssh -O check) before asyncio's own watcher does, and the watcher then prints "Unknown
        # child process pid …" in the user's terminal. The start finishes, and the process is ended and reaped
        # here instead.
        with contextlib.suppress(Exception):
            await asyncio.shield(_end_started(starting))
        raise


async def _end_started(starting: asyncio.Future) -> None:
    proc = await starting
    _kill_group(proc.pid)
    await proc.wait()


def _remember(loop: asyncio.AbstractEventLoop, starting: asyncio.Future) -> None:
    if starting.cancelled() or starting.exception() is not None:
        return
    for ended in [p for p in _STARTED if p.returncode is not None]:
        _STARTED.pop(ended, None)
    _STARTED[starting.result()] = loop


async def end_all(within: float = 5.0) -> None:
    """End and reap every process the app started that still runs, for at most `within` seconds: what a
    command or the window does last, before its loop closes. A process left running then would be reaped by
    asyncio's watcher after the loop had closed, and the watcher prints "Loop … that handles pid … is closed"
    in the user's terminal (seen once in CI: a copy refused at once, its shared connection still starting)."""
    loop = asyncio.get_running_loop()
    alive = [p for p, its in list(_STARTED.items()) if its is loop and p.returncode is None]
    for proc in [p for p, its in list(_STARTED.items()) if its is loop]:
        _STARTED.pop(proc, None)
    for proc in alive:
        _kill_group(proc.pid)
    if alive:
        await asyncio.wait([asyncio.ensure_future(p.wait()) for p in alive], timeout=within)


async def end_the_rest(keep: asyncio.Task | None = None, within: float = 5.0) -> None:
    """What asyncio.run would cancel on its way out (a shared connection still logging in, a service check): every
    other task of the loop but `keep` and this one cancelled and let end as a cancel does (its tools killed and
    reaped) for at most `within` seconds; then every tool still running ended and reaped (end_all). The last step
    of a command and of the window, so nothing either started outlives it or is reaped after its loop closed."""
    others = [t for t in asyncio.all_tasks() if t not in (keep, asyncio.current_task()) and not t.done()]
    for other in others:
        other.cancel()
    if others:
        await asyncio.wait(others, timeout=within)
    await end_all(within)


def big_pipe() -> tuple[int, int]:
    """A pipe with a 1 MiB buffer where the system allows it: fewer wake-ups per byte moved."""
    r, w = os.pipe()
    try:
        fcntl.fcntl(w, F_SETPIPE_SZ, 1 << 20)
    except OSError:
        pass  # above /proc/sys/fs/pipe-max-size: the default buffer works, only a little slower
    return r, w
