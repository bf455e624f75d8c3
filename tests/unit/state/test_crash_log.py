"""The crash log stays small (rotated by the standard library's handler, two old logs kept), and a native
crash — a fatal signal inside a C library, where no Python handler runs — still leaves every thread's
stack in the data folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.state import crash_log

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "state"))
    return tmp_path / "state"


def in_a_process(code: str, home: Path) -> subprocess.CompletedProcess:
    """`code` in a Python of its own (faulthandler is the test runner's too), with the state in `home`."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "TRANSFER_ADVISOR_HOME": str(home)})


def test_entries_are_kept_and_the_log_never_grows_past_its_limit(home: Path) -> None:
    first = crash_log.write("Traceback: the first one", "copy nas ~/Pictures")
    assert first == crash_log.log_path() and first.is_relative_to(home)
    assert "the first one" in first.read_text() and "copy nas ~/Pictures" in first.read_text()
    entry = "Traceback (most recent call last):\n" + "  a frame of a long stack\n" * 400  # ~10 kB
    for i in range(200):  # ~2 MB written in all
        crash_log.write(f"{entry}ValueError: number {i}", "window")
    logs = sorted(p.name for p in first.parent.iterdir() if p.name.startswith(crash_log.NAME))
    assert logs == ["crash.log", "crash.log.1", "crash.log.2"]
    assert all((first.parent / n).stat().st_size <= crash_log.MOST_BYTES + len(entry) + 200 for n in logs)
    assert "ValueError: number 199" in first.read_text()  # the newest is in the log the dialog names
    assert set(logs) <= crash_log.FILES


def test_a_native_crash_leaves_the_stacks_in_its_own_log(home: Path) -> None:
    code = ("from app.core.state import crash_log\n"
            "crash_log.catch_native_crashes()\n"
            "def inside_the_window():\n"
            "    import faulthandler; faulthandler._sigsegv()\n"
            "inside_the_window()\n")
    proc = in_a_process(code, home)
    assert proc.returncode != 0
    text = next(home.rglob(crash_log.NATIVE)).read_text()
    assert "Segmentation fault" in text and "inside_the_window" in text, text


def test_a_grown_native_log_is_moved_aside_at_the_next_start(home: Path) -> None:
    code = ("import sys\n"
            "from app.core.state import crash_log\n"
            "first = crash_log.catch_native_crashes()\n"
            "first.write_text('x' * (crash_log.MOST_BYTES + 1))\n"
            "assert crash_log.catch_native_crashes() == first\n"
            "print(first)\n")
    proc = in_a_process(code, home)
    assert proc.returncode == 0, proc.stderr
    log = Path(proc.stdout.strip())
    assert log.is_relative_to(home) and log.stat().st_size < 200
    assert log.with_name(crash_log.NATIVE + ".1").stat().st_size == crash_log.MOST_BYTES + 1


def test_a_command_that_crashes_natively_leaves_its_stacks_too(home: Path) -> None:
    """A command (not only the window) that dies of a fatal signal — here while it waits for its password
    on standard input — leaves the stacks, under a line naming the command."""
    proc = subprocess.Popen([sys.executable, "-m", "app", "copy", "nas", "photos", "--dest", "/backup", "--best",
                             "--password-stdin"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, "TRANSFER_ADVISOR_HOME": str(home)})
    try:
        log = None
        for _ in range(600):  # the log is opened before the password is read (a bound for a failure)
            log = next(home.rglob(crash_log.NATIVE), None)
            if log is not None and "command copy started" in log.read_text():
                break
            time.sleep(0.05)
        for _ in range(600):  # until it waits in the read of its standard input (a pipe), not a guess at when
            with open(f"/proc/{proc.pid}/wchan") as f:
                if f.read().strip().endswith("pipe_read"):  # pipe_read, anon_pipe_read: by kernel
                    break
            time.sleep(0.05)
        proc.send_signal(signal.SIGSEGV)
        proc.wait(30)
    finally:
        proc.kill()
        proc.communicate()
    assert proc.returncode == -signal.SIGSEGV
    text = log.read_text()
    assert "command copy started" in text and "Segmentation fault" in text and "read_password_stdin" in text, text
