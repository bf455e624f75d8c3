"""Making the destination match, with the mouse against a real sshd: the box near the destination is off
until ticked; before the copy starts the window lists what would be deleted, with Cancel the default;
Cancel copies and deletes nothing, Delete leaves the folder equal to the source. The box is unticked
after each copy."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from app.core.state.settings import GuiSettings
from tests.gui import driver
from tests.helpers import snapshot

SETTINGS = GuiSettings(race_seconds=0.5, race_count=1, probe_budget=0.3)


def backup(base: Path) -> tuple[Path, Path]:
    """The source album, and the destination's copy of it with two things the source no longer has."""
    src = base / "src" / "album"
    src.mkdir(parents=True)
    (src / "photo.jpg").write_bytes(b"a photo")
    dest = base / "dest"
    (dest / "album" / "old folder").mkdir(parents=True)
    (dest / "album" / "old folder" / "x.jpg").write_bytes(b"deleted at the source")
    (dest / "album" / "-old photo.jpg").write_bytes(b"deleted too")
    (dest / "beside.txt").write_bytes(b"not part of the copy")
    return src, dest


async def until_asked(window, src: Path, dest: Path, question: str = "delete_box") -> QMessageBox:
    await driver.connect(window, "testhost")
    assert driver.drop_files(window.selection.list, [str(src)])
    window.selection.dest.setText(str(dest))
    assert not window.selection.mirror.isChecked()  # off unless ticked
    window.selection.mirror.setChecked(True)
    await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
    window.find_bar.find.click()
    await driver.state(window, "recommendation", "error", timeout=90)
    assert window.state == "recommendation", window.banner.sentence.text()
    window.card.go.click()
    return await driver.until(lambda: getattr(window.copying, question, None), 60, "the question")


def test_cancel_copies_and_deletes_nothing(sshd, tmp_path: Path, make_window, drive) -> None:
    src, dest = backup(tmp_path)
    before = snapshot(dest)
    window = make_window(sshd.ssh_config, SETTINGS)

    async def steps() -> None:
        box = await until_asked(window, src, dest)
        assert box.text() == (f"Making testhost:{dest} match the selection deletes 2 items there (2 files, 32 B) "
                              "that the selection does not have.")
        assert "'album/-old photo.jpg' (11 B)" in box.informativeText()
        assert "'album/old folder' (a folder: 1 file, 21 B)" in box.detailedText()
        assert box.defaultButton().text() == "Cancel"
        assert [b.text() for b in box.buttons() if box.buttonRole(b) == QMessageBox.DestructiveRole] == \
            ["&Delete 2 items"]
        box.defaultButton().click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)

    drive(steps())
    assert window.state == "cancelled"
    assert snapshot(dest) == before  # the photo was not copied either
    assert not window.selection.mirror.isChecked()


def test_delete_leaves_the_folder_equal_to_the_source(sshd, tmp_path: Path, make_window, drive) -> None:
    src, dest = backup(tmp_path)
    window = make_window(sshd.ssh_config, SETTINGS)

    async def steps() -> None:
        box = await until_asked(window, src, dest)
        next(b for b in box.buttons() if b.text() == "&Delete 2 items").click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    assert snapshot(dest / "album") == snapshot(src)
    assert (dest / "beside.txt").read_bytes() == b"not part of the copy"
    assert sorted(os.listdir(dest)) == ["album", "beside.txt"]
    assert f"Deleted 2 items at testhost:{dest} that the selection does not have" in window.transfer.verdict.text()
    assert not window.selection.mirror.isChecked()


def test_files_that_differ_are_replaced_or_updated_but_never_skipped(sshd, tmp_path: Path, make_window,
                                                                     drive) -> None:
    """Skipping or keeping both would leave the folder unequal: a mirror's question offers neither."""
    src, dest = backup(tmp_path)
    (dest / "album" / "photo.jpg").write_bytes(b"an older photo there")
    os.utime(dest / "album" / "photo.jpg", (1_600_000_000, 1_600_000_000))
    window = make_window(sshd.ssh_config, SETTINGS)

    async def steps() -> None:
        await until_asked(window, src, dest, "existing_box")
        box = window.copying.existing_box
        offered = {b.text() for b in box.buttons()} - {"Show Details..."}
        assert offered == {"&Replace", "&Update (keep newer ones)", "Cancel"}
        assert box.defaultButton().text() == "Cancel"
        next(b for b in box.buttons() if b.text() == "&Update (keep newer ones)").click()
        deleting = await driver.until(lambda: window.copying.delete_box, 60, "the question")
        next(b for b in deleting.buttons() if b.text() == "&Delete 2 items").click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    assert snapshot(dest / "album") == snapshot(src)
    assert "Updated: 0 unchanged, 1 updated, 0 new." in window.transfer.verdict.text()
