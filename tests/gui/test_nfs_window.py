"""The NFS export a NAS already serves, seen in the window: the lab's weak NAS (an eighth of a core, nfs-ganesha and
its portmapper in its namespace beside Samba, vsftpd and an rsync service) — the host step says it serves NFS, with
unencrypted methods allowed the race runs a lap through the export beside the ssh methods, and the copy chosen in
the window lands byte for byte. The method itself is tested in tests/lab/test_lab.py (there and back, hostile
names). Runs in the alone pass (tests/conftest.py ALONE): the lab times its link."""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest
from shiboken6 import isValid

from app.gui.dialogs.module_password_dialog import ModulePasswordDialog
from tests import nas_services
from tests.gui import driver
from tests.gui.conftest import short_race
from tests.helpers import far_side, snapshot
from tests.lab.fixtures import lab  # noqa: F401

pytestmark = pytest.mark.root  # the lab builds network namespaces


def test_the_window_races_nfs_and_copies(lab, make_window, drive, tmp_path: Path,  # noqa: F811
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    if nas_services.nfs_missing():
        pytest.skip(f"no NFS server here ({', '.join(nas_services.nfs_missing())}; `make test` installs them)")
    weak = lab("weak-nas")
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    for variable in ("SMB_PASSWORD", "FTP_PASSWORD"):
        monkeypatch.delenv(variable, raising=False)
    # A folder of a few files, mostly one large one (the hostile names go through NFS in tests/lab/test_lab.py):
    # the NAS's slow CPU makes each file's new NFS connection cost, and the model says so for many small files
    tree = tmp_path / "src" / "videos"
    (tree / "notes").mkdir(parents=True)
    (tree / "holiday 2024.mkv").write_bytes(os.urandom(24 * 1024 * 1024))
    for n in range(3):
        (tree / "notes" / f"day {n}.txt").write_text(f"day {n}\n" * 100)
    dest = Path(weak.remote_dest) / "from the window"
    window = make_window(weak.ssh_config, replace(short_race(), race_count=4))
    declined: list[str] = []
    try:
        async def steps() -> None:
            await driver.connect(window, weak.alias)
            await driver.until(lambda: "NFS" in window.hosts.picker.status.text(), 30,
                               "the host step to say the NAS serves NFS")
            assert driver.drop_files(window.selection.list, [str(tree)])
            window.selection.dest.setText(str(dest))
            await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
            assert window.find_bar.insecure.isVisible()  # the NAS is on this computer's own network
            window.find_bar.insecure.setChecked(True)
            window.find_bar.find.click()
            # The NAS's FTP service and SMB shares take none of the passwords the app knows for the lab's account:
            # declined, one question at a time. NFS asks none.
            deadline = time.monotonic() + 180
            answered: list[ModulePasswordDialog] = []
            while window.state not in ("recommendation", "error") and time.monotonic() < deadline:
                dialog = window.hosts.dialog
                if (isinstance(dialog, ModulePasswordDialog) and isValid(dialog) and dialog.isVisible()
                        and not any(dialog is d for d in answered)):
                    answered.append(dialog)
                    declined.append(dialog.question.text())
                    dialog.reject()
                await asyncio.sleep(0.05)
            await driver.state(window, "recommendation", "error", timeout=180)
            assert window.state == "recommendation", window.banner.details_text()
            window.grab().save(str(tmp_path / "nfs-recommendation.png"))  # (kept with a failing test's folder)
            if window.card.overall.radio.isVisible():
                window.card.overall.radio.setChecked(True)
            window.card.go.click()
            await driver.state(window, "done", "error", "cancelled", timeout=180)
            assert window.state == "done", window.banner.sentence.text()

        drive(steps(), 480)
        assert all(q.startswith(("The FTP service of", "The SMB shares of")) for q in declined), declined
        raced = {r.label: r for r in window.advice_view.race.results.values()}
        assert raced["the host's NFS export (insecure)"].MBps, raced  # its lap went through the export, timed
        method = window.card.chosen().ranked.candidate.method_id
        assert snapshot(Path(weak.dest) / "from the window" / tree.name) == far_side(tree, method)
    finally:
        window.close()
