"""A helper process started on the host through the control connection: a netcat listener, a private
rsync daemon. Nothing of it may outlive its need.

It runs inside a wrapper (app.core.host.helper_scripts) that hands it its secret on a pipe and stops its
whole process tree when the app signals through the channel, when the channel's input ends (the app
closed it, crashed or lost the connection), or when the helper ends by itself. Once it is gone, a
fresh command checks that nothing of it still runs and kills what does; what even that cannot kill
is named in one sentence, never passed over in silence.
"""

from __future__ import annotations

import asyncio
import re
import socket

import asyncssh

from app.core import quoting
from app.core.host import capabilities
from app.core.errors import (TransferError, data_connection_refused, data_connection_unconfirmed,
                             helper_not_started, helper_port_unknown, helper_stopped, helper_survived, intruder)
from app.core.host.helper_scripts import CHECK, LINE_PREFIX, WRAPPER, check_args
from app.core.host.listener import ACCEPTED, INTRUDER, Listener
from app.core.host.session import Session

LISTEN_TIMEOUT = 15.0  # a remote helper must be ready, and confirm the data connection, within this
STOP_TIMEOUT = 10.0    # the wrapper's own clean-up takes a second at most; a lost link takes longer
CHECK_TIMEOUT = 20.0


class PortBusy(Exception):
    """The helper could not bind its port: try another."""


