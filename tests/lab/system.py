"""Running system commands, and finding out whether this machine can host a lab at all."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable


class LabError(RuntimeError):
    pass


_children: dict[str, list[subprocess.Popen]] = {}


def track(lab: str, proc: subprocess.Popen) -> None:
    """Keep the Popen of a lab's server until the lab is removed (then it is reaped, not a zombie)."""
    _children.setdefault(lab, []).append(proc)


def reap(lab: str) -> None:
    for proc in _children.pop(lab, []):
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run(argv: list[str], check: bool = True, input: bytes | None = None,
        timeout: float = 30) -> subprocess.CompletedProcess:
    """Run a command, capturing output; a failure raises LabError with the command's own words."""
    proc = subprocess.run(argv, input=input, capture_output=True, timeout=timeout)
    if check and proc.returncode != 0:
        err = (proc.stderr or proc.stdout).decode(errors="replace").strip()
        raise LabError(f"`{' '.join(argv)}` failed ({proc.returncode}): {err}")
    return proc


def out(argv: list[str], check: bool = True) -> str:
    return run(argv, check=check).stdout.decode(errors="replace")


def tool(name: str) -> str | None:
    return shutil.which(name) or next((p for p in (f"/usr/sbin/{name}", f"/sbin/{name}")
                                       if os.access(p, os.X_OK)), None)


def cgroup_v1_mount(controller: str) -> Path | None:
    """Where the cgroup v1 hierarchy holding `controller` is mounted (cpu may share with cpuacct)."""
    try:
        lines = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) >= 4 and fields[2] == "cgroup" and controller in fields[3].split(","):
            return Path(fields[1])
    return None


def missing_for_lab() -> str | None:
    """Why no lab can be built here, in one sentence; None when everything needed is present."""
    if not sys.platform.startswith("linux"):
        return "the network lab needs Linux (network namespaces, tc, cgroups)"
    if os.geteuid() != 0:
        return "the network lab needs root (network namespaces, tc, cgroups); run the tests as root"
    tools = {"ip": "iproute2", "tc": "iproute2", "iptables": "iptables", "sshd": "openssh-server",
             "ssh": "openssh-client", "ssh-keygen": "openssh-client", "rsync": "rsync", "nc": "netcat-openbsd"}
    absent = sorted({pkg for name, pkg in tools.items() if not tool(name)})
    if absent:
        return f"the network lab needs {', '.join(absent)} (packaging/install-deps.sh test installs them)"
    if cgroup_v1_mount("cpu") is None:
        return "the network lab needs the cgroup v1 cpu controller mounted (for the remote CPU quota)"
    probe = f"ta-lab-probe-{os.getpid()}"
    made = run(["ip", "netns", "add", probe], check=False)
    if made.returncode != 0:
        return f"`ip netns add` does not work here: {made.stderr.decode(errors='replace').strip()}"
    try:
        ns = ["ip", "netns", "exec", probe]
        for argv, what in (
            (ns + ["ip", "link", "add", "talabprobe", "type", "veth", "peer", "name", "talabprobe2"], "veth"),
            (ns + ["tc", "qdisc", "add", "dev", "talabprobe", "root", "tbf", "rate", "1gbit",
                   "burst", "64kb", "latency", "10ms"], "the tbf qdisc"),
            (ns + ["iptables", "-t", "mangle", "-A", "POSTROUTING", "-o", "talabprobe", "-j", "NFQUEUE",
                   "--queue-num", "0"], "iptables NFQUEUE"),
        ):
            r = run(argv, check=False)
            if r.returncode != 0:
                return f"this kernel lacks {what}: {r.stderr.decode(errors='replace').strip()}"
    finally:
        run(["ip", "netns", "del", probe], check=False)
    return None


def missing_for_disk() -> str | None:
    """Why the throttled destination disk cannot be built; None when it can."""
    for name, pkg in (("losetup", "mount"), ("mkfs.ext4", "e2fsprogs"), ("mount", "mount")):
        if not tool(name):
            return f"the slow-disk scenario needs {name} ({pkg})"
    if cgroup_v1_mount("blkio") is None:
        return "the slow-disk scenario needs the cgroup v1 blkio controller (write throttling)"
    if not Path("/dev/loop-control").exists():
        return "the slow-disk scenario needs loop devices (/dev/loop-control is missing)"
    if "ext4" not in Path("/proc/filesystems").read_text():
        return "the slow-disk scenario needs ext4 in the kernel"
    return None


def kill_all(pids: Callable[[], list[int]], grace: float = 3.0) -> None:
    """SIGTERM, then SIGKILL, whatever `pids()` lists, waiting up to `grace` seconds for each step."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids():
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not pids():
            break
