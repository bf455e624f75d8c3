"""Help › About: the version and what Transfer Advisor does, in one box."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from app import __version__
from app.core.language import Words
from app.gui.shell.icon import app_icon


class AboutWords(Words):
    """Help › About (the translator's context)."""


def show(parent: QWidget) -> QMessageBox:
    """Open the box (without a nested event loop); the caller keeps it alive while it is shown."""
    box = QMessageBox(QMessageBox.Information, AboutWords.tr("About Transfer Advisor"),
                      AboutWords.tr("Transfer Advisor {version}\n\nMeasures the link to your NAS, explains what "
                                    "limits it, races the ways to copy on your own files and copies with the "
                                    "fastest, then checks the far side.", version=__version__),
                      QMessageBox.Ok, parent)
    box.setIconPixmap(app_icon().pixmap(64, 64))
    box.open()
    return box
