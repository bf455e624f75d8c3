"""The head start (app.core.host.head_start), against a real sshd: the ssh a command starts before the app
loads is the very connection its session shares, where the session would start the same one; any other is
ended, as is one nobody takes, however the program ends; a kept argv that could ask a question is never run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.core.host import head_start
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.paths import data_dir
from tests.helpers import cli_json


def _argv(sshd, *rest: str) -> list[str]:
    return ["copy", "testhost", *rest, "--ssh-config", str(sshd.ssh_config)]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _masters(sshd) -> list[int]:
    """The ssh masters (-M) for this sshd's config that run now."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            words = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if words[:1] == [b"ssh"] and b"-M" in words and str(sshd.ssh_config).encode() in words and _alive(int(entry)):
            found.append(int(entry))
    return found


async def _shared_pid(session: Session) -> int:
    assert session._sharing is not None and await session._sharing is not None, "no shared connection"
    return session.shared.master.procs[0].pid


@pytest.fixture
async def kept(sshd) -> list[str]:
    """A session has logged in with a key: its shared connection's argv is kept for the next command."""
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
    await _shared_pid(session)
    await session.close()
    template = json.loads((data_dir() / head_start.FILE).read_text())[head_start.key("testhost", str(sshd.ssh_config))]
    assert template[0] == "ssh" and "BatchMode=yes" in template and f"ControlPath={head_start.CONTROL}" in template
    return template


async def test_the_session_shares_the_ssh_started_before_the_app_loaded(sshd, kept: list[str]) -> None:
    head_start.begin(_argv(sshd, "src", "--dest", "x", "--method", "tar-ssh"))
    started = head_start._started
    assert started is not None and started.template == kept
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
    try:
        assert await _shared_pid(session) == started.pid
        assert session.shared.master.pids() == [started.pid]  # what the cipher probe reads the CPU of
        # A tool's run goes over it: a channel, no log-in of its own.
        ssh = session.ssh()
        done = subprocess.run(["ssh", *ssh.opts(session.shared.options), "--", ssh.target, "echo over the head start"],
                              capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        assert (done.returncode, done.stdout) == (0, "over the head start\n"), done.stderr
    finally:
        await session.close()
    assert not _alive(started.pid) and not os.path.exists(started.dir)


async def test_a_head_start_the_session_would_not_start_is_ended(sshd, kept: list[str]) -> None:
    other = list(kept)
    other[other.index("-c") + 1] = "aes256-ctr"  # another cipher than the host's session picks
    head_start.remember("testhost", str(sshd.ssh_config), other)
    head_start.begin(_argv(sshd, "src"))
    started = head_start._started
    assert started is not None
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
    try:
        assert await _shared_pid(session) != started.pid
        assert not _alive(started.pid) and not os.path.exists(started.dir)
    finally:
        await session.close()
    # The session kept its own argv again for the next command.
    assert json.loads((data_dir() / head_start.FILE).read_text())[head_start.key("testhost", str(sshd.ssh_config))] == kept


@pytest.mark.parametrize("unsafe", ["BatchMode=yes", "StrictHostKeyChecking=yes"])
def test_a_kept_argv_that_could_ask_anything_is_not_run(sshd, kept: list[str], unsafe: str) -> None:
    bent = [w.replace(unsafe, unsafe.replace("yes", "no")) for w in kept]
    head_start.remember("testhost", str(sshd.ssh_config), bent)
    head_start.begin(_argv(sshd, "src"))
    assert head_start._started is None
    head_start.remember("testhost", str(sshd.ssh_config), kept)


@pytest.mark.parametrize("ending", ["fails", "killed"])
def test_a_head_start_nobody_took_ends_with_the_program(sshd, kept: list[str], tmp_path: Path, ending: str) -> None:
    """The program ends before any session (a source that is not there), or is killed before it opens one:
    the ssh it started first is ended either way (its atexit handler; the keeper)."""
    before = set(_masters(sshd))
    if ending == "fails":
        done = subprocess.run([sys.executable, "-m", "app", *_argv(sshd, str(tmp_path / "not there"), "--dest",
                                                                   str(tmp_path / "d"), "--method", "tar-ssh")],
                              capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == 1 and "not there" in done.stderr
    else:
        # Stopped while it loads: the head start has begun (its ssh runs), the app is not loaded yet.
        program = ("import os, signal, sys; from app.core.host import head_start; head_start.begin(sys.argv[1:]); "
                   "assert head_start._started is not None; print(head_start._started.dir, flush=True); "
                   "os.kill(os.getpid(), signal.SIGKILL)")
        done = subprocess.run([sys.executable, "-c", program, *_argv(sshd, "src")], capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == -signal.SIGKILL and os.path.isabs(done.stdout.strip()), done.stderr
    deadline = time.monotonic() + 10
    while set(_masters(sshd)) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(_masters(sshd)) - before == set()
    if ending == "killed":  # its folder (the control socket's) goes with the app's, which the keeper removes
        folder = Path(done.stdout.strip())
        while folder.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not folder.exists() and not folder.parent.exists()


async def test_a_session_for_a_copy_that_starts_no_openssh_shares_no_connection(sshd, kept: list[str]) -> None:
    head_start.begin(_argv(sshd, "src"))  # as a command whose copy would start OpenSSH begins it
    started = head_start._started
    assert started is not None
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), ssh_tools=False)
    try:
        assert session.shared is None and session._sharing is None
        assert not _alive(started.pid) and not os.path.exists(started.dir)
    finally:
        await session.close()


@pytest.mark.parametrize("method,masters", [("tar-nc", False), ("rsync-daemon", False), ("tar-ssh", True)])
def test_only_a_copy_that_runs_openssh_logs_in_a_shared_connection(sshd, kept: list[str], tmp_path: Path,
                                                                   method: str, masters: bool) -> None:
    """Watched from outside while `copy` runs as the program: an unencrypted method's copy logs in no ssh master
    (nothing would use it: on a weak NAS a log-in is CPU the copy needs); tar over ssh's does (the watch sees one)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "a").write_bytes(os.urandom(1 << 20))
    before, seen, stop = set(_masters(sshd)), set(), threading.Event()

    def watch() -> None:
        while not stop.is_set():
            seen.update(_masters(sshd))
            time.sleep(0.005)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        out = cli_json(*_argv(sshd, str(src), "--dest", str(tmp_path / "dest"), "--method", method),
                       "--allow-insecure")
    finally:
        stop.set()
        watcher.join()
    assert "error" not in out, out
    assert bool(seen - before) is masters
