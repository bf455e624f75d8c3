"""The whole job from the keyboard alone, as someone who does not use a mouse does it: Alt+letters and
arrows only, against the local demo host (its embedded server). Every control the keyboard reaches on the
way is named for a screen reader, and each chart describes what it draws in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QWidget

from app.core.demo import host as demo
from app.gui.panels.demo_host import try_label
from tests.gui import driver
from tests.helpers import far_side, follows_links, make_tree, snapshot


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("keyboard-src"), small_files=40, big_bytes=2 * 1024 * 1024)


def press(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.NoModifier) -> None:
    """A key as the keyboard sends it: to whatever has the focus in the active window."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "nothing has the keyboard focus"
    QTest.keyClick(target, key, modifier)


def alt(letter: str) -> None:
    press(getattr(Qt, f"Key_{letter.upper()}"), Qt.AltModifier)


def type_text(text: str) -> None:
    QTest.keyClicks(QApplication.focusWidget(), text)


def unnamed(top: QWidget) -> list[str]:
    """Controls the keyboard can reach in `top`, as shown now, that a screen reader could not name."""
    missing = []
    for widget in top.findChildren(QWidget):
        if widget.window() is not top or not widget.isVisible() or widget.focusPolicy() == Qt.NoFocus:
            continue
        if widget.objectName() == "qt_spinbox_lineedit":  # the spin box around it is named
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Name).strip():
            missing.append(f"{type(widget).__name__} under {type(widget.parentWidget()).__name__}")
    return missing


def undescribed(top: QWidget) -> list[str]:
    """Controls the keyboard can reach in `top`, as shown now, that a screen reader could not describe (a
    label's text is what it says: it needs no more)."""
    missing = []
    for widget in top.findChildren(QWidget):
        if widget.window() is not top or not widget.isVisible() or widget.focusPolicy() == Qt.NoFocus \
                or isinstance(widget, QLabel) or widget.objectName() == "qt_spinbox_lineedit":
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Description).strip():
            missing.append(f"{type(widget).__name__} {face.text(QAccessible.Name) if face else ''!r}")
    return missing


def test_the_whole_job_by_keyboard(tree: Path, tmp_path: Path, make_window, drive,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(demo.ENV_SSHD, "none")  # the embedded server: no sshd needed
    config = tmp_path / "ssh_config"
    config.write_text("")
    window = make_window(config)
    window.activateWindow()

    async def steps() -> None:
        await driver.until(lambda: QApplication.activeWindow() is window, 10, "the window to be active")
        alt("o")  # Host:
        assert QApplication.focusWidget() is window.picker.combo
        for _ in range(window.picker.combo.count()):
            if window.picker.combo.currentText().strip() == try_label():
                break
            press(Qt.Key_Down)
        assert window.picker.combo.currentText().strip() == try_label()
        alt("t")  # Test connection
        await driver.until(lambda: window.flow.connected is not None or window.banner.isVisible(), 60,
                           "the connection to the demo host")
        assert window.flow.connected is not None, window.banner.sentence.text()

        alt("e")  # Add folder…: this computer's file dialog, where a path can be typed
        dialog = await driver.until(lambda: isinstance(QApplication.activeModalWidget(), QFileDialog)
                                    and QApplication.activeModalWidget(), 10, "the folder dialog")
        await driver.until(lambda: QApplication.focusWidget() is not None
                           and QApplication.focusWidget().window() is dialog, 10, "the dialog's focus")
        type_text(str(tree))
        press(Qt.Key_Return)
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        assert window.selection.sources() == [str(tree)] and not dialog.isVisible()
        window.activateWindow()  # what the window manager does when a dialog closes (offscreen has none)
        await driver.until(lambda: QApplication.activeWindow() is window, 10, "the window to be active again")

        alt("s")  # Find the fastest way
        await driver.state(window, "recommendation", "error", timeout=120)
        assert window.state == "recommendation", window.banner.sentence.text()
        assert unnamed(window) == [] and undescribed(window) == []
        chart = window.advice_view.chart
        said = await driver.until(lambda: "limit:" in chart.accessibleDescription() and chart.accessibleDescription(),
                                  5, "the chart's summary of the advice")
        assert f"limit: {chart.limit_row().label}" in said
        race = window.advice_view.race.plot
        assert race.series and all(s.label in race.plot.accessibleDescription() for s in race.series.values())
        # The race's words name the advice's pick, and one figure is quoted for it (the card's speed, the
        # reason for experts); the card's reason is in plain words: no tool, no cipher.
        pick = window.card.secure
        rec = pick.recommendation
        assert rec.ranked.candidate.label in window.advice_view.race.status.text()
        figure = pick.speed.text().split(" ")[0]
        assert f" at {figure} MB/s" in rec.reason, (pick.speed.text(), rec.reason)
        assert pick.reason.text() == rec.card_reason and rec.options.cipher not in rec.card_reason
        assert rec.ranked.candidate.label not in rec.card_reason, rec.card_reason
        chosen = window.card.secure.radio
        assert chosen.accessibleName().startswith("Secure: ") and window.card.secure.name.text() in chosen.accessibleName()

        alt("n")  # Copy now
        await driver.state(window, "done", "error", "cancelled", timeout=120)
        assert window.state == "done", window.banner.sentence.text()
        assert unnamed(window) == [] and undescribed(window) == []
        assert window.transfer.graph.plot.accessibleDescription().startswith("Copy speed: ")

    drive(steps(), 300)
    host = window.demo.host
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(host.dest / tree.name, follow_links=follows_links(method)) == far_side(tree, method)


def test_every_dialog_control_is_named(make_window, qtbot) -> None:
    from app.core.state.settings import GuiSettings
    from app.gui.dialogs.add_host_dialog import AddHostDialog
    from app.gui.dialogs.host_key_dialog import HostKeyDialog
    from app.gui.dialogs.settings_dialog import SettingsDialog

    window = make_window(None)
    for dialog in (AddHostDialog(None, window), SettingsDialog(GuiSettings(), window),
                   HostKeyDialog("nas (192.0.2.20 port 22)", "SHA256:x", "ssh-ed25519", window)):
        dialog.show()
        assert unnamed(dialog) == [], dialog.windowTitle()
        dialog.close()
        dialog.deleteLater()
