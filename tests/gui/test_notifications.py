"""Desktop notifications over a real private session bus: what the notification server receives, the
types on the wire, a click bringing the window back, and the fallbacks when there is no bus or no server
(which must not print a Qt warning: those fail tests here). The copy that ends in a notification is in
test_whole_flow.py."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.gui.shell.icon import DESKTOP_ENTRY
from tests.gui import driver


async def away(window) -> None:
    """The user turns to another window: this one is minimised."""
    window.showMinimized()
    await driver.until(window.isMinimized, 5, "the window to be minimised")
    assert not window.notifier.user_is_looking()


def test_finished_and_failed_copies_reach_the_desktop(desktop_bus, make_window, drive) -> None:
    window = make_window(None)
    server = desktop_bus.server

    async def steps() -> None:
        await away(window)
        window.notifier.notify("Copy finished", "3 files to nas:/backup, verified.")
        await driver.until(lambda: window.notifier.via == "dbus", 10, "the notification server's answer")
        window.notifier.notify("Copy failed", "The NAS is full; free some space.", failed=True)
        await driver.until(lambda: len(server.received) == 2 and window.notifier.via == "dbus", 10,
                           "the second notification")

    drive(steps())
    done, failed = server.received
    assert (done["app_name"], done["summary"], done["body"]) == ("Transfer Advisor", "Copy finished",
                                                                 "3 files to nas:/backup, verified.")
    assert done["app_icon"].startswith("file:///") and done["app_icon"].endswith(f"/{DESKTOP_ENTRY}.svg")
    assert done["hints"] == {"urgency": 1, "desktop-entry": DESKTOP_ENTRY, "category": "transfer.complete"}
    assert done["expire_timeout"] > 0 and done["actions"][0] == "default" and done["replaces_id"] == 0
    assert failed["hints"]["urgency"] == 2 and failed["hints"]["category"] == "transfer.error"
    assert failed["replaces_id"] == done["id"]  # one notification of this window at a time
    assert failed["expire_timeout"] == -1       # a failure stays as long as the desktop keeps critical ones
    first, second = desktop_bus.notify_calls_on_the_wire()
    assert "uint32 0\n" in first and "variant             byte 1\n" in first
    assert f"uint32 {done['id']}\n" in second and "variant             byte 2\n" in second


def test_a_click_on_the_notification_brings_the_window_back(desktop_bus, make_window, drive,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_ACTIVATION_TOKEN", raising=False)  # restored after the test
    window = make_window(None)

    async def steps() -> None:
        await away(window)
        window.notifier.notify("Copy finished", "1 file to nas:/x, verified.")
        await driver.until(lambda: desktop_bus.server.received, 10, "the notification")
        other = desktop_bus.server.received[0]["id"] + 100
        desktop_bus.server.click(other)  # another app's notification: not ours to answer
        await driver.until(lambda: window.notifier.via == "dbus", 10, "the server's answer")
        assert window.isMinimized()
        desktop_bus.server.click(desktop_bus.server.received[0]["id"], token="token-from-the-desktop")
        await driver.until(lambda: not window.isMinimized() and QApplication.activeWindow() is window, 10,
                           "the window to come back to the front")

    drive(steps())
    assert os.environ["XDG_ACTIVATION_TOKEN"] == "token-from-the-desktop"  # for Wayland to give the focus


def test_a_click_that_arrives_before_the_servers_answer_still_counts(desktop_bus, make_window, drive) -> None:
    # The bus may hand the click to the app before the answer to Notify that tells it the notification's id
    # (both in one read); here the server sends the click first, so the app sees them in that order always.
    window = make_window(None)
    desktop_bus.server.clicked_at_once = True

    async def steps() -> None:
        await away(window)
        window.notifier.notify("Copy finished", "1 file to nas:/x, verified.")
        await driver.until(lambda: window.notifier.via == "dbus", 10, "the server's answer")
        await driver.until(lambda: not window.isMinimized(), 10, "the window to come back")

    drive(steps())
    assert len(desktop_bus.server.received) == 1


def test_nothing_pops_up_while_the_user_looks_at_the_window(desktop_bus, make_window, drive) -> None:
    window = make_window(None)

    async def steps() -> None:
        await driver.until(window.notifier.user_is_looking, 5, "the window to be in front")
        window.notifier.notify("Copy finished", "1 file to nas:/x, verified.")
        await asyncio.sleep(0.3)  # time enough for a call to reach the server, had one been made

    drive(steps())
    assert window.notifier.via == "window" and window.notifier.last == ("Copy finished", "1 file to nas:/x, verified.")
    assert desktop_bus.server.received == [] and window.notifier.bus is None  # not even connected


@pytest.mark.parametrize("address", ["disabled:", "unix:path={tmp}/no-bus-here", None])
def test_without_a_session_bus_the_taskbar_asks(address: str | None, make_window, drive, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if address is None:
        monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))  # no bus socket in it either
    else:
        monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address.format(tmp=tmp_path))
    window = make_window(None)

    async def steps() -> None:
        await away(window)
        window.notifier.notify("Copy failed", "The NAS is full; free some space.", failed=True)
        await driver.until(lambda: window.notifier.via, 10, "the fallback")  # a socket that is not there: soon

    drive(steps())
    assert window.notifier.via == "alert"  # offscreen has no system tray
    assert window.notifier.dbus_error


def test_a_bus_without_a_notification_server_falls_back(session_bus, make_window, drive) -> None:
    window = make_window(None)

    async def steps() -> None:
        await away(window)
        window.notifier.notify("Copy finished", "1 file to nas:/x, verified.")
        assert window.notifier.via == ""  # the call is on its way: nothing waits for it
        await driver.until(lambda: window.notifier.via, 10, "the bus's error answer")

    drive(steps())
    assert window.notifier.via == "alert"
    assert "org.freedesktop.Notifications" in window.notifier.dbus_error
