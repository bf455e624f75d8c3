"""Real peers for tests and benchmarks: an OpenSSH sshd and an rsync daemon on 127.0.0.1.

Everything lives in one throwaway folder: host key, client key, known_hosts and an
ssh config with the alias `testhost`. Host-key checking stays on; the fixture's
own known_hosts simply already holds the server's key. The pieces (keys, configs,
starting sshd) are the app's own, from its local demo host (app/core/demo.py).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from app.core import demo
from app.core.demo import (client_config, free_port, known_hosts_line, public_key_path, run_sshd, sshd_config,
                           wait_for_port)

__all__ = ["SSHD", "SshServer", "RsyncDaemon", "free_port", "wait_for_port", "keygen", "make_keys", "start_sshd",
           "start_rsyncd", "start_sshd_without"]

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def keygen(path: Path, kind: str = "ed25519") -> None:
    """A key of any kind OpenSSH makes (the app's own keys are ed25519 only)."""
    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(path)], check=True)


def make_keys(root: Path) -> tuple[Path, Path, Path]:
    """A host key, a client key and an authorized_keys holding the client's key, for a test sshd: the
    demo host's (app.core.demo), plus sshd's privilege-separation folder when run as root."""
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
            demo.stop_process(self.proc)


def start_sshd(root: Path, listen: str = "127.0.0.1", extra_config: str = "") -> SshServer:
    """Start `sshd -D` on a free port with its own keys, and write a matching client config."""
    root.mkdir(parents=True, exist_ok=True)
    os.chmod(root, 0o755)
    user = pwd.getpwuid(os.getuid()).pw_name
    host_key, client_key, authorized = make_keys(root)
    port = free_port()
    config = root / "sshd_config"
    config.write_text(sshd_config(port, listen, host_key, authorized, root / "sshd.pid", extra_config))
    proc = run_sshd(SSHD, config, root / "sshd.log", port)
    known = root / "known_hosts"
    known.write_text(known_hosts_line("127.0.0.1", port, public_key_path(host_key)))
    ssh_config = root / "ssh_config"
    ssh_config.write_text(client_config("testhost", "127.0.0.1", port, user, client_key, known))
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
