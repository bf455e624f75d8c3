"""Moving all state when the state folder changes: every file the app keeps goes along byte for byte,
old files are removed only after that, nested folders are refused, a folder with state of its own
brings a question (use it or replace it), and a move that fails (an unwritable or full folder) leaves
everything where it was with the app still working."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from app.core.profile import kept as history
from app.core import paths
from app.core.paths import ENV_HOME
from app.core.state import added_hosts, settings as settings_store, state_folder, transfer_log
from app.core.state import crash_log as crash
from app.core.state.settings import GuiSettings, HostChoice
from app.core.state.transfer_log import PastCopy


def fill_state(tmp_path: Path, log_bytes: int = 2000) -> HostChoice:
    """State as the app writes it: settings with a recent added host, the host's ssh config, a copy in the
    history, a measured profile and a crash log."""
    key = tmp_path / "id_nas"
    key.write_text("not a real key")
    choice = added_hosts.choice_for("nas.example.org", "me", 2222, key_file=str(key), name="nas")
    settings_store.save(GuiSettings(theme="dark", recent=[choice], destinations={"nas": "/backup"}))
    transfer_log.add(PastCopy("nas", 1.0e9, "tar-ssh", "upload", 3, 3000, 1.5, True, "sizes", "/backup", "tar …"))
    history._file("me@nas.example.org:2222").write_text(json.dumps([{"measured": "on a test"}]))
    crash.log_path().write_text("x" * log_bytes)
    return choice


def files_under(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_moving_takes_every_file_along(state_home: Path, tmp_path: Path, monkeypatch) -> None:
    choice = fill_state(tmp_path)
    before = files_under(state_home)
    assert {"config/gui-settings.json", "config/added-hosts.json", "config/ssh_config", "data/transfers.jsonl",
            "data/crash.log", "data/profiles/me@nas.example.org_2222.json"} <= set(before)
    new = tmp_path / "new state"
    assert state_folder.move(new) == []
    assert files_under(new) == before
    assert state_folder._foreign(new) == []  # every file the app writes is one it knows as its own
    assert not state_home.exists()  # the old folder held only state: it is gone
    assert os.environ[ENV_HOME] == str(new) and state_folder.current() == str(new)
    assert settings_store.load().recent == [choice] and transfer_log.load()[0].host == "nas"
    assert added_hosts.load()[0].name == "nas" and added_hosts.config_path() == new / "config" / "ssh_config"
    monkeypatch.delenv(ENV_HOME)
    paths.settle()  # the next start finds it through the pointer
    assert os.environ[ENV_HOME] == str(new)


def test_moving_out_of_the_default_folders_keeps_the_pointer(state_home: Path, tmp_path: Path,
                                                             monkeypatch) -> None:
    monkeypatch.delenv(ENV_HOME)
    fill_state(tmp_path)
    config, data = Path(state_folder.current()), tmp_path / "xdg-data" / "transfer-advisor"
    before = {"config": files_under(config), "data": files_under(data)}
    new = tmp_path / "chosen"
    state_folder.move(new)
    assert {"config": files_under(new / "config"), "data": files_under(new / "data")} == before
    assert [p.name for p in config.iterdir()] == ["state-folder"] and not data.exists()
    assert (config / "state-folder").read_text() == f"{new}\n"


def test_a_folder_inside_or_around_the_present_one_is_refused(state_home: Path, tmp_path: Path) -> None:
    fill_state(tmp_path)
    inside = state_folder.refusal(state_home / "sub")
    assert inside == (f"{state_home / 'sub'} is inside the folder the state is kept in now ({state_home}); "
                      "choose a folder outside it.")
    around = state_folder.refusal(tmp_path)
    assert around.startswith(f"The state is kept in {state_home} now, which is inside {tmp_path};")
    for folder in (state_home / "sub", tmp_path, state_home):
        with pytest.raises(state_folder.MoveError):
            state_folder.move(folder)
    assert files_under(state_home) and os.environ[ENV_HOME] == str(state_home)


def test_a_folder_with_files_of_the_users_own_is_never_adopted_or_replaced(state_home: Path,
                                                                         tmp_path: Path) -> None:
    fill_state(tmp_path)
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / "thesis.odt").write_text("years of work")
    (home / "data" / "transfers.json").write_text("[]")
    assert state_folder.refusal(home) == (f"{home / 'data' / 'thesis.odt'} is not Transfer Advisor's, so {home} "
                                          "cannot hold its state; choose an empty folder or make a new one.")
    for attempt in (lambda: state_folder.move(home, replace=True), lambda: state_folder.use(home)):
        with pytest.raises(state_folder.MoveError):
            attempt()
    assert (home / "data" / "thesis.odt").read_text() == "years of work"
    assert os.environ[ENV_HOME] == str(state_home)


def other_state(tmp_path: Path) -> Path:
    """A folder that already holds Transfer Advisor's state (from another computer, say)."""
    other = tmp_path / "other state"
    (other / "config").mkdir(parents=True)
    (other / "data").mkdir()
    (other / "config" / "gui-settings.json").write_text(json.dumps({"theme": "light", "race_count": 5}))
    (other / "data" / "transfers.json").write_text("[]")
    return other


