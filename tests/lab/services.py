"""The remote's servers: a real OpenSSH sshd on <remote>:22 and an rsync daemon on <remote>:873.

Both are started through the cgroup join wrapper and `ip netns exec`, so they and every
session they fork run inside the namespace and under the remote's CPU quota. Keys, configs,
known_hosts and the client's ssh config (alias `labhost`) live in the lab's folder, as in
tests.peers.start_sshd; host-key checking stays on.
"""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

from app.core.demo.host import client_config, known_hosts_line, public_key_path, sshd_config, wait_for_port
from tests.peers import SSHD, make_keys

from .system import LabError

ALIAS = "labhost"
SSH_PORT = 22
RSYNC_PORT = 873
RSYNC_MODULE = "share"
# The lab account's password at the NAS's SMB shares (a throwaway, in Samba's own password database of the lab):
# give it to the app as $SMB_PASSWORD. A host shape's own account (not root) has it as its system password too, which
# the lab's vsftpd checks: give it as $FTP_PASSWORD.
SMB_PASSWORD = "lab smb 'secret' $1"


def wait_for(host: str, port: int, proc: subprocess.Popen, log: Path, timeout: float = 15) -> None:
    try:
        wait_for_port(port, timeout, proc, host)
    except RuntimeError as exc:
        raise LabError(f"{exc}; {log}: {log.read_text(errors='replace')[-500:]}") from None


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
    config.write_text(sshd_config(SSH_PORT, host, host_key, authorized, root / "sshd.pid", "UseDNS no\n"))
    log = root / "sshd.log"
    proc = _spawn(prefix + PLAIN_SHELL + [SSHD, "-D", "-e", "-f", str(config)], log)
    wait_for(host, SSH_PORT, proc, log)
    known = root / "known_hosts"
    known.write_text(known_hosts_line(host, SSH_PORT, public_key_path(host_key)))
    ssh_config = root / "ssh_config"
    ssh_config.write_text(client_config(ALIAS, host, SSH_PORT, user, client_key, known) + "  ConnectTimeout 10\n")
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
