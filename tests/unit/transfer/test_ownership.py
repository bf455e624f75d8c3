"""Owner markers: what a marker says, what is not a marker of ours, and which folders the sweep may take.
(The sweep on real hosts, through a shell and over SFTP: tests/integration/test_sweep.py.)"""

from __future__ import annotations

import subprocess
import time
from dataclasses import replace

import pytest

from app.core.transfer import ownership
from app.core.transfer.ownership import Owner, parse, stale

RACE, STAGING = ".transfer-advisor-race-0a1b2c3d", ".transfer-advisor-partial-0a1b2c3d"
NOW = time.time()
DAY = 24 * 3600


@pytest.fixture(scope="module")
def dead() -> tuple[int, int]:
    """The pid and start time of a process that has ended."""
    proc = subprocess.Popen(["sleep", "60"])
    start = ownership._start_ticks(proc.pid)
    proc.kill()
    proc.wait()
    return proc.pid, start


def mine(kind: str, name: str, age: float = 0.0) -> Owner:
    return replace(ownership.this_process(kind, name), made=int(NOW - age))


def test_a_marker_says_who_made_the_folder_and_reads_back() -> None:
    owner = ownership.this_process("staging", STAGING)
    assert parse(owner.text()) == owner
    lines = owner.text().decode().splitlines()
    assert lines[0] == "transfer-advisor owner 1"
    assert f"folder {STAGING}" in lines and "kind staging" in lines
    assert ownership.state(owner) == ownership.ALIVE


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01", b"transfer-advisor owner 2\nkind race\n", "ünïcode".encode(),
    mine("race", RACE).text().replace(b"pid ", b"pid x"),
    mine("race", RACE).text().replace(b"kind race", b"kind other"),
    mine("race", RACE).text().replace(b"made ", b"made soon"),
    mine("race", RACE).text().replace(RACE.encode(), b"photos"),  # not a name the app gives
    mine("race", RACE).text().replace(RACE.encode(), STAGING.encode()),  # a race marker in a staging name
    mine("race", RACE).text().replace(RACE.encode(), b"../" + RACE.encode()),
    b"\n".join(line for line in mine("race", RACE).text().split(b"\n") if not line.startswith(b"boot")),
], ids=["empty", "binary", "other-version", "not-ascii", "bad-pid", "bad-kind", "bad-time", "other-name",
        "kind-and-name-differ", "a-path", "no-boot"])
def test_anything_else_is_not_a_marker_of_ours(data: bytes) -> None:
    assert parse(data) is None


def test_a_folder_whose_owner_still_runs_is_never_taken() -> None:
    assert not stale(RACE, mine("race", RACE), NOW)
    assert not stale(STAGING, mine("staging", STAGING, age=30 * DAY), NOW)  # a long copy, still running


def test_a_race_folder_goes_once_its_owner_is_gone(dead) -> None:
    pid, start = dead
    assert stale(RACE, replace(mine("race", RACE), pid=pid, start=start), NOW)
    assert stale(RACE, replace(mine("race", RACE), boot="another-boot"), NOW)  # this computer restarted since
    assert stale(RACE, replace(mine("race", RACE), start=0), NOW)  # the pid is another process's now


def test_a_staging_folder_goes_only_when_its_owner_is_gone_and_a_day_has_passed(dead) -> None:
    pid, start = dead
    young = replace(mine("staging", STAGING, age=DAY - 60), pid=pid, start=start)
    assert not stale(STAGING, young, NOW)  # the next run resumes from it
    assert stale(STAGING, replace(young, made=int(NOW - DAY - 60)), NOW)


def test_another_computers_folders_race_after_a_day_staging_never() -> None:
    other = {"machine": "another-computer", "boot": "its-boot", "pid": 1, "start": 1}
    assert not stale(RACE, replace(mine("race", RACE, age=DAY - 60), **other), NOW)
    assert stale(RACE, replace(mine("race", RACE, age=DAY + 60), **other), NOW)
    assert not stale(STAGING, replace(mine("staging", STAGING, age=30 * DAY), **other), NOW)


def test_a_marker_copied_into_another_folder_does_not_count_there(dead) -> None:
    pid, start = dead
    owner = replace(mine("race", RACE), pid=pid, start=start)
    assert not stale(".transfer-advisor-race-ffffffff", owner, NOW)
    assert not stale(RACE, None, NOW)
