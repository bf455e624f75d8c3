"""What the app may leave behind on a host, looked for the way a person would: `ps` and the temp folder;
and what a connection to one of its listeners got.

Every helper runs inside the app's wrapper, whose script names itself (`ta-helper started` is in what
ps shows of it), and everything under it carries TA_HELPER in its environment.
"""

from __future__ import annotations

import glob
import os
import socket
import subprocess
import tempfile
import time

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
