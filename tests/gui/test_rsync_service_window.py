"""The rsync service a NAS already runs, seen in the window (tests/nas_services.py starts it for real, as root, on
the NAS's own address): with unencrypted methods allowed, the race runs a lap through the module that holds the
destination beside the ssh methods, the card offers it in plain words, and a copy with it lands byte for byte. The
method itself is tested in tests/integration/test_rsync_service.py."""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest
from shiboken6 import isValid

from app.core.host.rsync_modules import account
from app.gui.dialogs.module_password_dialog import ModulePasswordDialog

from tests.gui import driver
from tests.gui.driver import window_leftovers
from tests.gui.conftest import short_race
from tests.helpers import MemoryKeyring, far_side, make_tree, snapshot
from tests.nas_services import LOGIN, RSYNC_SECRET

pytestmark = pytest.mark.root  # the service's standard port is under 1024


def test_the_window_races_and_copies_through_the_nas_rsync_service(nas_services, make_window, drive, tmp_path: Path,
                                                                   memory_keyring: MemoryKeyring,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    sshd, address, root = nas_services
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("RSYNC_PASSWORD", raising=False)  # the window asks for it
    # (enough files that each of the race's three laps gets a part of them to copy)
    tree = make_tree(tmp_path / "src", small_files=300, big_bytes=8 * 1024 * 1024)
    dest = root / "rsyncd" / "backup" / f"window {os.getpid()}"
    # Four in the race: the best secure method and every one of the three unencrypted ones (with three, the two
    # predicted best of them race, and under a busy machine's probes the rsync service was once the third).
    window = make_window(sshd.ssh_config, replace(short_race(), race_count=4))
    prompts: list[str] = []
    asked_ftp: list[str] = []
    kept = account(LOGIN, address, 873, "backup")
    in_keyring: list[str | None] = []
    try:
        async def steps() -> None:
            await driver.connect(window, "nas")
            assert driver.drop_files(window.selection.list, [str(tree)])
            window.selection.dest.setText(str(dest))
            await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
            assert window.find_bar.insecure.isVisible()  # the NAS is on this computer's own network
            window.find_bar.insecure.setChecked(True)
            window.find_bar.find.click()
            # The module that holds the destination asks a password none of those the app knows: the window asks,
            # and offers to keep it in the keyring. (The NAS's FTP service and SMB shares ask for the account's password
            # too, one question at a time, in any order: declined here, and not asked again while the window is open.)
            deadline = time.monotonic() + 120
            answered: list[ModulePasswordDialog] = []  # (held: an id could come back for a later dialog)
            while window.state not in ("recommendation", "error") and time.monotonic() < deadline:
                dialog = window.hosts.dialog
                if (isinstance(dialog, ModulePasswordDialog) and isValid(dialog) and dialog.isVisible()
                        and not any(dialog is d for d in answered)):
                    answered.append(dialog)
                    if dialog.question.text().startswith(("The FTP service of nas", "The SMB shares of nas")):
                        asked_ftp.append(dialog.question.text())
                        dialog.reject()
                    else:
                        prompts.append(dialog.question.text())
                        assert dialog.keep.isEnabled() and not dialog.keep.isChecked()
                        dialog.password.setText(RSYNC_SECRET)
                        dialog.keep.setChecked(True)
                        dialog.accept()
                await asyncio.sleep(0.05)
            await driver.state(window, "recommendation", "error", timeout=120)
            assert window.state == "recommendation", window.banner.details_text()
            if window.card.overall.radio.isVisible():  # the fastest overall, where it is not the secure pick
                window.card.overall.radio.setChecked(True)
            window.card.go.click()
            await driver.state(window, "done", "error", "cancelled", timeout=90)
            assert window.state == "done", window.banner.sentence.text()
            in_keyring.append(memory_keyring.get_password("transfer-advisor", kept))
            # The keyring has it now: the next advice (a session of its own) goes through the module unasked.
            memory_keyring.delete_password("transfer-advisor", kept)  # ... and so it does from the window's memory
            window.find_bar.find.click()
            await driver.state(window, "recommendation", "error", timeout=120)
            assert window.state == "recommendation", window.banner.details_text()

        drive(steps(), 300)
        assert in_keyring == [RSYNC_SECRET]  # ticked: kept once the module took it
        assert len(asked_ftp) <= 2  # each declined once: not asked again by the second advice
        assert prompts == [f"The rsync service of nas asks for the password of {LOGIN} for its module backup (it is not "
                           "sent in clear; the files are, as you allowed unencrypted methods). Cancel to copy without "
                           "this service:"]
        raced = {r.label: r for r in window.advice_view.race.results.values()}
        assert raced["the host's rsync service (insecure)"].MBps, raced  # its lap went through the module, timed
        method = window.card.chosen().ranked.candidate.method_id
        assert snapshot(dest / tree.name) == far_side(tree, method)
        # Nothing of the first race, the probe or the staging left; of the second advice's race only what it copied
        # for a Copy now (gone when the window closes: tests/gui/test_race_into_copy.py).
        assert tree.name in {p.name for p in dest.iterdir()} <= {tree.name} | window_leftovers(window.flow.kept.advice)
    finally:
        window.close()
