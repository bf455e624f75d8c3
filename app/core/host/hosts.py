"""Hosts: what the user typed, what OpenSSH makes of it, and the control connection.

OpenSSH resolves the host (`ssh -G`), so the control connection (asyncssh) and
every OpenSSH binary the app starts agree on host name, port, user, identity
files and known_hosts. asyncssh's own config reader is switched off: it ignores
options it does not know, which would make the two disagree.
"""

from __future__ import annotations

import asyncio
import inspect
import math
import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable
from urllib.parse import quote

import asyncssh

from app.core import quoting
from app.core.errors import (ErrorKind, TransferError, connect_timeout_not_seconds, explain_connect, host_key_changed,
                             host_unknown, no_host_key, no_known_hosts_file, not_a_host, port_out_of_range,
                             ssh_config_missing, ssh_config_unreadable, ssh_missing, trust_declined)
from app.core.language import Words
from app.core.runner import run_sync

CONNECT_TIMEOUT = 15.0  # seconds for a host to answer and finish the SSH handshake
SSH_G_TIMEOUT = 10.0    # seconds for `ssh -G` and `ssh-keygen -F`, which only read files
# Keepalives on every connection (the control connection and each OpenSSH tool): a host that answers
# none of 3 asked 15 s apart is gone, so its connection ends within about a minute instead of hanging
# on a dead link for good. Not shorter: a Wi-Fi roam or a busy NAS can be silent for several seconds and
# TCP recovers from that. A stalled copy is stopped sooner by the progress watchdog (app.core.transfer.watchdog);
# these cover the quiet moments (a remote command running, the time between two race laps). A host
# whose ssh config sets ServerAliveInterval keeps its own values.
KEEPALIVE = (15, 3)  # (ServerAliveInterval seconds, ServerAliveCountMax)
ENV_CONNECT_TIMEOUT = "TRANSFER_ADVISOR_CONNECT_TIMEOUT"
_SPEC = re.compile(r"^(?:(?P<user>[^@\s]+)@)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^:@\s\[\]]+)(?::(?P<port>\d+))?$")


class HostWords(Words):
    """A host's address as sentences name it, the password prompt, and what was done about a changed host key
    (the translator's context)."""


def connect_timeout() -> float:
    """How long to wait for a host, in seconds: $TRANSFER_ADVISOR_CONNECT_TIMEOUT, else 15."""
    value = os.environ.get(ENV_CONNECT_TIMEOUT, "").strip()
    if not value:
        return CONNECT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise connect_timeout_not_seconds(ENV_CONNECT_TIMEOUT, value)
    return seconds


@dataclass(frozen=True)
class HostSpec:
    """`alias` or `[user@]host[:port]`, with an optional ssh config file (like `ssh -F`).

    `name`, when the app gives one, is what sentences call the host instead of `text`
    ("Local demo host" for the demo host's alias `demo`)."""

    text: str
    ssh_config: str | None = None
    name: str | None = None

    def parts(self) -> tuple[str | None, str, int | None]:
        match = _SPEC.match(self.text.strip())
        # A part starting with '-' would be read as an option by ssh or rsync.
        if not match or match["host"].startswith("-") or (match["user"] or "").startswith("-"):
            raise not_a_host(self.text)
        host = match["host"].strip("[]")
        port = int(match["port"]) if match["port"] else None
        if port is not None and not 0 < port < 65536:
            raise port_out_of_range(port)
        return match["user"], host, port


