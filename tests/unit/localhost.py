"""A host without ssh: commands run the way sshd runs them, by a login shell on this machine.

sshd starts each command as `SHELL -c COMMAND` in a session of its own (setsid), with pipes for its
input and output; a signal request from the client becomes killpg() of that session's process group;
closing the channel closes the pipes. `LocalHost` does the same with a chosen shell and PATH, so the
app's RemoteHelper runs unchanged against dash, BusyBox ash (with only BusyBox applets on PATH) or
bash (as `sh`) as the host's shell.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

BUSYBOX = shutil.which("busybox")
SHELLS = ("dash", "busybox", "bash")


@dataclass
class Shell:
    name: str
    sh: str    # the login shell, and what `sh` is on PATH
    path: str  # PATH on the "host"

    def env(self, **extra: str) -> dict[str, str]:
        return {"PATH": self.path, "HOME": "/", "LC_ALL": "C", **extra}


def make_shell(name: str, root: Path) -> Shell:
    """`sh` as dash, as bash (POSIX mode, as where /bin/sh is bash), or BusyBox ash with nothing but
    BusyBox applets on PATH (an embedded box)."""
    bin_dir = root / f"bin-{name}"
    bin_dir.mkdir(parents=True, exist_ok=True)
    if name == "busybox":
        if BUSYBOX is None:
            pytest.fail("busybox is missing: run `make test`, which installs busybox-static")
        for applet in _applets():
            (bin_dir / applet).symlink_to(BUSYBOX)
        return Shell(name, str(bin_dir / "sh"), str(bin_dir))
    target = shutil.which(name)
    if target is None:
        pytest.fail(f"{name} is missing: run `make test`, which installs it")
    (bin_dir / "sh").symlink_to(target)
    return Shell(name, str(bin_dir / "sh"), f"{bin_dir}:/usr/sbin:/usr/bin:/sbin:/bin")


def _applets() -> list[str]:
    import subprocess
    return subprocess.run([BUSYBOX, "--list"], capture_output=True, text=True, check=True).stdout.split()


class LocalProcess:
    """What RemoteHelper uses of asyncssh's SSHClientProcess."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self._proc = proc
        self.stdin, self.stderr = proc.stdin, proc.stderr
        self.pid = proc.pid

    @property
    def exit_status(self) -> int | None:
        code = self._proc.returncode
        return code if code is not None and code >= 0 else None

    @property
    def exit_signal(self) -> tuple | None:
        code = self._proc.returncode
        return (signal.Signals(-code).name,) if code is not None and code < 0 else None

    def send_signal(self, name: str) -> None:
        try:
            os.killpg(self._proc.pid, getattr(signal, f"SIG{name}"))  # what sshd does with a signal request
        except ProcessLookupError:
            pass

    async def wait_closed(self) -> None:
        await self._proc.wait()

    def close(self) -> None:
        if not self.stdin.is_closing():
            self.stdin.close()


class LocalConn:
    def __init__(self, shell: Shell, env: dict[str, str], cwd: str = "/") -> None:
        self.shell, self.env, self.cwd = shell, env, cwd
        self.processes: list[LocalProcess] = []

    def get_extra_info(self, name: str, default=None):
        return default  # no SSH server's banner: a shell on this computer

    def is_closed(self) -> bool:
        return False

    async def create_process(self, command: bytes, encoding=None) -> LocalProcess:
        proc = await asyncio.create_subprocess_exec(
            self.shell.sh, "-c", os.fsdecode(command), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=self.env,
            start_new_session=True, cwd=self.cwd)
        self.processes.append(LocalProcess(proc))
        return self.processes[-1]


def local_session(shell: Shell, cwd: str = "/", **env: str) -> SimpleNamespace:
    """What RemoteHelper uses of a Session: the connection, `run`, and the host's name."""
    conn = LocalConn(shell, shell.env(**env), cwd)

    async def run(command: bytes, stdin: bytes | None = None, timeout: float = 60) -> SimpleNamespace:
        proc = await asyncio.create_subprocess_exec(
            shell.sh, "-c", os.fsdecode(command), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=conn.env, start_new_session=True, cwd=cwd)
        out, err = await asyncio.wait_for(proc.communicate(stdin or b""), timeout)
        return SimpleNamespace(exit_status=proc.returncode, stdout=out, stderr=err)

    return SimpleNamespace(conn=conn, run=run, host=SimpleNamespace(label="nas"),
                           listen_address="127.0.0.1")
