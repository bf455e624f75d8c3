"""Step 2: what to copy and where. Drop files and folders, add or remove them, see counts and sizes,
choose upload or download and the destination folder."""

from __future__ import annotations

import os
from typing import Any, Awaitable, Callable, Protocol

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QCheckBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QPushButton, QRadioButton, QStyle, QTreeWidget, QTreeWidgetItem, QWidget)

from app.core.errors import ErrorKind, TransferError
from app.gui.shell import theme
from app.gui.shell.bridge import Job
from app.gui.panels.card import Card, muted
from app.gui.dialogs.file_dialogs import choose_files, choose_folder
from app.core.formatting import size
from app.core.language import Words

PATH_ROLE = Qt.UserRole + 1
SIZE_ROLE = Qt.UserRole + 2  # (files, bytes) once measured
MEASURED_ROLE = Qt.UserRole + 3  # what `measure` gave (app.gui.shell.flow.Measured): what the item holds


class SelectionPanelWords(Words):
    """Step 2, the files panel: what to copy and where (the translator's context)."""


class Measurement(Protocol):
    """What measuring one item gives: its counts, and whatever else the measurer keeps (the flow: the
    selection as read, for the advice)."""

    @property
    def files(self) -> int: ...

    @property
    def bytes(self) -> int: ...


Measure = Callable[[str, bool], Awaitable[Measurement]]


def local_paths(mime) -> list[str]:
    """The local files and folders a drag carries."""
    if not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


class DropList(QTreeWidget):
    """The selection list; files and folders dropped on it are added."""

    dropped = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accept_drops = True
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setColumnCount(3)
        self.setHeaderLabels([SelectionPanelWords.tr("Name"), SelectionPanelWords.tr("Files"),
                              SelectionPanelWords.tr("Size")])
        self.setRootIsDecorated(False)
        self.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeToContents)
        header.setStretchLastSection(False)
        self.placeholder = SelectionPanelWords.tr("Drop files or folders here")

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt's name
        if self.accept_drops and local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.accept_drops and local_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt's name
        paths = local_paths(event.mimeData()) if self.accept_drops else []
        if paths:
            event.acceptProposedAction()
            self.dropped.emit(paths)
        else:
            event.ignore()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        if self.topLevelItemCount() == 0:
            p = QPainter(self.viewport())
            p.setPen(QColor(theme.colors().muted))
            p.drawText(self.viewport().rect().adjusted(12, 0, -12, 0), Qt.AlignCenter | Qt.TextWordWrap,
                       self.placeholder)


