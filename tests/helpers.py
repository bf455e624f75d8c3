"""Helpers for tests: build a mixed tree, compare trees byte for byte, run the CLI."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import keyring.backend

from app.core.host.askpass import ENV_TOKEN

HOSTILE_NAMES = [
    "with space.txt", "it's quoted\".txt", "$(touch pwned).txt", "`id`;rm -rf x", "-leading-dash",
    "new\nline.txt", "ünïcödé ✓.txt", "star*?[x].txt", "back\\slash", "colon:name",
]
NON_UTF8 = os.fsdecode(b"latin1-\xe9\xff.bin")


def final_names(folder: Path) -> list[str]:
    """What a folder holds under final names: all but the hidden staging folder a stopped copy keeps to carry
    on from (app.core.host.staging.PREFIX)."""
    if not folder.exists():
        return []
    return sorted(n for n in os.listdir(folder) if not n.startswith(".transfer-advisor-partial-"))


def make_album(root: Path, folders: list[str], photos: int) -> Path:
    """`root`: a folder of photo folders named `folders` (odd names welcome), `photos` random ones in each, about
    1 MB apiece and each of its own size: many whole units for the race's laps to share out."""
    for d, name in enumerate(folders):
        sub = root / name
        sub.mkdir(parents=True)
        for i in range(photos):
            (sub / f"{name} {i}.jpg").write_bytes(os.urandom(1_000_000 + d * 100 + i))
    return root


def make_tree(root: Path, small_files: int = 2000, big_bytes: int = 8 * 1024 * 1024) -> Path:
    """A tree like a real one: a large random file, many small files, an empty file, an empty
    folder, a symlink, and hostile names."""
    tree = root / "mixed tree"
    (tree / "small").mkdir(parents=True)
    (tree / "empty folder").mkdir()
    (tree / "big.bin").write_bytes(os.urandom(big_bytes))
    (tree / "empty.txt").write_bytes(b"")
    for i in range(small_files):
        sub = tree / "small" / f"d{i % 20:02d}"
        sub.mkdir(exist_ok=True)
        (sub / f"f{i:05d}.txt").write_bytes((f"file {i} " * (i % 50 + 1)).encode())
    hostile = tree / "hostile"
    hostile.mkdir()
    for name in HOSTILE_NAMES + [NON_UTF8]:
        (hostile / name).write_bytes(name.encode("utf-8", "surrogateescape") * 3)
    os.symlink("big.bin", tree / "link-to-big")
    return tree


def make_small(base: Path, name: str) -> Path:
    """One of the small selections users meet, in base/src: "empty folder", "zero.txt" (0 bytes),
    "one.bin" (1 000 random bytes) or "three tiny" (a folder of three files of 1, 2 and 0 bytes)."""
    path = base / "src" / name
    path.parent.mkdir(exist_ok=True)
    if name == "empty folder":
        path.mkdir()
    elif name == "zero.txt":
        path.write_bytes(b"")
    elif name == "one.bin":
        path.write_bytes(os.urandom(1000))
    else:
        path.mkdir()
        for i, tiny in enumerate([b"a", b"bc", b""]):
            (path / f"-{i} it's \"tiny\"").write_bytes(tiny)
    return path


def make_many(root: Path, files: int = 100_000, folders: int = 100) -> Path:
    """A tree of many tiny files, as a source tree or a mail folder holds them (every seventh empty)."""
    for d in range(folders):
        folder = root / f"pkg {d:03d}"
        folder.mkdir(parents=True)
        for i in range(files // folders):
            (folder / f"m{i:04d}.py").write_bytes(b"x = %d\n" % i if i % 7 else b"")
    return root


def tree_bytes(root: Path) -> dict[str, bytes]:
    """Every file under root and its bytes (lighter than snapshot for trees of many files)."""
    out = {}
    for dirpath, _dirs, names in os.walk(root):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


def snapshot(root: Path, follow_links: bool = False) -> dict[str, tuple[str, bytes]]:
    """Every entry under root: its kind and its bytes (a link's target for links)."""
    out: dict[str, tuple[str, bytes]] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if os.path.islink(path) and not follow_links:
                out[rel] = ("link", os.readlink(path).encode("utf-8", "surrogateescape"))
            elif os.path.isdir(path):
                out[rel] = ("dir", b"")
            else:
                with open(path, "rb") as f:
                    out[rel] = ("file", f.read())
    return out


def follows_links(method: str) -> bool:
    """scp (either protocol) copies what a link points to."""
    return method in ("scp", "scp-legacy")


def far_side(tree: Path, method: str) -> dict[str, tuple[str, bytes]]:
    """What a method puts at the far side of a copy of `tree`: scp copies what links point to, the
    others keep them (sftp's links are made by the app after the tool ran)."""
    exact = snapshot(tree)
    if follows_links(method):
        followed = snapshot(tree, follow_links=True)
        return {p: followed[p] for p in exact}
    return exact


def cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the real CLI in a fresh interpreter, as a user would."""
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)


def cli_json(*args: str, **kw) -> dict:
    proc = cli(*args, "--json", **kw)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"not JSON (exit {proc.returncode}): {proc.stdout!r} {proc.stderr!r}") from None


class ProcessWatch:
    """Samples every process's arguments (what `ps -eo args` shows anyone) and, for the tools the copy
    starts, their environment and terminal, until stopped."""

    def __init__(self, password: str, marker: str) -> None:
        self.password, self.marker = password, marker
        self.leaks: list[str] = []
        self.tools: dict[int, tuple[str, str, bool]] = {}  # pid -> (args, tty, has a token)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "ProcessWatch":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        while not self._stop.is_set():
            listing = subprocess.run(["ps", "-ww", "-eo", "pid=,tty=,args="], capture_output=True, text=True).stdout
            if self.password in listing:
                self.leaks.append(next(line for line in listing.splitlines() if self.password in line))
            for line in listing.splitlines():
                pid, tty, args = (line.strip().split(None, 2) + ["", ""])[:3]
                if self.marker in args and pid.isdigit():
                    self._look(int(pid), tty, args)
            self._stop.wait(0.02)

    def _look(self, pid: int, tty: str, args: str) -> None:
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            return
        if not environ:
            return  # it exited between ps and this read (a zombie's environ reads empty): nothing to judge
        try:  # read after the environment: a process that still shows the marker had it when that was read
            still = self.marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            still = False
        if not still:
            return  # a child the app forked, listed before it became another tool (smbclient, which takes
            # its password in its environment by design): that tool is not one this watch is for
        if self.password.encode() in environ:
            self.leaks.append(f"environment of {args}")
        self.tools[pid] = (args, tty, f"{ENV_TOKEN}=".encode() in environ)

    def ssh_seen(self) -> list[tuple[str, str, bool]]:
        return [t for t in self.tools.values() if re.match(r"(ssh|scp|sftp|rsync) ", t[0])]


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keyring that keeps passwords in this process only, for tests (`keyring.set_keyring`)."""

    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.items: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.items.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.items[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.items.pop((service, username), None)