@dataclass(frozen=True)
class Host:
    """A host as OpenSSH resolves it."""

    spec: HostSpec
    alias: str
    hostname: str
    port: int
    user: str
    identity_files: tuple[str, ...]
    known_hosts_files: tuple[str, ...]
    identities_only: bool
    host_key_alias: str | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False)
    keepalive: tuple[int, int] = KEEPALIVE  # (interval s, unanswered ones before giving up)

    @property
    def label(self) -> str:
        return self.spec.name or self.spec.text

    @property
    def where(self) -> str:
        """The label, plus the address it resolved to when the label hides it (an alias)."""
        _user, host, port = self.spec.parts()
        if host == self.hostname and (port is not None or self.port == 22):
            return self.label
        return HostWords.tr("{label} ({hostname} port {port})", label=self.label, hostname=self.hostname,
                            port=self.port)

    def trust_command(self) -> str:
        """The command that trusts this host, with the options the user gave."""
        words = ["transfer-advisor", "trust", self.spec.text]
        if self.spec.ssh_config:
            words += ["--ssh-config", self.spec.ssh_config]
        return quoting.join(words)

    def sftp_url(self, path: str) -> str:
        """Where a file manager (GNOME's GVfs, KDE's KIO) or another SFTP client fetches `path` (absolute, as the
        host's SFTP server names it) from: an alias of the user's own ssh config by that name (their ssh resolves
        it as ours did, a jump host included), else the user, address and port the app connected to."""
        _user, host, port = self.spec.parts()
        by_alias = self.spec.ssh_config is None and host == self.alias and host != self.hostname and port is None
        where = self.alias if by_alias else (f"{quote(self.user, safe='')}@"
                                             + (f"[{self.hostname}]" if ":" in self.hostname else self.hostname)
                                             + f":{self.port}")
        return f"sftp://{where}{quote(path, safe='/')}"

    @property
    def known_hosts_name(self) -> str:
        """The name OpenSSH looks up in known_hosts (`[host]:port` off port 22)."""
        name = self.host_key_alias or self.hostname
        return name if self.port == 22 else f"[{name}]:{self.port}"

    def ssh_options(self, password_login: bool = False) -> list[str]:
        """Options every OpenSSH binary gets, so it resolves the host exactly as we did.

        With `password_login` ssh may ask once for the password, which the app answers through
        SSH_ASKPASS (app.core.host.askpass); it still never asks about, or accepts, a host key."""
        opts: list[str] = []
        if self.spec.ssh_config:
            opts += ["-F", self.spec.ssh_config]
        user, _host, port = self.spec.parts()
        if user:
            opts += ["-o", f"User={user}"]
        if port:
            opts += ["-o", f"Port={port}"]
        if password_login:
            opts += ["-o", "BatchMode=no", "-o", "NumberOfPasswordPrompts=1"]
        else:
            opts += ["-o", "BatchMode=yes"]
        # The control connection already verified the host key; never prompt, never accept a new one.
        opts += ["-o", "StrictHostKeyChecking=yes"]
        interval, count = self.keepalive
        opts += ["-o", f"ServerAliveInterval={interval}", "-o", f"ServerAliveCountMax={count}"]
        return opts

    @property
    def prompt_name(self) -> str:
        """The host as OpenSSH names it in its password prompt (`user@NAME's password:`)."""
        return self.host_key_alias or self.hostname

    def display_options(self) -> list[str]:
        """The options a person would type: the config file and the port (the user goes in the target).

        `-o Port=` rather than `-p`: scp and sftp spell the port `-P`, and the same options go to all."""
        opts: list[str] = []
        if self.spec.ssh_config:
            opts += ["-F", self.spec.ssh_config]
        _user, _host, port = self.spec.parts()
        if port:
            opts += ["-o", f"Port={port}"]
        return opts

    @property
    def display_target(self) -> str:
        user, _host, _port = self.spec.parts()
        return f"{user}@{self.alias}" if user else self.alias


def _parse_ssh_g(text: str) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        values.setdefault(key.lower(), []).append(value)
    return values


