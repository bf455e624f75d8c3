"""A NAS that takes only a password, with the mouse: add it with its password, test the connection, find
the fastest way and copy, with the same bytes on the far side and no password prompt anywhere; the password
remembered in the keyring on request (never in a file); then "Set up key login" and the host is used with
its key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.host import passwords
from app.core.state import added_hosts
from tests.gui import driver
from tests.helpers import MemoryKeyring, ProcessWatch, far_side, make_tree, snapshot
from tests.peers import PasswordUser, SshServer


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("gui-pw-src"), small_files=80, big_bytes=4 * 1024 * 1024)


def user_config(tmp_path: Path, *servers: SshServer) -> Path:
    """The user's own ssh config: it only says where known hosts are (a test file; ~/.ssh is never touched)."""
    known = tmp_path / "known_hosts"
    known.write_text("".join(s.known_hosts.read_text() for s in servers))
    config = tmp_path / "user_ssh_config"
    config.write_text(f"Host *\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n")
    return config


async def add_password_host(window, server: SshServer, user: PasswordUser, remember: bool) -> None:
    window.picker.add.click()
    dialog = await driver.until(lambda: window.hosts.dialog, 5, "the add-host dialog")
    dialog.host.setText("127.0.0.1")
    dialog.port.setValue(server.port)
    dialog.user.setText(user.name)
    dialog.use_password.setChecked(True)
    assert dialog.password.isEnabled() and not dialog.key.isEnabled()
    dialog.password.setText(user.password)
    dialog.remember.setChecked(remember)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    await driver.until(lambda: window.flow.connected is not None or window.banner.isVisible(), 30,
                       "the connection")
    assert window.flow.connected is not None, window.banner.sentence.text()


def test_password_host_from_add_host_to_verified_copy(password_sshd: SshServer, password_user: PasswordUser,
                                                      memory_keyring: MemoryKeyring, tree: Path, tmp_path: Path,
                                                      make_window, drive) -> None:
    window = make_window(user_config(tmp_path, password_sshd))
    asked: list[str] = []
    window.flow.password_needed.connect(lambda prompt, _future: asked.append(prompt))
    dest = password_user.home / "from the window"

    async def steps() -> None:
        await add_password_host(window, password_sshd, password_user, remember=True)
        status = window.picker.status.text()
        assert f"as {password_user.name} with a password" in status
        assert window.picker.setup_key.isVisible()
        assert driver.drop_files(window.selection.list, [str(tree)])
        window.selection.dest.setText(str(dest))
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=90)
        assert window.state == "recommendation", window.banner.sentence.text()
        assert any(k.startswith("cipher:") for k in window.advice_view.chart.rows)  # ssh itself logged in
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    with ProcessWatch(password_user.password, "127.0.0.1") as watch:
        drive(steps())
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(dest / tree.name) == far_side(tree, method)
    assert asked == []  # the password typed in the dialog served every login, the tools' too
    assert watch.leaks == []
    assert password_user.password not in window.card.secure.command.text()
    host = window.flow.connected.host
    assert memory_keyring.items == {(passwords.SERVICE, passwords.account(host)): password_user.password}
    state = Path(os.environ["TRANSFER_ADVISOR_HOME"])
    assert [p for p in state.rglob("*") if p.is_file() and password_user.password.encode() in p.read_bytes()] == []


def test_set_up_key_login_after_a_password_login(password_key_sshd: SshServer, password_user: PasswordUser,
                                                 tmp_path: Path, make_window, drive) -> None:
    window = make_window(user_config(tmp_path, password_key_sshd))
    asked: list[str] = []
    window.flow.password_needed.connect(lambda prompt, _future: asked.append(prompt))

    async def steps() -> None:
        await add_password_host(window, password_key_sshd, password_user, remember=False)
        first = window.flow.connected
        assert first.password_login and window.picker.setup_key.isVisible()
        window.picker.setup_key.click()
        await driver.until(lambda: window.flow.connected is not None and window.flow.connected is not first
                           and not window.flow.connected.password_login or window.banner.isVisible(), 30,
                           "a key login")
        assert not window.banner.isVisible(), window.banner.sentence.text()

    drive(steps())
    connected = window.flow.connected
    assert "with a password" not in window.picker.status.text()
    assert not window.picker.setup_key.isVisible()
    assert asked == []
    added = next(h for h in added_hosts.load() if h.name == connected.choice.label)
    assert (added.hostname, added.user, added.port) == ("127.0.0.1", password_user.name, password_key_sshd.port)
    assert added.key_file and Path(added.key_file).is_file()
    assert window.picker.current() == connected.choice
