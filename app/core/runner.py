"""One runner for every local process the app starts.

Each process gets its own session (so a signal reaches its whole group), is
cancelled in steps (SIGINT, then SIGTERM, then SIGKILL), and is always reaped.
It also ends with the app: the kernel signals it when the app dies, even by
SIGKILL, when no cancel can run (see `_ends_with_app`).
Pipelines are joined by kernel pipes and the data never passes through the app:
progress comes from the kernel's counters of the tools themselves (/proc), so
watching a copy costs next to nothing. (An earlier version relayed the stream
with os.splice; bench/overhead.py showed that hop cost 0.3 CPU-seconds per GB.)
"""

from __future__ import annotations

import asyncio
import ctypes
import fcntl
import os
import signal
import socket
import sys
from dataclasses import dataclass, field
from typing import Callable, Sequence

STDERR_KEEP = 64 * 1024
F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)
CANCEL_STEPS = ((signal.SIGINT, 2.0), (signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0))
PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class Stage:
    """One local process of a pipeline."""

    argv: Sequence[str]
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    # What the kernel sends it when the app dies (nobody is left to cancel in steps then). SIGKILL cannot
    # be blocked: rsync blocks SIGTERM while it flushes to a peer that may never read again. A tool that
    # starts an ssh of its own (scp, sftp, rsync -e ssh) gets SIGTERM instead, on which it ends that ssh
    # too: the kernel's signal reaches only the process the app started.
    parent_gone: int = signal.SIGKILL

    @classmethod
    def starting_ssh(cls, argv: Sequence[str]) -> "Stage":
        """A tool that starts its own ssh and ends it on SIGTERM (see parent_gone)."""
        return cls(argv, parent_gone=signal.SIGTERM)

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
                proc = await _spawn(
                    stage.argv, stage.parent_gone, stdin=stdin, stdout=stdout, stderr=asyncio.subprocess.PIPE,
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


async def run(argv: Sequence[str], stdin: bytes | None = None, timeout: float | None = None) -> tuple[int, bytes, str]:
    """Run one short local command, returning (returncode, stdout, stderr)."""
    proc = await _spawn(argv, signal.SIGKILL, stdin=asyncio.subprocess.PIPE if stdin is not None else asyncio.subprocess.DEVNULL,
                        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(stdin), timeout)
    except BaseException:
        if proc.returncode is None:
            os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()
        raise
    return proc.returncode, out, err.decode(errors="replace")


async def _spawn(argv: Sequence[str], parent_gone: int, **kwargs) -> asyncio.subprocess.Process:
    """Start one process in a session of its own, tied to the app's life."""
    return await asyncio.create_subprocess_exec(*argv, start_new_session=True,
                                                preexec_fn=_ends_with_app(parent_gone), **kwargs)


def _load_prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return prctl


_PRCTL = _load_prctl()


def _ends_with_app(sig: int) -> Callable[[], None] | None:
    """What a new process runs between fork and exec so that the kernel signals it when the app dies.

    Its tools run in sessions of their own, out of reach of the terminal's hang-up and of a signal to
    the app's group, so after a SIGKILL of the app nothing else would stop them. The kernel sends the
    signal when the *thread* that forked ends: asyncio forks on the loop's thread, which outlives every
    process it waits for. If the app died before the child asked, no signal would ever come: the
    child checks it still has the parent that forked it, and ends at once if not. (Only ctypes and os
    calls run here: a forked child of a threaded program must not take Python locks.)
    """
    if _PRCTL is None:
        return None
    app = os.getpid()
    prctl = _PRCTL

    def child() -> None:
        prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)
        if os.getppid() != app:
            os._exit(1)
    return child


def big_pipe() -> tuple[int, int]:
    """A pipe with a 1 MiB buffer where the system allows it: fewer wake-ups per byte moved."""
    r, w = os.pipe()
    try:
        fcntl.fcntl(w, F_SETPIPE_SZ, 1 << 20)
    except OSError:
        pass  # above /proc/sys/fs/pipe-max-size: the default buffer works, only a little slower
    return r, w


def fd_pos(pid: int, fd: int) -> int | None:
    """The file offset of a process's open fd (how far it read or wrote a file), or None."""
    try:
        with open(f"/proc/{pid}/fdinfo/{fd}") as f:
            for line in f:
                if line.startswith("pos:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def proc_io(pid: int, field_name: str) -> int:
    """Bytes a process has read (`rchar`) or written (`wchar`) so far, from /proc."""
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key == field_name:
                    return int(value)
    except (OSError, ValueError):
        pass
    return 0


def socket_fd(sock: socket.socket) -> int:
    return sock.fileno()


async def finish(coro):
    """Run cleanup to its end even if the caller is cancelled meanwhile, then pass the cancel on.

    `asyncio.shield` alone lets the caller go on (and perhaps close the connection the
    cleanup needs) while the cleanup still runs.
    """
    task = asyncio.ensure_future(coro)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result
