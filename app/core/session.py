"""A session with one host: the resolved host, the control connection, and what both sides can do."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import asyncssh

from app.core import capabilities
from app.core.capabilities import Capabilities
from app.core.hosts import Host, HostSpec, PasswordCallback, connect, resolve
from app.core.methods.base import Ssh


@dataclass
class Session:
    host: Host
    conn: asyncssh.SSHClientConnection
    local: Capabilities
    remote: Capabilities

    @classmethod
    async def open(cls, spec: HostSpec, remote_dest: str | None = None, local_dest: str | None = None,
                   password: PasswordCallback | None = None) -> "Session":
        host = await asyncio.to_thread(resolve, spec)
        # This computer's tools are looked at while the login runs: they do not depend on it.
        local_task = asyncio.ensure_future(asyncio.to_thread(capabilities.local, local_dest))
        try:
            conn = await connect(host, password)
        except BaseException:
            await asyncio.gather(local_task, return_exceptions=True)
            raise
        try:
            remote = await capabilities.remote(conn, remote_dest)
            local = await local_task
        except BaseException:
            conn.close()
            raise
        return cls(host, conn, local, remote)

    def ssh(self, control_path: str | None = None) -> Ssh:
        return Ssh(self.host.alias, tuple(self.host.ssh_options()), control_path)

    def display_ssh(self) -> Ssh:
        return Ssh(self.host.display_target, tuple(self.host.display_options()))

    @property
    def listen_address(self) -> str:
        """The remote address this connection reached: insecure listeners bind only there."""
        return self.remote.server_address or self.conn.get_extra_info("peername")[0]

    async def run(self, command: bytes, stdin: bytes | None = None, timeout: float = 60) -> asyncssh.SSHCompletedProcess:
        return await asyncio.wait_for(self.conn.run(command, input=stdin, check=False, encoding=None), timeout)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
