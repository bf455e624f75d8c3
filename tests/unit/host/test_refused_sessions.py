"""A host that refuses a command now and then (Dropbear does, busy or still closing the session before:
"Session request failed") gets it asked again; a first contact asks once. Against a real SSH server on
127.0.0.1 (asyncssh's) that refuses the first requests it gets, trusted by its own key only."""

from __future__ import annotations

import contextlib

import asyncssh
import pytest

from app.core.host.capabilities import REFUSED_TRIES, run_script


class _Refusing(asyncssh.SSHServerSession):
    def __init__(self, server: "_Server") -> None:
        self.server = server
        self.command = ""

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def exec_requested(self, command: str) -> bool:
        self.server.asked.append(command)
        if len(self.server.asked) <= self.server.refusals:
            return False
        self.command = command
        return True

    def session_started(self) -> None:
        self.chan.write(f"ran {self.command}\n".encode())
        self.chan.exit(0)


class _Server(asyncssh.SSHServer):
    def __init__(self, refusals: int) -> None:
        self.refusals = refusals
        self.asked: list[str] = []

    def begin_auth(self, username: str) -> bool:
        return False  # in without a password: a throwaway server on 127.0.0.1 for this test alone

    def session_requested(self) -> asyncssh.SSHServerSession:
        return _Refusing(self)


@contextlib.asynccontextmanager
async def _connected(refusals: int):
    """A connection to a server that refuses the first `refusals` commands; the server, to count them."""
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    server = _Server(refusals)
    listener = await asyncssh.create_server(lambda: server, "127.0.0.1", 0, server_host_keys=[host_key],
                                            encoding=None)
    port = listener.sockets[0].getsockname()[1]
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username="test", client_keys=None,
                                      known_hosts=([host_key.convert_to_public()], [], []))
        try:
            yield conn, server
        finally:
            conn.close()
    finally:
        listener.close()


@pytest.mark.parametrize("refusals", [1, REFUSED_TRIES - 1])
async def test_a_refused_command_is_asked_again_and_runs_once(refusals: int) -> None:
    async with _connected(refusals) as (conn, server):
        result = await run_script(conn, b"echo hi", timeout=10)
        assert (result.exit_status, result.stdout) == (0, b"ran echo hi\n")
        assert server.asked == ["echo hi"] * (refusals + 1)


async def test_a_host_that_always_refuses_is_asked_a_few_times_then_said_to() -> None:
    async with _connected(refusals=100) as (conn, server):
        with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
            await run_script(conn, b"echo hi", timeout=10)
        assert len(server.asked) == REFUSED_TRIES


async def test_the_first_contact_asks_once() -> None:
    # An account that runs no commands refuses each time: the capability probe must not wait on it.
    async with _connected(refusals=100) as (conn, server):
        with pytest.raises(asyncssh.ChannelOpenError):
            await run_script(conn, b"echo hi", timeout=10, tries=1)
        assert len(server.asked) == 1
