"""The remote's servers: a real OpenSSH sshd on <remote>:22 and an rsync daemon on <remote>:873.

Both are started through the cgroup join wrapper and `ip netns exec`, so they and every
session they fork run inside the namespace and under the remote's CPU quota. Keys, configs,
known_hosts and the client's ssh config (alias `labhost`) live in the lab's folder, as in
tests.peers.start_sshd; host-key checking stays on.
"""

from __future__ import annotations

import os
import pwd
import socket
import subprocess
import time
from pathlib import Path

from tests.peers import SSHD, make_keys

from .system import LabError

ALIAS = "labhost"
SSH_PORT = 22
RSYNC_PORT = 873
RSYNC_MODULE = "share"


def wait_for(host: str, port: int, proc: subprocess.Popen, log: Path, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise LabError(f"server exited with {proc.returncode}: {log.read_text(errors='replace')[-500:]}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise LabError(f"nothing listens on {host}:{port}; see {log}")


def _spawn(argv: list[str], log: Path) -> subprocess.Popen:
    with open(log, "ab") as f:
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=f, stderr=f, start_new_session=True)


# bash runs ~/.bashrc for every command sshd starts (it sees SSH_CLIENT). This machine's root has
# pyenv's start-up there, 0.35 s per command, where a NAS account starts a plain shell: sshd gets a
# private mount namespace with /dev/null over ~/.bashrc, so the lab's remote commands cost what a
# NAS's do. Nothing outside that namespace sees it; `unshare` execs, so the pid stays sshd's.
PLAIN_SHELL = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
               'if [ -f "$HOME/.bashrc" ]; then mount --bind /dev/null "$HOME/.bashrc"; fi; exec "$@"', "sh"]


def start_sshd(root: Path, host: str, prefix: list[str]) -> tuple[subprocess.Popen, Path]:
    """Start sshd (argv prefixed by `prefix`: cgroup join + ip netns exec). Returns (process, ssh config)."""
    user = pwd.getpwuid(os.getuid()).pw_name
    host_key, client_key, authorized = make_keys(root)
    config = root / "sshd_config"
    config.write_text(
        f"Port {SSH_PORT}\nListenAddress {host}\nHostKey {host_key}\nPidFile {root}/sshd.pid\n"
        f"AuthorizedKeysFile {authorized}\nStrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
        "PasswordAuthentication no\nKbdInteractiveAuthentication no\nMaxStartups 100\nMaxSessions 100\n"
        "Subsystem sftp internal-sftp\nAcceptEnv LANG LC_*\nUseDNS no\nLogLevel ERROR\n")
    log = root / "sshd.log"
    proc = _spawn(prefix + PLAIN_SHELL + [SSHD, "-D", "-e", "-f", str(config)], log)
    wait_for(host, SSH_PORT, proc, log)
    known = root / "known_hosts"
    kind, key = host_key.with_suffix(".pub").read_text().split()[:2]
    known.write_text(f"{host} {kind} {key}\n")
    ssh_config = root / "ssh_config"
    ssh_config.write_text(
        f"Host {ALIAS}\n  HostName {host}\n  Port {SSH_PORT}\n  User {user}\n  IdentityFile {client_key}\n"
        f"  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n"
        "  StrictHostKeyChecking yes\n  ConnectTimeout 10\n")
    return proc, ssh_config


def start_rsyncd(root: Path, host: str, share: Path, prefix: list[str]) -> tuple[subprocess.Popen, Path]:
    """A plain rsync daemon as a NAS runs it: one writable module `share` on the destination folder."""
    conf = root / "rsyncd.conf"
    conf.write_text(
        f"port = {RSYNC_PORT}\naddress = {host}\npid file = {root}/rsyncd.pid\nuse chroot = no\n"
        f"munge symlinks = no\n[{RSYNC_MODULE}]\n  path = {share}\n  read only = false\n"
        f"  uid = {os.getuid()}\n  gid = {os.getgid()}\n")
    log = root / "rsyncd.log"
    proc = _spawn(prefix + ["rsync", "--daemon", "--no-detach", f"--config={conf}", f"--log-file={log}"], log)
    wait_for(host, RSYNC_PORT, proc, log)
    return proc, conf
