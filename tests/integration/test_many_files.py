"""100 000 tiny files on the real disk, as a source tree or a mail folder holds them: the advice comes
out with its reason and command, and `copy --best` lands every file (checked at the far side)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import cli_json, make_many, tree_bytes

FILES = 100_000


@pytest.fixture(scope="module")
def many(disk_tmp_module: Path) -> Path:
    return make_many(disk_tmp_module / "many files", FILES)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_advise_and_copy_best(sshd, many: Path, disk_tmp: Path) -> None:
    advice = cli_json("advise", "testhost", str(many), "--dest", str(disk_tmp / "d"), "--race-seconds", "1",
                      "--ssh-config", str(sshd.ssh_config), timeout=600)
    assert "error" not in advice, advice
    assert advice["files"] == FILES
    assert advice["bottleneck"]["sentence"].endswith(".") and advice["recommended"]["secure"]["command"]
    assert not (disk_tmp / "d").exists() or os.listdir(disk_tmp / "d") == []
    dest = disk_tmp / "dest"
    out = cli_json("copy", "testhost", str(many), "--dest", str(dest), "--best",
                   "--ssh-config", str(sshd.ssh_config), timeout=600)
    assert "error" not in out, out
    assert out["files"] == FILES and out["verified"] is True
    assert tree_bytes(dest / many.name) == tree_bytes(many)
    assert os.listdir(dest) == [many.name]
