"""A session with one host: the resolved host, the control connection, and what both sides can do.

When the login took a password, the session also holds what the OpenSSH binaries need to log in
the same way (app.core.host.askpass): their options say so, and `login_env()` gives each process its
own one-time way to ask the app for the password. Nothing of it reaches a command line or a file.
(Over 400 lines: what one host gives every step, its connections and what was found of it, kept in one place.)
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import ipaddress
import socket
import statistics
import struct
import time
from dataclasses import dataclass, field

import asyncssh

from app.core.host import capabilities, early_share, head_start, passwords
from app.core.host.askpass import MIN_OPENSSH, Askpass, openssh_version
from app.core.host.ftp_logins import FtpLogins
from app.core.host.nfs_exports import NfsExports
from app.core.host.smb_shares import SmbLogins
from app.core.host.rsync_modules import RsyncModules
from app.core.host.capabilities import Capabilities
from app.core.errors import ErrorKind, TransferError, openssh_too_old, remembered_password_refused
from app.core.host.hosts import Host, HostSpec, PasswordCallback, connect, resolve
from app.core.host.mux import Mux
from app.core.host.ssh_command import Options, Shared, Ssh, preferred_cipher
from app.core.host import services, share_roots
from app.core.host.remote_files import RemoteFiles
from app.core.host.services import Mount, Services
from app.core.host.share_roots import ShareRoot, Unmapped, WriteChecks
from app.core.language import Words, clause
from app.core.tasks import finish

LINK_CHECK_SECONDS = 5.0  # a host that answers takes a round trip; a dead link never does
# A host whose end still acknowledges every byte sent to it (TCP) but whose sshd is slow to answer (a busy
# NAS, or this computer too busy to hear the answer) is waited for this long in all before it counts as gone.
LINK_PATIENCE_SECONDS = 20.0
ACK_WATCH_SECONDS = 1.0  # how long the host's acknowledgements are watched for (a moment's look can miss)
TCP_ESTABLISHED = 1  # tcpi_state of an open connection (linux/tcp_states.h)


def acknowledged(conn: asyncssh.SSHClientConnection) -> bool:
    """Whether the host's end of the connection has acknowledged every byte sent to it, at this moment
    (Linux TCP_INFO): its network stack is there even if its sshd is slow to answer. False where that cannot
    be known (a connection through a proxy command, another system)."""
    sock = conn.get_extra_info("socket")
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    except (AttributeError, OSError):
        return False
    if len(info) < 28:
        return False
    state, unacked = info[0], struct.unpack_from("I", info, 24)[0]  # tcpi_state, tcpi_unacked
    return state == TCP_ESTABLISHED and unacked == 0


async def acknowledges(conn: asyncssh.SSHClientConnection, within: float = ACK_WATCH_SECONDS) -> bool:
    """Whether the host's end acknowledges everything sent to it at some moment within `within` seconds:
    one look can fall between a packet and its acknowledgement (a delayed ack, a busy computer, other
    sessions on the connection), while a dead link's bytes stay unacknowledged all along."""
    end = time.monotonic() + within
    while not acknowledged(conn):
        if time.monotonic() >= end:
            return False
        await asyncio.sleep(0.05)
    return True


class SessionWords(Words):
    """Why unencrypted data cannot go to a host directly (the translator's context): a clause, shown after
    a method's or a probe's name."""


class _Answer:
    """The password asyncssh asks for: the remembered one first (once), then the caller's; keeps what it gave."""

    def __init__(self, host: Host, ask: PasswordCallback | None, use_keyring: bool) -> None:
        self.host, self.ask, self.use_keyring = host, ask, use_keyring
        self.given: str | None = None
        self.from_keyring = False

    async def __call__(self, prompt: str) -> str | None:
        if self.use_keyring:
            self.use_keyring = False
            stored = await asyncio.to_thread(passwords.recall, self.host)  # the keyring talks D-Bus: off the loop
            if stored is not None:
                self.given, self.from_keyring = stored, True
                return stored
        if self.ask is None:
            return None
        answer = self.ask(prompt)
        self.given = await answer if inspect.isawaitable(answer) else answer
        self.from_keyring = False
        return self.given


