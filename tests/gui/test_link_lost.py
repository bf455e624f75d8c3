"""The window when the link dies during a copy: the error banner says so in one sentence and offers
Resume, which starts the same copy again; a dropped connection is never the crash dialog. When the
advice's connection closed before Copy now, the copy logs in again instead of failing on it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import replace
from pathlib import Path

import asyncssh
import pytest

from app.core.errors import link_lost
from app.core.host import login as login_step
from app.core.host.hosts import ENV_CONNECT_TIMEOUT
from app.core.state import settings as settings_store
from app.gui.shell.bridge import Job
from app.core.state.settings import GuiSettings
from app.gui.dialogs.settings_dialog import SettingsDialog
from tests.gui import driver
from tests.gui.conftest import short_race
from tests.helpers import snapshot
from tests.stalls import descendants, frozen, random_file, same_bytes, staging_folders

STALL = 3.0


@pytest.fixture(scope="module")
def videos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """384 MiB in 24 files: the race's laps each copy a part of it (a lap of one such file would copy it whole here,
    on loopback, and Copy now would keep that lap's copy), and the copy moves the rest."""
    root = tmp_path_factory.mktemp("big") / "videos"
    root.mkdir()
    for i in range(24):
        random_file(root / f"clip {i}.mkv", 16)
    return root


def test_a_copy_whose_link_dies_offers_resume_and_resume_copies_it(sshd, videos: Path, tmp_path: Path,
                                                                    make_window, drive, monkeypatch) -> None:
    monkeypatch.setenv(ENV_CONNECT_TIMEOUT, "3")
    window = make_window(sshd.ssh_config, replace(short_race(), stall_timeout=STALL, race_seconds=0.01))
    dest = tmp_path / "dest"

    async def steps() -> None:
        await driver.copying(window, "testhost", videos, dest)
        with frozen([sshd.proc.pid, *descendants(sshd.proc.pid)]):  # the host stops answering, to anything
            await driver.state(window, "error", "done", timeout=90)
            assert window.state == "error", "the copy ended before the host stopped answering"
            assert window.banner.title.text() == "The copy stopped: the link was lost"
            assert window.banner.sentence.text() == link_lost("testhost", "copy", STALL).sentence
            assert window.banner.action.isVisible() and window.banner.action.text() == "&Resume"
            assert window.transfer.state.text() == "The link was lost; the copy stopped."
            assert not (dest / videos.name).exists() and len(staging_folders(dest)) == 1
            window.selection.dest.setText(str(tmp_path / "elsewhere"))  # Resume is the copy that stopped, as it was
            await resume(window)  # too soon: the host is still away, and Resume stays on offer
            assert window.state == "error"
            assert window.banner.title.text() == "The copy could not start: the host cannot be reached"
            assert window.banner.action.isVisible()
        await resume(window)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    assert snapshot(dest / videos.name) == snapshot(videos)
    assert not (tmp_path / "elsewhere").exists()


def test_a_copy_after_the_hosts_connections_closed_logs_in_again(sshd, tmp_path: Path, make_window, drive,
                                                                  monkeypatch) -> None:
    logins: list[str] = []
    monkeypatch.setattr(login_step, "connect", lambda host, *args, real=login_step.connect, **kwargs:
                        logins.append(host.label) or real(host, *args, **kwargs))
    source = tmp_path / "photos"
    source.mkdir()
    for i in range(20):
        (source / f"{i}.jpg").write_bytes(os.urandom(4096))
    window = make_window(sshd.ssh_config)
    dest = tmp_path / "dest"

    async def steps() -> None:
        await driver.advised(window, "testhost", source, dest)
        for pid in descendants(sshd.proc.pid):  # the host ends every connection (its ssh server restarted)
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        await asyncio.sleep(0.5)  # while the user reads the advice
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    assert all(same_bytes(dest / "photos" / f"{i}.jpg", source / f"{i}.jpg") for i in range(20))
    assert logins == ["testhost"] * 3  # the test, the advice, and the copy's own: the advice's had closed


async def resume(window) -> None:
    window.banner.action.click()
    assert not window.banner.isVisible() and window.state == "copying"
    await driver.state(window, "done", "error", timeout=90)


def test_a_dropped_connection_is_a_sentence_not_the_crash_dialog(qloop, monkeypatch) -> None:
    crashes: list = []
    monkeypatch.setattr(sys, "excepthook", lambda *info: crashes.append(info))

    async def lost() -> None:
        raise asyncssh.ConnectionLost("Server not responding to keepalive")

    job = Job(lost(), "Finding the fastest way")
    failed: list = []
    job.failed.connect(failed.append)
    qloop.run_until_complete(job.wait())
    qloop.run_until_complete(asyncio.sleep(0))
    assert crashes == []
    assert [(e.kind, e.sentence) for e in failed] == [(
        "link-lost", "The connection to the host was lost (Server not responding to keepalive); check the network "
        "(Wi-Fi, the NAS) and try again.")]


def test_the_stall_time_is_a_setting(qtbot, qloop) -> None:
    dialog = SettingsDialog(GuiSettings())
    qtbot.addWidget(dialog)
    assert dialog.stall.value() == 30
    saved: list[GuiSettings] = []
    dialog.saved.connect(saved.append)
    dialog.stall.setValue(12)
    dialog._save()
    assert saved[0].stall_timeout == 12.0
    settings_store.save(replace(saved[0], stall_timeout=0.0))  # a hand-edited file
    assert settings_store.load().stall_timeout == 2.0  # the least the core takes
    settings_store.save(GuiSettings())
