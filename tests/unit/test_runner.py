"""The runner's short commands and servers, with real processes: a tool past its time limit is ended
(with what it started in its group) and the error names it; a server is stopped in steps."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.host.mux import Mux
from app.core.host.ssh_command import Options
from app.core.keeper import KEEPER
from app.core.runner import run, run_sync, start_server, stop_server

# Starts a child in the same group, writes both pids, then waits far longer than any limit below.
HANGS = 'sleep 60 & echo "$$ $!" > "$1"; wait'


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def pids_written(path: Path) -> list[int]:
    deadline = time.monotonic() + 10
    while not (path.exists() and path.read_text().endswith("\n")):
        assert time.monotonic() < deadline, "the command did not start"
        time.sleep(0.01)
    return [int(p) for p in path.read_text().split()]


def assert_ended(pids: list[int]) -> None:
    deadline = time.monotonic() + 5
    while any(alive(p) for p in pids):
        assert time.monotonic() < deadline, f"still running: {[p for p in pids if alive(p)]}"
        time.sleep(0.01)


def test_run_sync_returns_what_the_tool_said() -> None:
    code, out, err = run_sync(["sh", "-c", 'cat; echo "to stderr" >&2; exit 3'], stdin=b"in\n", timeout=10)
    assert (code, out, err) == (3, "in\n", "to stderr\n")


def test_run_sync_ends_a_tool_past_its_time_and_says_so(tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(TransferError) as caught:
        run_sync(["sh", "-c", HANGS, "sh", str(tmp_path / "pids")], timeout=0.5)
    assert time.monotonic() - started < 5
    assert caught.value.kind == "failed"
    assert caught.value.sentence.startswith("`sh` on this computer did not finish within 0.5 s, so it was stopped")
    assert_ended(pids_written(tmp_path / "pids"))


def test_run_sync_of_a_missing_tool_raises_file_not_found() -> None:
    with pytest.raises(FileNotFoundError):
        run_sync(["transfer-advisor-no-such-tool"], timeout=5)


async def test_run_ends_a_tool_past_its_time_and_says_so(tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(TransferError) as caught:
        await run(["sh", "-c", HANGS, "sh", str(tmp_path / "pids")], timeout=0.5)
    assert time.monotonic() - started < 5
    assert "`sh` on this computer did not finish within 0.5 s" in caught.value.sentence
    assert_ended(pids_written(tmp_path / "pids"))


def _environ(pid: int) -> list[bytes]:
    """A process's environment; empty for the moment it is between programs (sh exec'ing sleep here)."""
    deadline = time.monotonic() + 10
    while True:
        with open(f"/proc/{pid}/environ", "rb") as f:
            data = f.read()
        if data or time.monotonic() > deadline:
            return data.split(b"\0")
        time.sleep(0.01)


def test_a_server_runs_in_its_own_session_with_the_keepers_mark_and_logs(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    proc = start_server(["sh", "-c", 'echo listening; exec sleep 60'], log)
    try:
        assert os.getsid(proc.pid) == proc.pid
        deadline = time.monotonic() + 10
        while "listening" not in log.read_text():
            assert time.monotonic() < deadline, "the server wrote nothing"
            time.sleep(0.01)
        environ = _environ(proc.pid)
        (name, value), = KEEPER.mark().items()
        assert f"{name}={value}".encode() in environ
    finally:
        stop_server(proc)
    assert proc.returncode == -signal.SIGTERM


def test_a_server_that_ignores_sigterm_is_killed(tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    proc = start_server(["sh", "-c", 'trap "" TERM; touch "$1"; while :; do sleep 0.1; done', "sh", str(ready)],
                        tmp_path / "server.log")
    deadline = time.monotonic() + 10
    while not ready.exists():
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    started = time.monotonic()
    stop_server(proc, grace=0.5)
    assert proc.returncode == -signal.SIGKILL
    assert 0.4 < time.monotonic() - started < 5
    stop_server(proc)  # a second stop is harmless


async def test_a_start_cancelled_at_any_moment_leaves_no_process_and_prints_nothing(
        caplog: pytest.LogCaptureFixture) -> None:
    # A session closing cancels what it was starting (ssh -O check every 20 ms while a shared connection logs
    # in). Cancelled inside asyncio's start of a quick tool, asyncio's own clean-up could reap the tool before
    # its watcher did, which then printed "Unknown child process pid …, will report returncode 255" in a
    # command's output (seen in CI). Every moment of the start is hit: 0 to 11 steps of the loop after it began.
    import asyncio

    from app.core.runner import spawn

    started: list[int] = []

    async def start() -> None:
        proc = await spawn(["true"], stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        started.append(proc.pid)
        await proc.wait()

    with caplog.at_level("WARNING", logger="asyncio"):
        for round_ in range(360):
            task = asyncio.ensure_future(start())
            for _ in range(round_ % 12):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await asyncio.sleep(0.2)  # a watcher thread that found its child gone logs from its own thread
    assert [r.getMessage() for r in caplog.records if "child process" in r.getMessage()] == []
    children = [p for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) == os.getpid()
                and _command(int(p)) == "true"]
    assert children == [], "started tools left as zombies or running"


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def test_the_apps_folder_gone_its_sockets_go_to_the_temporary_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cleaner of /tmp may remove the app's folder under a window open for weeks: a shared connection's
    folder is then made where it was made before the app had a folder of its own, never not at all."""
    folder = KEEPER.folder()
    assert os.path.dirname(folder) == tempfile.gettempdir() and os.path.basename(folder).startswith("ta-run-")
    monkeypatch.setattr(KEEPER, "_folder", folder + "-removed-by-a-cleaner")
    mux = Mux(None, Options())  # type: ignore[arg-type]
    try:
        assert os.path.dirname(mux.dir) == tempfile.gettempdir()
    finally:
        shutil.rmtree(mux.dir)
