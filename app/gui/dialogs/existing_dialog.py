"""The one question a copy asks when files it brings are already at the destination and differ:
replace them, update them (replace all but those newer there), skip them, or keep both (the copy's
get a name like "photo (2).jpg"). Identical files are not part of the question: they are there
already and are not sent again."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.transfer.existing import Existing, Placement
from app.core.formatting import count

SHOWN = 8  # items named in the question itself; all of them are in its details


def ask(parent: QWidget, placement: Placement, where: str, answer: asyncio.Future,
        mirror: bool = False) -> QMessageBox:
    """Open the question (window-modal, not blocking the loop); `answer` gets an Existing or None. A copy
    that makes the destination match is offered only what leaves it equal: replace or update."""
    clashes = placement.clashes
    box = QMessageBox(QMessageBox.Question, "Files already there",
                      f"{count(len(clashes), 'item')} of this copy {'is' if len(clashes) == 1 else 'are'} already "
                      f"at {where} and differ{'s' if len(clashes) == 1 else ''}.", QMessageBox.NoButton, parent)
    lines = [c.describe() for c in clashes]
    shown = "\n".join(lines[:SHOWN]) + (f"\n… and {len(lines) - SHOWN} more" if len(lines) > SHOWN else "")
    same = (f"\n\n{count(len(placement.identical), 'item')} identical to what is there will not be sent again."
            if placement.identical else "")
    folders = any(c.kinds_differ for c in clashes)
    fix = "move it aside, then copy again" if mirror else "choose Skip or Keep both"
    note = f"\n\nA folder is never replaced by a file, or a file by a folder: {fix}." if folders else ""
    box.setInformativeText(shown + same + note)
    box.setDetailedText("\n".join(lines))
    buttons = {}
    if not folders:
        buttons[box.addButton("&Replace", QMessageBox.DestructiveRole)] = Existing.REPLACE
        update = box.addButton("&Update (keep newer ones)", QMessageBox.AcceptRole)
        update.setToolTip("Replace what is older there, or differs from the same time; a file newer there is "
                          "left as it is.")
        buttons[update] = Existing.NEWER
    cancel = box.addButton("Cancel", QMessageBox.RejectRole)
    if mirror:
        box.setDefaultButton(cancel)
        _wire(box, buttons, answer)
        return box
    buttons[box.addButton("&Skip them", QMessageBox.AcceptRole)] = Existing.SKIP
    keep = box.addButton("&Keep both", QMessageBox.AcceptRole)
    buttons[keep] = Existing.RENAME
    box.setDefaultButton(keep)
    keep.setToolTip("The copy's files get a name like “photo (2).jpg”; nothing there is changed.")
    _wire(box, buttons, answer)
    return box


def _wire(box: QMessageBox, buttons: dict, answer: asyncio.Future) -> None:
    box.buttonClicked.connect(lambda button: answer.done() or answer.set_result(buttons.get(button)))
    box.finished.connect(lambda _r: answer.done() or answer.set_result(None))
    box.open()
