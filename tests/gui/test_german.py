"""The window and the command line in German, as for someone whose desktop runs with LANG=de_DE.UTF-8: the whole
flow on the local demo host (connect, add a folder, find the fastest way, copy) shows no English on the way —
labels, buttons, menus, tooltips and what a screen reader says — and numbers take the German decimal comma.
The command line says its sentences in German too."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGroupBox, QLabel, QLineEdit, QMenu, QTabWidget, QWidget)

from app.core import language
from app.core.demo import host as demo
from app.core.transfer.methods import METHODS
from app.gui.panels.demo_host import is_demo
from app.gui.panels.host_picker import CHOICE_ROLE
from app.gui.shell import translation
from tests.gui import driver
from tests.helpers import make_tree

# Words that are English and not German. (Not: tool and cipher names, SI units, "Host", "Daemon", "Limit", "Start".)
ENGLISH = re.compile(
    r"\b(the|and|with|your|file|files|folder|folders|copy|copies|now|find|fastest|measured|predicted|connected|"
    r"connecting|choose|add|remove|waiting|done|failed|settings|help|quit|about|destination|network|speed|"
    r"seconds|encrypted|unencrypted|secure|insecure|others|stop|cancel|open|edit|view|queue|history|over|"
    r"this|that|from|which|when|here|there|what|press|test|try|local|browse|selection|verified|ready)\b",
    re.IGNORECASE)


def _clean(text: str) -> str:
    """What a person reads: tags and entities gone, mnemonics' & gone; paths, addresses, options and commands
    left out (they are typed as they are; the test's own folders carry English names)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("&", "")
    text = re.sub(r"`[^`]*`", " ", text)  # a command to type, as typed
    return " ".join(word for word in text.split()
                    if "/" not in word and "@" not in word and "." not in word.strip(".,:;") and not word.startswith("-")
                    and word.strip(".,:;()") not in METHODS)  # a method's id (smb-encrypted), as typed


def shown_words(window: QWidget) -> dict[str, str]:
    """Every text the window shows or says now, with where it is."""
    found: dict[str, str] = {window.windowTitle(): "title"}
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window):
            continue
        where = type(widget).__name__
        texts = [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        if isinstance(widget, QComboBox):
            texts.append(widget.currentText())
        if isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
        for text in texts:
            if text and text.strip():
                found.setdefault(text, where)
    for menu in window.menuBar().findChildren(QMenu):
        found.setdefault(menu.title(), "menu")
        for action in menu.actions():
            for text in (action.text(), action.toolTip(), action.statusTip()):
                if text:
                    found.setdefault(text, f"menu {menu.title()}")
    return found


def english_in(window: QWidget) -> list[str]:
    return [f"{where}: {text!r}" for text, where in shown_words(window).items() if ENGLISH.search(_clean(text))]


@pytest.fixture
def german(qapp, monkeypatch: pytest.MonkeyPatch):
    """The app as it starts under LANG=de_DE.UTF-8 (Qt's system locale is read once per process, so the
    window's catalogue is loaded for that locale by name)."""
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert translation.install(qapp, QLocale("de_DE")) == "de"
    yield
    translation.install(qapp, QLocale("C"))
    language.use(None)


def test_the_main_flow_shows_no_english(german, make_window, drive, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(demo.ENV_SSHD, "none")  # the embedded server: no sshd needed
    config = tmp_path / "ssh_config"
    config.write_text("")
    tree = make_tree(tmp_path / "Urlaub", small_files=30, big_bytes=3 * 1024 * 1024)
    window = make_window(config)
    seen: dict[str, list[str]] = {"Start": english_in(window)}

    async def steps() -> None:
        picker = window.picker
        row = next(r for r in range(picker.model.rowCount())
                   if is_demo(picker.model.item(r).data(CHOICE_ROLE)))
        picker.combo.setCurrentIndex(row)
        picker.test.click()
        await driver.until(lambda: window.flow.connected is not None or window.banner.isVisible(), 60,
                           "the connection to the demo host")
        assert window.flow.connected is not None, window.banner.sentence.text()
        seen["Verbunden"] = english_in(window)
        assert driver.drop_files(window.selection.list, [str(tree)])
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        seen["Auswahl"] = english_in(window)
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=120)
        assert window.state == "recommendation", window.banner.sentence.text()
        seen["Empfehlung"] = english_in(window)
        figures = window.card.secure.speed.text() + " " + window.card.secure.reason.text()
        assert not re.search(r"\d\.\d", figures), figures  # 5,6 MB/s, never 5.6
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=120)
        assert window.state == "done", window.banner.sentence.text()
        seen["Fertig"] = english_in(window)

    drive(steps(), 300)
    english = [f"{step} · {line}" for step, found in seen.items() for line in found]
    assert not english, "English in the German window:\n" + "\n".join(english)


def test_the_command_line_speaks_german(tmp_path: Path) -> None:
    """A bad number and a host that is not there: one German sentence each, as on a German desktop's terminal."""
    env = {**os.environ, "LANG": "de_DE.UTF-8", "LC_ALL": "", "TRANSFER_ADVISOR_HOME": str(tmp_path / "home")}
    env.pop("LC_ALL")
    out = subprocess.run([sys.executable, "-m", "app", "advise", "nas", str(tmp_path), "--race", "0"],
                         capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)
    assert out.returncode == 2
    sentence = out.stderr.strip()
    assert sentence.startswith("transfer-advisor: ") and len(sentence.splitlines()) == 1, sentence
    assert not ENGLISH.search(_clean(sentence.removeprefix("transfer-advisor: "))), sentence


def test_german_keys_are_unique(german, make_window) -> None:
    """In German too every button, labelled field and menu has its own Alt+letter."""
    from app.core.state.settings import GuiSettings
    from app.gui.dialogs.add_host_dialog import AddHostDialog
    from app.gui.dialogs.host_key_dialog import HostKeyDialog
    from app.gui.dialogs.settings_dialog import SettingsDialog
    from tests.gui.test_window import assert_unique_mnemonics

    window = make_window(None)
    assert_unique_mnemonics(window)
    for dialog in (AddHostDialog(None, window), SettingsDialog(GuiSettings(), window),
                   HostKeyDialog("nas", "SHA256:x", "ssh-ed25519", window)):
        assert_unique_mnemonics(dialog)
        dialog.deleteLater()


def test_the_command_lines_advice_is_german(tmp_path: Path) -> None:
    """`advise` on the demo host, as a German terminal shows it: the probes, the race, the verdict, the
    ranking and what was left out, with decimal commas; only commands, ids and tool names stay as typed."""
    folder = make_tree(tmp_path / "Urlaub", small_files=20, big_bytes=2 * 1024 * 1024)
    env = {**os.environ, "LANG": "de_DE.UTF-8", "TRANSFER_ADVISOR_HOME": str(tmp_path / "home"),
           demo.ENV_SSHD: "none"}
    env.pop("LC_ALL")
    out = subprocess.run([sys.executable, "-m", "app", "advise", "--demo", str(folder), "--race-seconds", "1"],
                         capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=180)
    assert out.returncode == 0, out.stderr
    said = out.stdout + out.stderr
    english = [line for line in said.splitlines() if ENGLISH.search(_clean(line))]
    assert english == [], "\n".join(english)
    assert "Engpass:" in said and "Empfohlen (sicher):" in said
    assert re.search(r"Umlaufzeit\s+\d+,\d+ ms", said), said
