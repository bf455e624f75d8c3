"""Real peers for tests and benchmarks: an OpenSSH sshd and an rsync daemon on 127.0.0.1.

Everything lives in one throwaway folder: host key, client key, known_hosts and an
ssh config with the alias `testhost`. Host-key checking stays on; the fixture's
own known_hosts simply already holds the server's key.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 10.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


def keygen(path: Path, kind: str = "ed25519") -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(path)], check=True)


def make_keys(root: Path) -> tuple[Path, Path, Path]:
    """A host key, a client key and an authorized_keys holding the client's key, for a test sshd."""
    host_key, client_key = root / "ssh_host_ed25519_key", root / "client_key"
    keygen(host_key)
    keygen(client_key)
    authorized = root / "authorized_keys"
    shutil.copy(client_key.with_suffix(".pub"), authorized)
    os.chmod(authorized, 0o600)
    Path("/run/sshd").mkdir(exist_ok=True)  # privilege separation dir, when run as root
    return host_key, client_key, authorized


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
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def start_sshd(root: Path, listen: str = "127.0.0.1", extra_config: str = "") -> SshServer:
    """Start `sshd -D` on a free port with its own keys, and write a matching client config."""
    root.mkdir(parents=True, exist_ok=True)
    os.chmod(root, 0o755)
    user = pwd.getpwuid(os.getuid()).pw_name
    host_key, client_key, authorized = make_keys(root)
    port = free_port()
    config = root / "sshd_config"
    config.write_text(
        f"Port {port}\nListenAddress {listen}\nHostKey {host_key}\nPidFile {root}/sshd.pid\n"
        f"AuthorizedKeysFile {authorized}\nStrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
        "PasswordAuthentication no\nKbdInteractiveAuthentication no\nMaxStartups 100\nMaxSessions 100\n"
        "Subsystem sftp internal-sftp\nAcceptEnv LANG LC_*\nLogLevel ERROR\n" + extra_config)
    with open(root / "sshd.log", "ab") as log:
        proc = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stdout=log, stderr=log,
                                stdin=subprocess.DEVNULL)
    wait_for_port(port, proc=proc)
    known = root / "known_hosts"
    pub = host_key.with_suffix(".pub").read_text().split()
    known.write_text(f"[127.0.0.1]:{port} {pub[0]} {pub[1]}\n")
    ssh_config = root / "ssh_config"
    ssh_config.write_text(
        f"Host testhost\n  HostName 127.0.0.1\n  Port {port}\n  User {user}\n  IdentityFile {client_key}\n"
        f"  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n"
        "  StrictHostKeyChecking yes\n")
    return SshServer(root, port, user, host_key, client_key, known, ssh_config, proc)


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
