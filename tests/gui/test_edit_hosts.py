"""Hosts added in the window can be edited and removed, as a user does it from the File menu: the dialog
opens filled in, the edited host takes the old one's place (and its destination), an alias of ours
with a key file is rewritten or dropped, and a removed host leaves the list with its password.
The user's own ssh config aliases and the demo host are not the app's to change."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from app.core.host.hosts import resolve
from app.core.host import passwords
from app.core.state import added_hosts, settings as settings_store
from app.core.state.settings import HostChoice
from app.core.wording.window import host_removed
from app.gui.dialogs.add_host_dialog import AddHostDialog
from tests.gui import driver
from tests.gui.conftest import short_race

# Nothing listens on port 1 of loopback: a test of the edited host is refused at once, sending nothing out.
TYPED = HostChoice("attic", "ann@127.0.0.1:1")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(folder))
    return folder


@pytest.fixture
def user_config(tmp_path: Path) -> Path:
    config = tmp_path / "ssh_config"
    config.write_text("Host configured\n  HostName 127.0.0.1\n  Port 1\n")
    return config


def _window(make_window, user_config: Path, *recent: HostChoice):
    settings = short_race()
    settings.recent = list(recent)
    settings.destinations = {c.label: f"/volume1/{c.label}" for c in recent}
    settings_store.save(settings)
    return make_window(user_config, settings)


def _menu_allows(window) -> tuple[bool, bool]:
    window.menuBar().actions()[0].menu().aboutToShow.emit()
    return window.edit_host.isEnabled(), window.remove_host.isEnabled()


async def saved_and_tested(window, dialog: AddHostDialog) -> None:
    """Save the dialog; the host is tested at once, as after Add host (refused: nothing listens there)."""
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    await driver.until(lambda: window.banner.isVisible() or window.flow.connected, 30, "the test of the host")
    await driver.until(lambda: not window.hosts.connecting, 30, "the test to end")


def test_an_added_host_is_edited_in_its_place(home: Path, user_config: Path, make_window, drive) -> None:
    other = HostChoice("cellar", "cellar.local")
    window = _window(make_window, user_config, other, TYPED)
    assert window.picker.select(TYPED) and _menu_allows(window) == (True, True)
    window.edit_host.trigger()
    dialog = window.hosts.dialog
    assert isinstance(dialog, AddHostDialog) and dialog.windowTitle() == "Edit a host"
    assert (dialog.host.text(), dialog.user.text(), dialog.port.value(), dialog.name.text()) == \
        ("127.0.0.1", "ann", 1, "attic")
    dialog.user.setText("bob")
    dialog.name.setText("attic NAS")
    drive(saved_and_tested(window, dialog))

    edited = HostChoice("attic NAS", "bob@127.0.0.1:1", str(user_config))
    saved = settings_store.load()
    assert saved.recent == [other, edited]  # in its place, the old entry gone
    assert saved.destinations == {"cellar": "/volume1/cellar", "attic NAS": "/volume1/attic"}
    assert window.picker.current() == edited
    labels = [window.picker.model.item(i).text().strip() for i in range(window.picker.model.rowCount())]
    assert "attic" not in labels and "attic NAS" in labels
    assert window.flow.connected is None and window.banner.isVisible()  # (nothing listens there)


def test_a_host_with_a_key_file_edited_without_one_leaves_our_ssh_config(home: Path, user_config: Path,
                                                                        tmp_path: Path, make_window, drive) -> None:
    key = tmp_path / "id_nas"
    key.write_text("not read here")
    keyed = added_hosts.choice_for("127.0.0.1", "ann", 1, str(key), "keyed", str(user_config))
    assert [h.name for h in added_hosts.load()] == ["keyed"]
    window = _window(make_window, user_config, keyed)
    assert window.picker.select(keyed)
    window.hosts.edit_host()
    dialog = window.hosts.dialog
    assert (dialog.host.text(), dialog.key.text(), dialog.name.text()) == ("127.0.0.1", str(key), "keyed")
    dialog.key.setText("")  # the usual keys and agent from now on
    drive(saved_and_tested(window, dialog))
    assert added_hosts.load() == []
    assert "Host keyed" not in added_hosts.config_path().read_text()
    assert settings_store.load().recent == [HostChoice("keyed", "ann@127.0.0.1:1", str(user_config))]


def test_a_removed_host_leaves_the_list_with_its_password(home: Path, user_config: Path, tmp_path: Path,
                                                         memory_keyring, make_window, drive) -> None:
    key = tmp_path / "id_nas"
    key.write_text("not read here")
    keyed = added_hosts.choice_for("127.0.0.1", "ann", 1, str(key), "keyed", str(user_config))
    window = _window(make_window, user_config, TYPED, keyed)
    passwords.remember(resolve(TYPED.spec()), "s3cret")
    window.flow.remember_password(TYPED, "s3cret")

    assert window.picker.select(TYPED)
    window.remove_host.trigger()
    box = window.hosts.dialog
    assert isinstance(box, QMessageBox) and "Remove attic from the host list?" in box.text()
    box.button(QMessageBox.Cancel).click()  # changed their mind: nothing happens
    assert settings_store.load().recent == [TYPED, keyed]


    async def removed() -> None:
        window.remove_host.trigger()
        window.hosts.dialog.button(QMessageBox.Yes).click()
        # The keyring forgets in the background (finding the host's account runs ssh -G).
        await driver.until(lambda: memory_keyring.items == {}, 20, "the keyring to forget the password")

    drive(removed())
    assert settings_store.load().recent == [keyed] and "attic" not in settings_store.load().destinations
    assert window.picker.status.text() == host_removed("attic")
    assert not window.picker.select(TYPED)
    assert (TYPED.text, TYPED.ssh_config) not in window.flow.questions.passwords

    assert window.picker.select(keyed)

    async def removed_too() -> None:
        window.hosts.remove_host()
        window.hosts.dialog.button(QMessageBox.Yes).click()
        await window.hosts.forgetting.wait()  # the part in the background ends before the test does

    drive(removed_too())
    assert settings_store.load().recent == [] and added_hosts.load() == []
    assert key.exists()  # the key file is the user's


def test_the_users_own_aliases_and_the_demo_host_are_not_ours_to_change(home: Path, user_config: Path,
                                                                       make_window) -> None:
    window = _window(make_window, user_config, TYPED)
    assert window.picker.select(HostChoice("configured", "configured", str(user_config)))
    assert window.picker.editable() is None and _menu_allows(window) == (False, False)
    assert window.picker.select(window.hosts.demo.choice)
    assert window.picker.editable() is None and _menu_allows(window) == (False, False)
    window.hosts.edit_host()  # (a stray call changes nothing either)
    assert window.hosts.dialog is None
