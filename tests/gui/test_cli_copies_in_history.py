"""The command line and the window keep one state: a state folder moved in the window's settings is
where a `copy` in a terminal keeps its log and `profile` its measurement, and the window's history
lists that copy (and one that failed) and the measurement like its own."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from app.core import paths
from app.core.paths import ENV_HOME
from app.core.state import settings as settings_store
from app.core.transfer.methods import METHODS
from tests.gui import driver
from tests.gui.conftest import short_race
from tests.helpers import cli, make_small, snapshot


def history_lines(window) -> list[str]:
    return [window.history.list.item(i).text() for i in range(window.history.list.count())]


def test_a_copy_in_the_terminal_goes_to_the_moved_folder_and_the_windows_history(
        sshd, state_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_window, drive) -> None:
    settings_store.save(short_race())
    window = make_window(sshd.ssh_config, settings_store.load())
    window.open_settings()
    dialog = window.settings_dialog
    moved = tmp_path / "USB stick" / "Transfer Advisor"
    dialog.folder_chosen(str(moved))
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert os.environ[ENV_HOME] == str(moved) and not state_home.exists()
    window.close()

    monkeypatch.delenv(ENV_HOME)  # a terminal: only the window's choice says where the state is
    src, dest = make_small(tmp_path, "three tiny"), tmp_path / "on the NAS"
    base = ("--ssh-config", str(sshd.ssh_config), "--method", "rsync-ssh", "--verify")
    done = cli("copy", "testhost", str(src), "--dest", str(dest), *base)
    assert done.returncode == 0, done.stderr
    assert snapshot(dest / src.name) == snapshot(src)
    failed = cli("copy", "testhost", str(tmp_path / "not there"), "--dest", str(dest), *base)
    assert failed.returncode == 1 and "not there" in failed.stderr
    measured = cli("profile", "testhost", "--dest", str(dest), "--fresh", "--budget", "0.3",
                   "--ssh-config", str(sshd.ssh_config))
    assert measured.returncode == 0, measured.stderr
    assert [p.name for p in (moved / "data" / "profiles").iterdir()]  # the measurement is kept there too
    logged = [json.loads(line) for line in (moved / "data" / "transfers.jsonl").read_text().splitlines()]
    assert [(c["host"], c["outcome"]) for c in logged] == [("testhost", "done"), ("testhost", "failed")]
    assert not (tmp_path / "xdg-data").exists()  # nothing went to the default folders

    paths.settle()  # the window starts again
    window = make_window(sshd.ssh_config, settings_store.load())
    drive(driver.connect(window, "testhost"))
    lines = history_lines(window)
    assert any("measured: network" in line for line in lines), lines
    label = METHODS["rsync-ssh"].label
    assert any(f"↑ {label} · 3 files, 3 B · " in line and " · verified: contents" in line for line in lines), lines
    [failure] = [window.history.list.item(i) for i in range(len(lines)) if lines[i].endswith(f"↑ {label}: failed")]
    assert failed.stderr.removeprefix("transfer-advisor: ").strip() in failure.toolTip()
