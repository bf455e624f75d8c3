"""Settings: unencrypted methods on the local network, verification, race length, look, state folder.

Choosing another state folder moves all state there when OK is pressed (`state_folder.move`). A
folder inside the present one, or around it, is refused at once with a sentence; a folder that
already holds Transfer Advisor's state brings a question: use that state as it is, or replace it
with ours. If the move fails, the dialog stays open with the sentence saying why, and the old
folder stays in use.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from app.core.paths import ENV_HOME
from app.core.host.link_loss import STALL_MAX_SECONDS, STALL_MIN_SECONDS
from app.core.state import added_hosts, settings as settings_store, state_folder
from app.gui.shell import theme
from app.gui.panels.card import muted
from app.gui.dialogs.file_dialogs import choose_folder
from app.core.language import Words
from app.core.state.settings import THEMES, VERIFY_LEVELS, GuiSettings, verify_levels


class SettingsWords(Words):
    """The settings dialog and its state folder questions (the translator's context)."""


def _theme_name(key: str) -> str:
    return {"system": SettingsWords.tr("Like the system"), "light": SettingsWords.tr("Light"),
            "dark": SettingsWords.tr("Dark")}[key]


class SettingsDialog(QDialog):
    saved = Signal(object)  # GuiSettings
    # The state folder changed: the added hosts' ssh config before and after a move, so the window can
    # follow it; both empty when the new folder's own state was adopted instead.
    state_moved = Signal(str, str)

    def __init__(self, settings: GuiSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(SettingsWords.tr("Settings"))
        self.insecure = QCheckBox(SettingsWords.tr("Offer &unencrypted methods (tar over netcat, rsync daemon) for hosts "
                                                "on my local network"))
        self.insecure.setChecked(settings.allow_insecure_lan)
        self.insecure.setToolTip(SettingsWords.tr(
            "Unencrypted methods skip ssh's encryption, which a weak NAS processor cannot do quickly. Anyone on the "
            "network could read or change the files in transit, so they are offered only for hosts with a private, "
            "loopback or link-local address."))
        security = QGroupBox(SettingsWords.tr("Security"))
        s_layout = QVBoxLayout(security)
        s_layout.addWidget(self.insecure)
        s_layout.addWidget(muted(SettingsWords.tr("Off by default. Even when on, hosts outside your local network never get "
                                              "unencrypted methods.")))
        self.verify = QComboBox()
        for key, text in verify_levels().items():
            self.verify.addItem(text, key)
        self.verify.setCurrentIndex(list(VERIFY_LEVELS).index(settings.verify))
        self.verify.setToolTip(SettingsWords.tr(
            "After a copy with an unencrypted method the contents are compared whichever is chosen here, where both "
            "sides have a hash tool: nothing guarded them on the way."))
        self.race_seconds = QDoubleSpinBox()
        self.race_seconds.setRange(0.5, 30.0)
        self.race_seconds.setSingleStep(0.5)
        self.race_seconds.setDecimals(1)
        self.race_seconds.setSuffix(SettingsWords.tr(" s per method"))
        self.race_seconds.setValue(settings.race_seconds)
        self.race_count = QSpinBox()
        self.race_count.setRange(1, 7)
        self.race_count.valueChanged.connect(lambda n: self.race_count.setSuffix(SettingsWords.tr(" method(s)", "", n)))
        self.race_count.setValue(settings.race_count)
        self.race_count.setSuffix(SettingsWords.tr(" method(s)", "", settings.race_count))
        self.stall = QSpinBox()
        self.stall.setRange(int(STALL_MIN_SECONDS), int(STALL_MAX_SECONDS))
        self.stall.setSuffix(SettingsWords.tr(" s without data"))
        self.stall.setValue(round(settings.stall_timeout))
        self.stall.setToolTip(SettingsWords.tr("A copy whose data stops moving this long (Wi-Fi gone, the NAS restarting) is "
                                           "stopped and offered to resume, instead of waiting for good."))
        self.theme = QComboBox()
        for key in THEMES:
            self.theme.addItem(_theme_name(key), key)
        self.theme.setCurrentIndex(THEMES.index(settings.theme))
        self.folder = QLineEdit(state_folder.current())
        self.folder.setReadOnly(True)
        self.pending: tuple[str, str] | None = None  # (folder, "move", "replace" or "use") until OK
        self.question: QMessageBox | None = None
        self.change = change = QPushButton(SettingsWords.tr("C&hange…"))
        change.setToolTip(SettingsWords.tr("Move the settings, hosts, history, profiles and crash log to another folder."))
        change.clicked.connect(self._choose_folder)
        if not state_folder.can_change():
            change.setEnabled(False)
            change.setToolTip(SettingsWords.tr("Set from outside with {variable} or --config-dir.", variable=ENV_HOME))
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(change)
        self.folder_note = QLabel()
        self.folder_note.setWordWrap(True)
        self.folder_note.hide()
        form = QFormLayout()
        form.addRow(SettingsWords.tr("&Verification:"), self.verify)
        form.addRow(SettingsWords.tr("&Race length:"), self.race_seconds)
        form.addRow(SettingsWords.tr("Methods &in the race:"), self.race_count)
        form.addRow(SettingsWords.tr("Link &lost after:"), self.stall)
        form.addRow(SettingsWords.tr("&Appearance:"), self.theme)
        folder_label = QLabel(SettingsWords.tr("&State folder:"))
        folder_label.setBuddy(self.folder)
        form.addRow(folder_label, folder_row)
        form.addRow("", muted(SettingsWords.tr("Settings, hosts, measured profiles, the history and the crash log are kept here.")))
        form.addRow("", self.folder_note)
        self.buttons = buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(security)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(620, self.sizeHint().height())
        self._fit()

    def _choose_folder(self) -> None:
        choose_folder(self, SettingsWords.tr("Keep Transfer Advisor's state in this folder"), self.folder_chosen)

    # -- the state folder ------------------------------------------------------------------------
    def folder_chosen(self, folder: str) -> None:
        """A folder was picked: refuse it, ask about the state it holds, or plan the move for OK."""
        folder = os.path.abspath(os.path.expanduser(folder))
        if state_folder.is_current(folder):
            self._plan(None)
            return
        why = state_folder.refusal(folder)
        if why:
            self._plan(None)
            self._note(why, error=True)
        elif state_folder.holds_state(folder):
            self._ask_use_or_replace(folder)
        else:
            self._plan(folder, "move")

    def _ask_use_or_replace(self, folder: str) -> None:
        box = QMessageBox(QMessageBox.Question, SettingsWords.tr("This folder already holds state"),
                          SettingsWords.tr("{folder} already holds Transfer Advisor's settings, hosts and history.",
                                            folder=folder),
                          QMessageBox.NoButton, self)
        box.setInformativeText(SettingsWords.tr("Use that state as it is, and yours stays in {folder}; or replace it with "
                                                "yours, and the state that folder holds now is deleted.",
                                                folder=state_folder.current()))
        use = box.addButton(SettingsWords.tr("&Use its state"), QMessageBox.AcceptRole)
        mine = box.addButton(SettingsWords.tr("&Replace it with mine"), QMessageBox.DestructiveRole)
        box.setDefaultButton(box.addButton(QMessageBox.Cancel))
        box.buttonClicked.connect(lambda button: self._plan(folder, "use") if button is use else
                                  self._plan(folder, "replace") if button is mine else None)
        box.open()
        self.question = box

    def _plan(self, folder: str | None, mode: str = "") -> None:
        self.pending = (folder, mode) if folder else None
        self.folder.setText(folder or state_folder.current())
        now = state_folder.current()
        if mode == "move":
            self._note(SettingsWords.tr("On OK, all state moves here and is removed from {folder}.", folder=now))
        elif mode == "replace":
            self._note(SettingsWords.tr("On OK, your state replaces the state this folder holds."))
        elif mode == "use":
            self._note(SettingsWords.tr("On OK, the state this folder holds is used as it is; yours stays in {folder}.",
                                        folder=now))
        else:
            self._note("")

    def _note(self, text: str, error: bool = False) -> None:
        c = theme.colors()
        self.folder_note.setText(text)
        self.folder_note.setStyleSheet(f"color: {c.bad if error else c.muted};")
        self.folder_note.setVisible(bool(text))
        self._fit()

    def _fit(self) -> None:
        """Tall enough for the wrapped lines at the present width (the layout does not grow a dialog)."""
        self.layout().activate()
        need = self.layout().heightForWidth(self.width())
        if need > self.height():
            self.resize(self.width(), need)

    def _switch_folder(self) -> tuple[GuiSettings, tuple[str, str]] | None:
        """Carry out the planned change; the settings to go on with and the hosts' ssh config before and
        after, or None (with the reason shown) when the state stayed where it was."""
        folder, mode = self.pending
        hosts_config = str(added_hosts.config_path())
        try:
            if mode == "use":
                state_folder.use(folder)
            else:
                leftovers = state_folder.move(folder, replace=mode == "replace")
        except state_folder.MoveError as exc:
            self.pending = None
            self.folder.setText(state_folder.current())
            self._note(exc.sentence, error=True)
            return None
        if mode == "use":
            return settings_store.load(), ("", "")
        if leftovers:
            self._tell_leftovers(folder, leftovers)
        moved = str(added_hosts.config_path())
        recent = [replace(c, ssh_config=moved) if c.ssh_config == hosts_config else c for c in self.settings.recent]
        return replace(self.settings, recent=recent), (hosts_config, moved)

    def _tell_leftovers(self, folder: str, leftovers: list) -> None:
        box = QMessageBox(QMessageBox.Information, SettingsWords.tr("Old files left behind"),
                          SettingsWords.tr("The state is now kept in {folder}, but %Ln old file(s) could not be removed; "
                                            "delete them by hand when you like.", "", len(leftovers), folder=folder),
                          QMessageBox.Ok, self.parentWidget())
        box.setDetailedText("\n".join(str(p) for p in leftovers))
        box.open()
        self.leftovers_box = box

    def _save(self) -> None:
        base, moved = self.settings, None
        if self.pending and state_folder.can_change():
            switched = self._switch_folder()
            if switched is None:
                return  # the dialog stays open with the reason; nothing was changed
            base, moved = switched
        # Only what was changed here: adopted state keeps its own values for the rest.
        edited = {"allow_insecure_lan": self.insecure.isChecked(), "verify": self.verify.currentData(),
                  "race_seconds": self.race_seconds.value(), "race_count": self.race_count.value(),
                  "stall_timeout": float(self.stall.value()), "theme": self.theme.currentData()}
        changed = {k: v for k, v in edited.items() if v != getattr(self.settings, k)}
        self.saved.emit(replace(base, **changed))
        if moved is not None:
            self.state_moved.emit(*moved)
        self.accept()
