"""Step 1 in motion: the host list (recent hosts, the ssh config's aliases, the local demo host), test the
connection, ask about an unknown host key, add a host, ask for a password, start the local demo host,
and browse the connected host's folders.

Every dialog here opens without a nested event loop (`open()`, answers through signals), so
the window and the copies it shows keep running while the user reads.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QInputDialog, QLabel, QLineEdit, QMessageBox, QWidget

from app.core.errors import ErrorKind, TransferError, not_connected
from app.core.host import ssh_aliases
from app.core.host.keylogin import KeySetup
from app.core.state import added_hosts
from app.gui.dialogs.add_host_dialog import AddHostDialog
from app.gui.dialogs.module_password_dialog import ModulePasswordDialog
from app.gui.panels.demo_host import DemoChoice, DemoHostKeeper, is_demo
from app.gui.panels.error_banner import ErrorBanner
from app.gui.shell.bridge import Job
from app.gui.shell.flow import Connected, Flow, HostKeyQuestion, moved_config
from app.gui.dialogs.host_key_dialog import HostKeyDialog
from app.gui.panels.host_picker import HostPicker
from app.gui.panels.remote_browser import RemoteBrowser
from app.gui.shell.preferences import Preferences
from app.core.state.settings import HostChoice
from app.core.language import Words
from app.core.wording.window import (compare_fingerprint, connecting, could_not_connect, demo_summary, fetching_key,
                                     host_removed, remove_host_question,
                                     key_not_trusted, key_uncheckable, making_key, remembering_key)


class HostStepsWords(Words):
    """Step 1 in motion: connecting, the host key, key login, the demo host (the translator's context)."""


class HostSteps(QObject):
    connected = Signal(object)      # Connected
    disconnected = Signal()

    def __init__(self, flow: Flow, picker: HostPicker, banner: ErrorBanner, window: QWidget,
                 user_config: str | None, demo: DemoHostKeeper, prefs: Preferences) -> None:
        super().__init__(window)
        self.flow, self.picker, self.banner, self.window = flow, picker, banner, window
        self.user_config = user_config
        self.demo = demo
        self.prefs = prefs
        self.dialog: QWidget | None = None  # the open dialog, kept alive while shown
        self.forgetting: Job | None = None  # a removed host's connection and keyring entry, let go
        self.connecting = False
        picker.test_requested.connect(self.test)
        picker.add_requested.connect(self.add_host)
        picker.edit_requested.connect(self.edit_host)
        picker.remove_requested.connect(self.remove_host)
        picker.choice_changed.connect(self._choice_changed)
        picker.setup_key_requested.connect(self.setup_key)
        flow.password_needed.connect(self._ask_password)
        flow.module_password_needed.connect(self._ask_module_password)

    def load(self) -> None:
        """The host list as the state folder holds it: the added hosts' ssh config is written again to
        include the user's, then listed."""
        added_hosts.refresh(self.user_config)
        self.reload()

    def state_moved(self, old_config: str, new_config: str) -> None:
        """The state folder changed (`old_config` is "" when another folder's state was taken as it is): the
        connected host, its passwords and the chosen entry follow the added hosts' ssh config to
        `new_config`, and the list shows the hosts the folder holds."""
        if old_config:
            self.flow.follow_config(old_config, new_config)
            self.picker.replace_current(moved_config(self.picker.current(), old_config, new_config))
        self.load()

    def reload(self) -> None:
        """The host list again: the recent hosts, the ssh config's aliases (the added hosts' too), the demo host."""
        config = self.user_config
        from_config = [HostChoice(a, a, config) for a in ssh_aliases.aliases(config)]
        self.picker.set_choices(from_config, self.prefs.settings.recent, self.demo.choice)

    def destination(self, connected: Connected) -> str:
        """Where an upload to this host goes unless the user chooses: the demo host's folder, or the
        destination last used with the host, or its home folder."""
        if is_demo(connected.choice):
            return self.demo.destination()
        return self.prefs.settings.destinations.get(connected.choice.label, connected.home)

    def _select(self, choice: HostChoice) -> None:
        self.reload()
        self.picker.select(choice)

    def _host_added(self, choice: HostChoice) -> None:
        self.prefs.remember_host(choice)
        self._select(choice)

    def _busy(self, busy: bool) -> None:
        self.connecting = busy
        self.picker.set_busy(busy)

    def start_demo(self) -> None:
        """Pick the local demo host and connect to it (`transfer-advisor --demo`)."""
        self.picker.select(self.demo.choice)
        self.test(self.demo.choice)

    def test(self, choice: HostChoice) -> None:
        if isinstance(choice, DemoChoice) and not choice.started:
            self._start_demo()
            return
        self._busy(True)
        self.picker.set_status("busy", connecting(choice.label))
        self.banner.hide()
        job = self.flow.job(self.flow.connect(choice), HostStepsWords.tr("Connecting"))
        job.succeeded.connect(self._connected)
        job.failed.connect(lambda error: self._failed(choice, error))

    def _connected(self, connected: Connected) -> None:
        self._busy(False)
        self._say_connected(connected)
        self.picker.offer_key_setup(connected.password_login)
        if not is_demo(connected.choice):  # the demo host's address is gone when the window closes
            self.prefs.remember_host(connected.choice)
        self.reload()
        self.connected.emit(connected)
        if connected.services is None:  # they come a little later: the line grows by them then
            job = self.flow.job(self.flow.services_found(connected),
                                HostStepsWords.tr("Looking for the host's services"))
            job.succeeded.connect(lambda found: self.flow.connected is found and self._say_connected(found))

    def _say_connected(self, connected: Connected) -> None:
        summary = connected.summary
        if is_demo(connected.choice) and self.demo.host is not None:
            summary += "<br>" + demo_summary(self.demo.host.description, self.demo.destination())
        self.picker.set_status("ok", summary)

    def setup_key(self) -> None:
        """Make a key and install it over the password login; then the host is used with the key."""
        connected = self.flow.connected
        if connected is None:
            return
        self._busy(True)
        self.picker.set_status("busy", making_key(connected.choice.label))
        job = self.flow.job(self.flow.setup_key(), HostStepsWords.tr("Setting up key login"))
        job.succeeded.connect(lambda done: self._key_ready(connected, done))
        job.failed.connect(lambda error: self._key_failed(connected, error))

    def _key_ready(self, connected: Connected, done: KeySetup) -> None:
        self._busy(False)
        if not done.works:
            self.picker.set_status("bad", done.note)
            return
        host = connected.host
        name = host.hostname if host.port == 22 else f"{host.hostname}-{host.port}"
        try:
            choice = added_hosts.choice_for(host.hostname, host.user, host.port, done.key_file, name,
                                            self.user_config)
        except TransferError as error:
            self.banner.show_error(HostStepsWords.tr("Key login works, but the host could not be added with it"), error)
            return
        self.picker.offer_key_setup(False)
        self._host_added(choice)
        self.test(choice)

    def _key_failed(self, connected: Connected, error: TransferError) -> None:
        self._busy(False)
        self.picker.set_status("ok", connected.summary)
        self.banner.show_error(HostStepsWords.tr("Key login could not be set up"), error)

    def _start_demo(self) -> None:
        self._busy(True)
        self.picker.set_status("busy", HostStepsWords.tr("Starting the local demo host…"))
        self.banner.hide()
        job = self.flow.job(self.demo.start(), HostStepsWords.tr("Starting the local demo host"))
        job.succeeded.connect(self._demo_started)
        job.failed.connect(self._demo_failed)

    def _demo_started(self, choice: DemoChoice) -> None:
        self._busy(False)
        self._select(choice)  # listed with its address now
        self.test(choice)

    def _demo_failed(self, error: TransferError) -> None:
        self._busy(False)
        self.picker.set_status("bad", HostStepsWords.tr("The local demo host did not start."))
        if error.kind is not ErrorKind.CANCELLED:
            self.banner.show_error(HostStepsWords.tr("Could not start the local demo host"), error)

    def _failed(self, choice: HostChoice, error: TransferError) -> None:
        self._busy(False)
        self.picker.offer_key_setup(False)
        if error.kind is ErrorKind.HOST_KEY_UNKNOWN:
            self._ask_host_key(choice)
            return
        title = (HostStepsWords.tr("Refused for your safety: the host's key has changed")
                 if error.kind is ErrorKind.HOST_KEY_CHANGED else could_not_connect(choice.label))
        self.picker.set_status("bad", HostStepsWords.tr("Not connected."))
        self.banner.show_error(title, error)
        self.disconnected.emit()

    def _ask_host_key(self, choice: HostChoice) -> None:
        self._busy(True)
        self.picker.set_status("busy", fetching_key(choice.label))
        job = self.flow.job(self.flow.host_key(choice), HostStepsWords.tr("Reading the host key"))
        job.succeeded.connect(lambda q: self._show_key(choice, q))
        job.failed.connect(lambda error: self._key_unreadable(choice, error)
                           if error.kind is ErrorKind.HOST_KEY_UNKNOWN else self._failed(choice, error))

    def _key_unreadable(self, choice: HostChoice, error: TransferError) -> None:
        self._busy(False)
        self.picker.set_status("bad", HostStepsWords.tr("Not connected."))
        self.banner.show_error(key_uncheckable(choice.label), error)

    def _show_key(self, choice: HostChoice, question: HostKeyQuestion) -> None:
        self._busy(False)
        self.picker.set_status("busy", compare_fingerprint(choice.label))
        dialog = HostKeyDialog(question.where, question.fingerprint, question.key_type, self.window)
        dialog.accepted.connect(lambda: self._trust(choice, question.fingerprint))
        dialog.rejected.connect(lambda: self._not_trusted(choice))
        self._open(dialog)

    def _trust(self, choice: HostChoice, fingerprint: str) -> None:
        self._busy(True)
        self.picker.set_status("busy", remembering_key(choice.label))
        job = self.flow.job(self.flow.trust(choice, fingerprint), HostStepsWords.tr("Trusting the host key"))
        job.succeeded.connect(lambda _fp: self.test(choice))
        job.failed.connect(lambda error: self._failed(choice, error))

    def _not_trusted(self, choice: HostChoice) -> None:
        self.picker.set_status("bad", key_not_trusted(choice.label))
        self.disconnected.emit()

    def add_host(self) -> None:
        dialog = AddHostDialog(self.user_config, self.window)
        dialog.added.connect(self._added)
        self._open(dialog)

    def can_edit(self) -> bool:
        """The chosen host is on the recent list, and no connection, advice or copy is under way."""
        return self.picker.editable() is not None and not self.flow.busy and not self.connecting

    def edit_host(self, choice: HostChoice | None = None) -> None:
        """The chosen host (one on the recent list) in the add dialog, filled in; saved in its place and tested."""
        choice = choice or self.picker.editable()
        if choice is None or not self.can_edit():
            return
        dialog = AddHostDialog(self.user_config, self.window, editing=choice)
        dialog.added.connect(lambda new, password, keyring: self._edited(choice, new, password, keyring))
        self._open(dialog)

    def _edited(self, old: HostChoice, new: HostChoice, password: str | None, keyring: bool) -> None:
        self.prefs.host_edited(old, new)
        if password is not None:
            self.flow.remember_password(new, password, keyring)
        self._select(new)
        self.test(new)

    def remove_host(self, choice: HostChoice | None = None) -> None:
        """Off the list, once the user says so (the host and the key files are not touched)."""
        choice = choice or self.picker.editable()
        if choice is None or not self.can_edit():
            return
        box = QMessageBox(QMessageBox.Question, HostStepsWords.tr("Remove host"), remove_host_question(choice.label),
                          QMessageBox.Yes | QMessageBox.Cancel, self.window)
        box.button(QMessageBox.Yes).setText(HostStepsWords.tr("&Remove"))
        box.setDefaultButton(QMessageBox.Cancel)
        box.buttonClicked.connect(lambda button: box.standardButton(button) == QMessageBox.Yes and self._remove(choice))
        self._open(box)

    def _remove(self, choice: HostChoice) -> None:
        self.prefs.forget_host(choice)
        added_hosts.forget(choice, self.user_config)
        self.reload()
        self.picker.set_status("idle", host_removed(choice.label))
        self.forgetting = self.flow.job(self.flow.forget_host(choice), HostStepsWords.tr("Forgetting the host"))

    def _added(self, choice: HostChoice, password: str | None, keyring: bool = False) -> None:
        if password is not None:
            self.flow.remember_password(choice, password, keyring)
        self._host_added(choice)
        self.test(choice)

    def browse(self, pick_sources: bool, destination: str,
               chosen: Callable[[list[str]], None]) -> RemoteBrowser | None:
        """The connected host's folders, to pick what to fetch or (from `destination`) where an upload goes;
        `chosen` gets the paths picked."""
        c = self.flow.connected
        if c is None:
            self.banner.show_error(HostStepsWords.tr("Not connected"),
                                   not_connected(HostStepsWords.tr("its folders can be browsed")))
            return None
        start = c.home if pick_sources else (destination or c.home)
        # Dragged out to a file manager, what is selected goes as sftp:// addresses: where the host serves SFTP and
        # is reached through the user's own ssh config, which the file manager's ssh reads too (keys, aliases).
        locate = c.host.sftp_url if pick_sources and c.sftp and c.choice.ssh_config is None else None
        dialog = RemoteBrowser(self.flow.list_remote, start, c.choice.label, pick_sources, self.window, locate)
        dialog.chosen.connect(chosen)
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()
        return dialog

    def _ask_password(self, prompt: str, future: asyncio.Future) -> None:
        dialog = QInputDialog(self.window)
        dialog.setWindowTitle(HostStepsWords.tr("Password"))
        dialog.setLabelText(prompt)
        dialog.setTextEchoMode(QLineEdit.Password)
        for label in dialog.findChildren(QLabel):  # a long question wraps, as a paragraph
            label.setWordWrap(True)
            label.setMinimumWidth(min(440, label.fontMetrics().horizontalAdvance(prompt)))
        dialog.textValueSelected.connect(lambda text: future.done() or future.set_result(text))
        dialog.rejected.connect(lambda: future.done() or future.set_result(None))
        self._open(dialog)

    def _ask_module_password(self, question: str, can_keep: bool, future: asyncio.Future) -> None:
        dialog = ModulePasswordDialog(question, can_keep, self.window)
        dialog.accepted.connect(lambda: future.done() or future.set_result(dialog.answer()))
        dialog.rejected.connect(lambda: future.done() or future.set_result(None))
        self._open(dialog)

    def _open(self, dialog: QWidget) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()

    def _choice_changed(self, choice: HostChoice | None) -> None:
        connected = self.flow.connected
        if connected is not None and choice == connected.choice:
            return
        self.picker.offer_key_setup(False)
        if isinstance(choice, DemoChoice) and not choice.started:
            text = HostStepsWords.tr("Press Test connection to start an SSH host on this computer and try every step "
                                     "on it.")
        elif choice:
            text = HostStepsWords.tr("Not tested yet: press Test connection.")
        else:
            text = HostStepsWords.tr("Add a host, or try the local demo host, to begin.")
        self.picker.set_status("idle", text)
        if connected is not None:
            self.flow.job(self.flow.disconnect(), HostStepsWords.tr("Disconnecting"))
        self.disconnected.emit()
