"""app.bundle: resources found from source and when frozen; a frozen app's children get the user's loader path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from app import bundle

ROOT = Path(__file__).resolve().parents[2]


def test_from_source_resources_are_the_checkouts():
    assert bundle.resources_dir() == ROOT / "resources"
    files = bundle.icon_files()
    assert files[0].suffix == ".svg" and len(files) == 1 + len(bundle.ICON_SIZES)


@pytest.fixture
def frozen(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "_internal"), raising=False)
    return tmp_path / "_internal"


def test_frozen_resources_are_inside_the_bundle(frozen):
    assert bundle.frozen()
    assert bundle.resources_dir() == frozen / "resources"
    assert bundle.icon_files() == []  # nothing there in this fake bundle; the icon is then empty, not an error


@pytest.mark.parametrize("before, after", [
    ({"LD_LIBRARY_PATH": "{bundle}"}, {}),  # the user had none
    ({"LD_LIBRARY_PATH": "{bundle}:/opt/lib", "LD_LIBRARY_PATH_ORIG": "/opt/lib"}, {"LD_LIBRARY_PATH": "/opt/lib"}),
    ({"LD_LIBRARY_PATH": "{bundle}:/opt/lib"}, {"LD_LIBRARY_PATH": "/opt/lib"}),  # no _ORIG: only ours removed
    ({"LD_LIBRARY_PATH": "{bundle}", "LD_LIBRARY_PATH_ORIG": ""}, {"LD_LIBRARY_PATH": ""}),
])
def test_frozen_children_get_the_users_loader_path(frozen, before, after):
    env = {"PATH": "/usr/bin", **{k: v.format(bundle=frozen) for k, v in before.items()}}
    bundle.restore_child_environment(env)
    assert env == {"PATH": "/usr/bin", "PYINSTALLER_RESET_ENVIRONMENT": "1", **after}


def test_from_source_the_environment_is_left_alone():
    env = {"LD_LIBRARY_PATH": "/x", "LD_LIBRARY_PATH_ORIG": "/y"}
    bundle.restore_child_environment(env)
    assert env == {"LD_LIBRARY_PATH": "/x", "LD_LIBRARY_PATH_ORIG": "/y"}
