"""A session with one host: the resolved host, the control connection, and what both sides can do.

When the login took a password, the session also holds what the OpenSSH binaries need to log in
the same way (app.core.host.askpass): their options say so, and `login_env()` gives each process its
own one-time way to ask the app for the password. Nothing of it reaches a command line or a file.
Logging in is app.core.host.login's; whether the link still answers, app.core.host.link_check's; whether it
reaches the host directly, app.core.host.network_path's; what else the host serves, app.core.host.served's.
"""

from __future__ import annotations

import asyncio
import hashlib
import statistics
import time
from dataclasses import dataclass, field, replace

import asyncssh

from app.core.host import capabilities, early_share, head_start, link_check, passwords
from app.core.host.askpass import Askpass
from app.core.host.capabilities import Capabilities
from app.core.errors import TransferError
from app.core.host.hosts import Host, HostSpec, PasswordCallback, resolve
from app.core.host.login import askpass_for, login
from app.core.host.mux import Mux
from app.core.host.network_path import indirect_path, normal_address
from app.core.host.command_shell import CommandShell
from app.core.host.remote_files import RemoteFiles
from app.core.host.served import Served
from app.core.host.ssh_command import Options, Shared, Ssh, preferred_cipher
from app.core.tasks import finish


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
    served: Served = field(init=False, repr=False)  # what else it serves, and its shares mounted here
    # An OpenSSH connection of the session's own, logging in in the background (app.core.host.mux).
    shared: Mux | None = field(default=None, repr=False)
    _sharing: asyncio.Future | None = field(default=None, repr=False)
    lost_because: str = field(default="", repr=False)  # why link_alive dropped the connection (for details)
    # How long each command that run() ran took, answer included: what one of the app's own commands costs on
    # this host (tens of milliseconds on a LAN, a quarter of a second and more on a starved NAS).
    command_times: list[float] = field(default_factory=list, repr=False)
    # The commands' own shell where the host has one and takes more than one session (command_shell.py).
    shell: CommandShell | None = field(init=False, default=None, repr=False)
    # When this session last swept a folder (path, here or not) of stale leftovers (app.core.transfer.ownership):
    # a leftover takes a day to go stale, so `copy --best` sweeps the destination once, in its advice.
    swept: dict[tuple[str, bool], float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.files = RemoteFiles(self)
        self.served = Served(self)
        if self.remote.shell and not capabilities.one_at_a_time(str(self.conn.get_extra_info("server_version") or "")):
            self.shell = CommandShell(self.conn)

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
            conn, given = await login(host, password)
        except BaseException:
            await asyncio.gather(local_task, return_exceptions=True)
            await early_share.drop(early)
            raise
        askpass = error = None
        try:
            if given is not None:
                askpass, error = await askpass_for(host, given)
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
        if session.shell is not None:
            session.shell.begin()
        await session.share(early, start=ssh_tools)
        return session

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

    async def over_shared(self, o: Options) -> Mux | None:
        """The shared connection an OpenSSH run with these options goes over, once it has logged in (as ready_ssh
        waits); None: a connection of its own. A run that names no cipher takes the shared one's (shared_cipher)."""
        o = self.shared_cipher(o)
        shared = (await self.ready_ssh(o)).shared
        return self.shared if shared is not None and shared.takes(o) else None

    def shared_cipher(self, o: Options) -> Options:
        """Options that name no cipher take the shared connection's (AES-GCM where both CPUs have AES
        instructions), so a run with them reaches it without logging in again; others are as given."""
        if o.cipher is None and self.shared is not None:
            return replace(o, cipher=self.shared.options.cipher)
        return o

    async def shared_logged_in(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) for the shared connection's log-in where it is under way."""
        if self._sharing is not None and not self._sharing.done():
            await asyncio.wait([self._sharing], timeout=timeout)

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
        """Run one remote command; its input ends after `stdin` (nothing waits for more). One short enough with its
        input goes to the session's own shell while it is free (command_shell.py), else to a channel of its own."""
        started = time.monotonic()
        result = await self.shell.run(command, timeout, stdin or b"") if self.shell is not None else None
        if result is None:
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

    async def link_alive(self, within: float = link_check.LINK_CHECK_SECONDS) -> bool:
        """Whether the host still answers on the control connection (app.core.host.link_check); a link that is
        gone is dropped here."""
        return await link_check.link_alive(self, within)

    async def close(self) -> None:
        self.files.close()
        if self.shell is not None:
            self.shell.close()
        self.conn.close()
        try:
            await self._unshare()
            await self.conn.wait_closed()
        finally:
            if self.askpass is not None:
                await self.askpass.close()

    async def _unshare(self) -> None:
        await self.served.cancel()
        if self._sharing is not None:
            self._sharing.cancel()
            await asyncio.gather(self._sharing, return_exceptions=True)
        if self.shared is not None:
            await finish(self.shared.stop())
            self.shared = None

    def close_now(self) -> None:
        """Close without waiting for the host to confirm (when the app quits)."""
        self.files.close()
        if self.shell is not None:
            self.shell.close()
        self.conn.close()
        self.served.cancel_now()
        if self._sharing is not None:
            self._sharing.cancel()
        if self.shared is not None:
            self.shared.kill()
        if self.askpass is not None:
            self.askpass.close_now()
