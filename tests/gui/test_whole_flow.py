"""The whole job with the mouse against a real sshd: pick the host, test it, drop a folder, find the
fastest way, copy, and find the same bytes on the far side; then the same the other way round. The
upload's user looks elsewhere while it copies, and the desktop's notification server (on a private
session bus) is told when it is done. Either way the window reads the selection once (when it is added:
the advice and the copy take what was read) and logs in twice (to test the host, and for the advice, whose
session the copy carries on)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication

from app.core.host import login as login_step
from app.core.host.remote_files import RemoteFiles
from app.core.selection import entries
from tests.gui import driver
from tests.helpers import far_side, follows_links, make_tree, snapshot


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("gui-src"), small_files=150, big_bytes=6 * 1024 * 1024)


@pytest.fixture
def logins(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every login of the app's own (its control connections), by the host's label; the real login runs."""
    seen: list[str] = []
    monkeypatch.setattr(login_step, "connect", lambda host, *args, real=login_step.connect, **kwargs:
                        seen.append(host.label) or real(host, *args, **kwargs))
    return seen


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every read of a selection, on this computer or on the host, by the paths read (the real reads run).
    Not counted: the folder browser's listings (one level) and the copy's looks at the destination (what is
    there already, the verification), which read what may be missing."""
    seen: list[list[str]] = []
    real_remote = RemoteFiles.scan

    async def remote(files: RemoteFiles, paths: list[str], missing_ok: bool = False, depth: int | None = None):
        if depth is None and not missing_ok:
            seen.append(list(paths))
        return await real_remote(files, paths, missing_ok, depth)

    monkeypatch.setattr(entries, "scan_local", lambda paths, real=entries.scan_local: seen.append(paths) or real(paths))
    monkeypatch.setattr(RemoteFiles, "scan", remote)
    return seen


def expected(tree: Path, method: str) -> dict:
    """What each method puts at the far side (scp follows links), seen as the test looks at it."""
    return snapshot(tree, follow_links=True) if follows_links(method) else far_side(tree, method)


def test_upload_from_drop_to_verified_copy(sshd, tree: Path, tmp_path: Path, desktop_bus, make_window,
                                           drive, scans: list[list[str]], logins: list[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # A state folder of its own: the link is measured here (not kept from another test of this worker), and
    # the history shows this test's copy and measurement, not thirty copies of others to the same sshd.
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    window = make_window(sshd.ssh_config)
    dest = tmp_path / "on the NAS"
    files = len([p for p in tree.rglob("*") if p.is_file() and not p.is_symlink()])

    async def steps() -> None:
        await driver.connect(window, "testhost")
        assert "Connected to testhost" in window.picker.status.text()
        assert window.find_bar.insecure.isVisible() and not window.find_bar.insecure.isChecked()  # loopback: offered, off
        assert driver.drop_files(window.selection.list, [str(tree)])
        window.selection.dest.setText(str(dest))
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        assert window.selection.totals()[0] == files
        assert "1 item" in window.selection.summary.text()
        assert (scans, logins) == ([[str(tree)]], ["testhost"])  # the drop read it; the test logged in
        assert window.find_bar.find.isEnabled()
        window.find_bar.find.click()
        await driver.state(window, "profiling")
        await driver.until(lambda: "link" in window.advice_view.chart.rows, 60, "the network bar")
        await driver.state(window, "recommendation", "error", timeout=90)
        assert window.state == "recommendation", window.banner.sentence.text()
        chart = window.advice_view.chart
        assert chart.final and chart.limit_key in chart.rows
        assert any(k.startswith("cipher:") for k in chart.rows) and "remote-disk" in chart.rows
        assert window.advice_view.verdict.text().startswith("<b>Limit:</b>")
        assert len(window.advice_view.race.results) == 2  # race_count 2
        rec = window.card.chosen()
        assert rec is not None and rec.ranked.prediction.secure
        assert window.card.secure.command.text() == rec.command and rec.card_reason in window.card.secure.reason.text()
        window.card.secure.copy_button.click()
        assert QGuiApplication.clipboard().text() == rec.command
        assert (scans, logins) == ([[str(tree)]], ["testhost"] * 2)  # the advice logged in, read nothing
        window.card.go.click()
        await driver.state(window, "copying")
        window.showMinimized()  # the user turns to something else while it copies
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()
        await driver.until(lambda: desktop_bus.server.received, 10, "the desktop notification")
        desktop_bus.server.click(desktop_bus.server.received[0]["id"])
        await driver.until(lambda: not window.isMinimized(), 10, "the window to come back")

    drive(steps())
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(dest / tree.name, follow_links=follows_links(method)) == expected(tree, method)
    assert os.listdir(dest) == [tree.name]  # no staging or race folder left behind
    assert "Verified" in window.transfer.verdict.text()
    # Read once (by the drop) and logged in twice, for the whole flow: the copy took both from the advice.
    assert (scans, logins) == ([[str(tree)]], ["testhost"] * 2)
    assert window.copying.result.command == window.card.chosen().command
    [note] = desktop_bus.server.received
    assert (note["app_name"], note["summary"]) == ("Transfer Advisor", "Copy finished")
    assert note["body"] == f"{window.copying.result.files} files to testhost:{dest}, verified: sizes."
    assert note["hints"]["urgency"] == 1 and window.notifier.via == "dbus"
    texts = [window.history.list.item(i).text() for i in range(window.history.list.count())]
    assert any("verified" in t for t in texts) and any("measured" in t for t in texts)


def test_download_picked_on_the_host(sshd, tree: Path, tmp_path: Path, make_window, drive,
                                     scans: list[list[str]], logins: list[str]) -> None:
    window = make_window(sshd.ssh_config)
    dest = tmp_path / "restored"
    dest.mkdir()

    async def steps() -> None:
        await driver.connect(window, "testhost")
        window.selection.download.click()
        await driver.pick_on_host(window, str(tree))  # from the host's folders
        window.selection.dest.setText(str(dest))
        await driver.until(lambda: window.selection.totals()[2], 30, "the remote folder to be measured")
        assert window.selection.totals()[0] == len([p for p in tree.rglob("*") if p.is_file() and not p.is_symlink()])
        await driver.find_and_copy(window, 90, 60)

    drive(steps())
    # The pick read the folder on the host, over the browsing session; the advice and the copy took that.
    assert scans == [[str(tree)]]
    assert logins == ["testhost"] * 2
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(dest / tree.name, follow_links=follows_links(method)) == expected(tree, method)
