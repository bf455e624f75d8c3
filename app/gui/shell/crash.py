"""Unexpected exceptions: written to a log file and shown in a dialog with copyable details.

Installed as `sys.excepthook` and as the asyncio loop's exception handler when the window
starts (not by the window itself, so tests keep their own hooks).
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.core.errors import crash_said
from app.core.language import Words
from app.core.state import crash_log


class CrashWords(Words):
    """The crash dialog's own words (the translator's context)."""


def write_log(text: str) -> Path:
    return crash_log.write(text, "window")


class CrashDialog(QDialog):
    def __init__(self, details: str, log: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(CrashWords.tr("Transfer Advisor hit an unexpected error"))
        layout = QVBoxLayout(self)
        message = QLabel(crash_said(str(log) if log else None))
        message.setWordWrap(True)
        layout.addWidget(message)
        self.details = QPlainTextEdit(details)
        self.details.setReadOnly(True)
        self.details.setMinimumSize(560, 220)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        copy = QPushButton(CrashWords.tr("&Copy details"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(details))
        buttons.addButton(copy, QDialogButtonBox.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


class CrashHandler:
    """Keeps the dialogs alive while shown; one dialog per exception."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.dialogs: list[CrashDialog] = []

    def install(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        sys.excepthook = self.handle
        if loop is not None:
            loop.set_exception_handler(self._loop_error)

    def handle(self, kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, tb)
            return
        self.report("".join(traceback.format_exception(kind, value, tb)))

    def _loop_error(self, _loop: asyncio.AbstractEventLoop, context: dict) -> None:
        exc = context.get("exception")
        if exc is None or isinstance(exc, OSError):
            # asyncio's own notes about sockets a peer closed: worth a log line, not a crash dialog.
            try:
                write_log(str(context.get("message", "")) + (f": {exc!r}" if exc else ""))
            except OSError:
                pass
            return
        self.report("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))

    def report(self, text: str) -> CrashDialog:
        sys.stderr.write(text)
        try:
            log = write_log(text)
        except OSError:
            log = None
        dialog = CrashDialog(text, log, self.parent)
        self.dialogs.append(dialog)
        dialog.finished.connect(lambda _r: self.dialogs.remove(dialog))
        dialog.open()
        return dialog
