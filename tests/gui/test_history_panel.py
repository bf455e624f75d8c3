"""The history with a host lists its newest copies and measurements first, and every older one a click on
Show older away (the log keeps every copy: app.core.state.transfer_log)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.core.state import transfer_log
from app.core.state.transfer_log import PastCopy
from app.gui.panels.history_panel import SHOWN, HistoryPanel


@pytest.fixture
def panel(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> HistoryPanel:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "state"))
    shown = HistoryPanel()
    qtbot.addWidget(shown)
    shown.show()
    return shown


def lines(panel: HistoryPanel) -> list[str]:
    """The rows, without the last one that lists older rows."""
    return [panel.list.item(i).text() for i in range(panel.list.count()) if panel.list.item(i) is not panel.older]


def show_older(panel: HistoryPanel, qtbot) -> None:
    """As a user does it from the keyboard: the last row, Enter."""
    assert panel.older is not None and panel.list.item(panel.list.count() - 1) is panel.older
    assert panel.older.text() == "Show older…"
    panel.list.setFocus()
    panel.list.setCurrentItem(panel.older)
    qtbot.keyClick(panel.list, Qt.Key_Return)


def nightly(count: int, host: str = "nas") -> None:
    for n in range(count):
        transfer_log.add(PastCopy(host, 1.6e9 + n * 86400, "tar-ssh", "upload", 2, 1000 + n, 1.0, True, "sizes",
                                  "/backup", "tar …"))


def test_every_copy_is_a_keypress_away(panel: HistoryPanel, qtbot) -> None:
    nightly(2 * SHOWN + 5)
    nightly(3, "pi")
    panel.show_for("nas", None)
    first = lines(panel)
    assert len(first) == SHOWN
    show_older(panel, qtbot)
    assert lines(panel)[:SHOWN] == first and len(lines(panel)) == 2 * SHOWN
    assert panel.list.currentRow() == SHOWN  # the first of the older ones
    show_older(panel, qtbot)
    assert len(lines(panel)) == 2 * SHOWN + 5 and panel.older is None
    assert "2 files, 1.0 kB" in lines(panel)[-1]  # the oldest copy, last

    panel.show_for("pi", None)  # another host: its newest first, nothing to show older
    assert len(lines(panel)) == 3 and panel.older is None
    panel.show_for("nas", None)
    assert len(lines(panel)) == SHOWN  # back to the newest


def test_a_host_without_copies_says_so(panel: HistoryPanel) -> None:
    panel.show_for("nas", None)
    assert lines(panel) == ["No copies or measurements yet."] and panel.older is None


def test_a_history_that_cannot_be_written_loses_only_its_line(sshd, tmp_path: Path, make_window, drive,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The state folder cannot take the copy's line (here its log is a folder: root writes through any mode):
    the copy is done and verified as the panel says, and the banner says its line is missing."""
    from tests.gui import driver
    from tests.helpers import make_small, snapshot
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "state"))
    transfer_log._path().mkdir(parents=True)
    src, dest = make_small(tmp_path, "three tiny"), tmp_path / "on the NAS"
    window = make_window(sshd.ssh_config)

    async def steps() -> None:
        await driver.connect(window, "testhost")
        assert driver.drop_files(window.selection.list, [str(src)])
        window.selection.dest.setText(str(dest))
        await driver.find_and_copy(window)

    drive(steps())
    assert snapshot(dest / src.name) == snapshot(src)
    assert window.banner.isVisible() and window.banner.title.text() == "The copy is not in the history"
    assert "could not be added to the history (Is a directory)" in window.banner.sentence.text()
