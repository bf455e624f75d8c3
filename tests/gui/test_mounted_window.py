"""A share of the host mounted here (sshfs, as the file manager or /etc/fstab mounts it), seen in the window: the
host step says which of the host's folders the mount shows, the race runs a lap through it beside the ssh methods,
and a copy with the pick lands byte for byte. A copy through the mount itself is tested in
tests/integration/test_mounted.py."""

from __future__ import annotations

import html
import os
import shutil
from pathlib import Path

import pytest

from tests.gui import driver
from tests.helpers import far_side, make_tree, snapshot
from tests.peers import mount_or_skip

pytestmark = pytest.mark.skipif(not shutil.which("sshfs") or not os.path.exists("/dev/fuse"),
                                reason="no sshfs or FUSE here: `make test` installs sshfs")


def test_the_window_races_the_share_mounted_here(sshd, make_window, drive, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    shared, point = tmp_path / "nas share", tmp_path / "mounted here"
    shared.mkdir()
    point.mkdir()
    (shared / "photos").mkdir()
    tree = make_tree(tmp_path / "src", small_files=60, big_bytes=4 * 1024 * 1024)
    mount = mount_or_skip(sshd, shared, point)
    window = make_window(mount.ssh_config)
    try:
        async def steps() -> None:
            await driver.connect(window, mount.alias)
            await driver.until(lambda: "Mounted here" in window.picker.status.text(), 10, "the mount in the line")
            await driver.advised(window, mount.alias, tree, shared / "photos")
            window.card.go.click()
            await driver.state(window, "done", "error", "cancelled", timeout=60)
            assert window.state == "done", window.banner.sentence.text()

        drive(steps(), 150)
        said = html.unescape(window.picker.status.text())  # rich text: as it reads on the screen
        assert f"Mounted here: {point} (sshfs, encrypted): the host's {shared}." in said, said
        raced = {r.label: r for r in window.advice_view.race.results.values()}
        assert raced["the share mounted here"].MBps, raced  # its lap went through the mount and was timed
        method = window.card.chosen().ranked.candidate.method_id
        assert snapshot(shared / "photos" / tree.name) == far_side(tree, method)
    finally:
        window.close()
        mount.unmount()
