"""A helper process started on the remote side through the control connection.

It reports readiness on stderr (no sleeps), is wrapped so its process-group id is known,
and is killed as a whole group when it is no longer needed.
"""

from __future__ import annotations

import asyncio
import re
import socket

import asyncssh

from app.core import staging
from app.core.errors import TransferError, explain_stderr
from app.core.methods.base import Listener
from app.core.session import Session

LISTEN_TIMEOUT = 15.0  # a remote helper must be ready within this


class PortBusy(Exception):
    """The helper could not bind its port: try another."""


class RemoteHelper:
    """A listener started through the control connection; killed as a process group afterwards."""

    def __init__(self, session: Session, listener: Listener) -> None:
        self.session, self.listener = session, listener
        self.proc: asyncssh.SSHClientProcess | None = None
        self.pid: int | None = None
        self.stderr = ""
        self._drain: asyncio.Task | None = None

    async def start(self) -> int | None:
        wrapped = staging.sh_command('echo "pid $$" >&2; exec sh -c "$1"', self.listener.command)
        self.proc = await self.session.conn.create_process(wrapped, encoding=None)
        if self.listener.stdin:
            self.proc.stdin.write(self.listener.stdin)
        ready = re.compile(self.listener.ready)
        try:
            return await asyncio.wait_for(self._wait_ready(ready), LISTEN_TIMEOUT)
        except TimeoutError:
            raise TransferError("failed", "The remote helper did not start in time; try again or use a "
                                "secure method.", self.stderr) from None

    async def _wait_ready(self, ready: re.Pattern[str]) -> int | None:
        assert self.proc is not None
        while True:
            line = (await self.proc.stderr.readline()).decode(errors="replace")
            if not line:
                if "in use" in self.stderr or "bind" in self.stderr:
                    raise PortBusy()
                raise explain_stderr(self.stderr, self.session.host.label,
                                     "The remote helper stopped before it was ready; see the details.")
            self.stderr += line
            if self.pid is None and line.startswith("pid "):
                self.pid = int(line.split()[1])
                continue
            match = ready.search(line)
            if match:
                self._drain = asyncio.create_task(self._keep_draining())
                port = match.groupdict().get("port")
                return int(port) if port else None

    async def _keep_draining(self) -> None:
        assert self.proc is not None
        while line := await self.proc.stderr.readline():
            self.stderr += line.decode(errors="replace")

    async def finish(self, timeout: float = 120.0) -> tuple[int, str] | None:
        """Wait for a helper that ends by itself (netcat after its one connection)."""
        assert self.proc is not None
        if not self.listener.ends_by_itself:
            return None  # stop() ends it
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            return (1, self.stderr + "\nthe remote side did not finish")
        if self._drain:
            await asyncio.wait([self._drain], timeout=2)
        return (self.proc.exit_status or 0, self.stderr)

    async def stop(self) -> None:
        if self.pid is not None:
            try:
                await self.session.run(f"kill -TERM -- -{self.pid} 2>/dev/null; true".encode(), timeout=10)
            except (asyncssh.Error, OSError, TimeoutError):
                pass
        if self.proc is not None:
            self.proc.close()
        if self._drain:
            self._drain.cancel()


async def open_data_socket(address: str, port: int | None) -> socket.socket:
    if port is None:
        raise TransferError("failed", "The remote helper did not say which port it listens on.")
    loop = asyncio.get_running_loop()
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setblocking(False)
    try:
        await asyncio.wait_for(loop.sock_connect(sock, (address, port)), LISTEN_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        sock.close()
        raise TransferError("connection-refused", f"Could not open the data connection to {address}:{port}; "
                            "a firewall may block it. Use a secure method instead.", str(exc)) from exc
    sock.setblocking(True)  # the relay thread splices with blocking calls
    return sock
