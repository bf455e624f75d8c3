"""Files and folders dragged out of the host's folder browser go to a file manager as sftp:// addresses that it
fetches from the host itself (GNOME's GVfs and KDE's KIO do): each address names exactly its path there. A real
SFTP client (curl, with the test's key and the test sshd's host key pinned) fetches every dragged file byte for
byte, odd names included."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

from PySide6.QtCore import QUrl

from app.gui.panels.remote_browser import RemoteBrowser
from tests.gui import driver

NAMES = ["Holiday 2024.jpg", "it's #1 & 50% ?.txt", "ünïcödé ✓.bin", "-leading dash"]


def _host_key_sha256(public_key: Path) -> str:
    """What curl's --hostpubsha256 pins: the host key's blob, hashed, in base64."""
    blob = base64.b64decode(public_key.read_text().split()[1])
    return base64.b64encode(hashlib.sha256(blob).digest()).decode()


def test_dragged_out_files_are_addresses_an_sftp_client_fetches(sshd, tmp_path: Path, make_window, drive) -> None:
    photos = tmp_path / "photos"
    (photos / "album").mkdir(parents=True)
    for name in NAMES:
        (photos / name).write_bytes(os.urandom(5000))
    window = make_window(sshd.ssh_config)

    async def browsed() -> RemoteBrowser:
        await driver.connect(window, sshd.alias)
        host = window.flow.connected.host
        browser = RemoteBrowser(window.flow.list_remote, str(photos), sshd.alias, True, window, host.sftp_url)
        browser.show()
        await driver.until(lambda: browser.list.count() == len(NAMES) + 1, 20, "the listing")
        return browser

    browser = drive(browsed())
    assert "drag them to a folder of your file manager" in browser.status.text()
    for i in range(browser.list.count()):
        browser.list.item(i).setSelected(True)
    data = browser.list.mimeData(browser.list.selectedItems())
    assert data.formats() == ["text/uri-list"]
    urls = {unquote(urlsplit(u.toString(QUrl.FullyEncoded)).path): u.toString(QUrl.FullyEncoded)
            for u in data.urls()}
    assert sorted(urls) == sorted(str(photos / n) for n in [*NAMES, "album"])
    assert all(u.startswith(f"sftp://{sshd.user}@127.0.0.1:{sshd.port}/") for u in urls.values())
    pin = _host_key_sha256(Path(f"{sshd.host_key}.pub"))
    for name in NAMES:
        got = tmp_path / f"fetched-{NAMES.index(name)}"
        fetched = subprocess.run(["curl", "-sS", "--key", str(sshd.client_key), "--pubkey", f"{sshd.client_key}.pub",
                                  "--hostpubsha256", pin, "-o", str(got), urls[str(photos / name)]],
                                 capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert fetched.returncode == 0, (name, fetched.stderr)
        assert got.read_bytes() == (photos / name).read_bytes(), name
    browser.close()


def test_a_host_reached_through_another_ssh_config_offers_no_drag_out(sshd, make_window, drive) -> None:
    """The file manager's ssh reads the user's own config only: a host whose key or address comes from another
    (here the test's) would not let it in, so the browser says nothing of dragging and drags nothing out."""
    window = make_window(sshd.ssh_config)

    async def browsed() -> RemoteBrowser:
        await driver.connect(window, sshd.alias)
        window.selection.download.click()
        window.selection.add_files.click()
        browser = await driver.until(lambda: getattr(window, "browser", None), 10, "the folder browser")
        await driver.until(lambda: browser.list.count(), 20, "the listing")
        return browser

    browser = drive(browsed())
    assert browser.list.locate is None and not browser.list.dragEnabled()
    assert "file manager" not in browser.status.text()
    browser.close()
