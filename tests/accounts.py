"""Throwaway system accounts for the host shapes (tests/shapes.py): made with `useradd`, found by
uid, removed with every process and /tmp entry they own. Needs root.

Each account owns one folder, BASE/<name>, made before the account and removed after it, which
holds everything of its host: server keys and configs, the home or the chroot. BASE is on the
real disk under /var/lib and root-owned 0755 all the way down, because sshd's ChrootDirectory
refuses any path with a component others may write (so not /tmp, not /dev/shm). The folder's
`owner` file says who may remove it: `pid N` (a test run; gone with that process) or `lab NAME`
(a network lab; gone with the lab), so a crashed run's accounts are found and removed later.
"""

from __future__ import annotations

import os
import pwd
import re
import secrets
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from app.core.demo.host import descendants, process_exists

BASE = Path("/var/lib/transfer-advisor-tests")
NAME_RE = re.compile(r"^ta-[a-z]+-[0-9a-f]{6}$")
TMP_PLACES = (Path("/tmp"), Path("/var/tmp"))
UIDS = range(42000, 43000)  # away from the 1000s that useradd hands out (make_password_user's accounts)
GRACE = 3.0


class Process(NamedTuple):
    pid: int
    args: str


@dataclass
class Account:
    name: str
    uid: int
    gid: int
    base: Path  # root-owned; everything of this account's host lives here

    def folder(self, name: str, owned: bool = False, mode: int = 0o755) -> Path:
        """A folder under base: root's, or the account's own (a home, an upload folder)."""
        path = self.base / name
        path.mkdir(mode=mode)
        os.chmod(path, mode)  # mkdir's mode passes through the umask
        if owned:
            os.chown(path, self.uid, self.gid)
        return path


def _retry(argv: list[str]) -> subprocess.CompletedProcess:
    """useradd/userdel, again after a moment if another test run holds /etc/passwd's lock."""
    for _attempt in range(5):
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode == 0 or "lock" not in done.stderr:
            return done
        time.sleep(0.5)
    return done


def _unused_uids(tries: int = 20) -> list[int]:
    """Numbers no account has and no process or /tmp entry carries. A deleted account's processes can
    outlive it (another run's leak); an account given its uid again would count them as its own, and
    kill them on removal."""
    taken = {entry.pw_uid for entry in pwd.getpwall()} | _process_uids()
    taken |= {_owner(entry) for place in TMP_PLACES for entry in place.iterdir()}
    return secrets.SystemRandom().sample([uid for uid in UIDS if uid not in taken], tries)


def _make_base(name: str) -> Path:
    """BASE/name, 0755 whatever the umask. BASE goes when its last account does: another run may
    remove it between our two mkdirs, so try again."""
    for _attempt in range(5):
        try:
            BASE.mkdir(mode=0o755)
            os.chmod(BASE, 0o755)
        except FileExistsError:
            pass
        try:
            (BASE / name).mkdir(mode=0o755)
        except FileNotFoundError:
            continue
        os.chmod(BASE / name, 0o755)
        return BASE / name
    raise RuntimeError(f"could not make {BASE / name}")


def make_account(kind: str, shell: str, home: str | None = None, owner: str | None = None) -> Account:
    """`useradd` ta-KIND-xxxxxx with this login shell. Its home is `home` as its sessions will see it
    (nothing is made there), or else a folder `home` of its own in its base folder. The password
    field is `*`: no password works, yet the account is not "locked" (`!`), which sshd without PAM
    and Dropbear refuse even for keys."""
    name = f"ta-{kind}-{secrets.token_hex(3)}"
    base = _make_base(name)
    (base / "owner").write_text(f"{owner or f'pid {os.getpid()}'}\n")
    for uid in _unused_uids():
        made = _retry(["useradd", "--no-create-home", "--home-dir", home or str(base / "home"), "--shell", shell,
                       "--password", "*", "--user-group", "--uid", str(uid), name])
        if "not unique" not in made.stderr:  # another run took it meanwhile: the next one
            break
    if made.returncode != 0:
        shutil.rmtree(base, ignore_errors=True)
        raise RuntimeError(f"useradd {name} failed: {made.stderr.strip()}")
    entry = pwd.getpwnam(name)
    account = Account(name, entry.pw_uid, entry.pw_gid, base)
    if home is None:
        account.folder("home", owned=True)
    return account


