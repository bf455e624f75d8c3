"""A link that dies, without the network lab: the host's sshd sessions stopped (SIGSTOP) answer nothing,
as a NAS does whose network went away. The copy ends as link-lost in one sentence, nothing truncated
stands under a final name, the staging folder stays for a later run, and the host works again after.
A laptop that sleeps (the app and its tools stopped together) goes on when it wakes; tools stopped
while the app runs are a stall like any other."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.host import capabilities
from app.core.host.hosts import HostSpec, connect, resolve
from app.core.host.ssh_command import Options
from app.core.host.link_check import acknowledges
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.leftovers import BOOKKEEPING
from tests.stalls import (assert_lost_and_kept, copy_while_link_dies, descendants, frozen, processes_named,
                          random_file, same_bytes, signal_all, staging_folders)

STALL = 3.0     # the watchdog's limit in these tests
BOUND = 90.0    # a copy still running this long after its link went is a hang (a failure bound, not a timing)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return random_file(tmp_path_factory.mktemp("big") / "big file.bin", 256)


async def _session(sshd, dest: str | None = None) -> Session:
    return await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=dest)


def _request(source: Path, dest: Path, method: str, download: bool) -> CopyRequest:
    return CopyRequest([str(source)], str(dest), method, Options(download=download), allow_insecure=True,
                       stall_timeout=STALL)


@pytest.mark.parametrize("method, download", [("tar-ssh", False), ("scp", True), ("tar-nc", False)],
                         ids=["tar-ssh-up", "scp-down", "tar-nc-up"])
async def test_a_host_that_stops_answering_ends_the_copy_as_link_lost(sshd, big_file: Path, tmp_path: Path,
                                                                       method: str, download: bool) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    session = await _session(sshd, None if download else str(dest))
    # Every session of the host stopped: data and control alike. An upload's receiving tar on the host is
    # stopped the moment it starts, so a copy faster than the progress ticks (tar over netcat here moves
    # 256 MiB in a quarter of a second) is still mid-way when the host goes.
    hold = None if download else (lambda: processes_named(sshd.proc.pid, ("tar",)))
    outcome = await copy_while_link_dies(session, _request(big_file, dest, method, download),
                                         lambda: frozen(descendants(sshd.proc.pid)), bound=BOUND, hold=hold)
    assert_lost_and_kept(outcome, "testhost", STALL, not download, dest, big_file.name)
    await _copy_again_works(sshd, big_file, dest, method, download)


async def _copy_again_works(sshd, source: Path, dest: Path, method: str, download: bool) -> None:
    session = await _session(sshd, None if download else str(dest))
    try:
        await copy(session, _request(source, dest, method, download))
    finally:
        await session.close()
    assert same_bytes(dest / source.name, source)


async def test_keepalives_end_a_control_connection_the_host_no_longer_answers(sshd, tmp_path: Path) -> None:
    """With the user's own ServerAliveInterval (1 s, 2 tries), asyncssh gives up on the host by itself."""
    config = tmp_path / "ssh_config"
    config.write_text(sshd.ssh_config.read_text() + "  ServerAliveInterval 1\n  ServerAliveCountMax 2\n")
    session = await Session.open(HostSpec("testhost", str(config)))
    try:
        assert session.host.keepalive == (1, 2)
        with frozen(descendants(sshd.proc.pid)):
            deadline = time.monotonic() + BOUND
            while not session.lost:
                assert time.monotonic() < deadline, "the control connection waited on a silent host for good"
                await asyncio.sleep(0.2)
    finally:
        await session.close()


