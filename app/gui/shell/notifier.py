"""A desktop notification when a copy ends, shown only when the user is not looking at the window.

When the window is in front (it has the focus and is not minimised), its copy panel already says how
the copy ended, so nothing else pops up: GNOME's and KDE's own apps, and LocalSend, notify only when
their window is not focused. When it is minimised, hidden or behind another application's window:

1. A freedesktop notification: `org.freedesktop.Notifications.Notify` on the session bus, which GNOME,
   KDE Plasma, XFCE, Cinnamon, MATE, dunst and mako all serve, sent with dbus-fast (a maintained asyncio
   D-Bus library, typed as the specification says: the id a uint32, the urgency a byte) on the window's
   own loop. The call is asynchronous: the reply (or an error, or no answer within `CALL_TIMEOUT_S`)
   arrives later, never waited for on the GUI thread. It carries the app's name and icon, the desktop entry (`DESKTOP_ENTRY`), urgency
   normal for a finished copy and critical for a failed one, the spec's transfer category, and one
   action, "default" (a click on the notification), which brings the window to the front. Each
   notification replaces the previous one of this window, so they never pile up.
2. Without a bus, without a notification server, or if the call fails: the system tray's balloon where
   there is a tray.
3. Otherwise the taskbar entry asks for attention.

`last` is what was to be said last and `via` how it went out ("dbus", "tray", "alert", or "window" when
the window was in front); `dbus_error` keeps why the bus was not used, for tests and support.
"""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, QUrl
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

from app.core.language import Words
from app.gui.shell.icon import DESKTOP_ENTRY, ICON_NAME, resources_dir

APP_NAME = "Transfer Advisor"
SERVICE = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
SHOW_MS = 10_000          # how long a finished copy's notification stays; a failure stays as the desktop decides
CALL_TIMEOUT_S = 5.0      # a notification server that does not answer by then gets the fallback
URGENCY_NORMAL, URGENCY_CRITICAL = 1, 2
DEFAULT_ACTION = "default"


class NotifierWords(Words):
    """The desktop notification's own words (the translator's context)."""


def session_bus_address() -> str | None:
    """The session bus as libdbus finds it, without its X11 autolaunch (which would start a daemon)."""
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "").strip()
    if address:
        return None if address.startswith("disabled:") else address  # "disabled:" is libdbus's "no bus"
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        socket = Path(runtime) / "bus"
        try:
            if stat.S_ISSOCK(socket.stat().st_mode):
                return f"unix:path={socket}"
        except OSError:
            pass
    return None


