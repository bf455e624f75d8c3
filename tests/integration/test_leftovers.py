"""Nothing the app starts outlives it, against the real sshd: after copies with the unencrypted methods,
after a data connection that failed or was taken by someone else, and after the app itself was killed
with SIGKILL in the middle of a copy, no netcat listener, rsync daemon, secret or temp folder of the app
is left on the host (looked for with ps and in /tmp, as a person would), and after the SIGKILL none of
its tools runs on this computer either."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import pytest

from app.core.transfer import execute, ownership

from app.core.host import remote_helper
from app.core.errors import TransferError
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import cli_json
from tests.leftovers import descendants, kill_app_mid_copy, left_since, received, snapshot

INSECURE = ["tar-nc", "rsync-daemon"]


@pytest.fixture
def before():
    return snapshot()


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", INSECURE)
def test_a_finished_copy_leaves_nothing(sshd, before, tmp_path: Path, method: str, download: bool) -> None:
    src = tmp_path / "src"
    (src / "inner").mkdir(parents=True)
    (src / "inner" / "a.bin").write_bytes(os.urandom(200_000))
    out = cli_json("copy", "testhost", str(src), "--dest", str(tmp_path / "dest"), "--method", method,
                   "--allow-insecure", "--ssh-config", str(sshd.ssh_config), *(["--download"] if download else []))
    assert "error" not in out, out
    assert out["notes"] == []
    assert (tmp_path / "dest" / "src" / "inner" / "a.bin").read_bytes() == (src / "inner" / "a.bin").read_bytes()
    assert left_since(before) == []


async def _copy(sshd, src: Path, dest: Path, method: str, download: bool = False):
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=None if download
                                 else str(dest))
    try:
        return await copy(session, CopyRequest([str(src)], str(dest), method, Options(download=download),
                                               allow_insecure=True))
    finally:
        await session.close()


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_someone_else_on_the_data_port_stops_the_copy(sshd, before, big_file: Path, tmp_path: Path,
                                                           monkeypatch, download: bool) -> None:
    """Another program connects to the listener first, with a wrong token: the copy fails with the
    sentence, nothing reaches it, nothing of theirs lands, and nothing is left running."""
    intruders: list[socket.socket] = []

    class SomeoneFirst(remote_helper.RemoteHelper):
        async def start(self) -> int | None:
            port = await super().start()
            intruders.append(socket.create_connection(("127.0.0.1", port), timeout=30))
            intruders[-1].sendall(b"x" * 32 + b"a tar stream of its own")
            return port

    monkeypatch.setattr(execute, "RemoteHelper", SomeoneFirst)
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(TransferError) as err:
        await _copy(sshd, big_file, dest, "tar-nc", download)
    assert err.value.kind == "intruder"
    assert err.value.sentence == ("Another computer connected to the data port on testhost before this app did, "
                                  "so the copy was stopped and nothing was sent to it; use a secure method on "
                                  "this network.")
    (intruder,) = intruders
    with intruder:
        assert received(intruder) == b""
    assert os.listdir(dest) == []
    assert left_since(before) == []


async def test_a_data_connection_that_cannot_be_made_leaves_nothing(sshd, before, tmp_path: Path,
                                                                    monkeypatch) -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: connections to it are refused
    real = remote_helper.open_data_socket

    async def refused(address: str, port: int | None, greeting: bytes = b"") -> socket.socket:
        return await real(address, closed.getsockname()[1], greeting)

    monkeypatch.setattr(remote_helper, "open_data_socket", refused)
    src = tmp_path / "a.bin"
    src.write_bytes(os.urandom(100_000))
    with closed, pytest.raises(TransferError) as err:
        await _copy(sshd, src, tmp_path / "dest", "tar-nc")
    assert err.value.kind == "connection-refused"
    assert err.value.sentence.startswith("Could not open the data connection to 127.0.0.1:")
    assert left_since(before) == []


# --- the app killed in the middle of a copy ------------------------------------------------------

ALL = ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "tar-nc", "rsync-daemon"]
KILLED = [(m, False, "none") for m in ALL] + [("tar-ssh", False, "zstd"), ("tar-ssh", True, "none"),
                                                 ("tar-nc", True, "none"), ("rsync-daemon", True, "none")]


@pytest.mark.parametrize("method, download, compress", KILLED,
                         ids=[f"{m}{'-zstd' if c != 'none' else ''}-{'down' if d else 'up'}" for m, d, c in KILLED])
def test_a_killed_app_leaves_nothing_running(sshd, before, big_file: Path, tmp_path: Path, method: str,
                                             download: bool, compress: str) -> None:
    """SIGKILL of the app in the middle of a copy, while the host's side is held still so the copy can
    neither finish nor break off by itself: none of the app's tools on this computer (ssh, scp, sftp,
    rsync, tar, nc, zstd) runs on, and once the host is let go, no helper of the app on it. What is left
    is the copy's staging folder, marked as the dead app's: the next run resumes from it or, a day on,
    sweeps it."""
    dest = tmp_path / "dest"
    dest.mkdir()
    argv = [sys.executable, "-m", "app", "copy", "testhost", str(big_file), "--dest", str(dest), "--method", method,
            "--compress", compress, "--allow-insecure", "--ssh-config", str(sshd.ssh_config),
            *(["--download"] if download else [])]
    here, on_host = kill_app_mid_copy(argv, dest, lambda: descendants(sshd.proc.pid), before)
    assert here == []
    assert on_host == []
    assert not (dest / big_file.name).exists()  # nothing half-written under its final name
    (stage,) = dest.glob(".transfer-advisor-partial-*")
    owner = ownership.parse((stage / ownership.MARKER).read_bytes())
    assert owner is not None and owner.kind == "staging" and owner.folder == stage.name
    assert ownership.state(owner) == ownership.GONE
