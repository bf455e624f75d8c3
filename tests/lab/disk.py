"""A slow destination disk: ext4 on a loop device whose writes are throttled by blkio (cgroup v1).

The rule `MAJ:MIN BYTES_PER_SECOND` goes into blkio.throttle.write_bps_device of the blkio
hierarchy's *root* cgroup, for the lab's own loop device only. Why the root: with cgroup v1,
page-cache writeback is issued by kernel flusher threads, which belong to the root cgroup; a
rule in the lab's own cgroup would slow down only fsync'd and O_DIRECT writes of the lab's
processes, while plain writes would reach the disk at full speed. Measured here: with the rule
in a child cgroup, `dd` without fsync followed by `sync` wrote ~140 MB/s through a 50 MB/s
rule; with the rule in the root cgroup, every path to the device is held to the limit, like a
slow disk. The rule names only this loop device, so nothing else on the machine is affected,
and it is removed (written as 0) before the loop device is detached.

The file system is made with lazy_itable_init=0 and lazy_journal_init=0, so no background
initialisation writes compete with the test's writes.
"""

from __future__ import annotations

import os
from pathlib import Path

from .system import LabError, cgroup_v1_mount, out, run


def _rule_file() -> Path:
    mount = cgroup_v1_mount("blkio")
    if mount is None:
        raise LabError("no cgroup v1 blkio hierarchy")
    return mount / "blkio.throttle.write_bps_device"


def majmin(device: str) -> str:
    st = os.stat(device)
    return f"{os.major(st.st_rdev)}:{os.minor(st.st_rdev)}"


def create(image: Path, mountpoint: Path, size_mb: int, write_MBps: float) -> str:
    """Make, attach, mount and throttle the disk. Returns the loop device."""
    with open(image, "wb") as f:
        f.truncate(size_mb << 20)
    run(["mkfs.ext4", "-q", "-F", "-m", "0", "-E", "lazy_itable_init=0,lazy_journal_init=0", str(image)],
        timeout=120)
    loop = out(["losetup", "--find", "--show", str(image)]).strip()
    if not loop.startswith("/dev/loop"):
        raise LabError(f"losetup gave {loop!r}")
    try:
        mountpoint.mkdir(parents=True, exist_ok=True)
        run(["mount", "-t", "ext4", loop, str(mountpoint)])
        _rule_file().write_text(f"{majmin(loop)} {int(write_MBps * 1e6)}\n")
    except Exception:
        remove(loop, mountpoint)
        raise
    return loop


def rules() -> dict[str, int]:
    try:
        text = _rule_file().read_text()
    except (LabError, OSError):
        return {}
    found = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            found[parts[0]] = int(parts[1])
    return found


def loops_backed_by(prefix: str) -> dict[str, str]:
    """Attached loop devices whose backing file path contains `prefix`: {device: backing file}."""
    found = {}
    for line in out(["losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"], check=False).splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and prefix in parts[1]:
            found[parts[0]] = parts[1].strip()
    return found


def mounts_under(prefix: str) -> list[str]:
    found = []
    for line in Path("/proc/self/mounts").read_text().splitlines():
        fields = line.split()
        if len(fields) > 1 and fields[1].startswith(prefix):
            found.append(fields[1])
    return sorted(found, key=len, reverse=True)


def clear_rule(loop: str) -> list[str]:
    try:
        if os.path.exists(loop) and majmin(loop) in rules():
            _rule_file().write_text(f"{majmin(loop)} 0\n")
    except (OSError, LabError) as e:
        return [f"throttle rule of {loop}: {e}"]
    return []


def unmount(mountpoint: Path | str) -> list[str]:
    if run(["umount", str(mountpoint)], check=False).returncode != 0:
        r = run(["umount", "-l", str(mountpoint)], check=False)
        if r.returncode != 0:
            return [f"umount {mountpoint}: {r.stderr.decode(errors='replace').strip()}"]
    return []


def detach(loop: str) -> list[str]:
    r = run(["losetup", "--detach", loop], check=False)
    if r.returncode != 0 and b"No such device" not in r.stderr:
        return [f"losetup -d {loop}: {r.stderr.decode(errors='replace').strip()}"]
    return []


def remove(loop: str | None, mountpoint: Path | None) -> list[str]:
    """Lift the throttle (so unmounting flushes at full speed), unmount, detach."""
    problems = clear_rule(loop) if loop else []
    if mountpoint and str(mountpoint) in mounts_under(str(mountpoint)):
        problems += unmount(mountpoint)
    if loop and os.path.exists(loop):
        problems += detach(loop)
    return problems
