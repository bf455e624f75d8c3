"""A desktop notification when a copy ends, shown only when the user is not looking at the window.

When the window is in front (it has the focus and is not minimised), its copy panel already says how
the copy ended, so nothing else pops up: GNOME's and KDE's own apps, and LocalSend, notify only when
their window is not focused. When it is minimised, hidden or behind another application's window:

1. A freedesktop notification: `org.freedesktop.Notifications.Notify` on the session bus, which GNOME,
   KDE Plasma, XFCE, Cinnamon, MATE, dunst and mako all serve. The call is asynchronous: the reply (or
   an error, or no answer within `CALL_TIMEOUT_MS`) arrives later as a Qt signal, never waited for on
   the GUI thread. It carries the app's name and icon, the desktop entry (`DESKTOP_ENTRY`), urgency
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

import ctypes
import os
import stat
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, QUrl, SLOT, Slot
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

from app.gui.shell.icon import DESKTOP_ENTRY, ICON_NAME, resources_dir

APP_NAME = "Transfer Advisor"
SERVICE = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
SHOW_MS = 10_000          # how long a finished copy's notification stays; a failure stays as the desktop decides
CALL_TIMEOUT_MS = 5_000   # a notification server that does not answer by then gets the fallback
URGENCY_NORMAL, URGENCY_CRITICAL = 1, 2
DEFAULT_ACTION = "default"


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


class _Typed:
    """One D-Bus uint32 or byte, as a QDBusArgument that QtDBus copies into a message as it is.

    Notify takes its `replaces_id` as a uint32 and the `urgency` hint as a byte, and servers check:
    GDBus and QtDBus servers (GNOME, KDE) refuse a call whose signature is not `susssasa{sv}i`, and
    dunst ignores an urgency that is not a byte. PySide6 has no QVariant to say "unsigned", and binds
    QDBusArgument's `<<` for a Python int to the uint16 overload only, so the value is written by Qt's
    own exported `QDBusArgument::operator<<(uint)` / `(uchar)` through ctypes (Linux, where D-Bus is).
    """

    _symbols = {"u": ("_ZN13QDBusArgumentlsEj", ctypes.c_uint), "y": ("_ZN13QDBusArgumentlsEh", ctypes.c_ubyte)}
    _functions: dict[str, object] | None = None

    @classmethod
    def _load(cls) -> dict[str, object]:
        if cls._functions is None:
            from PySide6 import QtDBus  # noqa: F401  (loads libQt6DBus, which ctypes then finds by its soname)
            lib = ctypes.CDLL("libQt6DBus.so.6")
            functions = {}
            for code, (symbol, ctype) in cls._symbols.items():
                function = getattr(lib, symbol)
                function.argtypes, function.restype = [ctypes.c_void_p, ctype], ctypes.c_void_p
                functions[code] = function
            cls._functions = functions
        return cls._functions

    @classmethod
    def make(cls, code: str, value: int):
        import shiboken6
        from PySide6.QtDBus import QDBusArgument

        argument = QDBusArgument()
        cls._load()[code](shiboken6.getCppPointer(argument)[0], value)
        if argument.currentSignature() != code:
            raise RuntimeError(f"QDBusArgument holds {argument.currentSignature()!r}, not {code!r}")
        return argument


class Notifier(QObject):
    def __init__(self, icon: QIcon, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.icon = icon
        self.tray: QSystemTrayIcon | None = None
        self.last: tuple[str, str] | None = None  # what was to be said last, for tests and support
        self.via = ""                              # how it went out: dbus, tray, alert, or window (in front)
        self.dbus_error = ""                       # why the desktop's notifications were not used, if so
        self.bus = None                            # QDBusConnection, made at the first notification
        self._bus_name = f"transfer-advisor-notifications-{id(self):x}"
        self._bus_tried = False
        self._shown_id = 0                         # the server's id of our last notification
        self._ids: set[int] = set()
        self._token = ""                           # an activation token the server sent with a click
        self._calls: list[object] = []             # pending calls' watchers, kept alive until they answer

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
        bus = self._connect()
        if bus is None:
            return False
        from PySide6.QtDBus import QDBusMessage, QDBusPendingCallWatcher

        try:
            replaces = _Typed.make("u", self._shown_id)
            urgency = _Typed.make("y", URGENCY_CRITICAL if failed else URGENCY_NORMAL)
        except (OSError, AttributeError, RuntimeError) as exc:
            self.dbus_error = f"cannot write D-Bus unsigned values here: {exc}"
            return False
        hints = {"urgency": urgency, "desktop-entry": DESKTOP_ENTRY,
                 "category": "transfer.error" if failed else "transfer.complete"}
        message = QDBusMessage.createMethodCall(SERVICE, OBJECT_PATH, INTERFACE, "Notify")
        message.setArguments([APP_NAME, replaces, _icon_for_dbus(), title, text,
                              [DEFAULT_ACTION, f"Show {APP_NAME}"], hints, -1 if failed else SHOW_MS])
        watcher = QDBusPendingCallWatcher(bus.asyncCall(message, CALL_TIMEOUT_MS), self)
        watcher.finished.connect(lambda w: self._answered(w, title, text, failed))
        self._calls.append(watcher)
        return True

    def _answered(self, watcher, title: str, text: str, failed: bool) -> None:
        from PySide6.QtDBus import QDBusMessage

        if watcher in self._calls:
            self._calls.remove(watcher)
        watcher.deleteLater()
        reply = watcher.reply()
        if reply.type() == QDBusMessage.MessageType.ReplyMessage and reply.arguments():
            self._shown_id = int(reply.arguments()[0])
            self._ids.add(self._shown_id)
            self.via = "dbus"
            return
        self.dbus_error = reply.errorMessage() or "the notification server gave no id"
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
    def _connect(self):
        """The session bus, connected once (a local socket: the same as Qt's own platform theme does)."""
        if self._bus_tried:
            return self.bus
        self._bus_tried = True
        address = session_bus_address()
        if address is None:
            self.dbus_error = "no session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
            return None
        from PySide6.QtDBus import QDBusConnection

        bus = QDBusConnection.connectToBus(address, self._bus_name)
        if not bus.isConnected():
            self.dbus_error = f"cannot reach the session bus: {bus.lastError().message()}"
            QDBusConnection.disconnectFromBus(self._bus_name)
            return None
        bus.connect(SERVICE, OBJECT_PATH, INTERFACE, "ActionInvoked", self, SLOT("_action_invoked(uint,QString)"))
        bus.connect(SERVICE, OBJECT_PATH, INTERFACE, "ActivationToken", self, SLOT("_activation_token(uint,QString)"))
        self.bus = bus
        return bus

    def release(self) -> None:
        """Close the bus connection (the window is closing)."""
        if self.bus is not None:
            from PySide6.QtDBus import QDBusConnection

            self.bus = None
            QDBusConnection.disconnectFromBus(self._bus_name)
        self._bus_tried = False
        if self.tray is not None:
            self.tray.hide()

    @Slot("uint", str)
    def _activation_token(self, notification: int, token: str) -> None:
        if notification in self._ids:
            self._token = token  # sent just before ActionInvoked: lets Wayland give the window the focus

    @Slot("uint", str)
    def _action_invoked(self, notification: int, action: str) -> None:
        if notification in self._ids and action == DEFAULT_ACTION:
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