async def _login(host: Host, ask: PasswordCallback | None) -> tuple[asyncssh.SSHClientConnection, str | None]:
    """Log in; a remembered password the host refuses is forgotten, and the caller is asked instead."""
    answer = _Answer(host, ask, use_keyring=True)
    try:
        return await connect(host, answer), answer.given
    except TransferError as exc:
        if exc.kind is not ErrorKind.AUTH or not answer.from_keyring:
            raise
        await asyncio.to_thread(passwords.forget, host)
        if ask is None:
            raise remembered_password_refused(host.label) from exc
    answer = _Answer(host, ask, use_keyring=False)
    return await connect(host, answer), answer.given


async def _askpass(host: Host, password: str) -> tuple[Askpass | None, TransferError | None]:
    version = await asyncio.to_thread(openssh_version)
    if version is None or version < MIN_OPENSSH:
        return None, openssh_too_old(version)
    return await Askpass.start(password, host.user, host.prompt_name), None


def host_identity(user: str, hostname: str, port: int, host_key: bytes = b"") -> str:
    """Session.identity for a login, an address and a host key's public data (b"": the key not known)."""
    own = f" {hashlib.sha256(host_key).hexdigest()[:16]}" if host_key else ""
    return f"{user}@{hostname}:{port}{own}"


