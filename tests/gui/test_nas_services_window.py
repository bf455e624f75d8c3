"""The host step says what else a NAS serves: connected to a NAS that runs Samba, vsftpd and an rsync daemon
(tests/nas_services.py), the window's host card names them under the connection line, as the user reads it."""

from __future__ import annotations

import asyncio

import pytest

from tests.gui import driver

pytestmark = pytest.mark.root  # the services' standard ports are under 1024


def test_the_host_step_names_the_nas_services(nas_services, make_window, drive) -> None:
    sshd, address, _ = nas_services
    window = make_window(sshd.ssh_config)

    async def steps() -> None:
        await driver.connect(window, "nas")

    drive(steps(), 60)
    said = window.picker.status.text()
    assert "Connected to nas" in said, said
    assert "Also serves SMB (Windows file sharing), FTP (unencrypted), an rsync service (photos, backup, shared, office)." in said, said
    assert window.flow.connected.services.found and not window.flow.connected.services.mounted


def test_services_slower_than_the_login_join_the_line_when_found(nas_services, make_window, drive,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # A host whose ports answer slowly (a firewall that drops what is sent to them): the connection line does not
    # wait for them; it grows by them once they are known.
    from app.core.host import services
    real = services.discover

    async def slowly(address: str, ports=None):
        await asyncio.sleep(1.5)
        return await real(address, ports)

    monkeypatch.setattr(services, "discover", slowly)
    sshd, _, _ = nas_services
    window = make_window(sshd.ssh_config)
    seen: list[str] = []

    async def steps() -> None:
        await driver.connect(window, "nas")
        seen.append(window.picker.status.text())
        await driver.until(lambda: "Also serves" in window.picker.status.text(), 10, "the services in the line")

    drive(steps(), 60)
    assert "Connected to nas" in seen[0] and "Also serves" not in seen[0], seen
    assert "Also serves SMB (Windows file sharing), FTP (unencrypted)" in window.picker.status.text()
    assert window.flow.connected.services is not None
