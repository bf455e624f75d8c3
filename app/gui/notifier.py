"""A desktop notification when a copy ends: the system tray's balloon where there is a tray,
otherwise the taskbar entry asks for attention."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

SHOW_MS = 10_000


class Notifier(QObject):
    def __init__(self, icon: QIcon, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.icon = icon
        self.tray: QSystemTrayIcon | None = None
        self.last: tuple[str, str] | None = None  # what was said last, for tests and the self-test

    def notify(self, title: str, text: str) -> bool:
        """True when a desktop notification was shown."""
        self.last = (title, text)
        if QSystemTrayIcon.isSystemTrayAvailable() and QSystemTrayIcon.supportsMessages():
            if self.tray is None:
                self.tray = QSystemTrayIcon(self.icon, self)
                self.tray.setToolTip("Transfer Advisor")
            self.tray.show()
            self.tray.showMessage(title, text, self.icon, SHOW_MS)
            QTimer.singleShot(SHOW_MS, self.tray.hide)
            return True
        QApplication.alert(self.window)
        return False
