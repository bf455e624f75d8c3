"""The other shapes a home NAS has, started for real, each logged in as a throwaway non-root
account (tests/accounts.py) with the host's own client key. Needs root.

  sftp-only  a second OpenSSH sshd whose `Match User` block says `ForceCommand internal-sftp` and
             `ChrootDirectory`: no shell, no command, no forwarding; copies go to /upload (the
             account's home inside the chroot), which is <base>/chroot/upload on this machine.
  dropbear   Dropbear in a private mount namespace where BusyBox is all of /usr/bin (ash is /bin/sh,
             BusyBox tar, `nc -l -p`), plus OpenSSH's scp as the legacy sink `scp -O` needs; /usr/local/bin
             and /usr/lib/openssh are empty, so there is no rsync, python3, zstd, lz4 or sftp-server.
             The account's shell is /bin/sh; Dropbear reads its ~/.ssh/authorized_keys.
  dash       an OpenSSH sshd; the account's login shell is dash.

`start()` puts the server on a free port of 127.0.0.1, or, for the network lab (tests/lab), on the
remote's address behind the lab's prefix (cgroup join + `ip netns exec`) with the lab's destination
folder. Host-key checking stays on: the host's own known_hosts holds its server key, as in
tests.peers.start_sshd. Keys and configs are the demo host's pieces (app/core/demo/host.py).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core.demo.host import (client_config, descendants, free_port, known_hosts_line, public_key_path, sshd_config,
                           wait_for_port, write_key_pair)
from app.core.runner import stop_server
from tests.accounts import Account, Process, make_account, processes, remove_account, tmp_leftovers
from tests.peers import SSHD, make_keys

SHAPES = ("sftp-only", "dropbear", "dash")
DROPBEAR, DROPBEARKEY = "/usr/sbin/dropbear", "/usr/bin/dropbearkey"
BUSYBOX = "/usr/bin/busybox"
OPENSSH_SCP = "/usr/bin/scp"
NOLOGIN = "/usr/sbin/nologin"
# kind (in the account's name), login shell, home as its sessions see it (None: a folder of its own)
ACCOUNTS = {"sftp-only": ("sftp", NOLOGIN, "/upload"), "dropbear": ("dbear", "/bin/sh", None),
            "dash": ("dash", "/bin/dash", None)}
TOOLS = {"useradd": "passwd", "userdel": "passwd", "unshare": "util-linux", "mount": "mount", "scp": "openssh-client"}
SHAPE_TOOLS = {"sftp-only": {SSHD: "openssh-server"}, "dash": {SSHD: "openssh-server", "dash": "dash"},
               "dropbear": {DROPBEAR: "dropbear-bin", DROPBEARKEY: "dropbear-bin", BUSYBOX: "busybox-static"}}
NO_FORWARDING = ("AllowTcpForwarding no\nAllowAgentForwarding no\nAllowStreamLocalForwarding no\n"
                 "X11Forwarding no\nPermitTunnel no\nPermitTTY no\n")


@dataclass
class ShapeHost:
    shape: str
    account: Account
    alias: str
    listen: str
    port: int
    ssh_config: Path
    known_hosts: Path
    dest: str          # the destination folder as the app names it on the host
    local_dest: Path   # the same folder on this machine
    proc: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def user(self) -> str:
        return self.account.name

    @property
    def uid(self) -> int:
        return self.account.uid

    def processes(self, settle: float = 0.0) -> list[Process]:
        """The account's processes; with `settle`, those still there once the ones already ending have gone,
        waited for up to that many seconds (a session's sshd child can still be exiting as the app's own process
        ends: CI once saw one, its command line already empty)."""
        deadline = time.monotonic() + settle
        found = processes(self.uid)
        while found and time.monotonic() < deadline:
            time.sleep(0.05)
            found = processes(self.uid)
        return found

    def tmp_leftovers(self) -> list[Path]:
        return tmp_leftovers(self.uid)

    def stop(self) -> None:
        """End the server and all under it, every process of the account, the account and its folders."""
        if self.proc is not None:
            _end(self.proc)
            self.proc = None
        problems = remove_account(self.account.name)
        if problems:
            raise RuntimeError(f"{self.shape} host not removed completely: " + "; ".join(problems))


@dataclass
class _Plan:
    """What a shape's server needs: its argv for a port (writing its config), the folders its sessions
    see in other places (bind mounts in the server's private mount namespace), its keys, the destination."""
    server: Callable[[int], list[str]]
    host_public: Path
    client_key: Path
    dest: str
    local_dest: Path
    binds: list[tuple[Path, str]] = field(default_factory=list)


def unavailable_reason(shape: str) -> str | None:
    """Why this machine cannot start the shape, in one line; None when it can."""
    if os.geteuid() != 0:
        return f"the {shape} host needs root (a throwaway account made with useradd, a chroot, mount namespaces)"
    need = {**TOOLS, **SHAPE_TOOLS[shape]}
    missing = sorted({pkg for tool, pkg in need.items() if not (shutil.which(tool) or os.access(tool, os.X_OK))})
    return f"the {shape} host needs {', '.join(missing)} (make test-deps installs them)" if missing else None


def start(shape: str, *, listen: str = "127.0.0.1", port: int | None = None, prefix: Sequence[str] = (),
          alias: str | None = None, dest: Path | None = None, owner: str | None = None) -> ShapeHost:
    """Start a host of this shape. `port` None: a free one. `prefix` runs the server elsewhere (the lab's
    cgroup and namespace). `dest`: an existing folder to receive copies (given to the account), instead
    of the account's own. `owner`: who removes the account (accounts.make_account)."""
    kind, shell, home = ACCOUNTS[shape]
    account = make_account(kind, shell, home, owner)
    proc = None
    try:
        if dest is not None:
            os.chown(dest, account.uid, account.gid)
        plan = PLANS[shape](account, listen, dest)
        server = account.base / "server"
        proc, port = _spawn(list(prefix), plan, listen, port, server / "server.log")
        known = server / "known_hosts"
        known.write_text(known_hosts_line(listen, port, plan.host_public))
        config = server / "ssh_config"
        config.write_text(client_config(alias or shape, listen, port, account.name, plan.client_key, known)
                          + "  ConnectTimeout 10\n")
    except BaseException:
        if proc is not None:
            _end(proc)
        remove_account(account.name)
        raise
    return ShapeHost(shape, account, alias or shape, listen, port, config, known, plan.dest, plan.local_dest, proc)


# -- starting and ending a server --------------------------------------------------------------
# Binds each folder over its place, then execs the server (`unshare` and `sh` exec too: the pid is the
# server's). /usr/bin goes last: after it `mount` is BusyBox's.
MOUNT_SCRIPT = 'while [ "$1" != -- ]; do mount --bind "$1" "$2" || exit 125; shift 2; done; shift; exec "$@"'


def _in_private_mounts(binds: list[tuple[Path, str]], argv: list[str]) -> list[str]:
    if not binds:
        return argv
    pairs = [word for here, there in binds for word in (str(here), there)]
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", MOUNT_SCRIPT, "sh", *pairs, "--", *argv]


def _spawn(prefix: list[str], plan: _Plan, listen: str, port: int | None, log: Path) -> tuple[subprocess.Popen, int]:
    error = None
    for _attempt in range(3 if port is None else 1):  # another program may take a free port first
        chosen = port or free_port(listen)
        with open(log, "ab") as out:
            proc = subprocess.Popen(prefix + _in_private_mounts(plan.binds, plan.server(chosen)), stdout=out,
                                    stderr=out, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_for_port(chosen, proc=proc, host=listen)
            return proc, chosen
        except RuntimeError as exc:
            _end(proc)
            error = exc
    raise RuntimeError(f"{error}; {log}: {log.read_text(errors='replace')[-500:]}")


def _end(proc: subprocess.Popen) -> None:
    """The server, then what it forked (connections still run as root when the server has gone)."""
    under = descendants(proc.pid)
    stop_server(proc)
    for pid in under:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


# -- the shapes ----------------------------------------------------------------------------------
def _openssh(account: Account, listen: str, extra: str) -> tuple[Path, Path, Callable[[int], list[str]]]:
    """Keys and an sshd for the account. Its authorized_keys is the host's own file, which sshd reads as
    the account: world-readable in root's 0755 folders."""
    server = account.folder("server")
    host_key, client_key, authorized = make_keys(server)
    os.chmod(authorized, 0o644)

    def argv(port: int) -> list[str]:
        config = server / "sshd_config"
        config.write_text(sshd_config(port, listen, host_key, authorized, server / "sshd.pid",
                                      f"AllowUsers {account.name}\n" + extra))
        return [SSHD, "-D", "-e", "-f", str(config)]
    return public_key_path(host_key), client_key, argv


def _sftp_only(account: Account, listen: str, dest: Path | None) -> _Plan:
    chroot = account.folder("chroot")
    upload = chroot / "upload"
    upload.mkdir(mode=0o755)
    os.chown(upload, account.uid, account.gid)
    match = (f"Match User {account.name}\n  ForceCommand internal-sftp\n  ChrootDirectory {chroot}\n"
             + "".join(f"  {line}\n" for line in NO_FORWARDING.splitlines()))
    public, client_key, argv = _openssh(account, listen, match)
    binds = [(dest, str(upload))] if dest is not None else []
    return _Plan(argv, public, client_key, "/upload", dest or upload, binds)


def _dash(account: Account, listen: str, dest: Path | None) -> _Plan:
    public, client_key, argv = _openssh(account, listen, "")
    place = dest or account.base / "home"
    return _Plan(argv, public, client_key, str(place), place)


def _dropbear(account: Account, listen: str, dest: Path | None) -> _Plan:
    server = account.folder("server")
    host_key = server / "dropbear_ed25519_host_key"
    subprocess.run([DROPBEARKEY, "-t", "ed25519", "-f", str(host_key)], check=True, capture_output=True)
    shown = subprocess.run([DROPBEARKEY, "-y", "-f", str(host_key)], check=True, capture_output=True, text=True)
    public = public_key_path(host_key)
    public.write_text(next(line for line in shown.stdout.splitlines() if line.startswith("ssh-")) + "\n")
    client_key = server / "client_key"
    _authorize(account, write_key_pair(client_key))
    empty = account.folder("empty")
    binds = [(empty, "/usr/local/bin"), (empty, "/usr/lib/openssh"), (_busybox_bin(account), "/usr/bin")]

    def argv(port: int) -> list[str]:
        return [DROPBEAR, "-F", "-E", "-s", "-p", f"{listen}:{port}", "-r", str(host_key),
                "-P", str(server / "dropbear.pid")]
    place = dest or account.base / "home"
    return _Plan(argv, public, client_key, str(place), place, binds)


def _authorize(account: Account, client_public: Path) -> None:
    """~/.ssh/authorized_keys as Dropbear insists: the account's own, 0700 folder, 0600 file."""
    ssh = account.base / "home" / ".ssh"
    ssh.mkdir(mode=0o700)
    keys = ssh / "authorized_keys"
    shutil.copy(client_public, keys)
    os.chmod(keys, 0o600)
    for path in (ssh, keys):
        os.chown(path, account.uid, account.gid)


def _busybox_bin(account: Account) -> Path:
    """A /usr/bin of BusyBox: the binary, one symlink per applet, and OpenSSH's scp (the legacy sink)."""
    folder = account.folder("bin")
    shutil.copy2(BUSYBOX, folder / "busybox")
    applets = subprocess.run([BUSYBOX, "--list"], check=True, capture_output=True, text=True).stdout.split()
    for name in applets:
        if name != "busybox":
            (folder / name).symlink_to("busybox")
    shutil.copy2(OPENSSH_SCP, folder / "scp")
    return folder


PLANS: dict[str, Callable[[Account, str, Path | None], _Plan]] = {
    "sftp-only": _sftp_only, "dropbear": _dropbear, "dash": _dash}
