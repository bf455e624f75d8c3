"""A session's shared OpenSSH connection (app.core.host.mux): the copy, the probe and the laps with its cipher
open a channel on it instead of logging in again — counted in the real sshd's own log — and the bytes arrive
as before; a run with another cipher logs in itself; a master that died is not used; nothing of it outlives
the session."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path

import pytest

from app.core.errors import ErrorKind, TransferError
from app.core.host import early_share
from app.core.host.hosts import HostSpec, resolve
from app.core.host.session import Session
from app.core.host.ssh_command import AEAD, Options
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import snapshot
from tests.peers import SshServer, start_sshd

ACCEPTED = "Accepted publickey"


def logins(sshd) -> int:
    return (sshd.root / "sshd.log").read_text(errors="replace").count(ACCEPTED)


async def _until_logins(sshd, count: int) -> int:
    """sshd writes its log line a moment after the login: wait (a bound for a failure, not a timing)."""
    for _ in range(100):
        if logins(sshd) >= count:
            break
        await asyncio.sleep(0.05)
    return logins(sshd)


def masters(path: str) -> list[str]:
    out = subprocess.run(["ps", "-ww", "-eo", "args="], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if f"ControlPath={path}" in line and " -M " in line]


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    """A real sshd like the session's, that logs every login."""
    server = start_sshd(tmp_path_factory.mktemp("sshd-logins"), log_level="INFO")
    yield server
    server.stop()


@pytest.fixture
def album(tmp_path: Path) -> Path:
    root = tmp_path / "src" / "album 'x'"
    (root / "raw").mkdir(parents=True)
    for i in range(6):
        (root / ("raw" if i % 2 else "") / f"photo {i}.jpg").write_bytes(os.urandom(300_000 + i))
    return root


async def test_copies_with_its_cipher_log_in_no_more(sshd, album: Path, tmp_path: Path) -> None:
    before = logins(sshd)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    try:
        assert session.shared is not None, "both sides offer an AEAD cipher: the session shares a connection"
        cipher = session.shared.options.cipher
        assert cipher in AEAD
        await session.ready_ssh(Options(cipher=cipher))
        path = session.shared.path
        assert len(masters(path)) == 1
        logged_in = await _until_logins(sshd, before + 2)  # the control connection and the shared one
        assert logged_in == before + 2
        dests = {}
        for method in ("tar-ssh", "rsync-ssh", "sftp", "scp"):  # no cipher asked for: the shared one
            dests[method] = tmp_path / f"to {method}"
            result = await copy(session, CopyRequest([str(album)], str(dests[method]), method))
            assert result.options["cipher"] == cipher
            assert f"-c {cipher}" in result.command and "ControlPath" not in result.command
        await asyncio.sleep(0.3)
        assert logins(sshd) == logged_in, "a copy with the shared connection's cipher logged in again"
        other = next(c for c in AEAD if c != cipher)
        dests["other"] = tmp_path / "other cipher"
        result = await copy(session, CopyRequest([str(album)], str(dests["other"]), "tar-ssh", Options(cipher=other)))
        assert result.options["cipher"] == other
        assert await _until_logins(sshd, logged_in + 1) == logged_in + 1, "another cipher logs in itself"
    finally:
        await session.close()
    want = snapshot(album)
    for dest in dests.values():
        assert snapshot(dest / album.name) == want
    assert masters(path) == [] and not os.path.exists(os.path.dirname(path))


async def test_a_dead_shared_connection_is_not_used(sshd, album: Path, tmp_path: Path) -> None:
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    try:
        assert session.shared is not None
        await session.ready_ssh(Options(cipher=session.shared.options.cipher))
        session.shared.master.procs[0].kill()  # it died (its link dropped, or someone ended it)
        await session.shared.master.wait()
        assert session.ssh().shared is None
        result = await copy(session, CopyRequest([str(album)], str(tmp_path / "dest"), "tar-ssh"))
        assert result.verified
    finally:
        await session.close()
    assert snapshot(tmp_path / "dest" / album.name) == snapshot(album)


async def test_a_session_closed_while_its_connection_logs_in_leaves_nothing(sshd, tmp_path: Path) -> None:
    """Closed at once (the CLI found the destination full): the master logging in is killed and reaped before
    close() returns, so no loop closes with it still running (asyncio would print a warning in the terminal)."""
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    mux = session.shared
    assert mux is not None
    await session.close()
    assert mux.master is None or all(p.returncode is not None for p in mux.master.procs)
    assert masters(mux.path) == []


