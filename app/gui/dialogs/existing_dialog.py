"""The one question a copy asks when files it brings are already at the destination and differ:
replace them, update them (replace all but those newer there), skip them, or keep both (the copy's
get a name like "photo (2).jpg"). Identical files are not part of the question: they are there
already and are not sent again."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.language import Words
from app.core.transfer.existing import Existing, Placement
from app.core.wording.transfer import already_there, and_more, identical_not_sent, kinds_never_swapped

SHOWN = 8  # items named in the question itself; all of them are in its details


class ExistingWords(Words):
    """The question about files already at the destination (the translator's context)."""


def ask(parent: QWidget, placement: Placement, where: str, answer: asyncio.Future,
        mirror: bool = False) -> QMessageBox:
    """Open the question (window-modal, not blocking the loop); `answer` gets an Existing or None. A copy
    that makes the destination match is offered only what leaves it equal: replace or update."""
    clashes = placement.clashes
    box = QMessageBox(QMessageBox.Question, ExistingWords.tr("Files already there"),
                      already_there(len(clashes), where), QMessageBox.NoButton, parent)
    lines = [c.describe() for c in clashes]
    same = f"\n\n{identical_not_sent(len(placement.identical))}" if placement.identical else ""
    folders = any(c.kinds_differ for c in clashes)
    note = f"\n\n{kinds_never_swapped(mirror)}" if folders else ""
    box.setInformativeText(and_more(lines[:SHOWN], len(lines)) + same + note)
    box.setDetailedText("\n".join(lines))
    buttons = {}
    if not folders:
        buttons[box.addButton(ExistingWords.tr("&Replace"), QMessageBox.DestructiveRole)] = Existing.REPLACE
        update = box.addButton(ExistingWords.tr("&Update (keep newer ones)"), QMessageBox.AcceptRole)
        update.setToolTip(ExistingWords.tr("Replace what is older there, or differs from the same time; a file "
                                           "newer there is left as it is."))
        buttons[update] = Existing.NEWER
    cancel = box.addButton(ExistingWords.tr("Cancel"), QMessageBox.RejectRole)
    if mirror:
        box.setDefaultButton(cancel)
        _wire(box, buttons, answer)
        return box
    buttons[box.addButton(ExistingWords.tr("&Skip them"), QMessageBox.AcceptRole)] = Existing.SKIP
    keep = box.addButton(ExistingWords.tr("&Keep both"), QMessageBox.AcceptRole)
    buttons[keep] = Existing.RENAME
    box.setDefaultButton(keep)
    keep.setToolTip(ExistingWords.tr("The copy's files get a name like “photo (2).jpg”; nothing there is changed."))
    _wire(box, buttons, answer)
    return box


def _wire(box: QMessageBox, buttons: dict, answer: asyncio.Future) -> None:
    box.buttonClicked.connect(lambda button: answer.done() or answer.set_result(buttons.get(button)))
    box.finished.connect(lambda _r: answer.done() or answer.set_result(None))
    box.open()
