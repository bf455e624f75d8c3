"""Where the state is, settled once at start for every command and the window: --config-dir, else
TRANSFER_ADVISOR_HOME set from outside, else the folder chosen in the window's settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.state import state_folder, transfer_log

from app.core import paths
from app.core.paths import ENV_HOME


@pytest.fixture
def fresh_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's computer: default folders in the test's folder, no switch set."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setattr(paths, "_set_outside", False)
    monkeypatch.setattr(paths, "_from_pointer", False)
    monkeypatch.delenv(ENV_HOME)
    return tmp_path


def test_without_a_choice_the_default_folders_are_used(fresh_start: Path) -> None:
    paths.settle()
    assert ENV_HOME not in os.environ and not paths.set_from_outside()
    assert paths.config_dir() == fresh_start / "xdg-config" / "transfer-advisor"


def test_the_folder_chosen_in_the_window_is_used_at_the_next_start(fresh_start: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = fresh_start / "USB stick" / "state"
    state_folder.use(chosen)  # as the settings dialog does
    monkeypatch.delenv(ENV_HOME)  # a new process: only the pointer remembers
    paths.settle()
    assert os.environ[ENV_HOME] == str(chosen) and state_folder.can_change()
    assert transfer_log._path() == chosen / "data" / "transfers.jsonl"


def test_settled_twice_the_chosen_folder_is_still_the_users_to_change(fresh_start: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's head start settles before main does: the second time must not take the pointer's folder,
    which the first put into the switch, for one set from outside."""
    chosen = fresh_start / "chosen"
    state_folder.use(chosen)
    monkeypatch.delenv(ENV_HOME)
    paths.settle()
    paths.settle()
    assert os.environ[ENV_HOME] == str(chosen) and state_folder.can_change()


def test_the_switch_from_outside_wins_over_the_chosen_folder(fresh_start: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    state_folder.use(fresh_start / "chosen")
    monkeypatch.setenv(ENV_HOME, str(fresh_start / "tests"))
    paths.settle()
    assert os.environ[ENV_HOME] == str(fresh_start / "tests") and not state_folder.can_change()


def test_config_dir_wins_over_both(fresh_start: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state_folder.use(fresh_start / "chosen")
    monkeypatch.setenv(ENV_HOME, str(fresh_start / "tests"))
    monkeypatch.chdir(fresh_start)
    paths.settle("given")
    assert os.environ[ENV_HOME] == str(fresh_start / "given") and not state_folder.can_change()
