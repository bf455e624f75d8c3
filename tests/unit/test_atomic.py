"""State files are written whole or not at all, readable by their owner only (a public key by anyone):
a write that fails leaves the old file as it was and nothing beside it."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from app.core.events import TransferResult
from app.core.host.hosts import Host, HostSpec
from app.core.host.keylogin import ensure_key, key_path
from app.core.state import added_hosts, settings as settings_store, transfer_log
from app.core import atomic
from app.core.paths import ENV_HOME
from app.core.state.settings import GuiSettings


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask():
    """A umask that would leave files readable by everyone: the helper's modes must not depend on it."""
    old = os.umask(0)
    yield
    os.umask(old)


def test_a_new_file_is_written_whole_and_private(tmp_path: Path, open_umask) -> None:
    target = tmp_path / "gui-settings.json"
    atomic.write_json(target, {"theme": "dark", "recent": []})
    assert json.loads(target.read_text()) == {"theme": "dark", "recent": []}
    assert mode(target) == 0o600
    assert os.listdir(tmp_path) == ["gui-settings.json"]  # no temporary file left beside it


def test_a_rewrite_gets_the_mode_asked_for_not_the_old_one(tmp_path: Path, open_umask) -> None:
    target = tmp_path / "transfers.json"
    target.write_text("[]")
    target.chmod(0o666)
    atomic.write(target, "[1]")
    assert (target.read_text(), mode(target)) == ("[1]", 0o600)
    atomic.write(target, b"[2]", 0o644)  # a public key
    assert (target.read_text(), mode(target)) == ("[2]", 0o644)


def test_what_cannot_be_written_leaves_the_old_file_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "ssh_config"
    target.write_text("Host nas\n")
    with pytest.raises(UnicodeEncodeError):
        atomic.write(target, "Host caf\udce9\n")  # a name of undecodable bytes: no UTF-8 for it
    assert target.read_text() == "Host nas\n"
    assert os.listdir(tmp_path) == ["ssh_config"]


@pytest.fixture
def tiny_disk(tmp_path: Path):
    """A 64 KiB filesystem of its own (a full USB stick, a full home)."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a small filesystem needs root")
    yield folder
    subprocess.run(["umount", str(folder)], check=False)


def test_a_full_disk_leaves_the_old_file_and_nothing_else(tiny_disk: Path) -> None:
    target = tiny_disk / "transfers.json"
    atomic.write_json(target, [{"host": "nas"}])
    before = target.read_bytes()
    with pytest.raises(OSError) as failed:
        atomic.write(target, b"x" * (1 << 20))
    assert failed.value.errno == errno.ENOSPC
    assert target.read_bytes() == before
    assert os.listdir(tiny_disk) == ["transfers.json"]


def test_every_state_file_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_umask) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "state"))
    settings_store.save(GuiSettings(theme="dark"))
    key = tmp_path / "id_nas"
    key.write_text("not a real key")
    added_hosts.choice_for("nas.example.org", "me", 2222, key_file=str(key), name="nas")
    transfer_log.record("nas", "/backup", TransferResult("scp", {}, 1, 1, 0.1, True, "sizes", "scp …"))
    written = [settings_store.path(), added_hosts.config_path(), added_hosts.config_path().with_name(
        "added-hosts.json"), tmp_path / "state" / "data" / "transfers.jsonl"]
    assert {str(p): mode(p) for p in written} == {str(p): 0o600 for p in written}


def test_a_key_is_private_and_its_public_half_readable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       open_umask) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "state"))
    host = Host(HostSpec("me@nas.example.org"), "nas.example.org", "nas.example.org", 22, "me", (), (), False)
    ensure_key(host)
    private = key_path(host)
    assert (mode(private), mode(private.with_name(private.name + ".pub"))) == (0o600, 0o644)
    assert sorted(os.listdir(private.parent)) == [private.name, private.name + ".pub"]
