"""An error as the core words it: one sentence with the next step, details behind a button,
copyable as one block of text; and, where the next step is one click (Resume), that button."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.core.errors import TransferError
from app.core.language import Words


class ErrorBannerWords(Words):
    """The error banner's buttons (the translator's context)."""


class ErrorBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.error: TransferError | None = None
        self._act: Callable[[], None] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        top = QHBoxLayout()
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: 600;")
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)
        self.sentence.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.action = QPushButton()
        self.action.setObjectName("primary")
        self.action.clicked.connect(self._action_clicked)
        self.action.hide()
        self.toggle = QPushButton(ErrorBannerWords.tr("Show detai&ls"))
        self.toggle.setCheckable(True)
        self.toggle.toggled.connect(self._toggle)
        self.copy = QPushButton(ErrorBannerWords.tr("Copy te&xt"))
        self.copy.setToolTip(ErrorBannerWords.tr("Copy the message and its details, to paste into a report or a search."))
        self.copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.details_text()))
        self.dismiss = QPushButton("✕")
        self.dismiss.setFlat(True)
        self.dismiss.setToolTip(ErrorBannerWords.tr("Hide this message"))
        self.dismiss.setAccessibleName(ErrorBannerWords.tr("Dismiss error"))
        self.dismiss.clicked.connect(self.hide)
        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.sentence)
        top.addLayout(text, 1)
        top.addWidget(self.action, 0, Qt.AlignTop)
        top.addWidget(self.toggle, 0, Qt.AlignTop)
        top.addWidget(self.copy, 0, Qt.AlignTop)
        top.addWidget(self.dismiss, 0, Qt.AlignTop)
        layout.addLayout(top)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(140)
        self.details.setAccessibleName(ErrorBannerWords.tr("Error details"))
        self.details.hide()
        layout.addWidget(self.details)
        self.hide()

    def show_error(self, title: str, error: TransferError,
                   action: tuple[str, str, Callable[[], None]] | None = None) -> None:
        """`action`: (button text, tooltip, what it does) when the next step is one click."""
        self.error = error
        self._act = action[2] if action else None
        if action:
            self.action.setText(action[0])
            self.action.setToolTip(action[1])
        self.action.setVisible(action is not None)
        self.title.setText(title)
        self.sentence.setText(error.sentence)
        self.details.setPlainText(self.details_text())
        self.toggle.setChecked(False)
        self.show()

    def details_text(self) -> str:
        if self.error is None:
            return ""
        parts = [self.error.sentence, f"kind: {self.error.kind}"]
        if self.error.details:
            parts.append(self.error.details)
        return "\n\n".join(parts)

    def _action_clicked(self) -> None:
        act = self._act
        self.hide()
        if act is not None:
            act()

    def _toggle(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.toggle.setText(ErrorBannerWords.tr("Hide detai&ls") if shown else ErrorBannerWords.tr("Show detai&ls"))
