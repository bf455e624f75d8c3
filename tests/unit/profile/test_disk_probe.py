"""The destination disk probe's script, run by the shells a NAS has (dash, bash, BusyBox ash) on a real disk and
in RAM: its timing line, and the CPU its writing took (what tells a starved host's CPU from its disk)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from app.core.profile.probes.common import host_seconds
from app.core.profile.probes import disk
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


class _Host:
    """The host's side of the copy's disk probe as the probe reads it: each write of N blocks answers with the
    seconds its own clock took for it (`seconds(blocks)`); the writes asked are kept."""

    def __init__(self, seconds) -> None:
        self.seconds, self.asked = seconds, []

    async def run(self, command: bytes, stdin: bytes | None = None, timeout: float = 60):
        import shlex
        from types import SimpleNamespace

        blocks = int(shlex.split(command.decode())[-1])
        self.asked.append(blocks * disk.BLOCK_MB)
        return SimpleNamespace(exit_status=0, stdout=f"ns 0 {int(self.seconds(blocks) * 1e9)}\n".encode(), stderr=b"")


@pytest.mark.parametrize("per_block, copy_mib, writes", [
    # The weak NAS: 16 MB took 0.2 s (timeable), so 64 MB goes on only for a copy twenty times its size or more.
    (0.05, 600, [16]),
    (0.05, 1300, [16, 64]),
    # A fast disk: 16 MB in 0.02 s is mostly fsync's fixed cost, and 64 MB in 0.08 s too: the longer writes go
    # on whatever the copy's size, until one is timeable.
    (0.005, 600, [16, 64, 256]),
    # A slow disk: its first write is timed already.
    (0.1, 5000, [16]),
])
async def test_a_copys_disk_probe_writes_longer_only_where_that_is_a_small_share_of_the_copy(
        per_block: float, copy_mib: int, writes: list[int]) -> None:
    from app.core.profile.probes.common import ProbeContext

    host = _Host(lambda blocks: blocks * per_block)
    await disk.probe_remote_write(ProbeContext(host, "/dest"), None, copy=True, copy_bytes=copy_mib * 2**20)
    assert host.asked == writes