def test_a_folder_with_state_is_used_or_replaced_never_merged(state_home: Path, tmp_path: Path) -> None:
    fill_state(tmp_path)
    ours = files_under(state_home)
    other = other_state(tmp_path)
    theirs = files_under(other)
    assert state_folder.holds_state(other) and not state_folder.holds_state(tmp_path / "empty")
    with pytest.raises(state_folder.MoveError, match="already holds Transfer Advisor's state"):
        state_folder.move(other)
    assert files_under(other) == theirs and files_under(state_home) == ours
    state_folder.use(other)
    assert os.environ[ENV_HOME] == str(other) and settings_store.load().race_count == 5
    assert files_under(state_home) == ours  # adopting leaves ours where it was
    state_folder.use(state_home)
    state_folder.move(other, replace=True)
    assert files_under(other) == ours and not state_home.exists()
    assert sorted(p.name for p in other.iterdir()) == ["config", "data"]  # nothing of theirs set aside


@pytest.fixture
def unwritable(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """A folder the app cannot put the state in: full (a tiny tmpfs: root only), or read-only (for root a
    read-only tmpfs, as root may write anywhere else)."""
    if request.param == "full":
        return request.getfixturevalue("tmpfs")("full", "size=64k")
    if os.geteuid() == 0:
        return request.getfixturevalue("tmpfs")("read-only", "ro,size=1m") / "state"
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    request.addfinalizer(lambda: folder.chmod(0o755))
    return folder / "state"


FAILURES = [pytest.param("full", marks=pytest.mark.root), "read-only"]


@pytest.mark.parametrize("unwritable", FAILURES, indirect=True)
def test_a_failed_move_leaves_everything_in_the_old_place(state_home: Path, tmp_path: Path,
                                                          unwritable: Path) -> None:
    fill_state(tmp_path, log_bytes=512 * 1024)  # more than the full folder can take
    before = files_under(state_home)
    pointer = tmp_path / "xdg-config" / "transfer-advisor" / "state-folder"
    with pytest.raises(state_folder.MoveError) as failure:
        state_folder.move(unwritable)
    sentence = failure.value.sentence
    assert sentence in (f"{unwritable} has no room for the state, so nothing was moved and the state stays in "
                        f"{state_home}; free some space there or choose another folder.",
                        f"{unwritable} cannot be written, so nothing was moved and the state stays in "
                        f"{state_home}; choose a folder you may write to.")
    assert files_under(state_home) == before and os.environ[ENV_HOME] == str(state_home)
    assert not pointer.exists()
    assert not unwritable.exists() or list(unwritable.iterdir()) == []  # no half copy left
    settings_store.save(GuiSettings(theme="light"))  # the app still keeps its state where it was
    assert settings_store.load().theme == "light" and settings_store.path().parent == state_home / "config"
    now = files_under(state_home)
    elsewhere = tmp_path / "new" / "state"
    state_folder.move(elsewhere)  # and it still moves, to a folder that has room
    assert files_under(elsewhere) == now


# -- in the window ---------------------------------------------------------------------------------
def open_settings(window):
    window.open_settings()
    dialog = window.settings_dialog
    assert dialog.change.isEnabled()
    return dialog


def test_changing_the_folder_in_the_settings_moves_the_state(state_home: Path, tmp_path: Path,
                                                             make_window) -> None:
    choice = fill_state(tmp_path)
    window = make_window(None, settings_store.load())
    window.picker.select(choice)
    dialog = open_settings(window)
    new = tmp_path / "new state"
    dialog.folder_chosen(str(new))
    assert dialog.folder.text() == str(new) and "all state moves here" in dialog.folder_note.text()
    dialog.theme.setCurrentIndex(1)  # light: changed in the same visit
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert not dialog.isVisible()
    moved = HostChoice("nas", "nas", str(new / "config" / "ssh_config"))
    assert window.settings.recent == [moved] and window.settings.theme == "light"
    assert window.picker.current() == moved  # the picked host follows its ssh config
    assert settings_store.load().recent == [moved] and settings_store.path().parent == new / "config"
    assert not state_home.exists()
    texts = [window.history.list.item(i).text() for i in range(window.history.list.count())]
    assert any("3 files" in t and "verified" in t for t in texts), texts  # the history came along


def test_a_nested_folder_is_refused_in_the_dialog(state_home: Path, tmp_path: Path, make_window) -> None:
    fill_state(tmp_path)
    window = make_window(None)
    dialog = open_settings(window)
    dialog.folder_chosen(str(state_home / "inside"))
    assert dialog.folder_note.isVisible() and "choose a folder outside it" in dialog.folder_note.text()
    assert dialog.pending is None and dialog.folder.text() == str(state_home)


def test_the_dialog_asks_before_using_a_folder_with_state(state_home: Path, tmp_path: Path,
                                                          make_window) -> None:
    fill_state(tmp_path)
    other = other_state(tmp_path)
    window = make_window(None, settings_store.load())
    dialog = open_settings(window)
    dialog.folder_chosen(str(other))
    box = dialog.question
    assert box is not None and box.isVisible() and str(other) in box.text()
    [use] = [b for b in box.buttons() if b.text() == "&Use its state"]
    use.click()
    assert dialog.pending == (str(other), "use") and "used as it is" in dialog.folder_note.text()
    dialog._save()
    assert os.environ[ENV_HOME] == str(other)
    assert window.settings.race_count == 5 and window.settings.recent == []  # theirs, as they were
    assert files_under(state_home)  # ours stays where it was


@pytest.mark.parametrize("unwritable", FAILURES, indirect=True)
def test_a_failed_move_keeps_the_dialog_open_with_the_reason(state_home: Path, tmp_path: Path, unwritable: Path,
                                                            make_window) -> None:
    fill_state(tmp_path, log_bytes=512 * 1024)
    window = make_window(None, settings_store.load())
    dialog = open_settings(window)
    dialog.folder_chosen(str(unwritable))
    dialog._save()
    assert dialog.isVisible() and dialog.pending is None
    assert dialog.folder_note.text().startswith(f"{unwritable} ")
    assert f"so nothing was moved and the state stays in {state_home};" in dialog.folder_note.text()
    assert dialog.folder.text() == str(state_home) and os.environ[ENV_HOME] == str(state_home)
    dialog.reject()
    window.find_bar.insecure.setChecked(not window.settings.allow_insecure_lan)  # the window still saves its settings
    assert not window.banner.isVisible()
    assert settings_store.load().allow_insecure_lan == window.settings.allow_insecure_lan
