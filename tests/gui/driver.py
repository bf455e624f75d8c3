"""Driving the window as a user would, from asyncio code on the qasync loop: click, drop files,
wait for what the window shows. Shared by the pytest-qt tests and the screenshot script."""

from __future__ import annotations

import asyncio
import posixpath
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.gui.panels.host_picker import CHOICE_ROLE
from app.gui.shell.main_window import MainWindow
from app.core.state.settings import HostChoice


async def until(condition: Callable[[], object], timeout: float = 30.0, what: str = "") -> object:
    """Wait, without blocking the loop, until `condition()` is truthy; fail with `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what or condition}")
        await asyncio.sleep(0.02)


async def state(window: MainWindow, *states: str, timeout: float = 60.0) -> str:
    return await until(lambda: window.state if window.state in states else "", timeout,
                       f"state {' or '.join(states)} (now {window.state!r}; banner: "
                       f"{window.banner.sentence.text() if window.banner.isVisible() else '-'})")


async def state_signal(window: MainWindow, *states: str, timeout: float = 300.0) -> str:
    """Like `state`, but woken by the window's signal instead of polling (for measurements)."""
    if window.state in states:
        return window.state
    future = asyncio.get_running_loop().create_future()

    def changed(name: str) -> None:
        if name in states and not future.done():
            future.set_result(name)

    window.state_changed.connect(changed)
    try:
        return await asyncio.wait_for(future, timeout)
    finally:
        window.state_changed.disconnect(changed)


def drop_files(widget: QWidget, paths: list[str]) -> bool:
    """A drop of files from a file manager: drag enter, then drop, with file URLs."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    target = widget.viewport() if hasattr(widget, "viewport") else widget
    centre = target.rect().center()
    try:  # Qt 6.12 takes the position as a QPointF (and deprecates the QPoint form); earlier ones a QPoint
        enter = QDragEnterEvent(QPointF(centre), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    except TypeError:
        enter = QDragEnterEvent(QPoint(centre), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(QPointF(centre), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def pick_host(window: MainWindow, label: str) -> HostChoice:
    picker = window.picker
    for row in range(picker.model.rowCount()):
        choice = picker.model.item(row).data(CHOICE_ROLE)
        if choice is not None and choice.label == label:
            picker.combo.setCurrentIndex(row)
            return choice
    raise AssertionError(f"{label} is not in the host list")


async def connect(window: MainWindow, label: str, timeout: float = 30.0) -> None:
    pick_host(window, label)
    window.picker.test.click()
    # Connected, and the window has taken it in (the job's result reaches the panels a loop turn later).
    await until(lambda: not window.hosts.connecting and (window.flow.connected is not None or window.banner.isVisible()),
                timeout, f"the connection to {label}")
    assert window.flow.connected is not None, window.banner.details_text()


async def pick_on_host(window: MainWindow, path: str) -> None:
    """Add `path` from the host's folder browser (download), as a user picks it."""
    window.selection.add_files.click()
    browser = await until(lambda: getattr(window, "browser", None), 10, "the folder browser")
    parent, name = path.rsplit("/", 1)
    browser.open_folder(parent)
    await until(lambda: browser.current == parent and browser.list.count(), 20, "the listing")
    item = next(browser.list.item(i) for i in range(browser.list.count()) if browser.list.item(i).text() == name)
    item.setSelected(True)
    browser.ok.click()
    assert window.selection.sources() == [path]


async def advised(window: MainWindow, host: str, source: Path, dest: Path) -> None:
    """Connect, drop `source`, wait for its counts, and find the fastest way: the advice must come."""
    await connect(window, host)
    assert drop_files(window.selection.list, [str(source)])
    window.selection.dest.setText(str(dest))
    await until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
    window.find_bar.find.click()
    await state(window, "recommendation", "error", timeout=90)
    assert window.state == "recommendation", window.banner.details_text()


async def copying(window: MainWindow, host: str, source: Path, dest: Path) -> None:
    """Connect, drop `source`, find the fastest way, Copy now, and return once its bytes move."""
    await connect(window, host)
    assert drop_files(window.selection.list, [str(source)])
    window.selection.dest.setText(str(dest))
    window.find_bar.find.click()
    await state(window, "recommendation", "error", timeout=90)
    assert window.state == "recommendation", window.banner.details_text()
    window.card.go.click()
    await until(lambda: window.transfer.latest and window.transfer.latest.done > 0, 30, "bytes moving")
    assert window.state == "copying"


async def find_and_copy(window: MainWindow, advice_timeout: float = 90.0, copy_timeout: float = 90.0) -> None:
    """Find the fastest way, then Copy now with what it recommends; both must succeed."""
    window.find_bar.find.click()
    await state(window, "recommendation", "error", timeout=advice_timeout)
    assert window.state == "recommendation", window.banner.details_text()
    window.card.go.click()
    await state(window, "done", "error", "cancelled", timeout=copy_timeout)
    assert window.state == "done", window.banner.details_text()


def window_leftovers(advice) -> set[str]:
    """The names, in the destination folder, of what the window's advice left there for Copy now: the staging folder
    its race opened and the race's scratch folder holding its kept lap (both go when the advice is let go)."""
    folders = [advice.made_stage, posixpath.dirname(advice.kept_lap[1]) if advice.kept_lap else ""]
    return {posixpath.basename(f) for f in folders if f}