def resolve(spec: HostSpec) -> Host:
    """Ask OpenSSH (`ssh -G`) what the spec means, the same way scp/rsync/ssh will."""
    user, host, port = spec.parts()
    if spec.ssh_config and not os.path.isfile(spec.ssh_config):
        raise ssh_config_missing(spec.ssh_config)
    argv = ["ssh", "-G"]
    if spec.ssh_config:
        argv += ["-F", spec.ssh_config]
    if user:
        argv += ["-o", f"User={user}"]
    if port:
        argv += ["-o", f"Port={port}"]
    argv += ["--", host]
    try:
        code, out, err = run_sync(argv, timeout=SSH_G_TIMEOUT)
    except FileNotFoundError as exc:
        raise ssh_missing(str(exc)) from exc
    if code != 0:
        raise ssh_config_unreadable(spec.text, err)
    values = _parse_ssh_g(out)

    def one(key: str, default: str = "") -> str:
        return values.get(key, [default])[0]

    def expand(path: str) -> str:
        return os.path.expanduser(path)

    identity = tuple(p for p in (expand(v) for v in values.get("identityfile", [])) if os.path.exists(p))
    known: list[str] = []
    for key in ("userknownhostsfile", "globalknownhostsfile"):
        for line in values.get(key, []):
            known += [expand(p) for p in shlex.split(line)]
    alias = one("hostkeyalias")
    return Host(
        spec=spec, alias=host, hostname=one("hostname", host), port=int(one("port", "22")),
        user=one("user", os.environ.get("USER", "root")), identity_files=identity,
        known_hosts_files=tuple(known), identities_only=one("identitiesonly") == "yes",
        host_key_alias=alias if alias and alias != "none" else None,
        extra={k: v[0] for k, v in values.items() if k in ("proxyjump", "proxycommand", "controlpath")},
        keepalive=_keepalive(one("serveraliveinterval", "0"), one("serveralivecountmax", "3")),
    )


def _keepalive(interval: str, count: str) -> tuple[int, int]:
    """The user's ServerAliveInterval/CountMax when their ssh config sets them, else the app's."""
    try:
        seconds, tries = int(interval), int(count)
    except ValueError:
        return KEEPALIVE
    return (seconds, max(tries, 1)) if seconds > 0 else KEEPALIVE


def _load_known_hosts(host: Host) -> asyncssh.SSHKnownHosts:
    text = ""
    for path in host.known_hosts_files:
        if path != "/dev/null" and os.path.isfile(path):
            text += Path(path).read_text(errors="replace") + "\n"
    return asyncssh.import_known_hosts(text)


def _known_hosts_file_with_entry(host: Host) -> str | None:
    """The known_hosts file that already holds a key for this host (hashed entries too), if any."""
    for path in host.known_hosts_files:
        if path == "/dev/null" or not os.path.isfile(path):
            continue
        code, out, _err = run_sync(["ssh-keygen", "-F", host.known_hosts_name, "-f", path], timeout=SSH_G_TIMEOUT)
        if code == 0 and out.strip():
            return path
    return None


def _forget_command(host: Host, path: str) -> str:
    """`ssh-keygen -R NAME [-f FILE]`: removes the old key from the file that holds it."""
    words = ["ssh-keygen", "-R", host.known_hosts_name]
    if path != os.path.expanduser("~/.ssh/known_hosts"):
        words += ["-f", path]
    return quoting.join(words)


async def fetch_host_key(host: Host) -> asyncssh.SSHKey:
    timeout = connect_timeout()
    try:
        key = await asyncio.wait_for(asyncssh.get_server_host_key(host.hostname, host.port, config=[]), timeout)
    except (OSError, asyncssh.Error, TimeoutError) as exc:
        raise explain_connect(exc, host.label, where=host.where, timeout=timeout) from exc
    if key is None:
        raise no_host_key(host.where)
    return key


def _key_changed(host: Host, fingerprint: str, path: str, refused: str) -> TransferError:
    return host_key_changed(host.label, fingerprint, refused, _forget_command(host, path), host.trust_command())


async def _host_key_error(host: Host) -> TransferError:
    key = await fetch_host_key(host)
    fingerprint = key.get_fingerprint("sha256")
    path = await asyncio.to_thread(_known_hosts_file_with_entry, host)  # runs ssh-keygen: off the loop
    if path is not None:
        # `refused`: a clause that follows "so" (in German a dash) in the sentence about the changed key.
        return _key_changed(host, fingerprint, path, HostWords.tr("the connection was refused"))
    return host_unknown(host.label, fingerprint, host.trust_command())


