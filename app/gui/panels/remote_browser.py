"""Browse the host's folders over SFTP: choose the destination folder (upload) or the files and
folders to fetch (download). Every listing is a background job; the dialog never waits. What is
selected can be dragged out to a file manager, as sftp:// addresses it fetches itself (GVfs, KIO)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Awaitable, Callable

from PySide6.QtCore import QMimeData, Qt, QUrl, Signal
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QStyle, QVBoxLayout, QWidget)

from app.core.errors import ErrorKind, TransferError
from app.gui.shell import theme
from app.gui.shell.bridge import Job
from app.core.formatting import size
from app.core.language import Words

PATH_ROLE = Qt.UserRole + 1


@dataclass(frozen=True)
class RemoteEntry:
    name: str
    is_dir: bool
    size: int


@dataclass(frozen=True)
class Listing:
    path: str                 # absolute, as the host resolved it
    entries: list[RemoteEntry]


Lister = Callable[[str], Awaitable[Listing]]
Locator = Callable[[str], str]  # a path on the host -> the sftp:// address a file manager fetches it from


class HostFolderList(QListWidget):
    """The folder's entries; dragged out, the selected ones go as sftp:// addresses (text/uri-list), which a
    file manager dropped on copies from the host itself, as from its own network view."""

    def __init__(self, locate: Locator | None) -> None:
        super().__init__()
        self.locate = locate
        if locate is not None:
            self.setDragEnabled(True)
            self.setDragDropMode(QAbstractItemView.DragOnly)
            self.setDefaultDropAction(Qt.CopyAction)

    def mimeTypes(self) -> list[str]:
        return ["text/uri-list"]

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if self.locate is not None:
            data.setUrls([QUrl(self.locate(item.data(PATH_ROLE))) for item in items])
        return data

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.CopyAction


class RemoteBrowserWords(Words):
    """The dialog that browses the host's folders (the translator's context)."""


class RemoteBrowser(QDialog):
    chosen = Signal(list)  # absolute remote paths

    def __init__(self, lister: Lister, start: str, host: str, pick_sources: bool,
                 parent: QWidget | None = None, locate: Locator | None = None) -> None:
        super().__init__(parent)
        self.lister = lister
        self.pick_sources = pick_sources
        self.current = ""
        self.job: Job | None = None
        self.setWindowTitle(RemoteBrowserWords.tr("Choose what to fetch from {host}", host=host) if pick_sources else
                            RemoteBrowserWords.tr("Choose a folder on {host}", host=host))
        self.path = QLineEdit()
        self.path.setAccessibleName(RemoteBrowserWords.tr("Folder on the host"))
        self.path.returnPressed.connect(lambda: self.open_folder(self.path.text()))
        up = QPushButton(RemoteBrowserWords.tr("&Up"))
        up.setToolTip(RemoteBrowserWords.tr("Go to the folder above"))
        up.clicked.connect(lambda: self.open_folder(posixpath.dirname(self.current.rstrip("/")) or "/"))
        home = QPushButton(RemoteBrowserWords.tr("&Home"))
        home.clicked.connect(lambda: self.open_folder("."))
        row = QHBoxLayout()
        label = QLabel(RemoteBrowserWords.tr("&Folder:"))
        label.setBuddy(self.path)
        row.addWidget(label)
        row.addWidget(self.path, 1)
        row.addWidget(up)
        row.addWidget(home)
        self.list = HostFolderList(locate)
        self.list.setAccessibleName(RemoteBrowserWords.tr("Folder contents"))
        self.list.setSelectionMode(QAbstractItemView.ExtendedSelection if pick_sources
                                   else QAbstractItemView.SingleSelection)
        self.list.itemActivated.connect(self._activated)
        self.status = QLabel()
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.ok = buttons.addButton(RemoteBrowserWords.tr("&Add selected") if pick_sources else
                                    RemoteBrowserWords.tr("&Choose this folder"), QDialogButtonBox.AcceptRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(640, 480)
        self.open_folder(start or ".")

    def open_folder(self, path: str) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
        self.status.setText(RemoteBrowserWords.tr("Reading the folder…"))
        self.list.setEnabled(False)
        # The job's name begins the sentence said if it crashes ("… stopped on an unexpected error").
        self.job = Job(self.lister(path), RemoteBrowserWords.tr("Listing a folder on the host"), self)
        self.job.succeeded.connect(self._show)
        self.job.failed.connect(self._failed)

    def _show(self, listing: Listing) -> None:
        self.current = listing.path
        self.path.setText(listing.path)
        self.list.clear()
        style = self.style()
        folders = sorted((e for e in listing.entries if e.is_dir), key=lambda e: e.name.lower())
        files = sorted((e for e in listing.entries if not e.is_dir), key=lambda e: e.name.lower())
        for entry in folders + files:
            icon = style.standardIcon(QStyle.SP_DirIcon if entry.is_dir else QStyle.SP_FileIcon)
            text = entry.name if entry.is_dir else f"{entry.name}    ({size(entry.size)})"
            item = QListWidgetItem(icon, text)
            item.setData(PATH_ROLE, posixpath.join(listing.path, entry.name))
            item.setData(Qt.UserRole, entry.is_dir)
            if not entry.is_dir and not self.pick_sources:
                item.setFlags(Qt.ItemIsEnabled)  # shown for orientation, not choosable as a destination
            self.list.addItem(item)
        self.list.setEnabled(True)
        hint = (RemoteBrowserWords.tr("Select files and folders, then Add selected.") if self.pick_sources else
                RemoteBrowserWords.tr("Open a folder with a double-click; the files go into the folder shown above."))
        if self.pick_sources and self.list.locate is not None:
            hint += " " + RemoteBrowserWords.tr("Or drag them to a folder of your file manager, which fetches them "
                                                "itself over SFTP.")
        folders_said = RemoteBrowserWords.tr("%Ln folder(s)", "", len(folders))
        files_said = RemoteBrowserWords.tr("%Ln file(s)", "", len(files))
        self.status.setText(f"{folders_said}, {files_said}. {hint}")
        self.status.setStyleSheet("")

    def _failed(self, error: TransferError) -> None:
        if error.kind is ErrorKind.CANCELLED:
            return
        self.list.setEnabled(True)
        self.status.setText(error.sentence)
        self.status.setStyleSheet(f"color: {theme.colors().bad};")

    def _activated(self, item: QListWidgetItem) -> None:
        if item.data(Qt.UserRole):
            self.open_folder(item.data(PATH_ROLE))

    def _accept(self) -> None:
        if self.pick_sources:
            paths = [i.data(PATH_ROLE) for i in self.list.selectedItems()]
            if not paths:
                self.status.setText(RemoteBrowserWords.tr("Select at least one file or folder first."))
                return
        else:
            selected = [i for i in self.list.selectedItems() if i.data(Qt.UserRole)]
            paths = [selected[0].data(PATH_ROLE) if selected else self.current]
        self.chosen.emit(paths)
        self.accept()

    def done(self, result: int) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
        super().done(result)
