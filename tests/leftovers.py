"""What the app may leave behind on a host, looked for the way a person would: `ps` and the temp folder;
what a connection to one of its listeners got; and what of its tools on this computer outlives it.

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
from typing import Callable

from app.core.transfer.journal import NAME as JOURNAL
from app.core.transfer.ownership import MARKER as OWNER_MARKER
from app.core.keeper import Keeper

WRAPPER_TEXT = "ta-helper started"
# The app's own small files in a staging folder, there before any tool runs: not bytes of the copy.
BOOKKEEPING = {OWNER_MARKER, JOURNAL}


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


def kill_app_mid_copy(argv: list[str], landing: Path, host_side: Callable[[], list[int]],
                      before: tuple[set[tuple[int, str]], set[str]]) -> tuple[list[str], list[str]]:
    """Run the CLI (`argv`); once the copy's bytes land in a staging folder in `landing` (this computer's
    view of the destination), hold the host's side still (`host_side()`: the pids of the host's processes,
    its sshd and the copy's tools there), so that the copy can neither finish nor end by itself, and kill
    the CLI with SIGKILL. Then only the parent-death signal can end the app's tools on this computer.
    Returns which of them did not end (while the host is still held), then, once the host is let go, what
    of the app's helpers is still on it (left_since)."""
    app = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    held: list[int] = []
    tools: dict[int, str] = {}
    try:
        landed(app, landing)
        held = hold(host_side())
        tools = app_tools(app.pid)
        assert tools, "the app runs no tools"
        app.kill()
        app.wait()
        survivors = _ended(list(tools))
        here = [f"{tools[pid]} ({pid})" for pid in sorted(survivors)]
        let_go(held)
        held = []
        return here, left_since(before)
    finally:
        let_go(held)
        if app.poll() is None:
            app.kill()
        app.wait()
        app.stderr.close()
        for pid in _ended(list(tools), wait=0):
            os.kill(pid, signal.SIGKILL)


def hold_mid_copy(app: subprocess.Popen, landing: Path) -> list[int]:
    """Once the copy's bytes land in `landing`, hold the app's tools still (not its keeper), so that the
    copy can neither finish nor fail before the app is told to stop, however fast this machine is."""
    landed(app, landing)
    return hold([pid for pid in app_tools(app.pid) if Keeper.NAME.encode() not in _cmdline(pid)])


def let_go_once_signalled(pids: list[int], wait: float = 20.0) -> None:
    """Let held tools go once the app has signalled each of them (a signal waits while its process is
    stopped; one it has no handler for ends it at once). Then they act on it before anything else."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if all(_state(pid) in ("gone", "Z") or _signal_pending(pid) for pid in pids):
            break
        time.sleep(0.01)
    let_go(pids)


def _signal_pending(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    pending = [line.split()[1] for line in status.splitlines() if line.startswith(("SigPnd:", "ShdPnd:"))]
    return any(int(mask, 16) for mask in pending)


def landed(app: subprocess.Popen, landing: Path, wait: float = 120.0) -> Path:
    """Wait until a file in a staging folder in `landing` holds bytes of the copy: the tools are
    started, connected and moving data. Returns that staging folder."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and app.poll() is None:
        for folder in landing.glob(".transfer-advisor-partial-*"):
            for root, _dirs, files in os.walk(folder):
                if any(_size(os.path.join(root, name)) > 0 for name in files if name not in BOOKKEEPING):
                    return folder
        time.sleep(0.005)
    raise AssertionError(f"no bytes landed in {landing}: {app.stderr.read().decode(errors='replace')!r}")


def _size(path: str) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def hold(pids: list[int]) -> list[int]:
    """Stop these processes (SIGSTOP); the ones that could be stopped."""
    held = []
    for pid in pids:
        try:
            os.kill(pid, signal.SIGSTOP)
            held.append(pid)
        except ProcessLookupError:
            pass
    return held


def let_go(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass


def descendants(pid: int) -> list[int]:
    """Every live process under `pid`, children first."""
    table = _processes()
    found, front = [], [pid]
    while front:
        parent = front.pop(0)
        children = [p for p, ppid, _comm in table if ppid == parent]
        found += children
        front += children
    return found


def app_tools(pid: int) -> dict[int, str]:
    """The processes the app runs now (its tools and what they started), by pid, with their names."""
    names = {p: comm for p, _ppid, comm in _processes()}
    return {p: names.get(p, "?") for p in descendants(pid)}


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


def _ended(pids: list[int], wait: float = 20.0) -> list[int]:
    deadline = time.monotonic() + wait
    while True:
        left = [pid for pid in pids if _state(pid) not in ("gone", "Z")]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
