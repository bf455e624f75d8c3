"""The SMB shares a NAS already serves, seen in the window (tests/conftest.py `smb_nas`: smbd on the NAS's own
address, the account reached with a key, so no password the app knows opens its shares): the host step says the
NAS serves SMB, the window asks for the account's password once, keeps it in the keyring where ticked, the race runs
a lap through SMB3 beside the ssh methods, and the copy chosen in the window lands. The methods themselves are
tested in tests/integration/test_smb_service.py."""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.host.smb_shares import account, carries
from app.gui.dialogs.module_password_dialog import ModulePasswordDialog
from tests.gui import driver
from tests.gui.conftest import short_race
from tests.helpers import MemoryKeyring, far_side, make_tree, snapshot
from tests.nas_services import SmbNas
from tests.peers import PasswordUser

pytestmark = pytest.mark.root  # the service's standard port is under 1024


def test_the_window_asks_the_smb_password_races_smb3_and_copies(smb_nas: SmbNas, password_user: PasswordUser,
                                                                make_window, drive, tmp_path: Path,
                                                                memory_keyring: MemoryKeyring,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SMB_PASSWORD", raising=False)  # the window asks for it
    tree = make_tree(tmp_path / "src", small_files=20, big_bytes=48 * 1024 * 1024)
    for name in os.listdir(tree / "hostile"):  # SMB cannot name them (the window says so: left out)
        if not carries(name):
            os.remove(tree / "hostile" / name)
    dest = smb_nas.shares["photo"] / "from the window"
    dest.mkdir()
    shutil.chown(dest, password_user.name)
    window = make_window(smb_nas.key_config, replace(short_race(), race_count=3))
    prompts: list[str] = []
    kept = account(password_user.name, smb_nas.address, 445)
    try:
        async def steps() -> None:
            await driver.connect(window, "smbnas")
            await driver.until(lambda: "SMB" in window.hosts.picker.status.text(), 30,
                               "the host step to say what else the NAS serves")
            assert driver.drop_files(window.selection.list, [str(tree)])
            window.selection.dest.setText(str(dest))
            await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
            window.find_bar.find.click()
            dialog = await driver.until(lambda: isinstance(window.hosts.dialog, ModulePasswordDialog)
                                        and window.hosts.dialog.isVisible() and window.hosts.dialog, 60,
                                        "the SMB shares' password question")
            prompts.append(dialog.question.text())
            dialog.grab().save(str(tmp_path / "smb-password.png"))  # (kept with a failing test's folder)
            dialog.password.setText(password_user.password)
            dialog.keep.setChecked(True)
            dialog.accept()
            await driver.state(window, "recommendation", "error", timeout=120)
            assert window.state == "recommendation", window.banner.details_text()
            window.grab().save(str(tmp_path / "smb-recommendation.png"))
            window.card.go.click()
            await driver.state(window, "done", "error", "cancelled", timeout=90)
            assert window.state == "done", window.banner.sentence.text()

        drive(steps(), 300)
        assert prompts == [f"The SMB shares of smbnas ask for the password of {password_user.name} (it is not sent: "
                           "SMB proves it, and the encryption's keys come from it). Cancel to copy without them:"]
        assert memory_keyring.get_password("transfer-advisor", kept) == password_user.password
        raced = {r.label: r for r in window.advice_view.race.results.values()}
        assert raced["the host's SMB share, encrypted (SMB3)"].MBps, raced  # its lap went through SMB3, timed
        method = window.card.chosen().ranked.candidate.method_id
        assert snapshot(dest / tree.name) == far_side(tree, method)
    finally:
        window.close()
