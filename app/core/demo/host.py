"""The local demo host: an SSH host on 127.0.0.1 that the app starts and owns, so a newcomer
without a NAS can try the whole flow (measure, race, copy, verify).

Everything lives in one private temporary folder (0700): the host key, a client key authorised
for this host only, a known_hosts that already holds the host key (host-key checking stays on:
the key is trusted because the app made it), an ssh config with the alias `demo`, and the
destination folder `demo-nas/`. The rest of the app reaches the host through that config
(`HostSpec("demo", ssh_config)`), exactly as it reaches a NAS.

The server is the system's OpenSSH `sshd`, run as the current user (root too) with a private
config on a free port, the user's HOME set to the folder; without an sshd (or when it will not
start) an embedded asyncssh server (`demo_server`). `stop()` ends the server, every process it
started, and removes the folder; it also runs when the interpreter exits, and `start()` first
clears what a run that was killed left behind.

The pieces that make a private sshd (keys, configs, waiting for the port) are also what the
tests use for their own peers (tests/peers.py).
"""

from __future__ import annotations

import atexit
import os
import pwd
import shutil
import signal
import socket
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from app.core.errors import demo_host_not_started
from app.core.host.hosts import HostSpec
from app.core.language import Words
from app.core.runner import start_server, stop_server

if TYPE_CHECKING:
    from subprocess import Popen

    from app.core.demo.server import EmbeddedServer

ALIAS = "demo"
class DemoWords(Words):
    """The demo host's name, the server it runs, and why it fell back to the built-in one (the translator's
    context)."""


def name() -> str:
    """What every sentence, title and list calls it."""
    return DemoWords.tr("Local demo host")


DEST_NAME = "demo-nas"
FOLDER_PREFIX = "transfer-advisor-demo-"
ENV_SSHD = "TRANSFER_ADVISOR_DEMO_SSHD"  # a path to sshd, or "none" for the embedded server
SSHD_PLACES = ("/usr/sbin/sshd", "/usr/local/sbin/sshd", "/sbin/sshd")
START_TIMEOUT = 10.0
STOP_TIMEOUT = 5.0


# -- the pieces of a private sshd (shared with the tests) ---------------------------------------
def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = START_TIMEOUT, proc: Popen | None = None,
                  host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {host}:{port}")


def public_key_path(private: Path) -> Path:
    return private.with_name(private.name + ".pub")


def write_key_pair(path: Path) -> Path:
    """An ed25519 key: the private half readable by its owner only (ssh and sshd insist), and PATH.pub."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment="transfer-advisor demo")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key("openssh"))
    public = public_key_path(path)
    public.write_bytes(key.export_public_key("openssh"))
    return public


def make_keys(root: Path) -> tuple[Path, Path, Path]:
    """A host key, a client key and an authorized_keys that lets in that client key only."""
    host_key, client_key = root / "ssh_host_ed25519_key", root / "client_key"
    write_key_pair(host_key)
    client_public = write_key_pair(client_key)
    authorized = root / "authorized_keys"
    shutil.copy(client_public, authorized)
    os.chmod(authorized, 0o600)
    return host_key, client_key, authorized


def ensure_privsep_dir() -> None:
    """sshd started as root wants its privilege-separation folder, which its service normally makes."""
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)


def sshd_config(port: int, listen: str, host_key: Path, authorized: Path, pid_file: Path, extra: str = "") -> str:
    """An sshd config that needs nothing from the system's: its own key, port, keys file, no PAM."""
    return (f"Port {port}\nListenAddress {listen}\nHostKey {host_key}\nPidFile {pid_file}\n"
            f"AuthorizedKeysFile {authorized}\nStrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\n"
            "PasswordAuthentication no\nKbdInteractiveAuthentication no\nMaxStartups 100\nMaxSessions 100\n"
            "Subsystem sftp internal-sftp\nAcceptEnv LANG LC_*\nLogLevel ERROR\n" + extra)


def _quoted(path: Path) -> str:  # ssh_config's syntax, not a shell's: its own quoting
    """A path for an ssh config: double-quoted (spaces), '%' doubled (ssh expands %-tokens in these)."""
    return '"' + str(path).replace("%", "%%") + '"'


