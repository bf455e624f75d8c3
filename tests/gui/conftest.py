"""Fixtures for driving the window: a qasync loop on pytest-qt's QApplication, a window with a short
race, ssh configs for good and bad hosts, and `drive` to run a test's steps on the loop."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path
from typing import Awaitable, Callable

import pytest

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # `make test` sets it too; plain pytest works alike

import qasync  # noqa: E402

from app.gui.shell import collector, theme, translation  # noqa: E402
from app.gui.shell.application import finish_tasks  # noqa: E402
from app.gui.shell.main_window import MainWindow  # noqa: E402
from app.core import paths  # noqa: E402
from app.core.paths import ENV_HOME  # noqa: E402
from app.core.state.settings import GuiSettings  # noqa: E402
from tests.gui.desktop_bus import PrivateBus  # noqa: E402
from tests.peers import SshServer, free_port, keygen  # noqa: E402

STEP_TIMEOUT = 90.0


_LOOPS: list[qasync.QEventLoop] = []  # never collected: see `_shared_loop`


@pytest.fixture(scope="session")
def _shared_loop(qapp):
    """One qasync loop for all GUI tests, as the app has one for its life.

    A closed qasync loop keeps a QObject with pending timers; if the garbage collector freed it later on
    a worker thread (asyncio.to_thread), Qt would warn or crash. So the loop lives until the process ends.
    """
    translation.install(qapp)  # as the app does at start (English here: tests/conftest.py)
    loop = qasync.QEventLoop(qapp)
    _LOOPS.append(loop)
    yield loop
    loop.close()


@pytest.fixture(autouse=True)
def _collect_on_window_thread(qapp):
    """As the app does (app/gui/shell/collector.py): cycles collected on this thread during a GUI test, and
    what the test left (its closed windows) at its end, here; the other tests keep Python's collector."""
    running = collector.install(qapp)
    yield
    running.stop()
    running.setParent(None)  # freed here, now


@pytest.fixture
def qloop(_shared_loop, qapp):
    """The loop, set as the current one for one test (pytest-asyncio's tests set their own)."""
    theme.apply(qapp, "light")
    asyncio.set_event_loop(_shared_loop)
    yield _shared_loop
    _shared_loop.run_until_complete(asyncio.sleep(0))
    asyncio.set_event_loop(None)


@pytest.fixture
def drive(qloop) -> Callable[[Awaitable], object]:
    """Run a test's async steps on the window's loop, as the app runs them."""
    def run(steps: Awaitable, timeout: float = STEP_TIMEOUT):
        return qloop.run_until_complete(asyncio.wait_for(steps, timeout))
    return run


def short_race() -> GuiSettings:
    return GuiSettings(race_seconds=1.0, race_count=2, probe_budget=0.4)


@pytest.fixture
def make_window(qtbot, qloop):
    """A shown window over an ssh config, with a short race. Afterwards each is closed as the user closes
    it, and what its closing left on the loop is finished as the app does on its way out."""
    made: list[MainWindow] = []

    def make(ssh_config: Path | str | None, settings: GuiSettings | None = None) -> MainWindow:
        window = MainWindow(str(ssh_config) if ssh_config else None, settings or short_race())
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        made.append(window)
        return window
    yield make
    for window in made:
        window.close()
    finish_tasks(qloop)


def fingerprint(public_key: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(public_key)], capture_output=True,
                         text=True, check=True).stdout
    return out.split()[1]


@pytest.fixture
def bad_hosts(sshd: SshServer, tmp_path: Path) -> Path:
    """An ssh config with the fixture's testhost and hosts that fail in each way a user meets."""
    other_key = tmp_path / "other_host_key"
    keygen(other_key)
    changed = tmp_path / "changed_known_hosts"
    changed.write_text(f"[127.0.0.1]:{sshd.port} {' '.join(other_key.with_suffix('.pub').read_text().split()[:2])}\n")
    stranger = tmp_path / "stranger_key"
    keygen(stranger)
    config = tmp_path / "ssh_config"
    config.write_text(
        sshd.ssh_config.read_text()
        + f"\nHost offline\n  HostName 127.0.0.1\n  Port {free_port()}\n  User {sshd.user}\n"
        f"  UserKnownHostsFile {sshd.known_hosts}\n  GlobalKnownHostsFile /dev/null\n"
        f"\nHost impostor\n  HostName 127.0.0.1\n  Port {sshd.port}\n  User {sshd.user}\n"
        f"  IdentityFile {sshd.client_key}\n  IdentitiesOnly yes\n  UserKnownHostsFile {changed}\n"
        f"  GlobalKnownHostsFile /dev/null\n"
        f"\nHost wrongkey\n  HostName 127.0.0.1\n  Port {sshd.port}\n  User {sshd.user}\n"
        f"  IdentityFile {stranger}\n  IdentitiesOnly yes\n  UserKnownHostsFile {sshd.known_hosts}\n"
        f"  GlobalKnownHostsFile /dev/null\n")
    return config


@pytest.fixture
def session_bus(qapp, monkeypatch: pytest.MonkeyPatch) -> PrivateBus:
    """A private session bus with nothing on it yet; the app finds it as it finds a desktop's."""
    bus = PrivateBus.start()
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", bus.address)
    yield bus
    bus.stop()


@pytest.fixture
def desktop_bus(session_bus: PrivateBus) -> PrivateBus:
    """A private session bus with a notification server on it, as on GNOME or KDE."""
    session_bus.serve()
    return session_bus


@pytest.fixture
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app as a user runs it: no switch from outside, the state in a folder chosen earlier, and the
    default folders (where the pointer lives) inside the test's own folder."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setattr(paths, "_set_outside", False)
    old = tmp_path / "old state"
    monkeypatch.setenv(ENV_HOME, str(old))  # restored after the test, whatever a move set
    return old
