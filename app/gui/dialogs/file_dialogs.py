"""This computer's file dialogs, opened without a nested event loop: the answer comes by callback."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QFileDialog, QWidget


def choose_folder(parent: QWidget, title: str, chosen: Callable[[str], None]) -> QFileDialog:
    dialog = QFileDialog(parent, title)
    dialog.setFileMode(QFileDialog.Directory)
    dialog.setOption(QFileDialog.ShowDirsOnly, True)
    dialog.fileSelected.connect(chosen)
    dialog.open()
    return dialog


def choose_files(parent: QWidget, title: str, chosen: Callable[[list[str]], None]) -> QFileDialog:
    dialog = QFileDialog(parent, title)
    dialog.setFileMode(QFileDialog.ExistingFiles)
    dialog.filesSelected.connect(chosen)
    dialog.open()
    return dialog


def choose_file(parent: QWidget, title: str, chosen: Callable[[str], None]) -> QFileDialog:
    dialog = QFileDialog(parent, title)
    dialog.setFileMode(QFileDialog.ExistingFile)
    dialog.fileSelected.connect(chosen)
    dialog.open()
    return dialog