def client_config(alias: str, hostname: str, port: int, user: str, client_key: Path, known_hosts: Path) -> str:
    """An ssh config with one alias whose key and known_hosts are these files only."""
    return (f"Host {alias}\n  HostName {hostname}\n  Port {port}\n  User {user}\n"
            f"  IdentityFile {_quoted(client_key)}\n  IdentitiesOnly yes\n"
            f"  UserKnownHostsFile {_quoted(known_hosts)}\n  GlobalKnownHostsFile /dev/null\n"
            "  StrictHostKeyChecking yes\n")


def known_hosts_line(hostname: str, port: int, host_public_key: Path) -> str:
    kind, blob = host_public_key.read_text().split()[:2]
    name = hostname if port == 22 else f"[{hostname}]:{port}"
    return f"{name} {kind} {blob}\n"


def run_sshd(sshd: str, config: Path, log: Path, port: int, listen: str = "127.0.0.1") -> Popen:
    """`sshd -D -e -f CONFIG`, logging to LOG, once it listens on PORT of `listen`. A server of the
    runner's: in a session of its own (Ctrl+C in a terminal reaches the app, which stops it last)."""
    proc = start_server([sshd, "-D", "-e", "-f", str(config)], log)
    try:
        wait_for_port(port, proc=proc, host=listen)
    except RuntimeError:
        stop_server(proc, STOP_TIMEOUT)
        raise
    return proc


def find_sshd() -> str | None:
    """The sshd to run: $TRANSFER_ADVISOR_DEMO_SSHD ("none": the embedded server), else the system's."""
    chosen = os.environ.get(ENV_SSHD)
    if chosen is not None:
        chosen = chosen.strip()
        return None if chosen.lower() in ("", "none") else chosen
    found = shutil.which("sshd")
    return found or next((p for p in SSHD_PLACES if os.access(p, os.X_OK)), None)


