"""Files already at the destination, with the mouse against a real sshd: the window asks once, before the
copy starts, with the counts and the names; Keep both keeps the file there and puts the copy's beside it;
Cancel copies nothing."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from app.core.state.settings import GuiSettings
from tests.gui import driver
from tests.helpers import final_names

SETTINGS = GuiSettings(race_seconds=0.5, race_count=1, probe_budget=0.3)


def album(base: Path) -> tuple[Path, Path]:
    src = base / "src" / "album"
    src.mkdir(parents=True)
    (src / "photo.jpg").write_bytes(b"the copy's photo")
    (src / "same.jpg").write_bytes(b"identical")
    dest = base / "dest"
    (dest / "album").mkdir(parents=True)
    (dest / "album" / "photo.jpg").write_bytes(b"the photo already there")
    (dest / "album" / "same.jpg").write_bytes(b"identical")
    os.utime(dest / "album" / "same.jpg", (os.stat(src / "same.jpg").st_mtime,) * 2)
    return src, dest


async def until_asked(window, src: Path, dest: Path) -> QMessageBox:
    await driver.advised(window, "testhost", src, dest)
    window.card.go.click()
    return await driver.until(lambda: window.copying.existing_box, 60, "the question")


def button(box: QMessageBox, text: str):
    return next(b for b in box.buttons() if b.text() == text)


def test_keep_both(sshd, tmp_path: Path, make_window, drive) -> None:
    src, dest = album(tmp_path)
    window = make_window(sshd.ssh_config, SETTINGS)

    async def steps() -> None:
        box = await until_asked(window, src, dest)
        assert box.isVisible() and window.state == "copying"
        assert box.text() == f"1 item of this copy is already at testhost:{dest} and differs."
        assert "'album/photo.jpg' differs" in box.informativeText()
        assert "1 item identical to what is there will not be sent again." in box.informativeText()
        assert {b.text() for b in box.buttons()} >= {"&Replace", "&Update (keep newer ones)", "&Skip them",
                                                     "&Keep both", "Cancel"}
        button(box, "&Keep both").click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    assert (dest / "album" / "photo.jpg").read_bytes() == b"the photo already there"
    assert (dest / "album" / "photo (2).jpg").read_bytes() == b"the copy's photo"
    assert "Kept both: the copy of 'album/photo.jpg' is 'album/photo (2).jpg'." in window.transfer.verdict.text()
    assert final_names(dest) == os.listdir(dest) == ["album"]


def test_cancel_copies_nothing(sshd, tmp_path: Path, make_window, drive) -> None:
    src, dest = album(tmp_path)
    before = {p: p.read_bytes() for p in (dest / "album").iterdir()}
    window = make_window(sshd.ssh_config, SETTINGS)

    async def steps() -> None:
        box = await until_asked(window, src, dest)
        button(box, "Cancel").click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)

    drive(steps())
    assert window.state == "cancelled"
    assert {p: p.read_bytes() for p in (dest / "album").iterdir()} == before
    assert os.listdir(dest) == ["album"]  # nothing staged either