class SelectionPanel(Card):
    changed = Signal()
    pick_remote_sources = Signal()
    pick_remote_dest = Signal()
    failed = Signal(object)  # a TransferError while measuring

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(SelectionPanelWords.tr("2 · Files"), parent)
        self.measure: Measure | None = None
        self.jobs: list[Job] = []
        self.upload = QRadioButton(SelectionPanelWords.tr("&Upload to the host"))
        self.download = QRadioButton(SelectionPanelWords.tr("Do&wnload from the host"))
        self.upload.setToolTip(SelectionPanelWords.tr("Send files from this computer to the host."))
        self.download.setToolTip(SelectionPanelWords.tr("Fetch files from the host to this computer."))
        group = QButtonGroup(self)
        group.addButton(self.upload)
        group.addButton(self.download)
        self.upload.setChecked(True)
        self.download.toggled.connect(self._direction_changed)
        direction = QHBoxLayout()
        direction.addWidget(self.upload)
        direction.addWidget(self.download)
        direction.addStretch(1)
        self.list = DropList()
        self.list.setAccessibleName(SelectionPanelWords.tr("Files to copy"))
        self.list.dropped.connect(self.add_local)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.add_files = QPushButton(SelectionPanelWords.tr("Add f&iles…"))
        self.add_folder = QPushButton(SelectionPanelWords.tr("Add fold&er…"))
        self.remove = QPushButton(SelectionPanelWords.tr("&Remove"))
        self.add_files.clicked.connect(self._add_files)
        self.add_folder.clicked.connect(self._add_folder)
        self.remove.clicked.connect(self.remove_selected)
        self.remove.setToolTip(SelectionPanelWords.tr("Take the selected items off the list (nothing is deleted)."))
        QShortcut(QKeySequence.Delete, self.list, self.remove_selected)
        buttons = QHBoxLayout()
        for b in (self.add_files, self.add_folder, self.remove):
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.summary = muted(wrap=False)
        self.dest = QLineEdit()
        self.dest.setPlaceholderText(SelectionPanelWords.tr("folder on the host"))
        self.dest.textChanged.connect(lambda _t: self.changed.emit())
        dest_label = QLabel(SelectionPanelWords.tr("&Destination:"))
        dest_label.setBuddy(self.dest)
        self.browse = QPushButton(SelectionPanelWords.tr("&Browse…"))
        self.browse.clicked.connect(self._browse_dest)
        dest_row = QHBoxLayout()
        dest_row.addWidget(dest_label)
        dest_row.addWidget(self.dest, 1)
        dest_row.addWidget(self.browse)
        # Off for every new copy: the window never remembers it (the copy step unticks it after each).
        # The box says what it does in a few words; what it deletes, on the line under it (a check box does not wrap:
        # the whole sentence on it was cut off at the window's usual width).
        self.mirror = QCheckBox(SelectionPanelWords.tr("Ma&ke the destination match"))
        self.mirror.setToolTip(SelectionPanelWords.tr(
            "After the copy is in place and checked, what the copied folders hold at the destination that the "
            "selection does not have is deleted. You see the list and confirm before anything is copied or "
            "deleted."))
        self.mirror_note = muted(SelectionPanelWords.tr("Deletes files there that are not in the selection; you "
                                                        "confirm the list first."))
        self.mirror_note.setIndent(self.mirror.style().pixelMetric(QStyle.PM_IndicatorWidth)
                                   + self.mirror.style().pixelMetric(QStyle.PM_CheckBoxLabelSpacing))
        self.mirror.setAccessibleDescription(self.mirror_note.text())
        self.body.addLayout(direction)
        self.body.addWidget(self.list, 1)
        self.body.addLayout(buttons)
        self.body.addWidget(self.summary)
        self.body.addLayout(dest_row)
        self.body.addWidget(self.mirror)
        self.body.addWidget(self.mirror_note)
        self._direction_changed()

    # -- what the rest of the window reads -----------------------------------------------------
    def is_download(self) -> bool:
        return self.download.isChecked()

    def sources(self) -> list[str]:
        return [self.list.topLevelItem(i).data(0, PATH_ROLE) for i in range(self.list.topLevelItemCount())]

    def destination(self) -> str:
        return self.dest.text().strip()

    def missing(self) -> str:
        """What the selection still lacks before anything can be measured or copied, in words; "" if nothing."""
        if not self.sources():
            return SelectionPanelWords.tr("Add the files or folders to copy.") if not self.is_download() else \
                SelectionPanelWords.tr("Add the files or folders to fetch.")
        if not self.destination():
            return SelectionPanelWords.tr("Choose the destination folder.")
        return ""

    def mirror_chosen(self) -> bool:
        return self.mirror.isChecked()

    def totals(self) -> tuple[int, int, bool]:
        """(files, bytes, complete): complete is False while some item is still being measured."""
        files = total = 0
        complete = True
        for i in range(self.list.topLevelItemCount()):
            measured = self.list.topLevelItem(i).data(0, SIZE_ROLE)
            if measured is None:
                complete = False
            else:
                files, total = files + measured[0], total + measured[1]
        return files, total, complete

    def measured(self) -> list[Any] | None:
        """What each item was measured as (`measure`'s answers), in the list's order, when every item is
        measured; None while one is still measured or could not be (then the advice reads them itself)."""
        found = [self.list.topLevelItem(i).data(0, MEASURED_ROLE) for i in range(self.list.topLevelItemCount())]
        return found if found and all(m is not None for m in found) else None

    def set_enabled(self, enabled: bool) -> None:
        for w in (self.upload, self.download, self.list, self.add_files, self.add_folder, self.dest, self.browse,
                  self.mirror):
            w.setEnabled(enabled)
        self.remove.setEnabled(enabled and bool(self.list.selectedItems()))

    # -- what the rest of the window sets -------------------------------------------------------
    def set_destination(self, path: str) -> None:
        self.dest.setText(path)

    def suggest_destination(self, path: str) -> None:
        """Where an upload goes unless the user has chosen already (the host's last one, or its home)."""
        if not self.destination() and not self.is_download():
            self.dest.setText(path)

    def reset_mirror(self) -> None:
        """Deleting at the destination is chosen again for each copy: never carried over to the next."""
        self.mirror.setChecked(False)

    def take_drops_on(self, window: QWidget) -> None:
        """Files and folders dropped anywhere on `window` join the selection, as on its list."""
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def eventFilter(self, watched, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.DragEnter, QEvent.Drop):
            paths = local_paths(event.mimeData())
            if paths and not self.is_download() and self.list.isEnabled():
                event.acceptProposedAction()
                if event.type() == QEvent.Drop:
                    self.add_local(paths)
                return True
        return super().eventFilter(watched, event)

    # -- adding and removing -------------------------------------------------------------------
    def add_local(self, paths: list[str]) -> None:
        if self.is_download():
            return
        self._add([os.path.abspath(p) for p in paths])

    def add_remote(self, paths: list[str]) -> None:
        if self.is_download():
            self._add(paths)

    def _add(self, paths: list[str]) -> None:
        present = set(self.sources())
        for path in paths:
            if path in present:
                continue
            present.add(path)
            name = os.path.basename(path.rstrip("/")) or path
            item = QTreeWidgetItem([name, "…", "…"])
            item.setData(0, PATH_ROLE, path)
            item.setToolTip(0, path)
            item.setTextAlignment(1, Qt.AlignRight | Qt.AlignVCenter)
            item.setTextAlignment(2, Qt.AlignRight | Qt.AlignVCenter)
            self.list.addTopLevelItem(item)
            self._measure(item, path)
        self._refresh()

    def _measure(self, item: QTreeWidgetItem, path: str) -> None:
        if self.measure is None:
            return
        # The job's name begins the sentence said if it crashes ("… stopped on an unexpected error").
        job = Job(self.measure(path, self.is_download()), SelectionPanelWords.tr("Measuring the selection"), self)
        self.jobs.append(job)

        def done(value: Measurement) -> None:
            if self._alive(item):
                item.setData(0, SIZE_ROLE, (value.files, value.bytes))
                item.setData(0, MEASURED_ROLE, value)
                item.setText(1, f"{value.files:,}".replace(",", "\u2009"))
                item.setText(2, size(value.bytes))
                self._refresh()

        def failed(error: TransferError) -> None:
            if self._alive(item) and error.kind is not ErrorKind.CANCELLED:
                item.setText(1, "?")
                item.setText(2, "?")
                item.setToolTip(0, f"{path}\n{error.sentence}")
                self.failed.emit(error)

        job.succeeded.connect(done)
        job.failed.connect(failed)
        job.ended.connect(lambda: self.jobs.remove(job))

    def _alive(self, item: QTreeWidgetItem) -> bool:
        try:
            return self.list.indexOfTopLevelItem(item) >= 0
        except RuntimeError:  # the list was cleared (the direction changed) while the item was measured
            return False

    def remove_selected(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeTopLevelItem(self.list.indexOfTopLevelItem(item))
        self._refresh()

    def clear(self) -> None:
        self.list.clear()
        self._refresh()

    def _refresh(self) -> None:
        items = self.list.topLevelItemCount()
        files, total, complete = self.totals()
        if items == 0:
            self.summary.setText(SelectionPanelWords.tr("Nothing selected yet."))
        else:
            line = " · ".join([SelectionPanelWords.tr("%Ln item(s)", "", items),
                               SelectionPanelWords.tr("%Ln file(s)", "", files), size(total)])
            self.summary.setText(line if complete else
                                 SelectionPanelWords.tr("{line} so far (measuring…)", line=line))
        self._update_buttons()
        self.changed.emit()

    def _update_buttons(self) -> None:
        self.remove.setEnabled(self.list.isEnabled() and bool(self.list.selectedItems()))

    # -- dialogs -------------------------------------------------------------------------------
    def _add_files(self) -> None:
        if self.is_download():
            self.pick_remote_sources.emit()
            return
        choose_files(self, SelectionPanelWords.tr("Add files to copy"), self.add_local)

    def _add_folder(self) -> None:
        choose_folder(self, SelectionPanelWords.tr("Add a folder to copy"), lambda path: self.add_local([path]))

    def _browse_dest(self) -> None:
        if not self.is_download():
            self.pick_remote_dest.emit()
            return
        choose_folder(self, SelectionPanelWords.tr("Copy into this folder"), self.dest.setText)

    def _direction_changed(self) -> None:
        download = self.is_download()
        self.list.clear()
        self.dest.clear()
        self.mirror.setChecked(False)
        self.list.accept_drops = not download
        if download:
            self.list.placeholder = SelectionPanelWords.tr("Add files or folders from the host with the button below")
            self.add_files.setText(SelectionPanelWords.tr("Add f&iles or folders…"))
            self.add_files.setToolTip(SelectionPanelWords.tr("Choose files or folders on the host to fetch."))
            self.dest.setPlaceholderText(SelectionPanelWords.tr("folder on this computer"))
            self.browse.setToolTip(SelectionPanelWords.tr("Choose the folder on this computer to copy into."))
        else:
            self.list.placeholder = SelectionPanelWords.tr("Drop files or folders here, or add them with the buttons "
                                                           "below")
            self.add_files.setText(SelectionPanelWords.tr("Add f&iles…"))
            self.add_files.setToolTip(SelectionPanelWords.tr("Choose files on this computer to send."))
            self.dest.setPlaceholderText(SelectionPanelWords.tr("folder on the host"))
            self.browse.setToolTip(SelectionPanelWords.tr("Look through the host's folders and choose where the files "
                                                          "go."))
        self.list.setAccessibleDescription(self.list.placeholder)  # what the empty list shows, said too
        self.add_folder.setVisible(not download)
        self.add_folder.setToolTip(SelectionPanelWords.tr("Choose a folder on this computer to send, with everything "
                                                          "in it."))
        self._refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.PaletteChange:
            self.list.viewport().update()
        super().changeEvent(event)
