"""The settings the window runs with (app.core.state.settings): one keeper for the window's life that the
steps read from, saving after each change, and the settings dialog that changes them."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from app.core.errors import settings_unwritable
from app.core.language import Words
from app.core.state import settings as settings_store
from app.core.state.settings import GuiSettings, HostChoice
from app.gui.dialogs.settings_dialog import SettingsDialog


class PreferencesWords(Words):
    """What the settings' keeper says (the translator's context)."""


class Preferences(QObject):
    edited = Signal()                  # the settings dialog saved new settings
    theme_changed = Signal()           # they chose another look
    state_moved = Signal(str, str)     # the added hosts' ssh config before and after (see SettingsDialog)
    save_failed = Signal(str, object)  # a title and the TransferError, for the error banner

    def __init__(self, settings: GuiSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings  # replaced by what the dialog saves; read it at the time of use

    def open_dialog(self, parent: QWidget) -> SettingsDialog:
        dialog = SettingsDialog(self.settings, parent)
        dialog.saved.connect(self._saved)
        dialog.state_moved.connect(self.state_moved.emit)
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()
        return dialog

    def _saved(self, settings: GuiSettings) -> None:
        theme_changed = settings.theme != self.settings.theme
        self.settings = settings
        self.save()
        self.edited.emit()
        if theme_changed:
            self.theme_changed.emit()

    def allow_insecure_lan(self, on: bool) -> None:
        self.settings.allow_insecure_lan = on
        self.save()

    def remember_host(self, choice: HostChoice) -> None:
        self.settings.remember(choice)
        self.save()

    def forget_host(self, choice: HostChoice) -> None:
        self.settings.forget(choice)
        self.save()

    def host_edited(self, old: HostChoice, new: HostChoice) -> None:
        self.settings.edited(old, new)
        self.save()

    def remember_destination(self, host_label: str, dest: str) -> None:
        self.settings.destinations[host_label] = dest
        self.save()

    def save(self) -> None:
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            self.save_failed.emit(PreferencesWords.tr("Settings could not be saved"),
                                  settings_unwritable(str(settings_store.path()), str(exc)))