class RemoteHelper:
    """One helper on the host, from start to the check that nothing of it is left."""

    def __init__(self, session: Session, listener: Listener) -> None:
        self.session, self.listener = session, listener
        self.proc: asyncssh.SSHClientProcess | None = None
        self.stderr = ""  # the helper's own lines (the wrapper's are taken out)
        self.started = ""  # the wrapper's "PID:START SID MARK DIR"
        self.reported: set[str] = set()  # PID:START of everything the wrapper signalled
        self._ready: asyncio.Future | None = None     # the port, or the error to raise
        self._accepted: asyncio.Future | None = None  # True: the app's token arrived; False: someone else's
        self._reader: asyncio.Task | None = None

    async def start(self) -> int | None:
        """Start the helper; its port once it listens."""
        loop = asyncio.get_running_loop()
        self._ready, self._accepted = loop.create_future(), loop.create_future()
        self.proc = await capabilities.start_process(self.session.conn,
                                                     quoting.sh_command(WRAPPER, self.listener.command))
        self._reader = asyncio.create_task(self._read())
        secret = self.listener.stdin.rstrip(b"\n")
        self.proc.stdin.write(secret + b"\n")  # the wrapper's first line; the channel stays open after it
        try:
            outcome = await asyncio.wait_for(asyncio.shield(self._ready), LISTEN_TIMEOUT)
        except TimeoutError:
            raise helper_not_started(self.stderr) from None
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    async def _read(self) -> None:
        assert self.proc is not None and self._ready is not None and self._accepted is not None
        ready = re.compile(self.listener.ready)
        try:
            while raw := await self.proc.stderr.readline():
                line = raw.decode(errors="replace")
                if line.startswith(LINE_PREFIX):
                    self._wrapper_line(line[len(LINE_PREFIX):].split())
                    continue
                self.stderr += line
                match = None if self._ready.done() else ready.search(line)
                if match:
                    port = match.groupdict().get("port")
                    self._ready.set_result(int(port) if port else None)
                elif line.strip() in (ACCEPTED, INTRUDER) and not self._accepted.done():
                    self._accepted.set_result(line.strip() == ACCEPTED)
        except (asyncssh.Error, OSError):
            pass
        finally:
            if not self._ready.done():
                self._ready.set_result(self._not_ready())
            if not self._accepted.done():
                self._accepted.set_result(None)

    def _wrapper_line(self, words: list[str]) -> None:
        if words[:1] == ["started"] and len(words) == 5:
            self.started = " ".join(words[1:])
        elif words[:1] == ["stopping"]:
            self.reported.update(words[1:])

    def _not_ready(self) -> BaseException:
        if "in use" in self.stderr or "bind" in self.stderr:
            return PortBusy()
        return helper_stopped(self.session.host.label, self.stderr)

    async def accepted(self, timeout: float = LISTEN_TIMEOUT) -> None:
        """Wait until the host has checked that the data connection it took is this app's (the token came
        first on it); before that, not a byte of the copy moves. Raise the sentence when it is not."""
        assert self._accepted is not None
        try:
            ours = await asyncio.wait_for(asyncio.shield(self._accepted), timeout)
        except TimeoutError:
            ours = None
        if ours is False:
            raise intruder(self.session.host.label, self.stderr)
        if ours is None:
            raise data_connection_unconfirmed(self.session.host.label, timeout, self.stderr)

    async def connect(self, address: str, port: int | None) -> socket.socket:
        """The data connection: with a guarded listener, the token goes first and the host must say the
        connection it took is ours before anything else moves."""
        guarded = self.listener.guarded
        try:
            sock = await open_data_socket(address, port, self.listener.stdin.rstrip(b"\n") if guarded else b"")
        except TransferError as exc:
            better = await self.why_refused(exc) if guarded else exc
            if better is exc:
                raise
            raise better from exc
        if guarded:
            try:
                await self.accepted()
            except BaseException:
                sock.close()
                raise
        return sock

    async def why_refused(self, error: TransferError, wait: float = 3.0) -> TransferError:
        """The data connection failed: when someone else's connection was taken instead (netcat takes
        one), say so; else the error as it was."""
        assert self._accepted is not None
        try:
            ours = await asyncio.wait_for(asyncio.shield(self._accepted), wait)
        except TimeoutError:
            ours = None
        return intruder(self.session.host.label, self.stderr) if ours is False else error

    async def finish(self, timeout: float = 120.0) -> tuple[int, str] | None:
        """Wait for a helper that ends by itself (netcat after its one connection)."""
        assert self.proc is not None
        if not self.listener.ends_by_itself:
            return None  # stop() ends it
        if not await self._ended(timeout):
            return (1, self.stderr + "\nthe remote side did not finish")
        return (self.proc.exit_status or 0, self.stderr)

    async def _ended(self, timeout: float) -> bool:
        """Wait until the helper's channel has closed and all it said was read. (Not proc.wait(): it
        collects the output nobody has read yet, racing the reader for the helper's last lines.)"""
        assert self.proc is not None and self._reader is not None
        try:
            await asyncio.wait_for(asyncio.shield(self._reader), timeout)
            await asyncio.wait_for(self.proc.wait_closed(), timeout)
        except (TimeoutError, asyncssh.Error, OSError):
            return False
        return True

    async def stop(self) -> str | None:
        """End the helper and make sure nothing of it runs on; a sentence naming what could not be
        stopped, or None."""
        if self.proc is None:
            return None
        if self.proc.exit_status is None and self.proc.exit_signal is None:
            try:
                # sshd signals the session's process group; the wrapper traps it and stops the helper's tree
                # (app.core.host.helper_scripts). USR1, not TERM: the private rsync daemon exits at once on it
                # (on TERM it sleeps 0.4 s first, a copy's time on a LAN).
                self.proc.send_signal("USR1")
                self.proc.stdin.write_eof()    # the dead-man switch, for servers that do not pass signals on
            except (asyncssh.Error, OSError, BrokenPipeError):
                pass
        await self._ended(STOP_TIMEOUT)
        self.proc.close()
        if self._reader:
            self._reader.cancel()
        return await self._check()

    async def _check(self) -> str | None:
        """Over a fresh command: kill whatever of the helper still runs; name what cannot be killed."""
        args = check_args(self.started, self.reported)
        if args is None:
            return None  # the wrapper never started (nothing ran), or its lines were garbled
        try:
            result = await self.session.run(quoting.sh_command(CHECK, *args), timeout=CHECK_TIMEOUT)
        except (asyncssh.Error, OSError, TimeoutError):
            return None  # the connection is gone: the wrapper's end of input stops the helper there
        return helper_survived(self.session.host.label, (result.stdout or b"").decode(errors="replace"))


async def open_data_socket(address: str, port: int | None, greeting: bytes = b"") -> socket.socket:
    """Connect to the helper and send `greeting` (the token) before anything else."""
    if port is None:
        raise helper_port_unknown()
    loop = asyncio.get_running_loop()
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setblocking(False)
    try:
        await asyncio.wait_for(loop.sock_connect(sock, (address, port)), LISTEN_TIMEOUT)
        if greeting:
            await asyncio.wait_for(loop.sock_sendall(sock, greeting), LISTEN_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        sock.close()
        raise data_connection_refused(address, port, str(exc)) from exc
    sock.setblocking(True)  # the local tools read and write it with blocking calls
    return sock
