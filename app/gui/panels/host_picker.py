"""Step 1: which host. Recent hosts, aliases from the ssh config, the local demo host, "Add host…",
"Test connection"."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QMenu, QPushButton, QWidget

from app.gui.shell import theme
from app.gui.panels.card import Card
from app.gui.panels.demo_host import DemoChoice, is_demo, tip as demo_tip
from app.core.language import Words
from app.core.state.settings import HostChoice

CHOICE_ROLE = Qt.UserRole + 1
EDITABLE_ROLE = Qt.UserRole + 2  # an entry the user added or used here (not an alias of their ssh config)


class HostPickerWords(Words):
    """Step 1: the host list and its buttons (the translator's context)."""


def _key(choice: HostChoice) -> tuple:
    """Which entry a choice is: the demo host is one entry, started or not."""
    return ("demo",) if is_demo(choice) else (choice.text, choice.ssh_config)


class HostPicker(Card):
    test_requested = Signal(object)  # HostChoice
    add_requested = Signal()
    setup_key_requested = Signal()
    choice_changed = Signal(object)  # HostChoice or None
    edit_requested = Signal(object)  # HostChoice
    remove_requested = Signal(object)  # HostChoice

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(HostPickerWords.tr("1 · Host"), parent)
        self.model = QStandardItemModel(self)
        self.combo = QComboBox()
        self.combo.setModel(self.model)
        self.combo.setMinimumContentsLength(18)
        self.combo.setPlaceholderText(HostPickerWords.tr("No hosts yet: add one, or try the demo host"))
        self.combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setToolTip(HostPickerWords.tr(
            "The computer or NAS to copy to or from: an alias from your ssh config, a host you used recently, one "
            "you add, or a local demo host to try it all without a NAS."))
        self.combo.currentIndexChanged.connect(lambda _i: self.choice_changed.emit(self.current()))
        self.combo.activated.connect(self._activated)
        self.combo.setContextMenuPolicy(Qt.CustomContextMenu)
        self.combo.customContextMenuRequested.connect(self._context_menu)
        label = QLabel(HostPickerWords.tr("H&ost:"))
        label.setBuddy(self.combo)
        self.add = QPushButton(HostPickerWords.tr("&Add host…"))
        self.add.setToolTip(HostPickerWords.tr("Add a host by name or address, with its user, port and key or password."))
        self.add.clicked.connect(self.add_requested.emit)
        self.test = QPushButton(HostPickerWords.tr("&Test connection"))
        self.test.setToolTip(HostPickerWords.tr("Log in to the host now and show what it can do."))
        self.test.clicked.connect(self._test)
        self.setup_key = QPushButton(HostPickerWords.tr("Set up key lo&gin"))
        self.setup_key.setToolTip(HostPickerWords.tr(
            "Make a key for this host and add it to the host's list of allowed keys over this login, so later "
            "copies need no password."))
        self.setup_key.clicked.connect(self.setup_key_requested.emit)
        self.setup_key.hide()  # offered after a login with a password
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.combo, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add)
        buttons.addWidget(self.test)
        buttons.addWidget(self.setup_key)
        buttons.addStretch(1)
        self.body.addLayout(row)
        self.body.addLayout(buttons)
        self.body.addWidget(self.status)
        self.set_status("idle", HostPickerWords.tr("Pick a host, then test the connection."))

    def set_choices(self, config_hosts: list[HostChoice], recent: list[HostChoice],
                    demo: DemoChoice | None = None) -> None:
        keep = self.current()
        self.combo.blockSignals(True)
        self.model.clear()
        seen: set[tuple] = set()
        sections = [(HostPickerWords.tr("Recent"), recent, True),
                    (HostPickerWords.tr("From your ssh config"), config_hosts, False)]
        if demo is not None:
            sections.append((HostPickerWords.tr("No NAS at hand?"), [demo], False))
        for title, choices, editable in sections:
            fresh = [c for c in choices if _key(c) not in seen]
            if not fresh:
                continue
            header = QStandardItem(title)
            header.setFlags(Qt.NoItemFlags)
            header.setData(True, Qt.AccessibleDescriptionRole)
            self.model.appendRow(header)
            for choice in fresh:
                seen.add(_key(choice))
                item = QStandardItem(f"   {choice.label}")
                item.setData(choice, CHOICE_ROLE)
                item.setData(editable and not is_demo(choice), EDITABLE_ROLE)
                if is_demo(choice):
                    item.setToolTip(demo_tip())
                elif choice.ssh_config:
                    item.setToolTip(HostPickerWords.tr("{host} (ssh config {path})", host=choice.text,
                                                       path=choice.ssh_config))
                else:
                    item.setToolTip(choice.text)
                self.model.appendRow(item)
        self.combo.blockSignals(False)
        if not (keep and self.select(keep)):
            self._select_first()
        self.choice_changed.emit(self.current())

    def _select_first(self) -> None:
        """The first real host; the demo host is only ever picked by the user (it starts a server)."""
        for row in range(self.model.rowCount()):
            choice = self.model.item(row).data(CHOICE_ROLE)
            if choice is not None and not is_demo(choice):
                self.combo.setCurrentIndex(row)
                return
        self.combo.setCurrentIndex(-1)

    def select(self, choice: HostChoice) -> bool:
        for row in range(self.model.rowCount()):
            item = self.model.item(row).data(CHOICE_ROLE)
            if item is not None and _key(item) == _key(choice):
                self.combo.setCurrentIndex(row)
                return True
        return False

    def current(self) -> HostChoice | None:
        index = self.combo.currentIndex()
        return self.model.item(index).data(CHOICE_ROLE) if index >= 0 and self.model.item(index) else None

    def editable(self) -> HostChoice | None:
        """The chosen entry when it can be edited or removed here: one on the recent list."""
        index = self.combo.currentIndex()
        item = self.model.item(index) if index >= 0 else None
        return item.data(CHOICE_ROLE) if item is not None and item.data(EDITABLE_ROLE) else None

    def _context_menu(self, at) -> None:
        choice = self.editable()
        if choice is None or not self.combo.isEnabled():
            return
        menu = QMenu(self)
        menu.addAction(HostPickerWords.tr("&Edit host…"), lambda: self.edit_requested.emit(choice))
        menu.addAction(HostPickerWords.tr("&Remove from the list…"), lambda: self.remove_requested.emit(choice))
        menu.popup(self.combo.mapToGlobal(at))

    def replace_current(self, choice: HostChoice | None) -> None:
        """The chosen entry is now `choice` (the same host, found elsewhere), without choosing anew."""
        index = self.combo.currentIndex()
        if choice is not None and self.current() is not None:
            self.model.item(index).setData(choice, CHOICE_ROLE)

    def offer_key_setup(self, offered: bool) -> None:
        """"Set up key login": offered after a login with a password, until it is done or another host is chosen."""
        self.setup_key.setVisible(offered)

    def set_status(self, state: str, text: str) -> None:
        c = theme.colors()
        mark = {"ok": f"<b style='color:{c.good}'>✓</b> ", "bad": f"<b style='color:{c.bad}'>✗</b> ",
                "busy": "… ", "idle": ""}[state]
        self.status.setText(mark + text)
        self.status.setProperty("state", state)

    def set_busy(self, busy: bool) -> None:
        self.test.setEnabled(not busy)
        self.combo.setEnabled(not busy)
        self.add.setEnabled(not busy)
        self.setup_key.setEnabled(not busy)

    def _test(self) -> None:
        choice = self.current()
        if choice is not None:
            self.test_requested.emit(choice)

    def _activated(self, _index: int) -> None:
        """Picking "Try with a local demo host" is enough: it starts and connects at once."""
        choice = self.current()
        if isinstance(choice, DemoChoice) and not choice.started:
            self.test_requested.emit(choice)