@dataclass
class Session:
    host: Host
    conn: asyncssh.SSHClientConnection
    local: Capabilities
    remote: Capabilities
    askpass: Askpass | None = field(default=None, repr=False)
    askpass_error: TransferError | None = None  # a password login this computer's OpenSSH cannot repeat
    files: RemoteFiles = field(init=False, repr=False)  # the host's files, through its shell or SFTP
    modules: RsyncModules = field(init=False, repr=False)  # the modules of the rsync service it runs, as checked
    ftp: FtpLogins = field(init=False, repr=False)  # its FTP service, as checked for the copy's folders
    smb: SmbLogins = field(init=False, repr=False)  # its SMB shares, as checked for the copy's folders
    nfs: NfsExports = field(init=False, repr=False)  # its NFS exports, as checked for the copy's folders
    write_checks: WriteChecks = field(init=False, repr=False)  # whose files each of its mounts here makes
    # An OpenSSH connection of the session's own, logging in in the background (app.core.host.mux).
    shared: Mux | None = field(default=None, repr=False)
    _sharing: asyncio.Future | None = field(default=None, repr=False)
    lost_because: str = field(default="", repr=False)  # why link_alive dropped the connection (for details)
    # How long each command that run() ran took, answer included: what one of the app's own commands costs on
    # this host (tens of milliseconds on a LAN, a quarter of a second and more on a starved NAS).
    command_times: list[float] = field(default_factory=list, repr=False)
    # What else the host serves and which of its shares are mounted here, looked for when first asked.
    _services: asyncio.Future | None = field(default=None, repr=False)
    # Each mount of the host here, as app.core.host.share_roots mapped and checked it (once per mount).
    _mapped: dict[Mount, asyncio.Future] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.files = RemoteFiles(self)
        self.modules = RsyncModules(self)
        self.ftp = FtpLogins(self)
        self.smb = SmbLogins(self)
        self.nfs = NfsExports(self)
        self.write_checks = WriteChecks(self)

    @classmethod
    async def open(cls, spec: HostSpec, remote_dest: str | None = None, local_dest: str | None = None,
                   password: PasswordCallback | None = None, ssh_tools: bool = True) -> "Session":
        """Log in and look at both sides. `ssh_tools` False: the session's work starts no OpenSSH tool (a copy
        with a method that has its own connection: a listener, a share), so no shared connection logs in
        beside it, costing both CPUs a log-in nothing uses (a weak NAS's most of all)."""
        host = await asyncio.to_thread(resolve, spec)
        # This computer's tools are looked at while the login runs: they do not depend on it.
        local_task = asyncio.ensure_future(asyncio.to_thread(capabilities.local, local_dest))
        early = None
        if ssh_tools:
            early = early_share.start(host)  # the shared connection, logging in beside the control connection
        else:
            head_start.drop()
        try:
            conn, given = await _login(host, password)
        except BaseException:
            await asyncio.gather(local_task, return_exceptions=True)
            await early_share.drop(early)
            raise
        askpass = error = None
        try:
            if given is not None:
                askpass, error = await _askpass(host, given)
            remote = await capabilities.remote(conn, remote_dest, host.label)
            remote.indirect_path = indirect_path(conn, remote)
            local = await local_task
        except BaseException:
            conn.close()
            if askpass is not None:
                await askpass.close()
            await early_share.drop(early)
            raise
        session = cls(host, conn, local, remote, askpass, error)
        await session.share(early, start=ssh_tools)
        return session

    async def services(self) -> Services:
        """What else the host serves on the address the session reached, and which of its shares this computer
        has mounted (app.core.host.services): looked for once, when first asked for (the window asks at once,
        beside the rest of connecting). Not before: each look is a connection the host forks a server for,
        and a weak NAS's CPU is better left to a copy or the advice's probes."""
        if self._services is None:
            self._services = asyncio.ensure_future(self._look_for_services())
        return await asyncio.shield(self._services)

    async def _look_for_services(self) -> Services:
        """Not looked for where the connection passes through a port forward, tunnel or jump host
        (Capabilities.indirect_path): the address it reached is not the host's, and what answers there is not
        the host's either."""
        address = self.listen_address
        names = {self.host.alias, self.host.hostname}
        looking = services.discover(address) if not self.remote.indirect_path else _nothing_found()
        found, here = await asyncio.gather(looking, asyncio.to_thread(services.mounted, names, address))
        return Services(found, here)

    async def shares(self) -> tuple[list[ShareRoot], list[Unmapped]]:
        """The host's shares mounted here that a copy can go through, each with the host's folder it shows, and
        those it cannot (app.core.host.share_roots). The mounts are read each time (one may have come since); each
        is mapped and checked once."""
        names = {self.host.alias, self.host.hostname}
        here = await asyncio.to_thread(services.mounted, names, self.listen_address)
        for mount in here:
            if mount not in self._mapped:
                self._mapped[mount] = asyncio.ensure_future(share_roots.root(self, mount))
        looked = [await asyncio.shield(self._mapped[m]) for m in here]
        return ([r for r in looked if isinstance(r, ShareRoot)], [r for r in looked if isinstance(r, Unmapped)])

    async def share(self, early: early_share.Early | None = None, start: bool = True) -> None:
        """Start logging in the session's shared OpenSSH connection, with the cipher a copy most likely runs
        here, without waiting for it: every later OpenSSH run with that cipher opens a channel on it instead
        of logging in (ssh(), ready_ssh()). Not where this computer's OpenSSH cannot log in to the host. One
        started `early` (app.core.host.early_share) is taken where its cipher is that one, else ended."""
        cipher = preferred_cipher(self.local.ciphers, self.remote.ciphers, self.local.aes, self.remote.aes)
        able = cipher is not None and "ssh" in self.local.tools and self.askpass_error is None
        await asyncio.to_thread(early_share.keep, self.host, cipher if able and not self.password_login else None)
        if early is not None and (early.cipher != cipher or not able or self.password_login or self._sharing):
            await early_share.drop(early)
            early = None
        if not able or self._sharing or not start:  # (not started: kept for the next session all the same)
            return
        if early is not None:
            mux, starting = early.mux, early.start
            mux.session = self
        else:
            mux = Mux(self, Options(cipher=cipher))
            starting = asyncio.ensure_future(mux.start())

        async def start() -> Shared | None:
            try:
                return Shared(await starting, cipher)
            except BaseException as exc:
                # The session closes (cancelled), or whatever kept it from starting (each run then logs in
                # itself): its master ends at once, as nothing would end it later (close_now finds no shared
                # connection), and is reaped before this is done.
                starting.cancel()
                await asyncio.gather(starting, return_exceptions=True)
                self.shared = None
                mux.kill()
                await mux.reaped()
                if isinstance(exc, Exception):
                    return None
                raise

        self.shared = mux
        self._sharing = asyncio.ensure_future(start())
        # Cancelled before it ran (the session closed at once): the log-in it would have waited for stops too.
        self._sharing.add_done_callback(lambda _done: starting.cancel())
        starting.add_done_callback(lambda f: f.cancelled() or f.exception())  # start() words a failure

    @property
    def password_login(self) -> bool:
        return self.askpass is not None or self.askpass_error is not None

    def ssh_options(self) -> list[str]:
        """The options for every OpenSSH binary this session starts."""
        if self.askpass_error is not None:
            raise self.askpass_error
        return self.host.ssh_options(password_login=self.password_login)

    def ssh(self, control_path: str | None = None) -> Ssh:
        """How to start OpenSSH for this host; over the shared connection when it is up (for the runs it takes)."""
        done = self._sharing is not None and self._sharing.done() and not self._sharing.cancelled()
        shared = self._sharing.result() if done else None
        alive = shared is not None and self.shared is not None and self.shared.alive
        return Ssh(self.host.alias, tuple(self.ssh_options()), control_path, shared if alive else None)

    async def ready_ssh(self, o: Options) -> Ssh:
        """ssh(), once the shared connection has logged in where a run with these options would go over it
        (waiting for its login is shorter than logging in again)."""
        if self._sharing is not None and not self._sharing.done() and self.shared is not None \
                and Shared(self.shared.path, self.shared.options.cipher or "").takes(o):
            await asyncio.wait([self._sharing])
        return self.ssh()

    def display_ssh(self) -> Ssh:
        return Ssh(self.host.display_target, tuple(self.host.display_options()))

    def login_env(self) -> dict[str, str]:
        """Environment for one local process that may start OpenSSH: after a password login, the askpass
        helper and a one-time token of its own; after a key login, nothing."""
        return self.askpass.env() if self.askpass is not None else {}

    async def remember_password(self) -> str | None:
        """Keep this login's password in the system keyring; the sentence to show when there is none."""
        if self.askpass is None:
            return None
        return await asyncio.to_thread(passwords.remember, self.host, self.askpass.password)

    @property
    def listen_address(self) -> str:
        """The address the control connection reached: the unencrypted data connection goes there, and
        listeners that can bind one address bind it (the host's own view of it may be a NAT's)."""
        return normal_address(self.conn.get_extra_info("peername")[0])

    @property
    def host_key(self) -> bytes:
        """The public data of the host key the control connection accepted (b"": none seen)."""
        key = self.conn.get_server_host_key()
        return key.public_data if key is not None else b""

    @property
    def identity(self) -> str:
        """What is kept about this host is kept under (its link figures, its FTP certificate): its login and
        address, and its host key, so another machine that answers at the address later (a NAS replaced, a DHCP
        lease handed on) starts afresh instead of inheriting the first one's."""
        return host_identity(self.host.user, self.host.hostname, self.host.port, self.host_key)

    @property
    def seen_as(self) -> str:
        """This computer's address as the host sees it: the only one a private rsync daemon lets in."""
        return normal_address(self.remote.client_address)

    async def run(self, command: bytes, stdin: bytes | None = None, timeout: float = 60) -> asyncssh.SSHCompletedProcess:
        """Run one remote command; its input ends after `stdin` (nothing waits for more)."""
        started = time.monotonic()
        result = await capabilities.run_script(self.conn, command, stdin or b"", timeout)
        self.command_times.append(time.monotonic() - started)
        return result

    @property
    def command_seconds(self) -> float:
        """The median time one of this session's commands took (0 before any ran)."""
        return statistics.median(self.command_times) if self.command_times else 0.0

    @property
    def lost(self) -> bool:
        """The control connection has ended (its keepalives went unanswered, or it was dropped)."""
        return self.conn.is_closed()

    async def link_alive(self, within: float = LINK_CHECK_SECONDS) -> bool:
        """Whether the host still answers on the control connection, asked once with a command that does
        nothing. When it does not answer within `within` seconds, and the host's end has not acknowledged
        what was sent to it either (or for LINK_PATIENCE_SECONDS when it has), the connection is dropped
        here: every later step (stopping helpers, cleaning up) then fails at once instead of each waiting
        out its own time-out on a dead link, and the host's helpers see their input end and stop."""
        if self.lost:
            self.lost_because = self.lost_because or "the control connection had closed"
            return False
        check = asyncio.ensure_future(self.run(b"true", timeout=max(within, LINK_PATIENCE_SECONDS)))
        try:
            await asyncio.wait([check], timeout=within)
            if not check.done() and await acknowledges(self.conn):
                await asyncio.wait([check], timeout=max(0.0, LINK_PATIENCE_SECONDS - within))
            if check.done():
                check.result()
                return True
            self.lost_because = f"no answer to a check within {LINK_PATIENCE_SECONDS:g} s" if \
                await acknowledges(self.conn) else f"no answer to a check within {within:g} s, nothing acknowledged"
        except asyncssh.ChannelOpenError as exc:
            if not self.lost:
                return True  # refused (too many sessions), but it answered
            self.lost_because = f"the check was refused on a closed connection: {exc!r}"
        except (asyncssh.Error, OSError, TimeoutError) as exc:
            self.lost_because = f"the check failed: {exc!r}"
        finally:
            check.cancel()
        self.conn.abort()
        return False

    async def close(self) -> None:
        self.files.close()
        self.conn.close()
        try:
            await self._unshare()
            await self.conn.wait_closed()
        finally:
            if self.askpass is not None:
                await self.askpass.close()

    async def _unshare(self) -> None:
        await self.modules.cancel()
        await self.ftp.cancel()
        await self.smb.cancel()
        await self.nfs.cancel()
        self.write_checks.cancel_now()
        for task in [self._services, *self._mapped.values()]:
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self._sharing is not None:
            self._sharing.cancel()
            await asyncio.gather(self._sharing, return_exceptions=True)
        if self.shared is not None:
            await finish(self.shared.stop())
            self.shared = None

    def close_now(self) -> None:
        """Close without waiting for the host to confirm (when the app quits)."""
        self.files.close()
        self.conn.close()
        self.modules.cancel_now()
        self.ftp.cancel_now()
        self.smb.cancel_now()
        self.nfs.cancel_now()
        self.write_checks.cancel_now()
        for task in (self._services, self._sharing, *self._mapped.values()):
            if task is not None:
                task.cancel()
        if self.shared is not None:
            self.shared.kill()
        if self.askpass is not None:
            self.askpass.close_now()


