"""Real peers for tests and benchmarks: an OpenSSH sshd and an rsync daemon on 127.0.0.1.

Everything lives in one throwaway folder: host key, client key, known_hosts and an
ssh config with the alias `testhost`. Host-key checking stays on; the fixture's
own known_hosts simply already holds the server's key. The pieces (keys, configs,
starting sshd) are the app's own, from its local demo host (app/core/demo/host.py). As root,
servers that take a password log in a throwaway system account made for them
(`make_password_user`).
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from app.core.demo import host as demo
from app.core.runner import stop_server
from app.core.demo.host import (free_port, known_hosts_line, public_key_path, run_sshd, sshd_config,
                           wait_for_port)

__all__ = ["SSHD", "SshServer", "RsyncDaemon", "free_port", "wait_for_port", "keygen", "make_keys", "start_sshd",
           "start_rsyncd", "start_sshd_without"]

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
RAM = "/dev/shm"


def keygen(path: Path, kind: str = "ed25519") -> None:
    """A key of any kind OpenSSH makes (the app's own keys are ed25519 only)."""
    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(path)], check=True)


def make_keys(root: Path) -> tuple[Path, Path, Path]:
    """A host key, a client key and an authorized_keys holding the client's key, for a test sshd: the
    demo host's (app.core.demo.host), plus sshd's privilege-separation folder when run as root."""
    keys = demo.make_keys(root)
    demo.ensure_privsep_dir()
    return keys


@dataclass
class SshServer:
    root: Path
    port: int
    user: str
    host_key: Path
    client_key: Path
    known_hosts: Path
    ssh_config: Path
    proc: subprocess.Popen | None = None
    alias: str = "testhost"

    def stop(self) -> None:
        if self.proc:
            stop_server(self.proc)


# How a test sshd lets people in: the fixture's client key (its own authorized_keys file), a password
# only, or a password and the keys in the user's own ~/.ssh/authorized_keys.
_LOGIN = {
    "key": "AuthorizedKeysFile {authorized}\nPasswordAuthentication no\n",
    "password": "PasswordAuthentication yes\nPubkeyAuthentication no\nAllowUsers {user}\n",
    "password+key": "PasswordAuthentication yes\nAuthorizedKeysFile .ssh/authorized_keys\nAllowUsers {user}\n",
}


# sshd as the child subreaper of everything its connections start (prctl PR_SET_CHILD_SUBREAPER, which an exec
# keeps): a process whose parent ended before it comes to sshd, which reaps it, instead of to init.
_REAPING = """import ctypes, os, sys
if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:
    sys.exit("prctl(PR_SET_CHILD_SUBREAPER) failed: " + os.strerror(ctypes.get_errno()))
os.execv({sshd!r}, [{sshd!r}, *sys.argv[1:]])
"""


def _reaping_sshd(root: Path) -> str:
    launcher = root / "sshd-reaping"
    launcher.write_text(f"#!{sys.executable}\n" + _REAPING.format(sshd=SSHD))
    launcher.chmod(0o755)
    return str(launcher)


def start_sshd(root: Path, listen: str = "127.0.0.1", extra_config: str = "", login: str = "key",
               user: str | None = None, alias: str = "testhost", log_level: str | None = None,
               port: int | None = None, hostname: str = "127.0.0.1", reaps: bool = False) -> SshServer:
    """Start `sshd -D` on a free port (or `port`) with its own keys, and write a matching client config that
    reaches it as `hostname` (a name that resolves to `listen`). `log_level`: INFO logs every login (sshd.log),
    where the app's demo config logs only errors. `reaps`: sshd reaps every process its connections start, even
    one whose parent ended first, so its own /proc/PID/io counts all they read and wrote (tests/cutting.py)."""
    root.mkdir(parents=True, exist_ok=True)
    os.chmod(root, 0o755)
    user = user or pwd.getpwuid(os.getuid()).pw_name
    host_key, client_key, authorized = make_keys(root)
    port = port or free_port(listen)
    config = root / "sshd_config"
    login_lines = _LOGIN[login].format(authorized=authorized, user=user)
    # The app's demo config says how keys log in; these tests' servers say it themselves.
    text = sshd_config(port, listen, host_key, authorized, root / "sshd.pid", extra_config)
    text = text.replace(f"AuthorizedKeysFile {authorized}\n", "").replace("PasswordAuthentication no\n", "")
    # sshd takes the first value it reads for a keyword: a log level of the test's own goes first.
    config.write_text((f"LogLevel {log_level}\n" if log_level else "") + login_lines + text)
    proc = run_sshd(_reaping_sshd(root) if reaps else SSHD, config, root / "sshd.log", port, listen)
    known = root / "known_hosts"
    known.write_text(known_hosts_line(hostname, port, public_key_path(host_key)))
    ssh_config = root / "ssh_config"
    identity = f"  IdentityFile {client_key}\n" if login == "key" else ""
    ssh_config.write_text(
        f"Host {alias}\n  HostName {hostname}\n  Port {port}\n  User {user}\n{identity}"
        f"  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n"
        "  StrictHostKeyChecking yes\n")
    return SshServer(root, port, user, host_key, client_key, known, ssh_config, proc, alias)


