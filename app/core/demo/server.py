"""The demo host's embedded SSH server, for a computer without OpenSSH's `sshd`.

An asyncssh server on 127.0.0.1 that lets in one user (the one running the app) with one key
(the demo's client key), and offers what the methods use: command execution, SFTP and SCP.
It runs on an event loop of its own in a thread, so the copies it serves do not slow the
window, and so the CLI, the window and the tests start it alike.

What "confined to the demo folder" means here, honestly:
- SFTP, and SCP (asyncssh's SCP server works through the SFTP server), reach only paths inside
  the folder: a path is resolved (symbolic links in its parent folders too) and refused when it
  lands outside. Unlike asyncssh's own chroot, paths keep their real names, so the destination
  a command sees (`tar -C /tmp/.../demo-nas`) is the one SFTP sees; a chroot would show it as
  `/demo-nas` and the methods would disagree about where the files go. A link inside the folder
  that points out of it is still followed when a file is opened through it, as with asyncssh's chroot.
- Commands run through `/bin/sh -c` as the user running the app, with the folder as their
  working directory and HOME, and a minimal environment. They can reach whatever that user can:
  the demo host is this computer seen through SSH, not a sandbox.
A command that asyncssh cannot decode as UTF-8 is refused by asyncssh itself (OpenSSH's sshd
would run it), so a method whose remote command names a non-UTF-8 path fails here.
"""

from __future__ import annotations

import asyncio
import os
import posixpath
import signal
import threading
from asyncio.subprocess import PIPE
from pathlib import Path

import asyncssh

from app.core.language import Words
from app.core.runner import spawn

CHUNK = 256 * 1024
START_TIMEOUT = 10.0
ACCEPTED_ENV = ("LANG", "LC_")  # what the client may set, as sshd's `AcceptEnv LANG LC_*`


class DemoServerWords(Words):
    """What the demo host's built-in SSH server tells a client it refuses (the translator's context)."""


class ConfinedSFTPServer(asyncssh.SFTPServer):
    """SFTP limited to one folder, with real path names (see the module's docstring)."""

    def __init__(self, chan: asyncssh.SSHServerChannel, root: Path) -> None:
        super().__init__(chan)
        self._root = os.fsencode(os.path.realpath(root))

    def map_path(self, path: bytes) -> bytes:
        joined = posixpath.normpath(posixpath.join(self._root, path))  # relative paths start at the folder
        parent, leaf = posixpath.split(joined)
        real = posixpath.join(os.path.realpath(parent), leaf) if leaf else os.path.realpath(joined)
        if real != self._root and not real.startswith(self._root + b"/"):
            raise asyncssh.SFTPPermissionDenied(DemoServerWords.tr("the local demo host only serves its own folder"))
        return real

    def reverse_map_path(self, path: bytes) -> bytes:
        return path

    def exit(self) -> None:
        # OpenSSH's sftp-server ends with exit status 0, and scp (which speaks SFTP since OpenSSH 9)
        # fails without one. asyncssh's SCP server reports its own status, so only the subsystem.
        if self.channel.get_subsystem() == "sftp":
            try:
                self.channel.exit(0)
            except OSError:
                pass
        super().exit()


class _OneUser(asyncssh.SSHServer):
    """Public-key login for one user with one key; nothing else (no passwords, no forwarding)."""

    def __init__(self, owner: "EmbeddedServer") -> None:
        self.owner = owner
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.owner.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        self.owner.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return username == self.owner.user and key.public_data == self.owner.client_key.public_data


