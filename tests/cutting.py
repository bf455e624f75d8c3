"""Cutting a copy in the middle, and counting what the host's side of a run moved, shared by the resume
tests and bench/resume.py.

A cut is the worst kind: once the staging folder holds a share of the bytes, the app's tools are held
still (SIGSTOP, so not another byte moves), then the app and its tools are killed with SIGKILL: no
clean-up runs, and the host's side ends when its connection drops.

What the host's side moved is counted by the kernel, not taken from the app: every process of a
connection descends from the SSH server, and a reaped child's I/O counts go to its parent, so once a
run's connections have ended, the server's own /proc/PID/io has grown by what they all read and wrote.
(A process whose parent ended before it would go to init and out of the count, now and then: the counting tests'
sshd is the child subreaper of its connections' processes, tests.peers.start_sshd(reaps=True).)
An upload's far side writes what it receives (the server into a pipe, a tool into files), a download's
reads what it sends: the same shape of processes whether a run sends everything or the rest of a cut.
(A helper's daemon may outlive its connection's processes and escape that count: then this computer's
side is counted the same way, the app running under a shell that reads its own /proc/PID/io.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from app.core.host.staging import PREFIX
from app.core.keeper import Keeper
from tests.leftovers import BOOKKEEPING

APP = [sys.executable, "-m", "app"]


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    moved: int      # bytes the host's side wrote (an upload) or read (a download) during the run
    seconds: float


# Runs the app (its argv follows), then writes the shell's own I/O counts (the app's and its tools') to $1.
_HERE = 'f=$1; shift; "$@"; s=$?; cat /proc/$$/io > "$f"; exit $s'


def measured(args: list[str], server_pid: int | None, download: bool, io_file: Path | None = None,
             timeout: float = 600) -> Run:
    """Run `transfer-advisor ARGS`; what the host's side moved (or, with no server to count, what this
    computer's side read sending or wrote receiving, counted in `io_file`), and how long the run took."""
    before = host_io(server_pid) if server_pid else {}
    argv = [*APP, *args] if server_pid else ["sh", "-c", _HERE, "sh", str(io_file), *APP, *args]
    started = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    if server_pid:
        after, side = host_io(server_pid), "rchar" if download else "wchar"
    else:
        after, side = _counts(io_file.read_text()), "wchar" if download else "rchar"
    return Run(proc.returncode, proc.stdout, proc.stderr, after[side] - before.get(side, 0), seconds)


def _counts(text: str) -> dict[str, int]:
    return {k: int(v) for k, v in (line.split(": ") for line in text.splitlines())}


def host_io(server_pid: int, limit: float = 30) -> dict[str, int]:
    """The SSH server's I/O counts once none of its connections is left (they all were reaped)."""
    deadline = time.monotonic() + limit
    while _children(server_pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return _counts(Path(f"/proc/{server_pid}/io").read_text())


def written_before(root: Path, seconds: float = 3600) -> Path:
    """Date a test's source files (a file or a tree) back, as a user's files are: a file whose time is not
    older than its copy's start may be changing, and a copy does not carry on a cut part of it. Made by a
    fixture in the second before the copy starts, a source would otherwise look like one."""
    when = time.time() - seconds
    for path in [root, *(root.rglob("*") if root.is_dir() else [])]:
        os.utime(path, (when, when), follow_symlinks=False)
    return root


def make_album(root: Path, photos: int, each: int, notes: int = 20) -> Path:
    """A folder like a photo album: `photos` random files of `each` bytes, every other one in raw/, a few
    small notes and an empty folder."""
    (root / "raw").mkdir(parents=True)
    for i in range(photos):
        with open(root / ("raw" if i % 2 else "") / f"photo {i}.jpg", "wb") as f:
            for _ in range(each >> 20):
                f.write(os.urandom(1 << 20))
            f.write(os.urandom(each & ((1 << 20) - 1)))
    for i in range(notes):
        (root / f"note {i}.txt").write_bytes(os.urandom(2000))
    (root / "empty").mkdir()
    return written_before(root)


def size_of(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def staged_bytes(dest: Path) -> int:
    """Bytes in the staging folders at `dest` (what a copy into it has written so far)."""
    total = 0
    for stage in dest.glob(PREFIX + "*"):
        for dirpath, _dirs, files in os.walk(stage):
            for name in files:
                if name in BOOKKEEPING:
                    continue
                try:
                    total += os.lstat(os.path.join(dirpath, name)).st_size
                except OSError:
                    pass
    return total


def cut(args: list[str], dest: Path, at: int, timeout: float = 300, env: dict | None = None) -> float:
    """Start `transfer-advisor ARGS` and cut it (see the module's docstring) once the staging folder at
    `dest` holds `at` bytes; returns the seconds it ran. Fails if the copy ended before."""
    started = time.monotonic()
    app = subprocess.Popen([*APP, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    try:
        while staged_bytes(dest) < at:
            if app.poll() is not None:
                raise AssertionError(f"the copy ended before it could be cut: {app.stderr.read().decode()!r}")
            if time.monotonic() - started > timeout:
                raise AssertionError("the copy never got that far")
            time.sleep(0.002)
        # Its tools, not its keeper: killed with the app, the keeper is what ends what is left of them and
        # removes the app's folder (app.core.keeper), as after a real kill.
        tools = [pid for pid in _children(app.pid) if Keeper.NAME.encode() not in _cmdline(pid)]
        for pid in tools:
            _signal(pid, signal.SIGSTOP)
        seconds = time.monotonic() - started
        app.kill()
        app.wait()
        for pid in tools:
            _signal(pid, signal.SIGKILL)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        app.stderr.close()
    _settled(dest)
    return seconds


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                out.append(int(entry))
    return out


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _settled(dest: Path, quiet: float = 0.5, limit: float = 30) -> None:
    """Wait until nothing writes into the staging folder any more (the host's side of a cut copy ends when
    its connection drops)."""
    deadline = time.monotonic() + limit
    last, since = staged_bytes(dest), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        time.sleep(0.05)
        now = staged_bytes(dest)
        if now != last:
            last, since = now, time.monotonic()


def complete_bytes(source: Path, dest: Path) -> int:
    """Bytes of the source's files that the staging folder at `dest` holds whole (same size and time),
    found the way a person would check: so the test does not take the app's word for it."""
    total = 0
    (stage,) = dest.glob(PREFIX + "*")
    base = source.parent
    for path in [source] if source.is_file() else source.rglob("*"):
        if path.is_file() and not path.is_symlink():
            there = stage / path.relative_to(base)
            if there.is_file() and there.stat().st_size == path.stat().st_size and \
                    int(there.stat().st_mtime) == int(path.stat().st_mtime):
                total += path.stat().st_size
    return total