@dataclass
class PasswordUser:
    """A throwaway system account with a password, for sshd servers that take passwords."""

    name: str
    password: str
    home: Path

    def remove(self) -> None:
        subprocess.run(["userdel", "--force", self.name], capture_output=True)
        shutil.rmtree(self.home.parent, ignore_errors=True)


def make_password_user() -> PasswordUser:
    """`useradd` an account whose home any test can reach (pytest's own folders are 0700), and give it a
    password through `chpasswd`'s stdin. Needs root. The password has a space, quotes and a dollar sign, so
    nothing on the way may split or expand it."""
    base = Path(tempfile.mkdtemp(prefix="ta-pw-", dir=RAM if os.access(RAM, os.W_OK) else None))
    os.chmod(base, 0o755)
    name = f"ta-pw-{secrets.token_hex(4)}"
    home = base / "home"
    subprocess.run(["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/sh", name],
                   check=True, capture_output=True)
    password = f"Pa ss'\"$w-{secrets.token_urlsafe(9)}"
    subprocess.run(["chpasswd"], input=f"{name}:{password}\n", text=True, check=True, capture_output=True)
    return PasswordUser(name, password, home)


@dataclass
class RsyncDaemon:
    root: Path
    port: int
    module: str
    path: Path
    proc: subprocess.Popen | None = None

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)


def start_rsyncd(root: Path, module: str = "share") -> RsyncDaemon:
    """A plain rsync daemon a user might already run on their NAS: one writable module."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / module
    path.mkdir(exist_ok=True)
    port = free_port()
    uid = os.getuid()
    conf = root / "rsyncd.conf"
    conf.write_text(
        f"port = {port}\naddress = 127.0.0.1\npid file = {root}/rsyncd.pid\nuse chroot = no\nmunge symlinks = no\n"
        f"[{module}]\n  path = {path}\n  read only = false\n  uid = {uid}\n  gid = {os.getgid()}\n")
    with open(root / "rsyncd.log", "ab") as log:
        proc = subprocess.Popen(["rsync", "--daemon", "--no-detach", f"--config={conf}",
                                 f"--log-file={root}/rsyncd.log"], stdout=log, stderr=log, stdin=subprocess.DEVNULL)
    wait_for_port(port, proc=proc)
    return RsyncDaemon(root, port, module, path, proc)


def start_sshd_without(root: Path, missing: set[str]) -> SshServer:
    """An sshd whose sessions see every system tool except `missing`: a PATH of symlinks, and a
    HOME without the user's shell start-up files (which could add to PATH)."""
    bin_dir, home = root / "bin", root / "home"
    bin_dir.mkdir(parents=True)
    home.mkdir()
    for folder in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        if not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            target = os.path.join(folder, name)
            if name not in missing and not (bin_dir / name).exists() and os.access(target, os.X_OK):
                (bin_dir / name).symlink_to(target)
    return start_sshd(root / "sshd", extra_config=f"SetEnv PATH={bin_dir} HOME={home}\n")


@dataclass
class SshfsMount:
    """A folder of a test sshd mounted here with sshfs, under a name of its own (`alias`, in `ssh_config`): a
    test's session to that name claims the mount, other tests' sessions to the same sshd ("testhost", the
    same address) never do (app.core.host.services matches a mount's server by name or address)."""

    folder: Path
    point: Path
    alias: str
    ssh_config: Path

    def unmount(self) -> None:
        subprocess.run(["fusermount", "-u", "-z", str(self.point)], capture_output=True, timeout=30)


def mount_with_sshfs(server: SshServer, folder: Path, point: Path) -> SshfsMount:
    """Mount `folder` of `server` at `point`; raises RuntimeError with sshfs's words when it cannot."""
    alias = f"nas-{secrets.token_hex(4)}"
    config = server.root / f"ssh_config_{alias}"
    config.write_text(server.ssh_config.read_text().replace(f"Host {server.alias}\n", f"Host {alias}\n", 1))
    proc = subprocess.run(["sshfs", "-F", str(config), f"{alias}:{folder}", str(point)],
                          capture_output=True, text=True, timeout=30)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"sshfs exited with {proc.returncode}")
    return SshfsMount(folder, point, alias, config)


def mount_or_skip(server: SshServer, folder: Path, point: Path) -> SshfsMount:
    """mount_with_sshfs, or the test skipped where FUSE cannot mount (a container without /dev/fuse access)."""
    import pytest
    try:
        return mount_with_sshfs(server, folder, point)
    except RuntimeError as exc:
        if "fuse" in str(exc).lower():
            pytest.skip(f"FUSE cannot mount here: {exc}")
        raise
