"""Settings: unencrypted methods on the local network, verification, race length, look, state folder."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout,
                               QWidget)

from app.core.paths import ENV_HOME
from app.gui import state_folder
from app.gui.card import muted
from app.gui.file_dialogs import choose_folder
from app.gui.settings import THEMES, VERIFY_LEVELS, GuiSettings


class SettingsDialog(QDialog):
    saved = Signal(object)  # GuiSettings

    def __init__(self, settings: GuiSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Settings")
        self.insecure = QCheckBox("Offer &unencrypted methods (tar over netcat, rsync daemon) for hosts on my "
                                  "local network")
        self.insecure.setChecked(settings.allow_insecure_lan)
        self.insecure.setToolTip("Unencrypted methods skip ssh's encryption, which a weak NAS processor cannot do "
                                 "quickly. Anyone on the network could read or change the files in transit, so "
                                 "they are offered only for hosts with a private, loopback or link-local address.")
        security = QGroupBox("Security")
        s_layout = QVBoxLayout(security)
        s_layout.addWidget(self.insecure)
        s_layout.addWidget(muted("Off by default. Even when on, hosts outside your local network never get "
                                 "unencrypted methods."))
        self.verify = QComboBox()
        for key, text in VERIFY_LEVELS.items():
            self.verify.addItem(text, key)
        self.verify.setCurrentIndex(list(VERIFY_LEVELS).index(settings.verify))
        self.race_seconds = QDoubleSpinBox()
        self.race_seconds.setRange(0.5, 30.0)
        self.race_seconds.setSingleStep(0.5)
        self.race_seconds.setDecimals(1)
        self.race_seconds.setSuffix(" s per method")
        self.race_seconds.setValue(settings.race_seconds)
        self.race_count = QSpinBox()
        self.race_count.setRange(1, 7)
        self.race_count.setSuffix(" methods")
        self.race_count.setValue(settings.race_count)
        self.theme = QComboBox()
        for key in THEMES:
            self.theme.addItem({"system": "Like the system", "light": "Light", "dark": "Dark"}[key], key)
        self.theme.setCurrentIndex(THEMES.index(settings.theme))
        self.folder = QLineEdit(state_folder.current())
        self.folder.setReadOnly(True)
        change = QPushButton("C&hange…")
        change.clicked.connect(self._choose_folder)
        if not state_folder.can_change():
            change.setEnabled(False)
            change.setToolTip(f"Set from outside with {ENV_HOME} or --config-dir.")
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(change)
        form = QFormLayout()
        form.addRow("&Verification:", self.verify)
        form.addRow("&Race length:", self.race_seconds)
        form.addRow("Methods &in the race:", self.race_count)
        form.addRow("&Appearance:", self.theme)
        folder_label = QLabel("&State folder:")
        folder_label.setBuddy(self.folder)
        form.addRow(folder_label, folder_row)
        form.addRow("", muted("Settings, measured profiles, the history and the crash log are kept here."))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(security)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(620, self.sizeHint().height())

    def _choose_folder(self) -> None:
        choose_folder(self, "Keep Transfer Advisor's state in this folder", self.folder.setText)

    def _save(self) -> None:
        if self.folder.text() != state_folder.current() and state_folder.can_change():
            state_folder.change(self.folder.text())
        self.saved.emit(replace(self.settings, allow_insecure_lan=self.insecure.isChecked(),
                                verify=self.verify.currentData(), race_seconds=self.race_seconds.value(),
                                race_count=self.race_count.value(), theme=self.theme.currentData()))
        self.accept()
