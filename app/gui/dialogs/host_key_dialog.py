"""The first connection to a host: its key fingerprint, for the user to accept or reject."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.core.language import Words


class HostKeyWords(Words):
    """The first connection to a host: its key fingerprint (the translator's context)."""


class HostKeyDialog(QDialog):
    def __init__(self, where: str, fingerprint: str, key_type: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fingerprint = fingerprint
        self.setWindowTitle(HostKeyWords.tr("First connection to {host}", host=where))
        intro = QLabel(HostKeyWords.tr(
            "<b>This computer has not connected to {host} before.</b><br><br>"
            "To be sure it is really your device and not an impostor on the network, compare this fingerprint "
            "with the one the device shows (for a NAS, usually in its SSH or terminal settings; on Linux, "
            "{command}). Trust it only if they match; the key is then remembered and checked on every "
            "connection.", host=where, command="<tt>ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub</tt>"))
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.RichText)
        self.shown = QLineEdit(fingerprint)
        self.shown.setReadOnly(True)
        self.shown.setObjectName("command")
        self.shown.setAccessibleName(HostKeyWords.tr("Host key fingerprint"))
        kind = QLabel(HostKeyWords.tr("Key type: {type}", type=key_type))
        kind.setObjectName("muted")
        buttons = QDialogButtonBox()
        self.trust = buttons.addButton(HostKeyWords.tr("&Trust and connect"), QDialogButtonBox.AcceptRole)
        self.reject_button = buttons.addButton(HostKeyWords.tr("&Don't trust"), QDialogButtonBox.RejectRole)
        # Enter alone must never trust a key, even with the focus on "Trust".
        self.trust.setAutoDefault(False)
        self.reject_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.shown)
        layout.addWidget(kind)
        layout.addWidget(buttons)
        self.resize(600, self.sizeHint().height())
