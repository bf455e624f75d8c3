"""The FTP service a NAS already runs, seen in the window (tests/conftest.py `ftp_nas`: vsftpd with explicit TLS on
the NAS's own address, the account reached with a key, so no password the app knows opens the FTP service): the
window asks for the account's password once, keeps it in the keyring where ticked, and the race runs a lap through
FTPS beside the ssh methods. The methods themselves are tested in tests/integration/test_ftp_service.py."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.host.ftp_logins import account
from app.gui.dialogs.module_password_dialog import ModulePasswordDialog
from tests.gui import driver
from tests.gui.driver import window_leftovers
from tests.gui.conftest import short_race
from tests.helpers import MemoryKeyring, make_tree
from tests.nas_services import FtpNas
from tests.peers import PasswordUser

pytestmark = pytest.mark.root  # the service's standard port is under 1024


def test_the_window_asks_the_ftp_password_and_races_ftps(ftp_nas: FtpNas, password_user: PasswordUser, make_window,
                                                         drive, tmp_path: Path, memory_keyring: MemoryKeyring,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("FTP_PASSWORD", raising=False)  # the window asks for it
    # (few small files and a large one: FTPS pays a TLS handshake per file, and its lap must move data steadily
    # within the short race on a busy machine)
    tree = make_tree(tmp_path / "src", small_files=20, big_bytes=48 * 1024 * 1024)
    for name in os.listdir(tree / "hostile"):  # FTP cannot name it (the window says so: left out)
        if "\n" in name:
            os.remove(tree / "hostile" / name)
    dest = password_user.home / "from the window"
    window = make_window(ftp_nas.key_config, replace(short_race(), race_count=3))
    prompts: list[str] = []
    kept = account(password_user.name, ftp_nas.address, 21)
    try:
        async def steps() -> None:
            await driver.connect(window, "ftpnas")
            assert driver.drop_files(window.selection.list, [str(tree)])
            window.selection.dest.setText(str(dest))
            await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
            window.find_bar.find.click()
            dialog = await driver.until(lambda: isinstance(window.hosts.dialog, ModulePasswordDialog)
                                        and window.hosts.dialog.isVisible() and window.hosts.dialog, 60,
                                        "the FTP service's password question")
            prompts.append(dialog.question.text())
            dialog.grab().save(str(tmp_path / "ftp-password.png"))  # (kept with a failing test's folder)
            dialog.password.setText(password_user.password)
            dialog.keep.setChecked(True)
            dialog.accept()
            await driver.state(window, "recommendation", "error", timeout=120)
            assert window.state == "recommendation", window.banner.details_text()

        drive(steps(), 240)
        assert prompts == [f"The FTP service of ftpnas asks for the password of {password_user.name} (with TLS where "
                           "it offers it; in clear where you allowed unencrypted methods). Cancel to copy without this "
                           "service:"]
        assert memory_keyring.get_password("transfer-advisor", kept) == password_user.password
        raced = {r.label: r for r in window.advice_view.race.results.values()}
        assert raced["the host's FTP service with TLS (FTPS)"].MBps, raced  # its lap went through FTPS, timed
        # Nothing of the probes left, and of the race only what it copied for Copy now (gone when the window
        # closes: tests/gui/test_race_into_copy.py).
        assert {p.name for p in dest.iterdir()} <= window_leftovers(window.flow.kept.advice)
    finally:
        window.close()
