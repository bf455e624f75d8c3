"""A copy takes the advice it follows only onto the disk that advice measured: a job of the window's queue
sent to another folder on the same disk copies with the advice's pick; one sent onto another disk is advised
again first (its disk, not the measured one, holds the copy) and says so. Bytes compared at the far side."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.advice.advisor import AdviceRequest, advise
from app.core.advice.follow import copy_advised
from app.core.events import Phase
from app.core.host.hosts import HostSpec
from app.core.host.local_files import LocalFiles
from app.core.host.session import Session
from app.core.host.ssh_command import Options
from app.core.transfer import methods
from app.core.transfer.engine import CopyRequest
from tests.helpers import follows_links, make_tree, snapshot

SHAPES = {"sftp-only": "sftp_only_host", "dropbear": "dropbear_host", "dash": "dash_host"}


async def _advised_then_copied(sshd, tree: Path, advised: Path, dest: Path) -> tuple:
    phases: list[Phase] = []
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(advised))
    try:
        advice = await advise(session, AdviceRequest([str(tree)], str(advised), race_count=2, race_seconds=1.0))
        chosen = advice.pick(allow_insecure=False)
        assert chosen is not None
        result = await copy_advised(session, advice, chosen, CopyRequest([str(tree)], str(dest), "", Options()),
                                    lambda e: phases.append(e) if isinstance(e, Phase) else None)
    finally:
        await session.close()
    return chosen, result, phases


async def test_a_copy_onto_another_disk_is_advised_again_for_it(sshd, tmp_path: Path, disk_tmp: Path) -> None:
    if os.stat(tmp_path).st_dev == os.stat(disk_tmp).st_dev:
        pytest.skip("the test folders are not in RAM here (no room in /dev/shm): no second disk to copy onto")
    tree = make_tree(tmp_path / "src", small_files=30, big_bytes=1024 * 1024)
    dest = disk_tmp / "on the disk"
    chosen, result, phases = await _advised_then_copied(sshd, tree, tmp_path / "advised", dest)
    said = [n for n in result.notes if "is on another disk than" in n]
    assert said == [f"{dest} is on another disk than {tmp_path / 'advised'}, where the advice measured the disk, so "
                    f"this copy was advised again for it: {methods.get(result.method).label}."], result.notes
    assert result.verified and any(p.name == "racing" or "Not raced" in " ".join(result.notes) for p in phases)
    follow = follows_links(result.method)
    assert snapshot(dest / tree.name, follow_links=follow) == snapshot(tree, follow_links=follow)
    assert not (tmp_path / "advised" / tree.name).exists()  # the advice's race left nothing where it measured


async def test_a_copy_to_another_folder_on_the_same_disk_keeps_its_advice(sshd, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "src", small_files=30, big_bytes=1024 * 1024)
    dest = tmp_path / "another folder" / "deeper"
    chosen, result, phases = await _advised_then_copied(sshd, tree, tmp_path / "advised", dest)
    assert not any("another disk" in n for n in result.notes), result.notes
    assert result.method == chosen.ranked.candidate.method_id
    assert not any(p.name == "racing" for p in phases)  # no second advice
    follow = follows_links(result.method)
    assert snapshot(dest / tree.name, follow_links=follow) == snapshot(tree, follow_links=follow)


async def test_this_computer_tells_its_disks_apart(tmp_path: Path, disk_tmp: Path) -> None:
    here = LocalFiles()
    assert await here.disk(str(tmp_path / "not yet" / "made")) == await here.disk(str(tmp_path))
    assert (await here.disk(str(disk_tmp)) == await here.disk(str(tmp_path))) == (
        os.stat(disk_tmp).st_dev == os.stat(tmp_path).st_dev)


@pytest.mark.root
@pytest.mark.parametrize("shape", list(SHAPES))
async def test_every_host_shape_tells_which_disk_a_folder_is_on(shape: str, request: pytest.FixtureRequest) -> None:
    # Through a shell (GNU or BusyBox stat) or, on an SFTP-only account, through SFTP's statvfs.
    host = request.getfixturevalue(SHAPES[shape])
    session = await Session.open(HostSpec(host.alias, str(host.ssh_config)), remote_dest=host.dest)
    try:
        there = await session.files.disk(host.dest)
        deeper = await session.files.disk(f"{host.dest}/not yet/made")
    finally:
        await session.close()
    assert there is not None and there == deeper
    assert there.startswith("fsid:" if shape == "sftp-only" else "dev:")
