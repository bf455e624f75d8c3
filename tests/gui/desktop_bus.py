"""A private session bus for tests, with a notification server on it as a desktop has.

`PrivateBus.start()` runs dbus-daemon with a minimal configuration of its own: no service activation,
so no notification daemon installed on the machine can start on it. `serve()` puts a
`NotificationServer` on it, which serves org.freedesktop.Notifications with the specification's exact
signature, as GNOME's and KDE's servers do: a call with other types (an int32 id) is refused.
`dbus-monitor` watches the bus, to check the types on the wire that the server cannot see (the
urgency hint must be a byte).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import ClassInfo, QObject, Signal, Slot
from PySide6.QtDBus import QDBusConnection

from app.gui.shell.notifier import INTERFACE, OBJECT_PATH, SERVICE

CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


@ClassInfo({"D-Bus Interface": INTERFACE})
class NotificationServer(QObject):
    """What a desktop's notification server does with a call, minus the drawing: keeps each call."""

    ActionInvoked = Signal("uint", str)
    ActivationToken = Signal("uint", str)
    NotificationClosed = Signal("uint", "uint")

    def __init__(self) -> None:
        super().__init__()
        self.received: list[dict] = []
        self.next_id = 41
        self.clicked_at_once = False  # the user clicks before the answer to Notify is on its way

    @Slot(result="QStringList")
    def GetCapabilities(self) -> list[str]:  # noqa: N802 - the specification's names
        return ["actions", "body", "persistence"]

    @Slot(str, "uint", str, str, str, "QStringList", "QVariantMap", int, result="uint")
    def Notify(self, app_name: str, replaces_id: int, app_icon: str, summary: str, body: str,  # noqa: N802
               actions: list[str], hints: dict, expire_timeout: int) -> int:
        self.next_id += 1
        number = replaces_id or self.next_id
        self.received.append(dict(id=number, app_name=app_name, replaces_id=replaces_id, app_icon=app_icon,
                                  summary=summary, body=body, actions=actions, hints=hints,
                                  expire_timeout=expire_timeout))
        if self.clicked_at_once:
            self.click(number)  # on the wire before the answer that names the notification
        return number

    @Slot("uint")
    def CloseNotification(self, number: int) -> None:  # noqa: N802
        self.NotificationClosed.emit(number, 3)

    def click(self, number: int, token: str = "") -> None:
        """The user clicks the notification."""
        if token:
            self.ActivationToken.emit(number, token)
        self.ActionInvoked.emit(number, "default")


class PrivateBus:
    def __init__(self, folder: Path, daemon: subprocess.Popen, address: str) -> None:
        self.folder, self.daemon, self.address = folder, daemon, address
        self.server: NotificationServer | None = None
        self.connection: QDBusConnection | None = None
        self.monitor: subprocess.Popen | None = None
        self.monitor_log = folder / "monitor.txt"

    @classmethod
    def start(cls) -> "PrivateBus":
        if not shutil.which("dbus-daemon") or not shutil.which("dbus-monitor"):
            raise RuntimeError("dbus-daemon and dbus-monitor are missing: run `make test`, which installs them")
        folder = Path(tempfile.mkdtemp(prefix="ta-bus-"))  # short: a socket's path holds 108 bytes
        config = folder / "bus.conf"
        config.write_text(CONFIG.format(socket=folder / "bus"))
        daemon = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        address = daemon.stdout.readline().strip()  # printed once it listens
        if not address:
            raise RuntimeError(f"dbus-daemon did not start: {daemon.stderr.read()}")
        bus = cls(folder, daemon, address)
        bus._watch()
        return bus

    def _watch(self) -> None:
        log = open(self.monitor_log, "w")
        self.monitor = subprocess.Popen(["dbus-monitor", "--address", self.address], stdout=log,
                                        stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 10
        while "NameLost" not in self.monitor_log.read_text():  # it gives up its name when it becomes a monitor
            if time.monotonic() > deadline or self.monitor.poll() is not None:
                raise RuntimeError(f"dbus-monitor did not start: {self.monitor_log.read_text()}")
            time.sleep(0.02)

    def serve(self) -> NotificationServer:
        """Own org.freedesktop.Notifications on the bus, as a desktop's notification server does."""
        self.connection = QDBusConnection.connectToBus(self.address, "test-notification-server")
        assert self.connection.isConnected(), self.connection.lastError().message()
        self.server = NotificationServer()
        assert self.connection.registerObject(OBJECT_PATH, self.server, QDBusConnection.ExportAllSlots
                                              | QDBusConnection.ExportAllSignals)
        assert self.connection.registerService(SERVICE)
        return self.server

    def notify_calls_on_the_wire(self) -> list[str]:
        """The Notify calls as dbus-monitor printed them: the arguments with their D-Bus types."""
        text = self.monitor_log.read_text()
        return [m.group(0) for m in re.finditer(r"method call [^\n]*member=Notify\n(?:   [^\n]*\n)*", text)]

    def stop(self) -> None:
        # The bus goes first: unregistering the service is a blocking call to the daemon, and once (a CI run)
        # it never returned, which no test timeout can interrupt. With the daemon gone there is nothing to
        # release; the connection is only forgotten.
        for proc in (self.monitor, self.daemon):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        if self.connection is not None:
            QDBusConnection.disconnectFromBus("test-notification-server")
            self.connection = None
        if self.daemon.stdout:
            self.daemon.stdout.close()
        if self.daemon.stderr:
            self.daemon.stderr.close()
        shutil.rmtree(self.folder, ignore_errors=True)