# -- the demo host -------------------------------------------------------------------------------
@dataclass(eq=False)
class DemoHost:
    root: Path            # the private folder; removed by stop()
    port: int
    user: str
    ssh_config: Path
    dest: Path            # where copies land by default: root/demo-nas
    server: str           # "sshd" or "embedded"
    note: str = ""        # why the embedded server runs, when an sshd was there but did not start
    _proc: Popen | None = field(default=None, repr=False)
    _embedded: EmbeddedServer | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def label(self) -> str:
        return f"{name()} ({self.address})"

    @property
    def description(self) -> str:
        if self.server == "sshd":
            return DemoWords.tr("the system's sshd, logged in as {user}", user=self.user)
        return DemoWords.tr("an SSH server built into Transfer Advisor, logged in as {user}", user=self.user)

    def spec(self) -> HostSpec:
        return HostSpec(ALIAS, str(self.ssh_config), name=name())

    @property
    def server_pid(self) -> int | None:
        """The sshd's process id while it runs (None for the embedded server, which is this process)."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def stop(self) -> None:
        """End the server and every process under it, remove the folder. Safe to call twice."""
        with self._lock:
            if self._proc is not None:
                _stop_sshd(self._proc)
                self._proc = None
            if self._embedded is not None:
                self._embedded.stop()
                self._embedded = None
            shutil.rmtree(self.root, ignore_errors=True)
            _forget_profiles(self)
            if self in _RUNNING:
                _RUNNING.remove(self)

    def __enter__(self) -> "DemoHost":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


_RUNNING: list[DemoHost] = []


@atexit.register
def _stop_all() -> None:
    for host in list(_RUNNING):
        host.stop()


def start(sshd: str | None = "auto") -> DemoHost:
    """Start a demo host. `sshd`: "auto" (find_sshd), a path, or None for the embedded server."""
    remove_stale()
    path = find_sshd() if sshd == "auto" else sshd
    root = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")).resolve()  # 0700
    user = pwd.getpwuid(os.getuid()).pw_name
    proc: Popen | None = None
    embedded: EmbeddedServer | None = None
    note = ""
    try:
        host_key, client_key, authorized = make_keys(root)
        dest = root / DEST_NAME
        dest.mkdir()
        if path:
            try:
                proc, port = _start_sshd(path, root, host_key, authorized)
            except (OSError, RuntimeError) as exc:
                note = DemoWords.tr("{sshd} did not start ({reason}); using the built-in server instead", sshd=path,
                                    reason=exc)
        if proc is None:
            from app.core.demo.server import EmbeddedServer
            embedded = EmbeddedServer(root, host_key, public_key_path(client_key), user)
            port = embedded.start()
        known = root / "known_hosts"
        known.write_text(known_hosts_line("127.0.0.1", port, public_key_path(host_key)))
        config = root / "ssh_config"
        config.write_text(client_config(ALIAS, "127.0.0.1", port, user, client_key, known))
    except BaseException as exc:
        if proc is not None:
            _stop_sshd(proc)
        if embedded is not None:
            embedded.stop()
        shutil.rmtree(root, ignore_errors=True)
        if isinstance(exc, (OSError, RuntimeError, asyncssh.Error)):
            raise demo_host_not_started(exc, ENV_SSHD) from exc
        raise
    host = DemoHost(root, port, user, config, dest, "sshd" if proc else "embedded", note, proc, embedded)
    _RUNNING.append(host)
    return host


def _start_sshd(sshd: str, root: Path, host_key: Path, authorized: Path) -> tuple[Popen, int]:
    ensure_privsep_dir()
    config, log = root / "sshd_config", root / "sshd.log"
    # Sessions get the folder as HOME: `~` on the demo host is the folder, as with the embedded server.
    # No forwarding of any kind: the demo host only copies files.
    extra = (f"AllowUsers {pwd.getpwuid(os.getuid()).pw_name}\nSetEnv HOME={root}\nAllowTcpForwarding no\n"
             "AllowAgentForwarding no\nAllowStreamLocalForwarding no\nX11Forwarding no\nPermitTunnel no\n")
    for _attempt in range(3):  # another program may take the free port before sshd binds it
        port = free_port()
        config.write_text(sshd_config(port, "127.0.0.1", host_key, authorized, root / "sshd.pid", extra))
        try:
            return run_sshd(sshd, config, log, port), port
        except RuntimeError as exc:
            error = exc
    log_text = log.read_text(errors="replace").strip() if log.exists() else ""
    raise RuntimeError(log_text.splitlines()[-1] if log_text else str(error))


def descendants(pid: int) -> list[int]:
    """Every process under PID, from /proc (sshd's per-connection processes start sessions of their own)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _stop_sshd(proc: Popen) -> None:
    under = descendants(proc.pid)
    stop_server(proc, STOP_TIMEOUT)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        alive = []
        for pid in under:
            try:
                os.kill(pid, sig)
                alive.append(pid)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + STOP_TIMEOUT / 2
        while alive and time.monotonic() < deadline and any(process_exists(p) for p in alive):
            time.sleep(0.02)
        under = [p for p in alive if process_exists(p)]
        if not under:
            return


def process_exists(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _forget_profiles(host: DemoHost) -> None:
    """The link figures kept for this run's demo host: its port never comes back."""
    from app.core.profile import kept as history
    history.forget(f"{host.user}@127.0.0.1:{host.port}")


def remove_stale() -> None:
    """Folders (and sshds) of demo hosts whose app was killed before it could stop them."""
    base = Path(tempfile.gettempdir())
    for folder in base.glob(f"{FOLDER_PREFIX}*"):
        pid = folder.name[len(FOLDER_PREFIX):].split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.stat().st_uid != os.getuid() or process_exists(int(pid)):
                continue
        except OSError:
            continue
        _kill_stale_sshd(folder)
        shutil.rmtree(folder, ignore_errors=True)


def _kill_stale_sshd(folder: Path) -> None:
    try:
        pid = int((folder / "sshd.pid").read_text().split()[0])
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            mine = os.fsencode(str(folder / "sshd_config")) in f.read()
    except (OSError, ValueError, IndexError):
        return
    if mine:
        for child in [pid, *descendants(pid)]:
            try:
                os.kill(child, signal.SIGTERM)
            except ProcessLookupError:
                pass