async def test_a_host_slow_to_answer_is_not_a_lost_link(sshd) -> None:
    """The host's sshd answers only after the first check's allowance (a busy NAS, or this computer too
    busy to hear it): its end still acknowledges every byte, so the app waits longer and the session lives."""
    session = await _session(sshd)
    try:
        assert await acknowledges(session.conn)
        held = descendants(sshd.proc.pid)
        signal_all(held, signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        thaw = loop.call_later(2.0, signal_all, held, signal.SIGCONT)
        try:
            assert await session.link_alive(within=0.5)
        finally:
            thaw.cancel()
            signal_all(held, signal.SIGCONT)
        assert not session.lost
        assert (await session.run(b"echo still here")).stdout == b"still here\n"
    finally:
        await session.close()


async def test_a_host_slow_to_answer_at_first_contact_is_not_taken_for_an_sftp_only_account(sshd, monkeypatch) -> None:
    """The capability script goes unanswered for its first allowance (a busy NAS, or this computer too busy
    to hear it): it is asked again for longer, and the account keeps its shell (it was read as SFTP-only)."""
    monkeypatch.setattr(capabilities, "SHAPE_TIMEOUT", 0.5)
    conn = await connect(resolve(HostSpec("testhost", str(sshd.ssh_config))))
    try:
        with frozen(descendants(sshd.proc.pid)) as held:  # this connection's sshd, after its login
            thaw = asyncio.get_running_loop().call_later(2.0, signal_all, held, signal.SIGCONT)
            try:
                caps = await capabilities.remote(conn, None, "testhost")
            finally:
                thaw.cancel()
    finally:
        conn.close()
    assert caps.shell and "tar" in caps.tools


async def test_a_host_that_never_answers_at_first_contact_says_so(sshd, monkeypatch) -> None:
    """Both allowances pass without an answer: one sentence that the host was too busy, not a copy that
    fails later because the account was taken for SFTP-only."""
    monkeypatch.setattr(capabilities, "SHAPE_TIMEOUT", 0.5)
    monkeypatch.setattr(capabilities, "SLOW_SHAPE_TIMEOUT", 1.0)
    conn = await connect(resolve(HostSpec("testhost", str(sshd.ssh_config))))
    try:
        with frozen(descendants(sshd.proc.pid)):
            with pytest.raises(TransferError) as caught:
                await capabilities.remote(conn, None, "testhost")
    finally:
        conn.close()
    assert str(caught.value) == ("testhost did not answer a command in time while connecting (it may be very busy); "
                                 "try again.")


def _cli(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "app", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)


def _copy_cli(sshd, source: Path, dest: Path) -> subprocess.Popen:
    return _cli("copy", "testhost", str(source), "--dest", str(dest), "--method", "tar-ssh",
                "--ssh-config", str(sshd.ssh_config), "--stall-timeout", f"{STALL:g}")


def _wait_for_bytes(dest: Path, app: subprocess.Popen) -> None:
    """Until the staging folder holds some of the copy (the copy's own tools are running then)."""
    deadline = time.monotonic() + BOUND
    while True:
        arrived = sum(f.stat().st_size for f in dest.glob(".transfer-advisor-partial-*/*")
                      if f.is_file() and f.name not in BOOKKEEPING)
        if arrived > 0:
            return
        assert app.poll() is None, f"the copy ended before it could be stopped: {app.communicate()}"
        assert time.monotonic() < deadline, "no bytes arrived"
        time.sleep(0.005)


def test_a_laptop_that_sleeps_goes_on_copying_when_it_wakes(sshd, big_file: Path, tmp_path: Path) -> None:
    """The app and every tool it started stopped together, for longer than the watchdog's limit (as a
    suspended laptop is, while the host waits): on waking, the copy goes on and is verified."""
    dest = tmp_path / "dest"
    dest.mkdir()
    app = _copy_cli(sshd, big_file, dest)
    try:
        _wait_for_bytes(dest, app)
        with frozen([app.pid, *descendants(app.pid)]):
            time.sleep(3 * STALL)
        out, err = app.communicate(timeout=BOUND)
    finally:
        app.kill()
    assert app.returncode == 0, err
    assert out.startswith("Copied 1 file, 268 MB") and "verified: sizes" in out, out
    assert same_bytes(dest / big_file.name, big_file)


def test_tools_stopped_while_the_app_runs_end_as_link_lost_not_a_hang(sshd, big_file: Path, tmp_path: Path) -> None:
    """The app awake, its tools stopped (nothing moves): after the limit the copy ends in one sentence."""
    dest = tmp_path / "dest"
    dest.mkdir()
    app = _copy_cli(sshd, big_file, dest)
    tools: list[int] = []
    try:
        _wait_for_bytes(dest, app)
        tools = descendants(app.pid)
        signal_all(tools, signal.SIGSTOP)
        _out, err = app.communicate(timeout=BOUND)
    finally:
        signal_all(tools, signal.SIGCONT)
        app.kill()
    assert app.returncode == 1
    # Whichever notices first, the watchdog (no data) or the control connection's keepalive (it is gone),
    # the user is told the link was lost, once.
    assert LOST_WHILE_COPYING.fullmatch(err), err
    assert not (dest / big_file.name).exists() and len(staging_folders(dest)) == 1


def test_a_laptop_that_wakes_to_a_dead_link_says_so(sshd, big_file: Path, tmp_path: Path) -> None:
    """Asleep, and while it slept the host went away: on waking the copy ends as link-lost, not a hang."""
    dest = tmp_path / "dest"
    dest.mkdir()
    app = _copy_cli(sshd, big_file, dest)
    try:
        _wait_for_bytes(dest, app)
        with frozen(descendants(sshd.proc.pid)):
            with frozen([app.pid, *descendants(app.pid)]):
                time.sleep(2 * STALL)
            _out, err = app.communicate(timeout=BOUND)
    finally:
        app.kill()
    assert app.returncode == 1
    # Whichever notices first, the watchdog (no data) or the control connection's keepalive (it is gone),
    # the user is told the link was lost, once.
    assert LOST_WHILE_COPYING.fullmatch(err), err
    assert not (dest / big_file.name).exists()


LOST_WHILE_COPYING = re.compile(r"transfer-advisor: (The connection to testhost was lost|No data (reached|came from) "
                                r"testhost for \d+ s), so the copy was stopped; check the network \(Wi-Fi, the NAS\) "
                                r"and start the same copy again: nothing half-written was put in place\.\n")
LOST_WHILE_ADVISING = re.compile(r"transfer-advisor: (The connection to testhost was lost|No data (reached|came "
                                r"from) testhost for \d+ s), so the (measurement|race) was stopped; check the "
                                r"network \(Wi-Fi, the NAS\) and try again\.")


def test_advice_whose_host_stops_answering_is_one_sentence(sshd, big_file: Path, tmp_path: Path) -> None:
    """Measuring when the link goes: the command line says it in one sentence, never 'unexpected error'."""
    app = _cli("advise", "testhost", str(big_file), "--dest", str(tmp_path), "--ssh-config", str(sshd.ssh_config),
               "--stall-timeout", f"{STALL:g}")
    try:
        assert app.stderr is not None
        first = app.stderr.readline()  # "Measuring the link to testhost…": the session is up
        assert "Measuring" in first or "Reading" in first, first
        with frozen(descendants(sshd.proc.pid)):
            _out, err = app.communicate(timeout=BOUND)
    finally:
        app.kill()
    assert app.returncode == 1, err
    assert LOST_WHILE_ADVISING.fullmatch(err.splitlines()[-1]), err
    assert "unexpected" not in err and "Traceback" not in err


async def test_a_host_that_stops_answering_mid_echo_ends_the_measurement(sshd, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The round-trip probe's echo is held open on the host: when the host stops answering right then, the
    probe's time-out ends it and the measurement says the link was lost (it once waited for the dead
    channel to close, for as long as the connection's keepalives took to give up)."""
    from app.core.errors import ErrorKind, TransferError
    from app.core.profile import profiler
    monkeypatch.setattr(profiler, "PROBE_TIMEOUT", 3.0)
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
    try:
        with frozen([]) as held:
            measuring = asyncio.ensure_future(profiler.measure(session, str(tmp_path), None, fresh=True))
            deadline = time.monotonic() + BOUND
            while not any(_comm(p) == "cat" for p in descendants(sshd.proc.pid)):  # the echo is open
                assert not measuring.done() and time.monotonic() < deadline
                await asyncio.sleep(0.001)
            held += descendants(sshd.proc.pid)
            signal_all(held, signal.SIGSTOP)
            with pytest.raises(TransferError) as caught:
                await asyncio.wait_for(measuring, BOUND)
        assert caught.value.kind is ErrorKind.LINK_LOST
    finally:
        session.close_now()


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""
