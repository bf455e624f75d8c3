"""The one question a copy asks when files it brings are already at the destination and differ:
replace them, skip them, or keep both (the copy's get a name like "photo (2).jpg"). Identical files
are not part of the question: they are there already and are not sent again."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.existing import Existing, Placement
from app.gui.formatting import count

SHOWN = 8  # items named in the question itself; all of them are in its details


def ask(parent: QWidget, placement: Placement, where: str, answer: asyncio.Future) -> QMessageBox:
    """Open the question (window-modal, not blocking the loop); `answer` gets an Existing or None."""
    clashes = placement.clashes
    box = QMessageBox(QMessageBox.Question, "Files already there",
                      f"{count(len(clashes), 'item')} of this copy {'is' if len(clashes) == 1 else 'are'} already "
                      f"at {where} and differ{'s' if len(clashes) == 1 else ''}.", QMessageBox.NoButton, parent)
    lines = [c.describe() for c in clashes]
    shown = "\n".join(lines[:SHOWN]) + (f"\n… and {len(lines) - SHOWN} more" if len(lines) > SHOWN else "")
    same = (f"\n\n{count(len(placement.identical), 'item')} identical to what is there will not be sent again."
            if placement.identical else "")
    folders = any(c.kinds_differ for c in clashes)
    note = ("\n\nA folder is never replaced by a file, or a file by a folder: choose Skip or Keep both."
            if folders else "")
    box.setInformativeText(shown + same + note)
    box.setDetailedText("\n".join(lines))
    buttons = {}
    if not folders:
        buttons[box.addButton("&Replace", QMessageBox.DestructiveRole)] = Existing.REPLACE
    buttons[box.addButton("&Skip them", QMessageBox.AcceptRole)] = Existing.SKIP
    keep = box.addButton("&Keep both", QMessageBox.AcceptRole)
    buttons[keep] = Existing.RENAME
    box.addButton("Cancel", QMessageBox.RejectRole)
    box.setDefaultButton(keep)
    keep.setToolTip("The copy's files get a name like “photo (2).jpg”; nothing there is changed.")
    box.buttonClicked.connect(lambda button: answer.done() or answer.set_result(buttons.get(button)))
    box.finished.connect(lambda _r: answer.done() or answer.set_result(None))
    box.open()
    return box
