"""An embedded box through a real sshd: every command of the session sees only BusyBox applets (ash as
`sh`, BusyBox tar, `nc -l -p`, no rsync). tar over netcat copies both ways through BusyBox's netcat,
with the token check, and a cancel or a killed app (SIGKILL mid-copy) leaves nothing of its helpers
behind.
(The account's login shell stays the fixture user's; what it starts is all BusyBox.)"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.errors import Cancelled
from app.core.events import Progress
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import cli_json, final_names, make_tree, snapshot
from tests.leftovers import descendants, kill_app_mid_copy, left_since
from tests.leftovers import snapshot as helpers_snapshot
from tests.peers import start_sshd


@pytest.fixture(scope="module")
def busybox_sshd(tmp_path_factory: pytest.TempPathFactory):
    busybox = shutil.which("busybox")
    if busybox is None:
        pytest.fail("busybox is missing: run `make test`, which installs busybox-static")
    root = tmp_path_factory.mktemp("busybox-host")
    bin_dir, home = root / "bin", root / "home"
    bin_dir.mkdir()
    home.mkdir()
    applets = subprocess.run([busybox, "--list"], capture_output=True, text=True, check=True).stdout.split()
    for applet in applets:
        (bin_dir / applet).symlink_to(busybox)
    server = start_sshd(root / "sshd", extra_config=f"SetEnv PATH={bin_dir} HOME={home}\n", alias="embedded")
    yield server
    server.stop()


def test_the_box_is_seen_as_busybox_and_offers_tar_nc(busybox_sshd) -> None:
    out = cli_json("methods", "embedded", "--allow-insecure", "--ssh-config", str(busybox_sshd.ssh_config))
    assert out["remote"]["nc_flavour"] == "BusyBox" and out["remote"]["tar_flavour"] == "BusyBox"
    rows = {r["id"]: r for r in out["methods"]}
    assert rows["tar-nc"]["available"] is True, rows["tar-nc"]
    assert rows["rsync-daemon"]["reason"] == "`rsync` is not installed on the remote host"


def test_raw_tcp_is_measured_through_busybox_netcat(busybox_sshd, tmp_path: Path) -> None:
    before = helpers_snapshot()
    out = cli_json("profile", "embedded", "--fresh", "--budget", "0.3", "--ssh-config", str(busybox_sshd.ssh_config),
                   env={"TRANSFER_ADVISOR_HOME": str(tmp_path / "home")})
    assert out["tcp_up_MBps"] > 1 and out["tcp_down_MBps"] > 1, out["notes"]
    assert left_since(before) == []


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_tar_nc_through_busybox_netcat(busybox_sshd, tmp_path: Path, download: bool) -> None:
    before = helpers_snapshot()
    tree = make_tree(tmp_path / "src", small_files=200, big_bytes=4 * 1024 * 1024)
    dest = tmp_path / "dest"
    out = cli_json("copy", "embedded", str(tree), "--dest", str(dest), "--method", "tar-nc", "--allow-insecure",
                   "--ssh-config", str(busybox_sshd.ssh_config), *(["--download"] if download else []))
    assert "error" not in out, out
    assert "nc -l -p PORT" in out["command"]
    assert snapshot(dest / tree.name) == snapshot(tree)
    assert left_since(before) == []


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_parallel_streams_through_busybox_tar(busybox_sshd, tmp_path: Path, download: bool) -> None:
    """BusyBox tar takes its names as arguments and extracts a folder that is already there (each stream
    lists the folders again at its end)."""
    tree = make_tree(tmp_path / "src", small_files=60, big_bytes=2 * 1024 * 1024)
    dest = tmp_path / "dest"
    out = cli_json("copy", "embedded", str(tree), "--dest", str(dest), "--method", "tar-ssh", "--streams", "3",
                   "--ssh-config", str(busybox_sshd.ssh_config), *(["--download"] if download else []))
    assert "error" not in out, out
    assert out["options"]["streams"] == 3
    assert snapshot(dest / tree.name) == snapshot(tree)


async def test_a_cancel_leaves_nothing_on_the_box(busybox_sshd, big_file: Path, tmp_path: Path) -> None:
    src = big_file
    before = helpers_snapshot()
    dest = tmp_path / "dest"
    dest.mkdir()
    session = await Session.open(HostSpec("embedded", str(busybox_sshd.ssh_config)), remote_dest=str(dest))
    moving = asyncio.Event()
    task = asyncio.create_task(copy(session, CopyRequest([str(src)], str(dest), "tar-nc", Options(),
                                                         allow_insecure=True),
                                    lambda e: isinstance(e, Progress) and e.done > 0 and moving.set()))
    try:
        done, _ = await asyncio.wait([task, asyncio.create_task(moving.wait())],
                                     return_when=asyncio.FIRST_COMPLETED, timeout=60)
        if task in done:
            task.result()
            pytest.skip("the copy finished before it could be cancelled")
        task.cancel()
        with pytest.raises((Cancelled, asyncio.CancelledError)):
            await task
    finally:
        await session.close()
    assert final_names(dest) == []  # what was sent stays in the hidden staging folder, for the next run
    assert left_since(before) == []


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_a_killed_app_leaves_nothing_on_the_box(busybox_sshd, big_file: Path, tmp_path: Path, download: bool) -> None:
    src = big_file
    before = helpers_snapshot()
    dest = tmp_path / "dest"
    dest.mkdir()
    argv = [sys.executable, "-m", "app", "copy", "embedded", str(src), "--dest", str(dest), "--method", "tar-nc",
            "--allow-insecure", "--ssh-config", str(busybox_sshd.ssh_config), *(["--download"] if download else [])]
    here, on_host = kill_app_mid_copy(argv, dest, lambda: descendants(busybox_sshd.proc.pid), before)
    assert here == [] and on_host == []
    assert not (dest / src.name).exists()  # nothing half-written under its final name