async def test_a_master_that_failed_to_start_ends_at_once(sshd, tmp_path: Path, monkeypatch) -> None:
    """A master that did not answer in time (a loaded machine: CI met it) is given up: it is ended there and
    then, not by a polite request the app may not live to finish (it quits: close_now, the loop stops). Seen
    without running the loop after close_now, as when the app quits; the old way left the master logged in."""
    monkeypatch.setattr("app.core.host.mux.LOGIN_TIMEOUT", 0.0)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    mux = session.shared
    assert mux is not None
    for _ in range(500):  # until the start gave up (one step of the loop at a time: not a timing)
        if session.shared is None:
            break
        await asyncio.sleep(0)
    assert session.shared is None and session.ssh().shared is None
    session.close_now()
    for _ in range(100):  # a killed process ends at once; ps may show it a moment longer
        if masters(mux.path) == []:  # a killed one not yet reaped shows as "[ssh] <defunct>"
            break
        time.sleep(0.05)  # the loop does not run, as after the app's window closed
    assert masters(mux.path) == []
    await asyncio.wait_for(mux.reaped(), 5)


async def test_streams_are_connections_of_their_own(sshd, album: Path, tmp_path: Path) -> None:
    """Parallel streams exist to get a TCP connection (and an ssh window) each: never one shared connection."""
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    try:
        cipher = session.shared.options.cipher
        await session.ready_ssh(Options(cipher=cipher))
        logged_in = await _until_logins(sshd, logins(sshd))
        result = await copy(session, CopyRequest([str(album)], str(tmp_path / "dest"), "tar-ssh",
                                                 Options(cipher=cipher, streams=3)))
        assert result.options["streams"] == 3
        assert await _until_logins(sshd, logged_in + 3) == logged_in + 3
    finally:
        await session.close()
    assert snapshot(tmp_path / "dest" / album.name) == snapshot(album)


async def test_a_host_seen_before_logs_in_its_shared_connection_beside_the_control_one(sshd, tmp_path: Path) -> None:
    """The second session to a key-login host starts its shared connection before its own log-in is done (with
    the cipher remembered from the first), so a copy right after it waits for no second log-in; still two
    log-ins in sshd's log, one master, nothing left after close."""
    spec = HostSpec("testhost", str(sshd.ssh_config))
    first = await Session.open(spec, remote_dest=str(tmp_path))
    cipher = first.shared.options.cipher
    await first.close()
    assert early_share.recall(first.host) == cipher
    before = logins(sshd)
    second = await Session.open(spec, remote_dest=str(tmp_path))
    try:
        mux = second.shared
        assert mux is not None and mux.options.cipher == cipher and mux.session is second
        # Started before the session existed: its master was running when open() returned, not after.
        assert mux.master is not None and mux.master.procs
        await second.ready_ssh(Options(cipher=cipher))
        assert second.ssh().shared is not None and len(masters(mux.path)) == 1
        assert await _until_logins(sshd, before + 2) == before + 2
    finally:
        await second.close()
    assert masters(mux.path) == [] and not os.path.exists(mux.dir)


async def test_a_remembered_cipher_the_host_no_longer_wants_is_ended_for_the_right_one(sshd, tmp_path: Path) -> None:
    spec = HostSpec("testhost", str(sshd.ssh_config))
    first = await Session.open(spec, remote_dest=str(tmp_path))
    right = first.shared.options.cipher
    await first.close()
    wrong = next(c for c in AEAD if c != right)
    early_share.keep(first.host, wrong)
    second = await Session.open(spec, remote_dest=str(tmp_path))
    try:
        assert second.shared is not None and second.shared.options.cipher == right
        await second.ready_ssh(Options(cipher=right))
        assert second.ssh().shared is not None
        # (This server's masters only: other tests beside this one run masters of their own, with either cipher.)
        assert [m for m in masters("") if wrong in m and str(sshd.ssh_config) in m] == [], \
            "the early one with the wrong cipher was left running"
    finally:
        await second.close()
    assert early_share.recall(first.host) == right


async def test_another_host_at_a_remembered_address_gets_no_early_login_left_running(sshd, tmp_path: Path) -> None:
    """A remembered host where another one now answers (its key is not known here): the early connection is
    refused by OpenSSH's own host-key check, the session's log-in says why in one sentence, and nothing of the
    early connection is left running."""
    spec = HostSpec("testhost", str(sshd.ssh_config))
    first = await Session.open(spec, remote_dest=str(tmp_path))
    await first.close()
    other = start_sshd(tmp_path / "other")  # its own host key and known_hosts
    try:
        impostor = other.ssh_config.read_text()
        host_line = next(line for line in impostor.splitlines() if line.strip().startswith("Port"))
        fake = tmp_path / "fake_config"
        fake.write_text(sshd.ssh_config.read_text().replace(
            next(line for line in sshd.ssh_config.read_text().splitlines() if line.strip().startswith("Port")),
            host_line))
        early_share.keep((await asyncio.to_thread(resolve, HostSpec("testhost", str(fake)))), "aes128-gcm@openssh.com")
        with pytest.raises(TransferError) as refused:
            await Session.open(HostSpec("testhost", str(fake)), remote_dest=str(tmp_path))
        assert refused.value.kind is ErrorKind.HOST_KEY_UNKNOWN
        assert [m for m in masters("") if str(fake) in m] == []
    finally:
        other.stop()
