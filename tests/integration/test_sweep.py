"""What earlier runs left beside a destination is swept on the next connection, and nothing else is:
through a host's shell (OpenSSH with bash; Dropbear with BusyBox ash), over SFTP (an SFTP-only account)
and on this computer (a download). A race folder whose owner is gone goes, a live one stays; a staging
folder goes a day after its owner is gone, a younger one stays (the next run resumes from it); a
folder that only looks like ours, a link, another computer's unfinished copy are never touched. Then
the same for folders the app itself left when it was killed: its markers are real."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.transfer import ownership
from app.core.transfer.ownership import MARKER, Owner
from tests.helpers import cli_json
from tests.leftovers import landed

DAY = 24 * 3600
RACE, STAGING = ownership.PREFIXES["race"], ownership.PREFIXES["staging"]
REMOVED = {f"{RACE}gone", f"{STAGING}gone-a-day", f"{RACE}elsewhere-a-day"}
KEPT = {f"{RACE}alive", f"{STAGING}gone-an-hour", f"{STAGING}alive-a-month", f"{STAGING}elsewhere-a-month",
        f"{RACE}elsewhere-an-hour", f"{RACE}users-own", f"{RACE}garbled", f"{STAGING}copied-marker",
        f"{RACE}a-link", f"{RACE}a-file", "photos"}


@dataclass
class Place:
    """A destination as the CLI names it (on `host`, with `options`), and the same folder here."""
    host: str
    options: list[str]
    dest: str
    here: Path
    uid: int | None = None  # who owns what is planted there (the host's account)


@pytest.fixture(params=["shell", "busybox", "sftp", "local"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Place]:
    name = f"sweep-{os.urandom(3).hex()}"
    if request.param in ("shell", "local"):
        sshd = request.getfixturevalue("sshd")
        options = ["--ssh-config", str(sshd.ssh_config), *(["--download"] if request.param == "local" else [])]
        yield Place("testhost", options, str(tmp_path / name), tmp_path / name)
        return
    host = request.getfixturevalue("dropbear_host" if request.param == "busybox" else "sftp_only_host")
    yield Place(host.alias, ["--ssh-config", str(host.ssh_config)], f"{host.dest.rstrip('/')}/{name}",
                host.local_dest / name, host.uid)


@pytest.fixture(scope="module")
def owners() -> Iterator[dict[str, Owner]]:
    """Owners as markers name them: a process that ended, one that runs on, another computer's."""
    ended = subprocess.Popen(["sleep", "60"])
    ended_start = ownership._start_ticks(ended.pid)
    ended.kill()
    ended.wait()
    running = subprocess.Popen(["sleep", "600"])
    me = ownership.this_process("race", "x")
    yield {"gone": replace(me, pid=ended.pid, start=ended_start),
           "alive": replace(me, pid=running.pid, start=ownership._start_ticks(running.pid)),
           "elsewhere": replace(me, machine="0" * 32, boot="another-boot", pid=1, start=1)}
    running.kill()
    running.wait()


def plant(place: Place, owners: dict[str, Owner]) -> None:
    """Folders of earlier runs, and things that only look like them, each holding a user's bytes."""
    here = place.here
    here.mkdir()
    marked = {f"{RACE}gone": ("gone", 0), f"{RACE}alive": ("alive", 0), f"{STAGING}gone-a-day": ("gone", DAY + 60),
              f"{STAGING}gone-an-hour": ("gone", 3600), f"{STAGING}alive-a-month": ("alive", 30 * DAY),
              f"{STAGING}elsewhere-a-month": ("elsewhere", 30 * DAY), f"{RACE}elsewhere-a-day": ("elsewhere", DAY + 60),
              f"{RACE}elsewhere-an-hour": ("elsewhere", 3600)}
    for name, (whose, age) in marked.items():
        kind = "race" if name.startswith(RACE) else "staging"
        owner = replace(owners[whose], kind=kind, folder=name, made=int(owners[whose].made - age))
        _folder(here / name, owner.text())
    _folder(here / f"{RACE}users-own", None)
    _folder(here / f"{RACE}garbled", b"transfer-advisor owner 1\nthis is not a marker\n")
    stale = replace(owners["gone"], kind="staging", folder=f"{STAGING}gone-a-day", made=int(owners["gone"].made - 2 * DAY))
    _folder(here / f"{STAGING}copied-marker", stale.text())  # a marker of a folder with another name
    target = replace(owners["gone"], folder=f"{RACE}a-link")
    _folder(here / "photos", target.text())
    (here / f"{RACE}a-link").symlink_to("photos")
    (here / f"{RACE}a-file").write_bytes(b"a user's file")
    if place.uid is not None:
        for path in [here, *here.rglob("*")]:
            os.lchown(path, place.uid, -1)


def _folder(path: Path, marker: bytes | None) -> None:
    path.mkdir()
    (path / "data.bin").write_bytes(b"a user's bytes " + path.name.encode())
    if marker is not None:
        (path / MARKER).write_bytes(marker)


def what_is_there(place: Place) -> set[str]:
    return set(os.listdir(place.here))