class Notifier(QObject):
    def __init__(self, icon: QIcon, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.icon = icon
        self.tray: QSystemTrayIcon | None = None
        self.last: tuple[str, str] | None = None  # what was to be said last, for tests and support
        self.via = ""                              # how it went out: dbus, tray, alert, or window (in front)
        self.dbus_error = ""                       # why the desktop's notifications were not used, if so
        self.bus = None                            # dbus-fast's MessageBus, made at the first notification
        self._connecting: asyncio.Future | None = None  # the bus's connection, made at the first notification
        self._shown_id = 0                         # the server's id of our last notification
        self._ids: set[int] = set()
        self._token = ""                           # an activation token the server sent with a click
        self._calls: list[asyncio.Task] = []       # calls on their way, kept until they answer
        self._early: list = []                     # signals that came before the answer naming their id

    # -- saying it -------------------------------------------------------------------------------
    def user_is_looking(self) -> bool:
        w = self.window
        return w.isVisible() and not w.isMinimized() and QApplication.activeWindow() is not None

    def notify(self, title: str, text: str, failed: bool = False) -> None:
        """Tell the user a copy ended, unless they are looking at the window."""
        self.last = (title, text)
        if self.user_is_looking():
            self.via = "window"
            return
        if not self._send(title, text, failed):
            self._fallback(title, text, failed)

    def _send(self, title: str, text: str, failed: bool) -> bool:
        """Start the asynchronous Notify call; False when there is no bus to send it on."""
        address = session_bus_address()
        if address is None:
            self.dbus_error = "no session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.dbus_error = "no event loop runs the window"
            return False
        call = loop.create_task(self._notify(address, title, text, failed))
        self._calls.append(call)
        call.add_done_callback(lambda c: c in self._calls and self._calls.remove(c))
        return True

    async def _notify(self, address: str, title: str, text: str, failed: bool) -> None:
        from dbus_fast import Message, MessageType, Variant
        from dbus_fast.errors import DBusError

        hints = {"urgency": Variant("y", URGENCY_CRITICAL if failed else URGENCY_NORMAL),
                 "desktop-entry": Variant("s", DESKTOP_ENTRY),
                 "category": Variant("s", "transfer.error" if failed else "transfer.complete")}
        show = NotifierWords.tr("Show {app}", app=APP_NAME)  # the click's action: brings the window to the front
        message = Message(destination=SERVICE, path=OBJECT_PATH, interface=INTERFACE, member="Notify",
                          signature="susssasa{sv}i",
                          body=[APP_NAME, self._shown_id, _icon_for_dbus(), title, text,
                                [DEFAULT_ACTION, show], hints, -1 if failed else SHOW_MS])
        try:
            bus = await asyncio.wait_for(self._connect(address), CALL_TIMEOUT_S)
            if bus is None:
                self._fallback(title, text, failed)
                return
            reply = await asyncio.wait_for(bus.call(message), CALL_TIMEOUT_S)
        except (OSError, EOFError, TimeoutError, ValueError, DBusError) as exc:
            self.dbus_error = f"the notification was not sent: {exc or type(exc).__name__}"
            self._fallback(title, text, failed)
            return
        if reply is not None and reply.message_type == MessageType.METHOD_RETURN and reply.body:
            self._shown_id = int(reply.body[0])
            self._ids.add(self._shown_id)
            self.via = "dbus"
            early, self._early = self._early, []
            for signal in early:  # a click the bus delivered before the answer that named its notification
                if signal.body[0] == self._shown_id:
                    self._signal(signal)
            return
        said = reply.body[0] if reply is not None and reply.body else ""
        self.dbus_error = f"{reply.error_name}: {said}" if reply is not None and reply.error_name else \
            "the notification server gave no id"
        self._fallback(title, text, failed)

    def _fallback(self, title: str, text: str, failed: bool) -> None:
        if QSystemTrayIcon.isSystemTrayAvailable() and QSystemTrayIcon.supportsMessages():
            if self.tray is None:
                self.tray = QSystemTrayIcon(self.icon, self)
                self.tray.setToolTip(APP_NAME)
                self.tray.messageClicked.connect(self.bring_to_front)
            self.tray.show()
            kind = QSystemTrayIcon.MessageIcon.Critical if failed else QSystemTrayIcon.MessageIcon.Information
            self.tray.showMessage(title, text, kind, SHOW_MS)
            QTimer.singleShot(SHOW_MS, self.tray.hide)
            self.via = "tray"
            return
        QApplication.alert(self.window)
        self.via = "alert"

    # -- the session bus -------------------------------------------------------------------------
    async def _connect(self, address: str):
        """The session bus, connected once (a second notification while it connects waits for the same)."""
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(self._open(address))
        return await asyncio.shield(self._connecting)

    async def _open(self, address: str):
        """Connect, with the notification server's signals (a click, the token for the focus) coming to this
        window; None (and why in `dbus_error`) when the bus cannot be reached."""
        from dbus_fast import Message
        from dbus_fast.aio import MessageBus

        try:
            bus = await MessageBus(bus_address=address).connect()
        except (OSError, EOFError, ValueError) as exc:
            self.dbus_error = f"cannot reach the session bus: {exc or type(exc).__name__}"
            return None
        bus.add_message_handler(self._signal)
        try:
            await bus.call(Message(destination="org.freedesktop.DBus", path="/org/freedesktop/DBus",
                                   interface="org.freedesktop.DBus", member="AddMatch", signature="s",
                                   body=[f"type='signal',interface='{INTERFACE}'"]))
        except BaseException:
            bus.disconnect()
            raise
        self.bus = bus
        return bus

    def release(self) -> None:
        """Close the bus connection (the window is closing)."""
        for call in list(self._calls):
            call.cancel()
        if self._connecting is not None and not self._connecting.done():
            self._connecting.cancel()
        self._connecting = None
        if self.bus is not None:
            self.bus.disconnect()
            self.bus = None
        if self.tray is not None:
            self.tray.hide()

    def _signal(self, message) -> None:
        """The notification server's signals: the token that lets Wayland give the window the focus (sent
        just before the click), and the click itself."""
        from dbus_fast import MessageType

        if message.message_type != MessageType.SIGNAL or message.interface != INTERFACE or len(message.body) < 2:
            return
        notification, said = message.body[0], message.body[1]
        if notification not in self._ids:
            # The server answers Notify before anyone can click, but both may arrive in one read, and the
            # bus hands over the signal before the call's coroutine resumes: kept until the answer comes.
            if self._calls and len(self._early) < 8:
                self._early.append(message)
            return
        if message.member == "ActivationToken":
            self._token = said
        elif message.member == "ActionInvoked" and said == DEFAULT_ACTION:
            if self._token:
                os.environ["XDG_ACTIVATION_TOKEN"] = self._token  # read by Qt's Wayland plugin on activation
                self._token = ""
            self.bring_to_front()

    def bring_to_front(self) -> None:
        w = self.window
        if w.isMinimized():
            w.showNormal()
        w.show()
        w.raise_()
        w.activateWindow()


def _icon_for_dbus() -> str:
    """The icon as a file URL while it is not installed in an icon theme, else its name."""
    path = resources_dir() / ICON_NAME
    return QUrl.fromLocalFile(str(path)).toString() if path.is_file() else DESKTOP_ENTRY
