"""Files already there and resume on every host shape a home NAS has: an SFTP-only chroot (no shell:
listing, placing and checking a cut file go through SFTP), an embedded box (Dropbear, BusyBox ash, tar,
dd and touch, no rsync or sftp-server) and a dash login shell. A copy into changed files stops with its
sentence; keep-both and skip do what they say; a copy killed in the middle carries on, moving less the
second time, with the far side's bytes right and nothing of the app left on the host. (What moved is
counted on this computer's side: an account's sessions under OpenSSH's privilege separation do not pass
their counts up to the server the way root's do; tests/cutting.py.)"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.cutting import complete_bytes, cut, make_album, measured, size_of
from tests.helpers import cli, cli_json, final_names, snapshot
from tests.shapes import ShapeHost

pytestmark = pytest.mark.root
FIXTURES = {"sftp-only": "sftp_only_host", "dropbear": "dropbear_host", "dash": "dash_host"}
# Per shape, a method of each kind it can run: (method, direction).
CUTS = [("sftp-only", "sftp", False), ("sftp-only", "scp", False), ("sftp-only", "sftp", True),
        ("dropbear", "tar-ssh", False), ("dropbear", "tar-ssh", True), ("dropbear", "scp", False),
        ("dash", "tar-ssh", False), ("dash", "rsync-ssh", True), ("dash", "sftp", False)]
SLACK = 4 << 20


@pytest.fixture(params=list(FIXTURES))
def host(request: pytest.FixtureRequest) -> ShapeHost:
    return request.getfixturevalue(FIXTURES[request.param])


@pytest.fixture(scope="module")
def album(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_album(tmp_path_factory.mktemp("shape-resume") / "album", 8, 8 << 20, notes=3)


def place(host: ShapeHost, name: str) -> tuple[str, Path]:
    """A fresh folder on the host: as the app names it, and as this machine sees it."""
    folder = f"{name}-{os.urandom(3).hex()}"
    return f"{host.dest.rstrip('/')}/{folder}", host.local_dest / folder


def _nothing_left(host: ShapeHost) -> None:
    assert host.processes(settle=3.0) == [], "the app left processes running on the host"
    assert host.tmp_leftovers() == [], "the app left files in the host's /tmp"


def test_changed_files_stop_the_copy_then_keep_both_and_skip(host: ShapeHost, tmp_path: Path) -> None:
    src = tmp_path / "album"
    src.mkdir()
    (src / "photo.jpg").write_bytes(b"the copy's photo")
    (src / "same.jpg").write_bytes(b"same")
    dest, here = place(host, "existing")
    (here / "album").mkdir(parents=True)
    (here / "album" / "photo.jpg").write_bytes(b"the photo there")
    shutil.copy2(src / "same.jpg", here / "album" / "same.jpg")
    shutil.chown(here, host.user)
    shutil.chown(here / "album", host.user)
    method = "sftp" if host.shape == "sftp-only" else "tar-ssh"
    base = ["copy", host.alias, str(src), "--dest", dest, "--method", method, "--ssh-config", str(host.ssh_config)]
    stopped = cli(*base)
    assert stopped.returncode == 1
    assert stopped.stderr == (f"transfer-advisor: 1 item of the copy is already at {host.alias}:{dest} and differs "
                              "('album/photo.jpg'); nothing was copied: add --existing skip, replace, newer or "
                              "rename (keep both).\n")
    skipped = cli_json(*base, "--existing", "skip")
    assert skipped["existing"] == {"identical": 1, "replaced": 0, "skipped": 1, "renamed": 0}, skipped
    kept = cli_json(*base, "--existing", "rename")
    assert kept["existing"]["renamed"] == 1, kept
    assert (here / "album" / "photo.jpg").read_bytes() == b"the photo there"
    assert (here / "album" / "photo (2).jpg").read_bytes() == b"the copy's photo"
    assert final_names(here) == sorted(os.listdir(here)) == ["album"]
    _nothing_left(host)


@pytest.mark.parametrize("shape, method, download", CUTS, ids=[f"{s}-{m}-{'down' if d else 'up'}" for s, m, d in CUTS])
def test_a_cut_copy_carries_on(request, shape: str, method: str, download: bool, album: Path,
                               tmp_path: Path) -> None:
    host: ShapeHost = request.getfixturevalue(FIXTURES[shape])
    total = size_of(album)
    if download:  # the album on the host, fetched here
        remote, there = place(host, "from")
        shutil.copytree(album, there / album.name, copy_function=shutil.copy2)
        source, sources_here = f"{remote}/{album.name}", there / album.name
    else:
        source, sources_here = str(album), album

    def copy_into(folder: str) -> list[str]:
        return ["copy", host.alias, source, "--dest", folder, "--method", method, "--ssh-config",
                str(host.ssh_config), *(["--download"] if download else [])]

    def target(name: str) -> tuple[str, Path]:
        return (str(tmp_path / name), tmp_path / name) if download else place(host, name)

    whole_dest, _whole_here = target("whole")
    whole = measured([*copy_into(whole_dest), "--json"], None, download, tmp_path / "io-whole")
    assert whole.returncode == 0, whole.stdout + whole.stderr
    dest, here = target("cut")
    cut(copy_into(dest), here, at=total * 4 // 10)
    assert final_names(here) == []
    done = complete_bytes(sources_here, here)
    assert done > 0, "not one file was whole when the copy was cut"
    again = measured([*copy_into(dest), "--json"], None, download, tmp_path / "io-again")
    assert again.returncode == 0, again.stdout + again.stderr
    out = json.loads(again.stdout)
    assert snapshot(here / album.name) == snapshot(album)
    assert os.listdir(here) == [album.name]
    assert out["resumed"] > 0 and out["sent_bytes"] <= total - done
    assert again.moved <= whole.moved - done + SLACK, (again.moved, whole.moved, done)
    _nothing_left(host)
