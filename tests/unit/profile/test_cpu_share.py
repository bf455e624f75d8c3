"""The probe of the CPU a host gives one busy process: its script run by the shells a NAS has (dash, bash, BusyBox
ash) on this computer, where it gets about a core, and under a real CPU quota (a cgroup, as the lab's NAS has),
where it must read the quota's share; and its readings parsed where the kernel has no schedstat."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from app.core.profile.probes import cpu_share
from app.core.profile.probes.common import host_seconds
from app.core.profile.probes.cpu_share import _SCRIPT, cpu_seconds
from tests.lab import cgroups
from tests.lab.system import cgroup_v1_mount

SHELLS = [s for s in (["dash"], ["bash"], ["busybox", "sh"]) if shutil.which(s[0])]
ARGS = [str(round(cpu_share.QUICK_S * 100)), str(round(cpu_share.LONGEST_S * 100)), str(cpu_share.CHUNK),
        str(round(cpu_share.WHOLE * 100))]


def _share(argv: list[str]) -> tuple[float, float]:
    out = subprocess.run([*argv, "-c", _SCRIPT, "sh", *ARGS], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    seconds, used = host_seconds(out.stdout.encode()), cpu_seconds(out.stdout)
    assert seconds and used is not None, out.stdout
    return used / seconds, seconds


@pytest.mark.parametrize("shell", SHELLS, ids=lambda s: s[0])
def test_a_host_with_a_core_to_give_reads_about_one_and_stops_early(shell: list[str]) -> None:
    cores, seconds = _share(shell)
    # A loaded test machine gives the loop less than a core; never more than one (a tick's staleness aside).
    assert 0.2 < cores <= 1.1
    assert seconds <= cpu_share.LONGEST_S + 0.2


@pytest.mark.skipif(os.geteuid() != 0 or cgroup_v1_mount("cpu") is None, reason="needs root and cgroup v1's cpu")
@pytest.mark.parametrize("quota", [0.04, 0.125])
def test_a_host_held_by_a_quota_reads_that_share(quota: float) -> None:
    name = f"ta-test-cpu-share-{os.getpid()}"
    cgroups.create(name, quota)
    try:
        cores, seconds = _share([*cgroups.join_prefix(name), "dash" if shutil.which("dash") else "sh"])
    finally:
        assert cgroups.remove(name) == []
    # The quota's share, give or take the scheduler's slices; far under what the advice takes as "held".
    assert quota / 2 < cores < quota * 1.6, cores
    assert seconds >= cpu_share.LONGEST_S * 0.9  # a held loop runs its full length


def test_the_readings_are_parsed_with_and_without_schedstat() -> None:
    stat = "4242 ({name}) R 1 4242 4242 0 -1 4194304 100 0 0 0 {ut} {st} 0 0 20 0 1 0 5 0 0"
    ticks = "\n".join(["ticks 100", f"stat0 {stat.format(name='sh', ut=10, st=2)}",
                       f"stat1 {stat.format(name='a) b', ut=40, st=2)}", "ns 0 300000000"])
    assert cpu_seconds(ticks) == pytest.approx(0.30)
    assert cpu_seconds("schedstat 1000000 13000000\n" + ticks) == pytest.approx(0.012)  # nanoseconds win
    assert cpu_seconds(ticks.replace("ticks 100", "ticks 0")) == pytest.approx(0.30)  # no getconf: 100 a second
    assert cpu_seconds("ns 0 300000000") is None  # a host without /proc: no figure, not zero
