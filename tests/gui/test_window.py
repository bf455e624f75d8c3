"""The window without a host: self-test, layout at common sizes, mnemonics, tooltips, settings,
crash dialog, graphs redrawn by their timer, and the rule that unencrypted methods are only
offered for hosts on the local network."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialogButtonBox, QLabel

from app.core.transfer.methods import METHODS
from app.core.state import added_hosts, settings as settings_store
from app.core.host import ssh_aliases
from app.gui.shell import theme
from app.gui.dialogs.add_host_dialog import AddHostDialog
from app.core.state.crash_log import log_path
from app.gui.shell.crash import CrashHandler
from app.gui.shell.flow import Connected
from app.gui.dialogs.host_key_dialog import HostKeyDialog
from app.gui.charts.live_plot import LivePlot
from app.core.host.local_network import is_local_address
from app.core.state.settings import GuiSettings, HostChoice
from app.gui.dialogs.settings_dialog import SettingsDialog
from app.core.wording.transfer import method_tip
from tests.gui import driver

ROOT = Path(__file__).resolve().parents[2]


def test_self_test_exits_zero() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = subprocess.run([sys.executable, "-m", "app", "--self-test"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=env, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test passed" in proc.stdout
    assert "FAIL" not in proc.stdout


def test_help_names_the_window_and_the_commands_still_need_no_qt() -> None:
    proc = subprocess.run([sys.executable, "-m", "app", "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0
    assert "--self-test" in proc.stdout and "opens the window" in proc.stdout


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_fits_common_screens(make_window, size: tuple[int, int]) -> None:
    window = make_window(None)
    hint = window.minimumSizeHint()
    assert hint.width() <= size[0] and hint.height() <= size[1] - 40  # a title bar and a panel stay visible
    window.resize(*size)
    assert (window.width(), window.height()) == size
    assert "fastest way" in window.windowTitle() and not window.windowIcon().isNull()


def _standard(button: QAbstractButton) -> bool:
    box = button.parentWidget()
    return isinstance(box, QDialogButtonBox) and box.standardButton(button) != QDialogButtonBox.NoButton


def assert_unique_mnemonics(top) -> None:
    """Every button, labelled field and menu has an Alt+letter, and no two share one."""
    # A dialog's standard buttons (OK, Cancel) are Qt's, in Qt's words: Enter and Esc press them.
    buttons = [b for b in top.findChildren(QAbstractButton) if b.window() is top and not _standard(b)]
    # A symbol-only button (↑, ↓, ✕) is reached by Tab or its list's keys; a screen reader says its name.
    symbols = [b for b in buttons if b.text() and not re.search(r"\w", b.text())]
    assert all(b.accessibleName() or b.text() == "✕" for b in symbols), [b.text() for b in symbols]
    labelled = [b.text() for b in buttons if b not in symbols]
    labelled += [a.text() for a in top.menuBar().actions()] if hasattr(top, "menuBar") else []
    labelled += [label.text() for label in top.findChildren(QLabel) if label.buddy() is not None]
    letters: dict[str, str] = {}
    for text in labelled:
        if not text or text == "✕":
            continue
        match = re.search(r"&(\w)", text)
        assert match, f"{text!r} has no keyboard mnemonic"
        letter = match.group(1).lower()
        assert letter not in letters, f"{text!r} and {letters[letter]!r} share Alt+{letter}"
        letters[letter] = text


def test_mnemonics_are_unique(make_window) -> None:
    window = make_window(None)
    assert_unique_mnemonics(window)
    for label in ("&File", "&Help"):
        assert label in [a.text() for a in window.menuBar().actions()]
    for dialog in (AddHostDialog(None, window), SettingsDialog(GuiSettings(), window),
                   HostKeyDialog("nas", "SHA256:x", "ssh-ed25519", window)):
        assert_unique_mnemonics(dialog)
        dialog.deleteLater()


def test_tooltips_explain_methods_and_factors(make_window) -> None:
    for method in METHODS.values():
        tip = method_tip(method.id)
        assert method.summary in tip
        assert ("Not encrypted" in tip) == (not method.secure)
    window = make_window(None)
    for widget in (window.find_bar.find, window.picker.test, window.selection.add_files, window.transfer.cancel,
                   window.card.go):
        assert widget.toolTip(), widget.text()


def test_graphs_redraw_on_their_timer_not_on_arrival(qtbot, qloop) -> None:
    plot = LivePlot("s", "MB/s")
    qtbot.addWidget(plot)
    plot.add_series("a", "a")
    for i in range(1000):
        plot.append("a", i / 10, float(i))
    assert plot.series["a"].curve.getData()[0] is None or len(plot.series["a"].curve.getData()[0]) == 0
    assert len(plot.series["a"].y) == 600  # bounded
    qtbot.waitUntil(lambda: plot.series["a"].curve.getData()[0] is not None
                    and len(plot.series["a"].curve.getData()[0]) == 600, timeout=2000)


def test_the_copy_graph_puts_its_unit_on_the_ticks(make_window) -> None:
    """The copy card is short: its graph says "0.5 s" on each tick instead of a line of its own under them,
    which a 1280×800 window cut in half."""
    axis = make_window(None).transfer.graph.plot.getAxis("bottom")
    assert axis.tickStrings([0.0, 0.5, 1.0], 1, 0.5) == ["0 s", "0.5 s", "1.0 s"]
    assert axis.labelText == "" and not axis.label.isVisible()


def test_unencrypted_methods_only_for_local_hosts(make_window) -> None:
    assert [is_local_address(a) for a in ("192.168.1.20", "10.0.0.2", "127.0.0.1", "169.254.3.4", "fe80::1",
                                          "::ffff:192.168.0.9", "fd00::5")] == [True] * 7
    assert [is_local_address(a) for a in ("8.8.8.8", "2001:4860::8888", "nas.example.com")] == [False] * 3
    window = make_window(None, GuiSettings(allow_insecure_lan=True))
    choice = HostChoice("far", "far.example.com")
    window._connected(Connected(choice, None, "Connected", "/home/u", False, "u@far:22"))  # type: ignore[arg-type]
    assert not window.find_bar.insecure.isVisibleTo(window) and not window.advising.allow_insecure()
    window._connected(Connected(choice, None, "Connected", "/home/u", True, "u@near:22"))  # type: ignore[arg-type]
    window.flow.connected = Connected(choice, None, "Connected", "/home/u", True, "u@near:22")  # type: ignore
    assert window.find_bar.insecure.isVisibleTo(window) and window.advising.allow_insecure()


def test_settings_default_safe_and_saved_atomically(qtbot, qloop) -> None:
    fresh = GuiSettings()
    assert fresh.allow_insecure_lan is False and fresh.verify == "sizes"
    dialog = SettingsDialog(fresh)
    qtbot.addWidget(dialog)
    assert not dialog.insecure.isChecked()
    saved: list[GuiSettings] = []
    dialog.saved.connect(saved.append)
    dialog.race_seconds.setValue(4.0)
    dialog.verify.setCurrentIndex(1)
    dialog._save()
    assert saved[0].race_seconds == 4.0 and saved[0].verify == "hashes"
    settings_store.save(saved[0])
    assert settings_store.load().race_seconds == 4.0
    assert settings_store.path().is_relative_to(os.environ["TRANSFER_ADVISOR_HOME"])
    settings_store.save(GuiSettings())


def test_crash_dialog_and_log(qtbot, qloop) -> None:
    handler = CrashHandler()
    try:
        raise ValueError("boom in a slot")
    except ValueError:
        handler.handle(*sys.exc_info())
    dialog = handler.dialogs[-1]
    qtbot.addWidget(dialog)
    assert "ValueError: boom in a slot" in dialog.details.toPlainText()
    assert "boom in a slot" in log_path().read_text()
    assert log_path().is_relative_to(os.environ["TRANSFER_ADVISOR_HOME"])
    dialog.reject()


def test_dark_and_light_palettes(qapp) -> None:
    dark = theme.apply(qapp, "dark")
    assert dark.dark and QApplication.palette().window().color().lightness() < 60
    light = theme.apply(qapp, "light")
    assert not light.dark and QApplication.palette().window().color().lightness() > 200


def test_like_the_system_keeps_the_desktops_style_and_palette(qapp, monkeypatch) -> None:
    from PySide6.QtGui import QPalette
    ours = [theme._light_palette().color(QPalette.Window), theme._dark_palette().color(QPalette.Window)]
    theme.apply(qapp, "dark")  # chosen, then back to the desktop's
    try:
        chosen = theme.apply(qapp, "system")
        desktop_window = QApplication.palette().color(QPalette.Window)
        assert desktop_window not in ours  # (here, with no desktop: the style's own palette)
        assert desktop_window == QApplication.style().standardPalette().color(QPalette.Window)
        assert chosen.dark == (desktop_window.lightness() < 128)
        monkeypatch.setattr(theme, "wants_high_contrast", lambda: True)  # the desktop asks for more contrast
        high = theme.apply(qapp, "system")
        assert high in (theme.HIGH_CONTRAST_LIGHT, theme.HIGH_CONTRAST_DARK) and high.dark == chosen.dark
    finally:
        theme.apply(qapp, "light")  # what the other tests expect


def test_aliases_from_an_ssh_config(tmp_path: Path) -> None:
    extra = tmp_path / "more.conf"
    extra.write_text("Host backup-box\n  HostName 198.18.0.9\n")
    config = tmp_path / "config"
    config.write_text(f"# mine\nHost nas nas2\n  HostName 198.18.0.5\nHost *.lan !bad\n  User me\n"
                      f"Include {extra}\nHost=attic\nHost nas\n")
    assert ssh_aliases.aliases(str(config)) == ["nas", "nas2", "backup-box", "attic"]
    assert ssh_aliases.aliases(str(tmp_path / "missing")) == []


def test_added_host_with_a_key_resolves_like_openssh(tmp_path: Path) -> None:
    user_config = tmp_path / "user_config"
    user_config.write_text("Host *\n  UserKnownHostsFile /tmp/kh-test\n")
    key = tmp_path / "id key"
    key.write_text("not really a key")
    choice = added_hosts.choice_for("192.168.50.7", "ann", 2222, str(key), "attic", str(user_config))
    assert choice == HostChoice("attic", "attic", str(added_hosts.config_path()))
    out = subprocess.run(["ssh", "-G", "-F", choice.ssh_config, "attic"], capture_output=True, text=True,
                         check=True).stdout
    assert "hostname 192.168.50.7" in out and "port 2222" in out and "user ann" in out
    assert f"identityfile {key}" in out and "userknownhostsfile /tmp/kh-test" in out
    assert added_hosts.choice_for("nas.local", "ann", 22) == HostChoice("ann@nas.local", "ann@nas.local", None)


def test_drop_adds_files_and_folders_with_counts(tmp_path: Path, make_window, drive) -> None:
    (tmp_path / "album").mkdir()
    for i in range(3):
        (tmp_path / "album" / f"{i}.jpg").write_bytes(b"x" * 1000)
    (tmp_path / "notes.txt").write_bytes(b"y" * 500)
    window = make_window(None)

    async def steps() -> None:
        assert driver.drop_files(window.selection.list, [str(tmp_path / "album"), str(tmp_path / "notes.txt")])
        await driver.until(lambda: window.selection.totals()[2], 10, "the sizes")

    drive(steps())
    assert window.selection.totals()[:2] == (4, 3500)
    assert window.selection.summary.text().startswith("2 items · 4 files · 3.5 kB")
    window.selection.list.topLevelItem(0).setSelected(True)
    window.selection.remove.click()
    assert window.selection.sources() == [str(tmp_path / "notes.txt")]


def test_drop_anywhere_on_the_window_adds_to_an_upload_only(tmp_path: Path, make_window, drive) -> None:
    (tmp_path / "notes.txt").write_bytes(b"y" * 500)
    window = make_window(None)

    async def steps() -> None:
        assert driver.drop_files(window.history.list, [str(tmp_path / "notes.txt")])  # a panel that takes no drops
        await driver.until(lambda: window.selection.totals()[2], 10, "the size")

    drive(steps())
    assert window.selection.sources() == [str(tmp_path / "notes.txt")]
    window.selection.download.setChecked(True)  # a download's files come from the host: a drop is refused
    assert not driver.drop_files(window, [str(tmp_path / "notes.txt")])
    assert window.selection.sources() == []


def test_files_opened_with_the_app_are_in_the_selection(tmp_path: Path, make_window, drive) -> None:
    """A file manager's "Open with" (the desktop entry's `gui %F`): the files and folders it passes are in
    the selection when the window opens, odd names too; one that is gone is said in the banner and marked in
    the list (as a dropped one is), the rest measured."""
    from app.cli_parser import build_parser
    from app.gui.shell.application import show_window

    odd = tmp_path / "it's a \"photo\" $(id) ü"
    odd.mkdir()
    (odd / "1.jpg").write_bytes(b"x" * 1000)
    (tmp_path / "-notes.txt").write_bytes(b"y" * 500)
    gone = tmp_path / "gone.txt"
    args = build_parser().parse_args(["gui", str(odd), str(tmp_path / "-notes.txt"), str(gone)])
    assert args.files == [str(odd), str(tmp_path / "-notes.txt"), str(gone)]
    window = make_window(None)

    async def steps() -> None:
        show_window(window, args.files)
        await driver.until(window.banner.isVisible, 10, "the banner for the file that is gone")
        await driver.until(lambda: window.selection.totals()[:2] == (2, 1500), 10, "the sizes")

    drive(steps())
    assert window.selection.sources() == args.files
    assert window.selection.list.topLevelItem(2).text(2) == "?"
    assert "gone.txt" in window.banner.sentence.text(), window.banner.sentence.text()


def test_switching_direction_while_measuring_drops_the_measurement(tmp_path: Path, make_window, drive) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(3000):
        (folder / f"{i}.txt").write_bytes(b"z")
    window = make_window(None)

    async def steps() -> None:
        assert driver.drop_files(window.selection.list, [str(folder)])
        window.selection.download.setChecked(True)  # the list is cleared while the folder is being measured
        await driver.until(lambda: not window.selection.jobs, 20, "the measurement to end")

    drive(steps())
    assert window.selection.sources() == [] and window.selection.summary.text() == "Nothing selected yet."