def cpu_has_aes() -> bool:
    try:
        with open("/proc/cpuinfo") as f:
            return any(line.startswith("flags") and " aes" in line for line in f)
    except OSError:
        return False


def preferred_ciphers() -> list[str]:
    """asyncssh prefers chacha20; with AES instructions AES-GCM is faster, so it goes first."""
    gcm = ["aes128-gcm@openssh.com", "aes256-gcm@openssh.com"]
    chacha = ["chacha20-poly1305@openssh.com"]
    ctr = ["aes128-ctr", "aes192-ctr", "aes256-ctr"]
    return gcm + chacha + ctr if cpu_has_aes() else chacha + gcm + ctr


PasswordCallback = Callable[[str], "str | None | Awaitable[str | None]"]  # asyncssh also awaits a coroutine


async def connect(host: Host, password: PasswordCallback | None = None) -> asyncssh.SSHClientConnection:
    """Open the control connection, checking the host key against known_hosts."""
    timeout = connect_timeout()
    options = dict(
        host=host.hostname, port=host.port, username=host.user, config=[],
        known_hosts=_load_known_hosts(host), encryption_algs=preferred_ciphers(),
        connect_timeout=timeout, login_timeout=timeout,
        keepalive_interval=host.keepalive[0], keepalive_count_max=host.keepalive[1],
    )
    if host.host_key_alias:
        options["host_key_alias"] = host.host_key_alias
    if host.identity_files:
        options["client_keys"] = list(host.identity_files)
    if host.identities_only:
        options["agent_path"] = None
    tried = False
    if password is not None:
        async def answer() -> str | None:
            # asyncssh asks this for password and keyboard-interactive logins alike (a NAS using PAM).
            nonlocal tried
            given = password(HostWords.tr("Password for {user}@{hostname}: ", user=host.user,
                                          hostname=host.hostname))
            result = await given if inspect.isawaitable(given) else given
            tried = tried or result is not None
            return result

        options["password"] = answer
        options["password_auth"] = True
    else:
        options["password_auth"] = False
        options["kbdint_auth"] = False
    try:
        return await asyncssh.connect(**options)
    except asyncssh.HostKeyNotVerifiable:
        raise await _host_key_error(host) from None
    except (OSError, asyncssh.Error, TimeoutError) as exc:
        raise explain_connect(exc, host.label, where=host.where, user=host.user, keys=host.identity_files,
                              timeout=timeout, password_tried=tried) from exc


async def trust(host: Host, confirm: Callable[[str], bool]) -> str:
    """Add the host's key to the user's known_hosts after `confirm(fingerprint)` says yes.

    Refuses when a different key is already known: a changed key is never accepted here.
    """
    key = await fetch_host_key(host)
    fingerprint = key.get_fingerprint("sha256")
    path = await asyncio.to_thread(_known_hosts_file_with_entry, host)  # runs ssh-keygen: off the loop
    if path is not None:
        # A key is known: let the real handshake check it (it picks the key type known_hosts holds).
        # A login refused after the handshake still means the known key matched.
        try:
            conn = await connect(host)
        except TransferError as exc:
            if exc.kind is ErrorKind.AUTH:  # refused after the handshake, so the known key matched
                return fingerprint
            if exc.kind not in (ErrorKind.HOST_KEY_CHANGED, ErrorKind.HOST_KEY_UNKNOWN):
                raise
            refused = HostWords.tr("it was not trusted and {path} was left as it was", path=path)
            raise _key_changed(host, fingerprint, path, refused) from exc
        conn.close()
        return fingerprint
    if not confirm(fingerprint):
        raise trust_declined(host.label)
    target = next((p for p in host.known_hosts_files if p != "/dev/null" and not p.startswith("/etc/")), None)
    if target is None:
        raise no_known_hosts_file()
    Path(target).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    line = f"{host.known_hosts_name} {key.export_public_key('openssh').decode().strip()}\n"
    with open(target, "a") as f:
        f.write(line)
    return fingerprint
