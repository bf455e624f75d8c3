"""Closing the window while a copy or a measurement runs: stop it and quit, or keep going."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.language import Words
from app.core.wording.window import stop_and_quit as question


class StopWords(Words):
    """Closing the window while something runs (the translator's context)."""


def ask(parent: QWidget, activity: str, stop_and_quit: Callable[[], None]) -> QMessageBox:
    """Open the question (window-modal, not blocking the loop); "Stop and quit" calls `stop_and_quit`.
    `activity` is the flow's: "copy" or "advise"."""
    box = QMessageBox(QMessageBox.Warning, StopWords.tr("Stop and quit?"), question(activity == "copy"),
                      QMessageBox.NoButton, parent)
    stop = box.addButton(StopWords.tr("&Stop and quit"), QMessageBox.DestructiveRole)
    box.setDefaultButton(box.addButton(StopWords.tr("&Keep going"), QMessageBox.RejectRole))
    box.buttonClicked.connect(lambda button: stop_and_quit() if button is stop else None)
    box.open()
    return box
