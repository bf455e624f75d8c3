"""The unencrypted path is the app's own: through a port forward (a small TCP relay on 127.0.0.1 in
front of the real sshd) the host sees its connection arrive elsewhere than where this computer sent
it, so tar over netcat, the rsync daemon and the raw TCP probes are left out with the reason; the
direct connection to the same sshd still offers them."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from app.core.demo.host import free_port, known_hosts_line, public_key_path
from tests.helpers import cli, cli_json

FORWARD = ("the connection to the host passes through a port forward or tunnel (this computer reached "
           "127.0.0.1:{relay}, the host sees 127.0.0.1:{sshd}), so unencrypted data could not be sent to the "
           "host directly")


class Relay:
    """A port forward: every connection to listen:port is carried to target_host:target."""

    def __init__(self, target: int, listen: str = "127.0.0.1", target_host: str = "127.0.0.1") -> None:
        self.target, self.listen, self.target_host = target, listen, target_host
        self.port = free_port(listen)
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Relay":
        self._thread.start()
        assert self._ready.wait(10), "the relay did not start"
        return self

    def __exit__(self, *exc) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._carry, self.listen, self.port))
        self._ready.set()
        try:
            self.loop.run_forever()
        finally:
            server.close()
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.run_until_complete(server.wait_closed())
            self.loop.close()

    async def _carry(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.target_host, self.target)
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer), return_exceptions=True)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


@pytest.fixture
def relayed(sshd, tmp_path: Path):
    """An ssh config whose `forwarded` alias reaches the test sshd through the relay."""
    with Relay(sshd.port) as relay:
        known = tmp_path / "known_hosts"
        known.write_text(known_hosts_line("127.0.0.1", relay.port, public_key_path(sshd.host_key)))
        config = tmp_path / "ssh_config"
        config.write_text(f"Host forwarded\n  HostName 127.0.0.1\n  Port {relay.port}\n  User {sshd.user}\n"
                          f"  IdentityFile {sshd.client_key}\n  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n"
                          "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n")
        yield config, FORWARD.format(relay=relay.port, sshd=sshd.port)


def test_through_a_port_forward_the_unencrypted_methods_say_why_not(sshd, relayed) -> None:
    config, why = relayed
    out = cli_json("methods", "forwarded", "--allow-insecure", "--ssh-config", str(config))
    rows = {r["id"]: r for r in out["methods"]}
    assert rows["tar-nc"]["available"] is False and rows["tar-nc"]["reason"] == why
    assert rows["rsync-daemon"]["available"] is False and rows["rsync-daemon"]["reason"] == why
    assert rows["tar-ssh"]["available"] is True  # encrypted methods go through the forward fine

    direct = cli_json("methods", "testhost", "--allow-insecure", "--ssh-config", str(sshd.ssh_config))
    rows = {r["id"]: r for r in direct["methods"]}
    assert rows["tar-nc"]["available"] is True and rows["rsync-daemon"]["available"] is True


def test_a_copy_through_a_port_forward_refuses_before_sending(sshd, relayed, tmp_path: Path) -> None:
    config, why = relayed
    src = tmp_path / "secret.txt"
    src.write_bytes(b"not for the open network")
    proc = cli("copy", "forwarded", str(src), "--dest", str(tmp_path / "d"), "--method", "tar-nc",
               "--allow-insecure", "--ssh-config", str(config))
    assert proc.returncode == 1
    assert proc.stderr == f"transfer-advisor: tar over netcat (insecure) cannot be used here: {why}; choose " \
                          "another method.\n"
    assert not (tmp_path / "d" / "secret.txt").exists()


def test_the_raw_tcp_probes_are_not_run_through_a_port_forward(relayed, tmp_path: Path) -> None:
    config, why = relayed
    out = cli_json("profile", "forwarded", "--fresh", "--budget", "0.2", "--ssh-config", str(config),
                   env={"TRANSFER_ADVISOR_HOME": str(tmp_path / "home")})
    assert out["tcp_up_MBps"] is None and out["tcp_down_MBps"] is None
    assert f"Raw TCP not measured: {why}" in out["notes"]