async def _nothing_found() -> list[services.Service]:
    return []


def normal_address(address: str) -> str:
    """One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed; anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped or ip)


def _end(address: str, port: int | None) -> str:
    address = normal_address(address)
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def indirect_path(conn: asyncssh.SSHClientConnection, remote: Capabilities) -> str:
    """Why unencrypted data could not be sent to the host directly, or "" when it can: the host's view
    of the control connection ($SSH_CONNECTION) must show this computer's very ends of it. Where they
    differ, something between (NAT, a port forward, a tunnel, a jump host) carries the connection, and
    a plain TCP connection would take a path nobody checked."""
    sock, peer = conn.get_extra_info("sockname"), conn.get_extra_info("peername")
    if not isinstance(sock, tuple) or not isinstance(peer, tuple):
        return clause(
            SessionWords.tr("the connection to the host goes through another program or host (a ProxyCommand "
                            "or ProxyJump), so unencrypted data could not be sent to the host directly")
        )
    if not remote.server_address:
        return clause(
            SessionWords.tr("the host did not say how it sees this connection ($SSH_CONNECTION is empty), so "
                            "unencrypted data could not be sent to it over a path known to be direct")
        )
    here, there = _end(*peer[:2]), _end(remote.server_address, remote.server_port)
    if here != there:
        return clause(
            SessionWords.tr("the connection to the host passes through a port forward or tunnel (this computer "
                            "reached {here}, the host sees {there}), so unencrypted data could not be sent to "
                            "the host directly", here=here, there=there)
        )
    mine, seen = _end(*sock[:2]), _end(remote.client_address, remote.client_port)
    if mine != seen:
        return clause(
            SessionWords.tr("the connection to the host passes through NAT or a proxy (this computer connects "
                            "from {mine}, the host sees {seen}), so unencrypted data could not be sent to the "
                            "host directly", mine=mine, seen=seen)
        )
    return ""
