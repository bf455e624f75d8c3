"""What the app may leave behind on a host, looked for the way a person would: `ps` and the temp folder;
and what a connection to one of its listeners got.

Every helper runs inside the app's wrapper, whose script names itself (`ta-helper started` is in what
ps shows of it), and everything under it carries TA_HELPER in its environment.
"""

from __future__ import annotations

import glob
import os
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

WRAPPER_TEXT = "ta-helper started"


def helper_processes() -> set[tuple[int, str]]:
    """(pid, what ps shows) of every live process of an app helper on this machine."""
    listing = subprocess.run(["ps", "-ww", "-eo", "pid=,stat=,args="], capture_output=True, text=True,
                             check=True).stdout
    found = set()
    for line in listing.splitlines():
        pid, stat, args = (line.split(None, 2) + ["", ""])[:3]
        if not pid.isdigit() or stat.startswith("Z"):
            continue
        if WRAPPER_TEXT in args or _marked(int(pid)):
            found.add((int(pid), args[:200]))
    return found


def _marked(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return b"\0TA_HELPER=" in b"\0" + f.read()
    except OSError:
        return False


def helper_folders() -> set[str]:
    """The wrappers' folders in the temp folder (where the host's helpers put everything they write)."""
    roots = {"/tmp", tempfile.gettempdir(), os.environ.get("TMPDIR", "/tmp")}
    return {p for root in roots for p in glob.glob(os.path.join(root, "transfer-advisor.*"))}


def snapshot() -> tuple[set[tuple[int, str]], set[str]]:
    return helper_processes(), helper_folders()


def left_since(before: tuple[set[tuple[int, str]], set[str]], wait: float = 20.0) -> list[str]:
    """What of the app's helpers appeared since `before` and is still there; waits up to `wait` seconds
    for it to go (a helper stops within a second; this is a bound for a failure, not a timing)."""
    deadline = time.monotonic() + wait
    while True:
        procs, folders = snapshot()
        left = [f"process {pid}: {args}" for pid, args in sorted(procs - before[0])]
        left += [f"folder {f}" for f in sorted(folders - before[1])]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def received(sock: socket.socket) -> bytes:
    """Everything a connection got until the far side closed or reset it (what an intruder was sent)."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def kill_app_mid_copy(argv: list[str], names: tuple[str, ...],
                      before: tuple[set[tuple[int, str]], set[str]]) -> tuple[list[str], list[int]]:
    """Run the CLI (`argv`), and once its tools move data (tar or rsync naming one of `names`) hold them
    still, so the copy can neither finish nor break its data connection, and kill the CLI with SIGKILL.
    Then only the helpers' dead-man switch can end the host's side. Returns what of the app's helpers
    is still on the host (left_since) and which of this computer's tools did not end once let go."""
    app = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    tools: list[int] = []
    try:
        tools = moving_tools(app, names)
        for pid in tools:
            os.kill(pid, signal.SIGSTOP)
        assert _held(tools), "the copy ended before it could be held"
        assert helper_processes() - before[0], "no helper of the app runs on the host"
        app.kill()
        app.wait()
        on_host = left_since(before)
        for pid in tools:
            os.kill(pid, signal.SIGCONT)
        return on_host, _ended(tools)
    finally:
        if app.poll() is None:
            app.kill()
        app.wait()
        app.stderr.close()
        for pid in _ended(tools, wait=0):
            os.kill(pid, signal.SIGKILL)


def moving_tools(app: subprocess.Popen, names: tuple[str, ...], wait: float = 120.0) -> list[int]:
    """The app's tools that copy (tar, rsync naming the file or the destination: they start only after the
    host took the data connection), once they run."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and app.poll() is None:
        tools = [pid for pid, ppid, comm in _processes() if ppid == app.pid and comm in ("tar", "rsync")
                 and any(name.encode() in _cmdline(pid) for name in names)]
        if tools:
            return tools
        time.sleep(0.005)
    raise AssertionError(f"the copy never started: {app.stderr.read().decode(errors='replace')!r}")


def _processes() -> list[tuple[int, int, str]]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(") ") + 2:].split()
        if fields[0] != "Z":
            out.append((int(entry), int(fields[1]), text[text.index("(") + 1:text.rindex(")")]))
    return out


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _state(pid: int) -> str:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "gone"
    return text[text.rindex(") ") + 2:].split()[0]


def _held(pids: list[int], wait: float = 20.0) -> bool:
    """Whether every one of them stopped (a stop signal lands a moment after it is sent) before any ended."""
    deadline = time.monotonic() + wait
    while True:
        states = {_state(pid) for pid in pids}
        if states == {"T"}:
            return True
        if states - {"R", "S", "D", "T"} or time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def _ended(pids: list[int], wait: float = 20.0) -> list[int]:
    deadline = time.monotonic() + wait
    while True:
        left = [pid for pid in pids if _state(pid) not in ("gone", "Z")]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
