"""Progress arrives often and adds up; a cancelled copy leaves nothing half-written under a final name and
no remote helper or its folder, and keeps what it sent in its staging folder: the same copy run again
carries on from there and sends less."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import pytest

from app.core.errors import Cancelled
from app.core.events import Phase, Progress
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests import leftovers
from tests.cutting import written_before
from tests.stalls import same_bytes

ALL = ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc"]


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big file.bin"
    with open(path, "wb") as f:
        for _ in range(48):
            f.write(os.urandom(8 * 1024 * 1024))  # 384 MiB: long enough to watch on loopback
    return written_before(path)


async def _session(sshd, dest: str | None = None) -> Session:
    return await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=dest)


@pytest.mark.parametrize("method", ALL)
async def test_progress_events_add_up(sshd, big_file: Path, tmp_path: Path, method: str) -> None:
    session = await _session(sshd, str(tmp_path))
    events: list = []
    try:
        result = await copy(session, CopyRequest([str(big_file)], str(tmp_path), method,
                                                 allow_insecure=True), events.append)
    finally:
        await session.close()
    progress = [e for e in events if isinstance(e, Progress)]
    copying = [e for e in progress if e.done < e.total]
    assert progress[-1].done == progress[-1].total == big_file.stat().st_size
    dones = [e.done for e in progress]
    assert dones == sorted(dones), "progress went backwards"
    # At least two samples a second while the copy ran (4 a second are sent).
    span = max((e.elapsed for e in copying), default=0.0)
    assert len(copying) >= 2 * int(span), (len(copying), span)
    if span >= 1.0:
        assert any(e.rate > 0 for e in copying)
    assert [e.name for e in events if isinstance(e, Phase)][:3] == ["scanning", "comparing", "copying"]
    assert result.bytes == big_file.stat().st_size
    assert (tmp_path / big_file.name).stat().st_size == big_file.stat().st_size


def _remote_helpers(*paths: Path) -> list[str]:
    """Processes still working on these paths (the helpers' command lines name them)."""
    out = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if any(str(p) in line for p in paths) and "pytest" not in line[:40]]


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", ALL)
async def test_cancel_keeps_what_was_sent_for_the_next_run(sshd, big_file: Path, tmp_path: Path, method: str,
                                                         download: bool) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "existing.txt").write_bytes(b"keep")
    before = leftovers.snapshot()
    session = await _session(sshd, None if download else str(dest))
    started = asyncio.Event()

    def emit(event) -> None:  # a third of the way: enough to carry on from
        if isinstance(event, Progress) and event.done >= event.total // 3:
            started.set()

    task = asyncio.create_task(copy(session, CopyRequest(
        [str(big_file)], str(dest), method, Options(download=download), allow_insecure=True), emit))
    try:
        done, _ = await asyncio.wait([task, asyncio.create_task(started.wait())],
                                     return_when=asyncio.FIRST_COMPLETED, timeout=60)
        if task in done:
            task.result()  # an error here is a failure, not a reason to skip
            pytest.skip(f"{method} finished before it could be cancelled")
        task.cancel()
        with pytest.raises((Cancelled, asyncio.CancelledError)) as info:
            await task
        left = sorted(os.listdir(dest))
        staged = [n for n in left if n.startswith(".transfer-advisor-partial-")]
        if big_file.name in left:
            # The cancel came after the copy was whole and moved into place (while it was being checked,
            # on a busy machine): then the file stays, and it must be complete.
            assert same_bytes(dest / big_file.name, big_file), "a truncated file was left under its final name"
            left.remove(big_file.name)
        else:
            assert len(staged) == 1 and (dest / staged[0] / ".transfer-advisor-journal.json").is_file()
            assert "running the same copy again carries on where it stopped" in str(info.value)
        assert left == sorted(["existing.txt", *staged])
        assert (dest / "existing.txt").read_bytes() == b"keep"
        events: list = []
        again = await copy(session, CopyRequest([str(big_file)], str(dest), method, Options(download=download),
                                                allow_insecure=True), events.append)
    finally:
        await session.close()
    assert same_bytes(dest / big_file.name, big_file)
    # The second run's bar starts where the first one stopped and runs to the end, never back.
    dones = [e.done for e in events if isinstance(e, Progress)]
    size = big_file.stat().st_size
    assert dones == sorted(dones) and (not dones or dones[-1] == size)
    if dones and again.resumed:
        assert dones[0] >= size - again.sent_bytes
    assert sorted(os.listdir(dest)) == sorted(["existing.txt", big_file.name])  # its staging folder is gone
    if staged:  # the next run went on from the cut (or, cancelled after the file was whole, sent nothing)
        assert again.resumed == 1 and again.sent_bytes <= big_file.stat().st_size * 3 // 4
    for _ in range(50):  # killed helpers may take a moment to be reaped
        if not _remote_helpers(dest, big_file.parent):
            break
        await asyncio.sleep(0.1)
    assert _remote_helpers(dest, big_file.parent) == []
    assert leftovers.left_since(before) == []  # no listener, daemon, secret or folder of a helper