def test_the_next_copy_sweeps_what_is_stale_and_nothing_else(place: Place, owners, tmp_path: Path) -> None:
    plant(place, owners)
    source = tmp_path / "a.txt"
    source.write_bytes(b"new")
    out = cli_json("copy", place.host, str(source), "--dest", place.dest, "--method", "scp", *place.options)
    assert "error" not in out, out
    assert what_is_there(place) == KEPT | {"a.txt"}
    for name in KEPT - {"a.txt", f"{RACE}a-link", f"{RACE}a-file"}:
        assert (place.here / name / "data.bin").read_bytes() == b"a user's bytes " + name.encode()
    assert (place.here / "photos" / MARKER).exists()  # what a link points to is not the link's folder
    where = place.dest if "--download" in place.options else f"{place.host}:{place.dest}"
    assert out["notes"] == [f"Removed 3 folders that earlier runs of Transfer Advisor left in {where} "
                            f"({', '.join(sorted(REMOVED))})."]


@pytest.mark.parametrize("command", [["advise", "--no-race"], ["copy", "--best"]], ids=["advise", "copy-best"])
def test_advice_sweeps_too_and_says_so_once(sshd, owners, tmp_path: Path, command: list[str]) -> None:
    # copy --best: its advice sweeps the destination; the copy after it, in the same session, does not look again.
    place = Place("testhost", ["--ssh-config", str(sshd.ssh_config)], str(tmp_path / "dest"), tmp_path / "dest")
    plant(place, owners)
    source = tmp_path / "a.txt"
    source.write_bytes(b"new")
    out = cli_json(command[0], place.host, str(source), "--dest", place.dest, *command[1:], *place.options)
    assert "error" not in out, out
    assert what_is_there(place) == KEPT | ({"a.txt"} if command[0] == "copy" else set())
    assert [n for n in out["notes"] if n.startswith("Removed ")] == [
        f"Removed 3 folders that earlier runs of Transfer Advisor left in testhost:{place.dest} "
        f"({', '.join(sorted(REMOVED))})."]


async def test_one_session_sweeps_a_folder_once_the_next_sweeps_again(sshd, owners, tmp_path: Path) -> None:
    # What goes stale while a session runs waits for the next one (a leftover takes a day to go stale).
    place = Place("testhost", [], str(tmp_path / "dest"), tmp_path / "dest")
    plant(place, owners)
    later = f"{RACE}gone-later"
    swept = []
    for planting in (False, True, False):
        session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
        try:
            swept.append((await ownership.sweep(session, place.dest, local=False))[1])
            if planting:
                _folder(place.here / later, replace(owners["gone"], folder=later).text())
                swept.append((await ownership.sweep(session, place.dest, local=False))[1])
        finally:
            await session.close()
    assert swept == [sorted(REMOVED), [], [], [later]]
    assert what_is_there(place) == KEPT


# --- what a killed app really left ---------------------------------------------------------------

def _killed_when(argv: list[str], ready) -> None:
    app = subprocess.Popen([sys.executable, "-m", "app", *argv], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    try:
        ready(app)
    finally:
        app.kill()
        app.wait()
        app.stderr.close()


def test_a_killed_copys_staging_folder_is_resumable_then_swept_a_day_later(place: Place, big_file: Path,
                                                                            tmp_path: Path) -> None:
    place.here.mkdir()
    if place.uid is not None:
        os.chown(place.here, place.uid, -1)
    copy = ["copy", place.host, str(big_file), "--dest", place.dest, "--method", "scp", *place.options]
    _killed_when(copy, lambda app: landed(app, place.here))
    (left,) = place.here.glob(f"{STAGING}*")
    small = tmp_path / "small.txt"
    small.write_bytes(b"small")
    again = ["copy", place.host, str(small), "--dest", place.dest, "--method", "scp", *place.options]
    out = cli_json(*again)
    assert out["notes"] == [] and left.exists()  # young: what the next run resumes from
    marker = left / MARKER
    owner = ownership.parse(marker.read_bytes())
    assert owner is not None and owner.folder == left.name and ownership.state(owner) == ownership.GONE
    marker.write_bytes(replace(owner, made=owner.made - DAY - 60).text())  # as it will be a day later
    other = tmp_path / "other.txt"
    other.write_bytes(b"other")
    out = cli_json("copy", place.host, str(other), "--dest", place.dest, "--method", "scp", *place.options)
    where = place.dest if "--download" in place.options else f"{place.host}:{place.dest}"
    assert out["notes"] == [f"Removed a folder that an earlier run of Transfer Advisor left in {where} ({left.name})."]
    assert sorted(os.listdir(place.here)) == ["other.txt", "small.txt"]


def test_a_killed_races_folder_goes_at_the_next_connection(sshd, big_file: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()

    def racing(app: subprocess.Popen) -> None:
        while not any(p.stat().st_size for p in dest.glob(f"{RACE}*/*/**/*") if p.is_file()):
            assert app.poll() is None, app.stderr.read().decode(errors="replace")
            time.sleep(0.01)

    _killed_when(["advise", "testhost", str(big_file), "--dest", str(dest), "--race", "1", "--race-seconds", "30",
                  "--ssh-config", str(sshd.ssh_config)], racing)
    (left,) = dest.glob(f"{RACE}*")
    assert ownership.parse((left / MARKER).read_bytes()).folder == left.name
    small = tmp_path / "small.txt"
    small.write_bytes(b"small")
    out = cli_json("copy", "testhost", str(small), "--dest", str(dest), "--method", "scp",
                   "--ssh-config", str(sshd.ssh_config))
    assert out["notes"] == [f"Removed a folder that an earlier run of Transfer Advisor left in testhost:{dest} "
                            f"({left.name})."]
    assert sorted(os.listdir(dest)) == ["small.txt"]
