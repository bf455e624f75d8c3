"""The argv lists and remote commands of every method, run for real on hostile names.

The remote command string is taken from the plan unchanged and run by a local `sh -c`,
which is what the remote sshd does with it; the "remote" folders are local temp folders.
Where a tool talks to ssh itself (scp, sftp, rsync), ssh is replaced by a program that
does what sshd would do on the far side: start sftp-server, or run the command in `sh -c`.
Each test checks the copy byte for byte and that no part of a name was executed.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from app.core.host.askpass import openssh_version
from app.core.host.capabilities import Capabilities
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from tests.unit.hostile import DEST, NAMES, assert_copied, assert_no_traps, make_file, make_sources, run_stages

SSH = Ssh("nas")
SFTP_SERVERS = ("/usr/lib/openssh/sftp-server", "/usr/libexec/openssh/sftp-server", "/usr/lib/ssh/sftp-server",
                "/usr/libexec/sftp-server")
SFTP_SERVER = next((p for p in SFTP_SERVERS if os.access(p, os.X_OK)), None)
needs_sftp_server = pytest.mark.skipif(SFTP_SERVER is None, reason="OpenSSH's sftp-server is not installed")


@pytest.fixture
def box(tmp_path: Path) -> Path:
    """The working directory every process runs in: where `$(touch PWNED)` would land."""
    (tmp_path / "cwd").mkdir()
    yield tmp_path
    assert_no_traps(tmp_path)


def _folders(box: Path, dest_name: str = DEST) -> tuple[Path, Path]:
    dest = box / "to" / dest_name
    dest.mkdir(parents=True)
    return box / "from", dest


def _split_ssh(argv: list[str]) -> str:
    """The remote command of an `ssh ... -- nas REMOTE` stage (and proof that is what it is)."""
    assert argv[:1] == ["ssh"] and argv[-3:-1] == ["--", "nas"], argv
    return argv[-1]


@pytest.mark.parametrize("compress", ["none", "zstd"])
def test_tar_ssh_upload(box, compress):
    src, dest = _folders(box)
    sources = make_sources(src)
    plan = METHODS["tar-ssh"].build(Job(SSH, tuple(sources), str(dest), Options(compress=compress)))
    *local, last = [list(s.argv) for s in plan.stages]
    run_stages([*local, ["sh", "-c", _split_ssh(last)]], box / "cwd")
    assert_copied(sources, str(dest))


@pytest.mark.parametrize("compress", ["none", "zstd"])
def test_tar_ssh_download(box, compress):
    src, dest = _folders(box)
    sources = make_sources(src)
    plan = METHODS["tar-ssh"].build(Job(SSH, tuple(sources), str(dest), Options(compress=compress, download=True)))
    first, *local = [list(s.argv) for s in plan.stages]
    run_stages([["sh", "-c", _split_ssh(first)], *local], box / "cwd")
    assert_copied(sources, str(dest))


@pytest.mark.parametrize("compress", ["none", "zstd"])
def test_ssh_cat_both_ways(box, compress):
    src, dest = _folders(box)
    back = box / "back"
    back.mkdir()
    for name in NAMES:
        source = make_file(src, name)
        plan = METHODS["ssh-cat"].build(Job(SSH, (source,), str(dest), Options(compress=compress)))
        *local, last = [list(s.argv) for s in plan.stages]
        with open(plan.read_file, "rb") as f:
            run_stages([*local, ["sh", "-c", _split_ssh(last)]], box / "cwd", stdin=f)

        plan = METHODS["ssh-cat"].build(Job(SSH, (str(dest / name),), str(back),
                                            Options(compress=compress, download=True)))
        first, *local = [list(s.argv) for s in plan.stages]
        with open(plan.write_file, "wb") as f:
            run_stages([["sh", "-c", _split_ssh(first)], *local], box / "cwd", stdout=f)
    for name in NAMES:
        assert (back / name).read_bytes() == (dest / name).read_bytes() == (src / name).read_bytes()
    assert sorted(os.listdir(back)) == sorted(NAMES)


# tar over netcat's listener runs against BusyBox, dash and bash hosts in tests/unit/test_tar_nc_hosts.py.

def _wait_ready(proc: subprocess.Popen, ready: str) -> int:
    seen = b""
    while line := proc.stderr.readline():
        seen += line
        match = re.search(ready, line.decode(errors="replace"))
        if match:
            return int(match["port"])
    raise AssertionError(f"the helper exited before it was ready: {seen!r}")


def _stop(proc: subprocess.Popen) -> None:
    """End a helper the way the app does: its whole process group."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(30)
        if proc.stderr is not None and not proc.stderr.closed:
            proc.stderr.read()  # EOF once every process of the group (each holds the pipe) has exited
    finally:
        for f in (proc.stdin, proc.stderr):
            if f is not None:
                f.close()


# --- rsync daemon: its listener script run locally, then the real client argv -------------------

