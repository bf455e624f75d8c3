"""Step 3's row: the "Find the fastest way" button (which stops the measuring while it runs), the spinner
beside it, the hint that says what is missing or what happens now, and the box that also races the
unencrypted methods, offered only for a host on the local network."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from app.core.language import Words


class FindBarWords(Words):
    """Step 3's row: the Find button, its hint and the unencrypted methods' box (the translator's context)."""


class FindBar(QWidget):
    find_clicked = Signal()
    insecure_toggled = Signal(bool)  # by the user; `offer_insecure` and `set_insecure` stay quiet

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.find = QPushButton(FindBarWords.tr("Find the fa&stest way"))
        self.find.setObjectName("primary")
        self.find.setToolTip(FindBarWords.tr("Measure the network, the encryption, both disks and your files, race "
                                             "the best methods on a sample for a few seconds each, and recommend "
                                             "one."))
        self.find.clicked.connect(self.find_clicked.emit)
        self.insecure = QCheckBox(FindBarWords.tr("Also try unencr&ypted methods"))
        self.insecure.setToolTip(FindBarWords.tr(
            "Offered because this host is on your local network. tar over netcat and the rsync daemon skip "
            "encryption, which helps when the host's processor is slow; anyone on the network could read or change "
            "the files in transit."))
        self.insecure.toggled.connect(self.insecure_toggled.emit)
        self.insecure.hide()
        self.hint = QLabel()
        self.hint.setObjectName("muted")
        self.hint.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)  # long hints never widen the window
        self.ready_text = FindBarWords.tr("Ready: measure the link and race the methods on your files.")
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setObjectName("busy")
        self.busy.setFixedSize(120, 6)
        self.busy.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.find)
        row.addWidget(self.busy)
        row.addWidget(self.hint, 1)
        row.addWidget(self.insecure)

    def update_for(self, missing: str, running: bool, advising: bool) -> None:
        """Find works once nothing is missing, and stops the measuring while that runs; when nothing
        runs, the hint says what is missing, or what Find does next."""
        self.find.setEnabled(not missing or (running and advising))
        if not running:
            self.hint.setText(missing or self.ready_text)

    def set_ready_text(self, text: str) -> None:
        """What the hint says once nothing is missing (before, after or instead of a measurement)."""
        self.ready_text = text

    def show_hint(self, text: str) -> None:
        self.hint.setText(text)

    def set_measuring(self, measuring: bool) -> None:
        self.busy.setVisible(measuring)
        self.find.setText(FindBarWords.tr("&Stop measuring") if measuring else FindBarWords.tr("Find the fa&stest way"))

    def offer_insecure(self, offered: bool) -> None:
        self.insecure.setVisible(offered)

    def set_insecure(self, checked: bool) -> None:
        self.insecure.blockSignals(True)
        self.insecure.setChecked(checked)
        self.insecure.blockSignals(False)
