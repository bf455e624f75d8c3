"""The question a mirror asks before a copy starts: delete what the copied folders hold at the
destination that the selection does not have? Cancel, the default, copies nothing and deletes nothing:
a copy that was meant to leave the destination equal to the selection does not half happen."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.transfer.mirror import Deletion
from app.core.language import Words
from app.core.wording.transfer import and_more, deletion_lines, mirror_deletes, mirror_deletes_when

SHOWN = 8  # items named in the question itself; all of them are in its details


class DeleteWords(Words):
    """A mirror's question before it deletes at the destination (the translator's context)."""


def ask(parent: QWidget, deletion: Deletion, where: str, answer: asyncio.Future) -> QMessageBox:
    """Open the question (window-modal, not blocking the loop); `answer` gets True to delete, else False."""
    n = deletion.count
    box = QMessageBox(QMessageBox.Warning, DeleteWords.tr("Delete files at the destination?"),
                      mirror_deletes(where, n, deletion.files, deletion.bytes),
                      QMessageBox.NoButton, parent)
    lines = deletion_lines(deletion)
    box.setInformativeText(f"{and_more(lines[:SHOWN], n)}\n\n{mirror_deletes_when()}")
    box.setDetailedText("\n".join(lines))
    delete = box.addButton(DeleteWords.tr("&Delete %Ln item(s)", "", n), QMessageBox.DestructiveRole)
    cancel = box.addButton(DeleteWords.tr("Cancel"), QMessageBox.RejectRole)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.buttonClicked.connect(lambda button: answer.done() or answer.set_result(button is delete))
    box.finished.connect(lambda _r: answer.done() or answer.set_result(False))
    box.open()
    return box
