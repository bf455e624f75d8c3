"""Add a host, or edit one added before: name or address, user, port, and a key file or a password (in memory,
or the system keyring)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from app.core.errors import TransferError
from app.core.language import Words
from app.core.state import added_hosts
from app.gui.shell import theme
from app.gui.panels.card import muted
from app.gui.dialogs.file_dialogs import choose_file
from app.core.state.settings import HostChoice


class AddHostWords(Words):
    """Adding or editing a host (the translator's context)."""


class AddHostDialog(QDialog):
    added = Signal(object, object, bool)  # HostChoice, password or None, remember it in the keyring

    def __init__(self, user_config: str | None, parent: QWidget | None = None,
                 editing: HostChoice | None = None) -> None:
        super().__init__(parent)
        self.user_config = user_config
        self.editing = editing
        self.setWindowTitle(AddHostWords.tr("Edit a host") if editing else AddHostWords.tr("Add a host"))
        self.host = QLineEdit()
        self.host.setPlaceholderText(AddHostWords.tr("nas.local, 192.0.2.20 or an ssh alias"))
        self.user = QLineEdit()
        self.user.setPlaceholderText(AddHostWords.tr("as in your ssh config, or your user name here"))
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(22)
        self.name = QLineEdit()
        self.name.setPlaceholderText(AddHostWords.tr("optional: how the host list shows it"))
        self.use_key = QRadioButton(AddHostWords.tr("Key or ssh a&gent"))
        self.use_password = QRadioButton(AddHostWords.tr("Pass&word"))
        group = QButtonGroup(self)
        group.addButton(self.use_key)
        group.addButton(self.use_password)
        self.use_key.setChecked(True)
        self.key = QLineEdit()
        self.key.setPlaceholderText(AddHostWords.tr("optional: a private key file; empty uses your usual keys and agent"))
        browse = QPushButton(AddHostWords.tr("&Browse…"))
        browse.clicked.connect(self._browse_key)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.Password)
        self.password.setPlaceholderText(AddHostWords.tr("kept only while the window is open, unless remembered"))
        self.remember = QCheckBox(AddHostWords.tr("&Remember it in the system keyring"))
        self.remember.setToolTip(AddHostWords.tr("After a successful login the password goes to your desktop's keyring "
                                              "(never to a file), so the window does not ask for it again."))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {theme.colors().bad};")
        self.error.hide()
        form = QFormLayout()
        form.addRow(AddHostWords.tr("&Host:"), self.host)
        form.addRow(AddHostWords.tr("&User:"), self.user)
        form.addRow(AddHostWords.tr("&Port:"), self.port)
        form.addRow(AddHostWords.tr("&Name:"), self.name)
        auth = QHBoxLayout()
        auth.addWidget(self.use_key)
        auth.addWidget(self.use_password)
        auth.addStretch(1)
        form.addRow(AddHostWords.tr("Log in with:"), auth)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key, 1)
        key_row.addWidget(browse)
        key_label = QLabel(AddHostWords.tr("&Key file:"))
        key_label.setBuddy(self.key)
        form.addRow(key_label, key_row)
        form.addRow(AddHostWords.tr("Pa&ssword:"), self.password)
        form.addRow("", self.remember)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText(AddHostWords.tr("S&ave and test") if editing else AddHostWords.tr("&Add and test"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(muted(AddHostWords.tr("The host must run an SSH server (NAS systems call it SSH or SFTP service). "
                                            "Its key fingerprint is shown for you to confirm on the first "
                                            "connection.")))
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.use_key.toggled.connect(self._auth_changed)
        if editing is not None:
            self._fill(editing)
        self._auth_changed()
        self.resize(560, self.sizeHint().height())

    def _fill(self, choice: HostChoice) -> None:
        """The fields as the host was added (an alias of ours keeps its key file; else the typed host)."""
        ours = added_hosts.added(choice)
        if ours is not None:
            user, host, port, key = ours.user, ours.hostname, ours.port, ours.key_file
            self.name.setText(ours.name)
        else:
            try:
                user, host, port = choice.spec().parts()
            except TransferError:
                user, host, port = None, choice.text, None
            key = ""
        self.host.setText(host)
        self.user.setText(user or "")
        self.port.setValue(port or 22)
        self.key.setText(key)
        if ours is None:
            self.name.setText(choice.label if choice.label not in (choice.text, host) else "")

    def _auth_changed(self) -> None:
        key = self.use_key.isChecked()
        self.key.setEnabled(key)
        self.password.setEnabled(not key)
        self.remember.setEnabled(not key)

    def _browse_key(self) -> None:
        choose_file(self, AddHostWords.tr("Choose the private key file"), self.key.setText)

    def _accept(self) -> None:
        try:
            choice: HostChoice = added_hosts.choice_for(
                self.host.text(), self.user.text(), self.port.value(),
                self.key.text() if self.use_key.isChecked() else "", self.name.text(), self.user_config)
        except TransferError as exc:
            self.error.setText(exc.sentence)
            self.error.show()
            return
        if self.editing is not None and (choice.text, choice.ssh_config) != (self.editing.text, self.editing.ssh_config):
            added_hosts.forget(self.editing, self.user_config)  # renamed, or no longer with a key file of its own
        password = self.password.text() if self.use_password.isChecked() and self.password.text() else None
        self.added.emit(choice, password, password is not None and self.remember.isChecked())
        self.accept()
