"""Why the other methods cannot run with this host and these files, one line each (the recommendation card's "Why
not the other N methods?"): a list to read at leisure, which in the card itself would crowd out the choices on a
small screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.core.language import Words


class LeftOutWords(Words):
    """The list of the methods that cannot run (the translator's context)."""


class LeftOutDialog(QDialog):
    def __init__(self, rows: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(LeftOutWords.tr("Why not the other methods"))
        self.rows = QLabel("\n\n".join(rows))
        self.rows.setWordWrap(True)
        self.rows.setTextInteractionFlags(Qt.TextSelectableByMouse)  # a reason can be copied into a search
        self.rows.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setWidget(self.rows)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(640, 420)
