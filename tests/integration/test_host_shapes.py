"""Each host shape is what it claims, seen through the real OpenSSH client (ssh, sftp, scp with the
host's own config, host keys checked): an SFTP-only chroot that runs no command, an embedded box
that has only BusyBox and no sftp-server, a dash login shell. And stopping one leaves nothing."""

from __future__ import annotations

import os
import pwd
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app.core.demo.host import free_port, public_key_path, write_key_pair
from tests import accounts, shapes
from tests.shapes import ShapeHost

pytestmark = pytest.mark.root
FIXTURES = {"sftp-only": "sftp_only_host", "dropbear": "dropbear_host", "dash": "dash_host"}
ROOT = Path(__file__).resolve().parents[2]
ABSENT_ON_THE_BOX = ("rsync", "python3", "zstd", "lz4", "bash", "socat")


def ssh(host: ShapeHost, command: str, *options: str, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(["ssh", "-F", str(host.ssh_config), "-o", "BatchMode=yes", *options, "--", host.alias,
                           command], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def sftp(host: ShapeHost, batch: str) -> subprocess.CompletedProcess:
    return subprocess.run(["sftp", "-F", str(host.ssh_config), "-o", "BatchMode=yes", "-b", "-", host.alias],
                          input=batch, capture_output=True, text=True, timeout=30)


def scp(host: ShapeHost, source: Path, target: str, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(["scp", "-F", str(host.ssh_config), "-o", "BatchMode=yes", *options, "--", str(source),
                           f"{host.alias}:{target}"], capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL)


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / f"photo {os.urandom(3).hex()}.jpg"
    path.write_bytes(os.urandom(256 * 1024 + 7))
    return path


def landed(host: ShapeHost, source: Path) -> bytes:
    return (host.local_dest / source.name).read_bytes()


# -- SFTP only, chrooted ------------------------------------------------------------------------
def test_sftp_only_account_runs_no_command(sftp_only_host: ShapeHost) -> None:
    out = ssh(sftp_only_host, "echo ran; touch /upload/ran")
    assert out.returncode != 0
    assert out.stdout == "This service allows sftp connections only.\n"  # sshd's words, not the command's
    assert not (sftp_only_host.local_dest / "ran").exists()
    assert pwd.getpwnam(sftp_only_host.user).pw_shell == "/usr/sbin/nologin"


def test_sftp_only_put_lands_in_upload_and_sees_only_the_chroot(sftp_only_host: ShapeHost, source: Path) -> None:
    assert sftp_only_host.dest == "/upload"
    out = sftp(sftp_only_host, f'pwd\nls -1 /\nput "{source}"\n')
    assert out.returncode == 0, out.stderr
    assert "Remote working directory: /upload" in out.stdout
    listing = out.stdout.split("sftp> ls -1 /\n")[1].split("sftp>")[0].split()
    assert listing == ["/upload"]  # the chroot holds nothing else: no /etc, no /bin
    assert landed(sftp_only_host, source) == source.read_bytes()
    assert (sftp_only_host.local_dest / source.name).stat().st_uid == sftp_only_host.uid


def test_sftp_only_takes_scp_over_sftp_but_not_legacy_scp(sftp_only_host: ShapeHost, source: Path) -> None:
    legacy = scp(sftp_only_host, source, "/upload/legacy.jpg", "-O")
    assert legacy.returncode != 0 and not (sftp_only_host.local_dest / "legacy.jpg").exists()
    modern = scp(sftp_only_host, source, "/upload/")
    assert modern.returncode == 0, modern.stderr
    assert landed(sftp_only_host, source) == source.read_bytes()


def test_sftp_only_processes_are_the_live_sessions(sftp_only_host: ShapeHost) -> None:
    session = subprocess.Popen(["sftp", "-F", str(sftp_only_host.ssh_config), "-o", "BatchMode=yes",
                                sftp_only_host.alias], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        until(lambda: any(f"{sftp_only_host.user}@notty" in p.args for p in sftp_only_host.processes()),
              "the session's sshd to run as the account")
    finally:
        session.communicate("bye\n", timeout=30)
    until(lambda: not sftp_only_host.processes(), "the session's processes to end")


# -- Dropbear + BusyBox -------------------------------------------------------------------------
def test_dropbear_sessions_see_only_busybox(dropbear_host: ShapeHost) -> None:
    probe = "readlink /proc/$$/exe; id -u; for t in " + " ".join(ABSENT_ON_THE_BOX) + '; do command -v "$t"; done'
    out = ssh(dropbear_host, probe + "; tar --help 2>&1 | head -n 1; nc --help 2>&1 | head -n 1")
    lines = out.stdout.splitlines()
    assert lines[:2] == ["/usr/bin/busybox", str(dropbear_host.uid)], out
    assert lines[2].startswith("BusyBox v") and lines[3].startswith("BusyBox v"), out  # no found tool between
    assert len(lines) == 4, out
    assert dropbear_host.uid != 0


def test_dropbear_has_no_sftp_but_takes_legacy_scp(dropbear_host: ShapeHost, source: Path) -> None:
    assert sftp(dropbear_host, f'put "{source}"\n').returncode != 0
    assert scp(dropbear_host, source, dropbear_host.dest + "/").returncode != 0  # scp's default speaks sftp
    assert not (dropbear_host.local_dest / source.name).exists()
    legacy = scp(dropbear_host, source, "", "-O")  # "" is the home
    assert legacy.returncode == 0, legacy.stderr
    assert landed(dropbear_host, source) == source.read_bytes()


def test_dropbear_session_knows_its_connection(dropbear_host: ShapeHost) -> None:
    out = ssh(dropbear_host, 'echo "$SSH_CONNECTION"; echo "$HOME"; pwd')
    connection, home, cwd = out.stdout.splitlines()
    assert connection.split()[2:] == ["127.0.0.1", str(dropbear_host.port)]
    assert home == cwd == dropbear_host.dest


def test_dropbear_busybox_nc_listens_with_l_p(dropbear_host: ShapeHost, source: Path) -> None:
    port = free_port()
    receiver = subprocess.Popen(["ssh", "-F", str(dropbear_host.ssh_config), "-o", "BatchMode=yes", "--",
                                 dropbear_host.alias, f"nc -l -p {port} > received.bin"], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # Its first connection is the data connection: knock until it listens, then send.
        deadline = time.monotonic() + 20
        while True:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline, "busybox nc did not listen"
                time.sleep(0.1)
        with sock:
            sock.sendall(source.read_bytes())
            sock.shutdown(socket.SHUT_WR)
        receiver.wait(20)
    finally:
        receiver.kill()
        receiver.communicate()
    assert (dropbear_host.local_dest / "received.bin").read_bytes() == source.read_bytes()


# -- dash login shell ---------------------------------------------------------------------------
def test_dash_is_the_login_shell(dash_host: ShapeHost, source: Path) -> None:
    out = ssh(dash_host, 'readlink /proc/$$/exe; id -u; echo "$HOME"')
    assert out.stdout.splitlines() == ["/usr/bin/dash", str(dash_host.uid), dash_host.dest], out
    copied = scp(dash_host, source, dash_host.dest + "/")
    assert copied.returncode == 0, copied.stderr
    assert landed(dash_host, source) == source.read_bytes()


# -- every shape --------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", shapes.SHAPES)
def test_host_key_checking_stays_on(shape: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    host: ShapeHost = request.getfixturevalue(FIXTURES[shape])
    other = tmp_path / "other_host_key"
    write_key_pair(other)
    known = tmp_path / "known_hosts"
    known.write_text(f"[127.0.0.1]:{host.port} {public_key_path(other).read_text()}")
    config = tmp_path / "ssh_config"
    config.write_text(host.ssh_config.read_text().replace(str(host.known_hosts), str(known)))
    refused = subprocess.run(["sftp", "-F", str(config), "-o", "BatchMode=yes", "-b", "-", host.alias],
                             input="pwd\n", capture_output=True, text=True, timeout=30)
    assert refused.returncode != 0 and "HOST IDENTIFICATION HAS CHANGED" in refused.stderr


LINGER = {"sftp-only": None,  # no command runs: an open sftp session is what lingers
          "dropbear": "sleep 300 </dev/null >/dev/null 2>&1 & touch /tmp/ta-left-$$",
          "dash": "sleep 300 </dev/null >/dev/null 2>&1 & touch /tmp/ta-left-$$ /var/tmp/ta-left-$$"}


@pytest.mark.parametrize("shape", shapes.SHAPES)
def test_stop_leaves_nothing(shape: str) -> None:
    reason = shapes.unavailable_reason(shape)
    if reason:
        pytest.skip(reason)
    host = shapes.start(shape)
    session = None
    try:
        if LINGER[shape]:
            assert ssh(host, LINGER[shape]).returncode == 0
            # The session may end before its background child has become `sleep` (a busy machine: CI failed so).
            until(lambda: any(p.args == "sleep 300" for p in host.processes()), "the lingering sleep")
            assert host.tmp_leftovers()
        else:
            session = subprocess.Popen(["sftp", "-F", str(host.ssh_config), host.alias], stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            until(host.processes, "the sftp session")
    finally:
        host.stop()
    if session is not None:  # sftp at its prompt notices at its next command
        errors = session.communicate("ls\n", timeout=10)[1]
        assert session.returncode != 0 and "Connection closed" in errors
    with pytest.raises(KeyError):
        pwd.getpwnam(host.user)
    assert not accounts.processes(host.uid) and not accounts.tmp_leftovers(host.uid)
    assert not host.account.base.exists()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", host.port), timeout=5).close()
    assert not mounted_anywhere(str(host.account.base))


def mounted_anywhere(path: str) -> list[str]:
    """Processes whose mount namespace still has something of `path` mounted (Dropbear's BusyBox bin)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if path in Path(f"/proc/{pid}/mountinfo").read_text():
                found.append(pid)
        except OSError:
            pass
    return found


def until(check, what: str, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_killed_runs_hosts_are_removed_by_the_next() -> None:
    reason = shapes.unavailable_reason("dropbear")
    if reason:
        pytest.skip(reason)
    code = textwrap.dedent("""
        import os, signal, subprocess
        from tests import shapes
        host = shapes.start("dropbear")
        subprocess.run(["ssh", "-F", str(host.ssh_config), host.alias, "sleep 300 </dev/null >/dev/null 2>&1 &"],
                       check=True, stdin=subprocess.DEVNULL)
        print(host.user, host.uid, host.port, host.account.base, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    crashed = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    user, uid, port, base = crashed.stdout.split()
    socket.create_connection(("127.0.0.1", int(port)), timeout=5).close()  # its server outlived it,
    assert accounts.processes(int(uid)) and Path(base).exists()  # and the session, and the account
    assert user in accounts.remove_stale()
    with pytest.raises(KeyError):
        pwd.getpwnam(user)
    assert not accounts.processes(int(uid)) and not Path(base).exists() and not mounted_anywhere(base)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", int(port)), timeout=5).close()