def _status(pid: str) -> tuple[set[int], bool]:
    """The real and effective uid of a process, and whether it is a zombie (no longer running)."""
    with open(f"/proc/{pid}/status") as f:
        fields = dict(line.split(":", 1) for line in f if ":" in line)
    return set(map(int, fields["Uid"].split()[:2])), fields["State"].split()[0] == "Z"


def _process_uids() -> set[int]:
    found: set[int] = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            found |= _status(pid)[0]
        except (OSError, KeyError, ValueError):
            continue  # gone meanwhile
    return found


def processes(uid: int) -> list[Process]:
    """The account's live processes (by real or effective uid), with their command lines."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            uids, zombie = _status(pid)
            if uid not in uids or zombie:
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().rstrip(b"\0").replace(b"\0", b" ").decode(errors="replace")
        except (OSError, KeyError, ValueError):
            continue  # gone meanwhile
        found.append(Process(int(pid), args))
    return found


def _owner(entry: Path) -> int | None:
    try:
        return entry.lstat().st_uid
    except FileNotFoundError:
        return None  # gone meanwhile


def tmp_leftovers(uid: int) -> list[Path]:
    """Entries directly in /tmp and /var/tmp that the account owns."""
    return [entry for place in TMP_PLACES for entry in place.iterdir() if _owner(entry) == uid]


def kill_processes(uid: int) -> list[Process]:
    """SIGTERM, then SIGKILL, every process of the account. Returns those still there."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for proc in processes(uid):
            try:
                os.kill(proc.pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + GRACE
        while processes(uid) and time.monotonic() < deadline:
            time.sleep(0.05)
    return processes(uid)


def mounts_under(folder: Path) -> list[str]:
    prefix = f"{folder}/"
    with open("/proc/self/mountinfo") as f:
        points = [line.split()[4] for line in f]
    return [p for p in points if p.startswith(prefix) or p == str(folder)]


def kill_server(base: Path) -> None:
    """The account's server (its pid file in base/server) and everything under it: connections still
    run as root when the server has gone, and after a crash nothing else knows them."""
    for pid_file in (base / "server").glob("*.pid"):
        try:
            pid = int(pid_file.read_text().split()[0])
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                ours = os.fsencode(f"{base}/") in f.read()  # not some later process given the same pid
        except (OSError, ValueError, IndexError):
            continue
        if ours:
            for each in [pid, *descendants(pid)]:
                try:
                    os.kill(each, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def remove_account(name: str) -> list[str]:
    """Kill the account's server and processes, delete the account, its /tmp entries and its folder.
    Returns what could not be done (empty: nothing of it is left)."""
    problems = []
    kill_server(BASE / name)
    try:
        uid = pwd.getpwnam(name).pw_uid
    except KeyError:
        uid = None
    if uid is not None:
        left = kill_processes(uid)
        if left:
            problems.append(f"processes of {name} survived SIGKILL: {left}")
        for entry in tmp_leftovers(uid):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
        gone = _retry(["userdel", "--force", name])
        if gone.returncode != 0:
            problems.append(f"userdel {name}: {gone.stderr.strip()}")
    base = BASE / name
    if mounts_under(base):  # never delete into a file system still mounted there
        problems.append(f"{base} kept: {mounts_under(base)} still mounted")
    elif base.exists():
        shutil.rmtree(base, ignore_errors=True)
        if base.exists():
            problems.append(f"{base} could not be removed")
    try:
        BASE.rmdir()  # when this was the last account
    except OSError:
        pass
    return problems


def owners() -> dict[str, str]:
    """Every account folder here and who owns it (`pid N`, `lab NAME`; "" when unreadable)."""
    if not BASE.is_dir():
        return {}
    found = {}
    for folder in BASE.iterdir():
        if NAME_RE.match(folder.name):
            try:
                found[folder.name] = (folder / "owner").read_text().strip()
            except OSError:
                found[folder.name] = ""
    return found


def owned_by(owner: str) -> list[str]:
    """Accounts whose folder names this owner (e.g. `lab ta-lab-wan-123`)."""
    return sorted(name for name, who in owners().items() if who == owner)


def remove_stale() -> list[str]:
    """Remove the accounts of test runs that died without removing them (owner `pid N`, N gone).
    A lab's accounts go with its lab (tests/lab/cleanup.py), not here. Returns the names removed."""
    removed = []
    for name, owner in owners().items():
        kind, _, pid = owner.partition(" ")
        if kind == "pid" and pid.isdigit() and not process_exists(int(pid)):
            remove_account(name)
            removed.append(name)
    return removed
