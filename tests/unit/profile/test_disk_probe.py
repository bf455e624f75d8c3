"""The destination disk probe's script, run by the shells a NAS has (dash, bash, BusyBox ash) on a real disk and
in RAM: its timing line, and the CPU its writing took (what tells a starved host's CPU from its disk)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from app.core.profile.probes.common import host_seconds
from app.core.profile.probes.disk import _SCRIPT, children_cores

SHELLS = [s for s in (["dash"], ["bash"], ["busybox", "sh"]) if shutil.which(s[0])]


def _probe(shell: list[str], folder: Path, blocks: int) -> subprocess.CompletedProcess:
    out = subprocess.run([*shell, "-c", _SCRIPT, "sh", str(folder), str(blocks)], capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out


@pytest.mark.parametrize("shell", SHELLS, ids=lambda s: s[0])
@pytest.mark.parametrize("where", ["disk", "ram"])
def test_the_write_is_timed_its_cpu_read_and_nothing_left(shell: list[str], where: str, tmp_path: Path) -> None:
    if where == "ram" and not os.path.isdir("/dev/shm"):
        pytest.skip("no /dev/shm here")
    folder = tmp_path if where == "disk" else Path(os.environ.get("SHM", "/dev/shm")) / f"disk-probe-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    try:
        out = _probe(shell, folder / "not yet" / "made", 8)  # the destination's nearest existing folder is used
        seconds = host_seconds(out.stdout)
        assert seconds is not None and seconds > 0
        cores = children_cores(out.stdout.decode(), seconds)
        # cat and dd moved 32 MiB: they took some CPU, and no more than the two of them can (a little over for
        # the clock's ticks).
        assert cores is not None and 0 < cores <= 2.5, out.stdout
        assert list(folder.iterdir()) == []
    finally:
        if where == "ram":
            shutil.rmtree(folder, ignore_errors=True)


def test_the_cpu_lines_are_read_whatever_the_shell_is_called() -> None:
    stat = "1234 ({name}) S 1 1234 1234 0 -1 4194304 100 {cu} 0 0 3 1 {cu} {cs} 20 0 1 0 5 0 0"
    text = "\n".join([f"cpu 100 {stat.format(name='sh', cu=10, cs=5)}",
                      f"cpu2 {stat.format(name='a) b', cu=60, cs=15)}", "ns 1 2"])
    assert children_cores(text, 2.0) == pytest.approx((60 + 15 - 10 - 5) / 100 / 2.0)
    assert children_cores("ns 1 2", 1.0) is None  # a host without /proc: no figure, not zero
    assert children_cores(text.replace("cpu 100", "cpu 0"), 2.0) == pytest.approx(0.3)  # no getconf: 100 a second