class EmbeddedServer:
    def __init__(self, root: Path, host_key: Path, client_public_key: Path, user: str) -> None:
        self.root, self.user = root, user
        self.host_key = asyncssh.read_private_key(str(host_key))
        self.client_key = asyncssh.read_public_key(str(client_public_key))
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.groups: set[int] = set()  # process groups of the commands running now
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None

    # -- life ------------------------------------------------------------------------------------
    def start(self) -> int:
        """Listen on a free port of 127.0.0.1 and return it."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="demo-ssh-server", daemon=True)
        self._thread.start()
        try:
            return asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(START_TIMEOUT)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Close every connection, kill every command still running, and end the thread."""
        loop, self._loop = self._loop, None
        if loop is None:
            return
        if loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self._close(), loop).result(START_TIMEOUT)
            except Exception:  # noqa: BLE001 - stopping must go on whatever went wrong
                pass
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)
        self._kill_groups(signal.SIGKILL)
        if not loop.is_running():
            loop.close()

    async def _listen(self) -> int:
        self._acceptor = await asyncssh.create_server(
            lambda: _OneUser(self), "127.0.0.1", 0, server_host_keys=[self.host_key],
            process_factory=self._session, sftp_factory=lambda chan: ConfinedSFTPServer(chan, self.root),
            allow_scp=True, encoding=None, allow_pty=False, agent_forwarding=False, x11_forwarding=False,
            keepalive_interval=0, login_timeout=30)
        return self._acceptor.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        self._kill_groups(signal.SIGTERM)
        for conn in list(self.connections):
            conn.close()
        waits = [c.wait_closed() for c in list(self.connections)]
        if self._acceptor is not None:
            waits.append(self._acceptor.wait_closed())
        await asyncio.wait_for(asyncio.gather(*waits, return_exceptions=True), 5)
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _kill_groups(self, sig: int) -> None:
        for group in list(self.groups):
            try:
                os.killpg(group, sig)
            except (ProcessLookupError, PermissionError):
                self.groups.discard(group)

    # -- one session: a command, or a shell without a terminal -----------------------------------
    def _environment(self, process: asyncssh.SSHServerProcess) -> dict[str, str]:
        peer = process.get_extra_info("peername") or ("127.0.0.1", 0)
        local = process.get_extra_info("sockname") or ("127.0.0.1", 0)
        env = {"HOME": str(self.root), "USER": self.user, "LOGNAME": self.user, "SHELL": "/bin/sh",
               "PATH": os.environ.get("PATH") or os.defpath,
               "SSH_CONNECTION": f"{peer[0]} {peer[1]} {local[0]} {local[1]}"}
        for key, value in (process.env or {}).items():
            key, value = (os.fsdecode(x) if isinstance(x, bytes) else str(x) for x in (key, value))
            if key == "LANG" or key.startswith("LC_"):
                env[key] = value
        return env

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        command = process.command
        argv = ["/bin/sh", "-c", command] if command is not None else ["/bin/sh"]
        try:
            proc = await spawn(argv, self._environment(process), stdin=PIPE, stdout=PIPE, stderr=PIPE, cwd=self.root)
        except OSError as exc:
            process.stderr.write(f"sh: {exc}\n".encode())
            process.exit(127)
            return
        self.groups.add(proc.pid)  # the runner's session: the shell leads a group of its own
        feed = asyncio.ensure_future(_feed(process.stdin, proc.stdin))
        ran = asyncio.ensure_future(asyncio.gather(_pump(proc.stdout, process.stdout),
                                                   _pump(proc.stderr, process.stderr), proc.wait()))
        gone = asyncio.ensure_future(process.wait_closed())
        try:
            await asyncio.wait({ran, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not ran.done() or ran.exception() is not None:
                # The client went away first (or cannot be written to): end the command, as a
                # dropped connection ends a NAS's session.
                _signal_group(proc.pid, signal.SIGTERM)
                try:
                    await asyncio.wait_for(proc.wait(), 2)
                except TimeoutError:
                    _signal_group(proc.pid, signal.SIGKILL)
                    await proc.wait()
        finally:
            for task in (feed, ran, gone):
                task.cancel()
            await asyncio.gather(feed, ran, gone, return_exceptions=True)
            if proc.returncode is None:
                _signal_group(proc.pid, signal.SIGKILL)
                await proc.wait()
            self.groups.discard(proc.pid)
            # Its pipes may still be held by what it left running: close them now, on this loop,
            # rather than when the garbage collector finds them after the loop is gone.
            proc._transport.close()  # noqa: SLF001 - asyncio.subprocess.Process has no public close()
        _report_exit(process, proc.returncode)


async def _feed(source: asyncssh.SSHReader, sink: asyncio.StreamWriter) -> None:
    """The client's stdin to the command, until either side ends it."""
    try:
        while data := await source.read(CHUNK):
            sink.write(data)
            await sink.drain()
    except (BrokenPipeError, ConnectionResetError):
        pass  # the command closed its stdin: what is left is not read, as with sshd
    finally:
        sink.close()


async def _pump(source: asyncio.StreamReader, sink: asyncssh.SSHWriter) -> None:
    while data := await source.read(CHUNK):
        sink.write(data)
        await sink.drain()


def _signal_group(group: int, sig: int) -> None:
    try:
        os.killpg(group, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _report_exit(process: asyncssh.SSHServerProcess, returncode: int | None) -> None:
    try:
        if returncode is not None and returncode < 0:
            process.exit_with_signal(signal.Signals(-returncode).name.removeprefix("SIG"))
        else:
            process.exit(returncode or 0)
    except (OSError, ValueError):
        pass  # the channel is already closed: nobody is left to tell
