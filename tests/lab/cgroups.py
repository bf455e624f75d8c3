"""The remote side's cgroup (v1): a CPU quota (cpu) and CPU accounting (cpuacct).

Everything that runs "on the remote" (sshd and so every session it forks, the rsync daemon,
commands a test runs there) joins the cgroup by writing its own pid into cgroup.procs and
only then execs `ip netns exec NS ...`: `ip netns exec` remounts /sys in a new mount
namespace, after which the cgroup v1 mounts are no longer visible to the process. Children
inherit the cgroup, so a whole ssh session is limited.

The quota uses a short period (8 ms) so a limited remote runs in short slices instead of
running 12.5 ms and then stalling 87.5 ms, which TCP would see as giant RTT spikes. The kernel
grants no less than 1 ms a period, so a share below an eighth of a core gets a longer period
(4 %: 1 ms of every 25), not the eighth.
Kernel network processing (softirq) is not charged to any cgroup; only the remote's
processes (cipher, copying, disk writes) are limited, as on a NAS with a weak CPU.
"""

from __future__ import annotations

import time
from pathlib import Path

from .system import cgroup_v1_mount, kill_all

PERIOD_US = 8000
MIN_QUOTA_US = 1000  # the least quota a period takes (the kernel refuses less)
CONTROLLERS = ("cpu", "cpuacct")


def dirs(name: str) -> list[Path]:
    """The lab's cgroup folders, one per distinct v1 hierarchy (cpu and cpuacct may be one mount)."""
    seen: list[Path] = []
    for controller in CONTROLLERS:
        mount = cgroup_v1_mount(controller)
        if mount is not None and mount / name not in seen:
            seen.append(mount / name)
    return seen


def create(name: str, cores: float | None) -> list[Path]:
    made = dirs(name)
    for d in made:
        d.mkdir(exist_ok=True)
    cpu = cgroup_v1_mount("cpu")
    if cpu is not None:
        g = cpu / name
        if cores:
            period, quota = share(cores)
            (g / "cpu.cfs_period_us").write_text(str(period))
            (g / "cpu.cfs_quota_us").write_text(str(quota))
        else:
            (g / "cpu.cfs_quota_us").write_text("-1")
    return made


def share(cores: float) -> tuple[int, int]:
    """(period, quota) in µs for `cores` of a core: the short period, longer where its quota would be below
    the kernel's least."""
    period = max(PERIOD_US, round(MIN_QUOTA_US / cores))
    return period, max(MIN_QUOTA_US, round(period * cores))


def join_prefix(name: str) -> list[str]:
    """argv prefix that puts the command into the lab's cgroups, then execs the rest of the argv."""
    procs = " ".join(f"{d}/cgroup.procs" for d in dirs(name))  # lab names hold no shell characters
    script = f'for f in {procs}; do echo $$ > "$f" || exit 125; done; exec "$@"'
    return ["sh", "-c", script, "ta-lab-remote"]


def cpu_seconds(name: str) -> float:
    """CPU time used so far by everything in the lab's cgroup (cpuacct.usage, nanoseconds)."""
    mount = cgroup_v1_mount("cpuacct")
    if mount is None:
        return float("nan")
    return int((mount / name / "cpuacct.usage").read_text()) / 1e9


def pids(name: str) -> list[int]:
    found: set[int] = set()
    for d in dirs(name):
        try:
            found.update(int(p) for p in (d / "cgroup.procs").read_text().split())
        except OSError:
            pass
    return sorted(found)


def remove(name: str) -> list[str]:
    """Kill what is left in the cgroups, then remove them. Returns what could not be removed."""
    problems = []
    kill_all(lambda: pids(name))
    for d in dirs(name):
        if d.exists():
            for _ in range(50):  # the last exiting tasks can keep the cgroup busy for a moment
                try:
                    d.rmdir()
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                problems.append(f"cgroup {d} could not be removed")
    return problems