@pytest.mark.parametrize("download", [False, True])
def test_rsync_daemon_listener_and_client(box, download):
    # rsyncd.conf is line-based: a newline or a trailing backslash in the module folder must not matter.
    src, dest = _folders(box, DEST + "\nsecond line\\")
    if download:
        src = box / "from" / "remote\nroot\\"
    sources = make_sources(src)
    helper_tmp = box / "helper-tmp"
    helper_tmp.mkdir()
    port = _free_port()
    job = Job(SSH, tuple(sources), str(dest), Options(download=download), listen_address="127.0.0.1",
              port=port, secret="one-time secret", client_address="127.0.0.1")
    plan = METHODS["rsync-daemon"].build(job)
    listener = subprocess.Popen(["sh", "-c", plan.listener.command], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=box / "cwd",
                                env={**os.environ, "TMPDIR": str(helper_tmp)}, start_new_session=True)
    try:
        listener.stdin.write(plan.listener.stdin)
        listener.stdin.close()
        assert _wait_ready(listener, plan.listener.ready) == port
        # Ready means listening: the client connects at once and never races the daemon's bind.
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
        (stage,) = plan.stages
        run_stages([stage.argv], box / "cwd", env=stage.env)
    finally:
        _stop(listener)
    assert_copied(sources, str(dest))
    assert os.listdir(helper_tmp) == []  # its config and secret are gone


@pytest.mark.parametrize("password, allowed, refusal", [
    ("wrong", "127.0.0.1", "auth failed"),    # a wrong secret from the address let in
    ("right", "127.0.0.2", "access denied"),  # the right secret from another address
], ids=["wrong-secret", "other-address"])
def test_rsync_daemon_turns_away(box, password, allowed, refusal):
    """Only the one-time secret, and only from this computer's address as the host sees it (hosts allow)."""
    src, dest = _folders(box)
    sources = make_sources(src, ["a"])
    plan = METHODS["rsync-daemon"].build(Job(SSH, tuple(sources), str(dest), Options(), listen_address="127.0.0.1",
                                             port=_free_port(), secret="right", client_address=allowed))
    listener = subprocess.Popen(["sh", "-c", plan.listener.command], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=box / "cwd",
                                start_new_session=True)
    try:
        listener.stdin.write(plan.listener.stdin)
        listener.stdin.close()
        _wait_ready(listener, plan.listener.ready)
        (stage,) = plan.stages
        out = subprocess.run(stage.argv, env={**os.environ, "RSYNC_PASSWORD": password}, capture_output=True,
                             text=True, timeout=30)
    finally:
        _stop(listener)
    assert out.returncode != 0 and refusal in out.stderr
    assert os.listdir(dest) == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- scp, sftp and rsync over a stand-in for ssh ------------------------------------------------

def _program(path: Path, text: str) -> str:
    path.write_text("#!/bin/sh\n" + text + "\n")
    path.chmod(0o755)
    return str(path)


@needs_sftp_server
@pytest.mark.skipif((openssh_version() or (0, 0)) < (8, 7), reason="this scp has no SFTP mode (OpenSSH 8.7)")
@pytest.mark.parametrize("download", [False, True])
def test_scp_sftp_mode(box, download):
    """SFTP mode (the old protocol's hostile names: tests/unit/test_scp.py)."""
    src, dest = _folders(box)
    sources = make_sources(src)
    plan = METHODS["scp"].build(Job(SSH, tuple(sources), str(dest), Options(download=download),
                                    local=Capabilities(openssh=openssh_version()), remote=Capabilities()))
    (argv,) = [list(s.argv) for s in plan.stages]
    assert argv[:5] == ["scp", "-s", "-r", "-p", "-q"]
    fake_ssh = _program(box / "fake-ssh", f"exec {SFTP_SERVER}")  # what sshd runs for the sftp subsystem
    run_stages([argv[:1] + ["-S", fake_ssh] + argv[1:]], box / "cwd")
    assert_copied(sources, str(dest))


@needs_sftp_server
@pytest.mark.parametrize("download", [False, True])
def test_sftp(box, download):
    src, dest = _folders(box)
    # A top-level line break is refused by unavailable(); inside a folder `-r` copies it fine.
    sources = make_sources(src, [n for n in NAMES if "\n" not in n])
    (Path(sources[0]) / "new\nline").write_bytes(b"nested\n")
    plan = METHODS["sftp"].build(Job(SSH, tuple(sources), str(dest), Options(download=download)))
    (argv,) = [list(s.argv) for s in plan.stages]
    assert argv == ["sftp", "-q", "-b", "-", "--", "nas"]
    # The batch lines are what is under test; -D talks to a local sftp-server instead of ssh.
    run_stages([["sftp", "-q", "-b", "-", "-D", SFTP_SERVER]], box / "cwd", stdin=plan.stdin_data)
    assert_copied(sources, str(dest))


@pytest.mark.parametrize("download", [False, True])
def test_rsync_ssh(box, download):
    src, dest = _folders(box)
    sources = make_sources(src)
    (src / "star-decoy x").mkdir()  # what `star*?[x]` would also match if rsync globbed it
    plan = METHODS["rsync-ssh"].build(Job(SSH, tuple(sources), str(dest), Options(download=download)))
    (argv,) = [list(s.argv) for s in plan.stages]
    e = argv.index("-e")
    assert argv[e + 1] == "ssh"
    # ssh joins its arguments into one command for the remote shell; so does this stand-in.
    argv[e + 1] = _program(box / "fake-ssh", 'shift; exec sh -c "$*"')
    run_stages([argv], box / "cwd")
    assert_copied(sources, str(dest))
