"""The whole flow on every host shape a home NAS has, as a user runs it: `methods`, `advise` (secure and
with unencrypted methods allowed), `copy --best` up and `--download` back, bytes compared at the far
side; what cannot run there is left out with a sentence; and nothing the app started stays behind on
the host (no process of the account, nothing of ours in /tmp)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli_json, far_side, follows_links, make_tree, snapshot
from tests.shapes import ShapeHost

pytestmark = pytest.mark.root
FIXTURES = {"sftp-only": "sftp_only_host", "dropbear": "dropbear_host", "dash": "dash_host"}
# What each shape can run, with unencrypted methods allowed, for a folder.
CAN_RUN = {
    "sftp-only": {"scp", "sftp"},
    "dropbear": {"scp", "tar-ssh", "tar-nc"},
    "dash": {"scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"},
}
RACE = ["--race-seconds", "1"]


@pytest.fixture(params=list(FIXTURES))
def host(request: pytest.FixtureRequest) -> ShapeHost:
    return request.getfixturevalue(FIXTURES[request.param])


def _run(host: ShapeHost, *args: str) -> dict:
    return cli_json(*args, "--ssh-config", str(host.ssh_config))


def _nothing_left(host: ShapeHost) -> None:
    assert host.processes(settle=3.0) == [], "the app left processes running on the host"
    assert host.tmp_leftovers() == [], "the app left files in the host's /tmp"


def test_methods_say_what_runs_and_why_not(host: ShapeHost) -> None:
    out = _run(host, "methods", host.alias, "--dest", host.dest, "--allow-insecure")
    rows = {r["id"]: r for r in out["methods"]}
    # ssh cat copies one file; listed for a host without a selection, it runs where a shell does.
    runs = {m for m, r in rows.items() if r["available"]} - {"ssh-cat"}
    assert runs == CAN_RUN[host.shape]
    for row in rows.values():
        if not row["available"]:
            assert row["reason"] and "\n" not in row["reason"], row
    _nothing_left(host)


@pytest.mark.slow
def test_advice_and_copies_both_ways(host: ShapeHost, tmp_path: Path) -> None:
    tree = make_tree(tmp_path, small_files=120, big_bytes=1_500_000)
    dest = f"{host.dest.rstrip('/')}/flow-{os.urandom(3).hex()}"
    local_dest = host.local_dest / dest.rsplit("/", 1)[1]

    secure = _run(host, "advise", host.alias, str(tree), "--dest", dest, *RACE)
    pick = secure["recommended"]["secure"]["method"]
    assert pick in CAN_RUN[host.shape] and pick not in ("tar-nc", "rsync-daemon")
    left_out = secure["left_out"]
    for method in {"scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"} - CAN_RUN[host.shape]:
        assert left_out.get(method), f"{method} is neither offered nor left out with a reason"

    insecure = _run(host, "advise", host.alias, str(tree), "--dest", dest, "--allow-insecure", *RACE)
    overall = insecure["recommended"]["overall"]["method"]
    assert overall in CAN_RUN[host.shape]
    _nothing_left(host)

    copied = _run(host, "copy", host.alias, str(tree), "--dest", dest, "--best", "--verify", *RACE)
    assert copied.get("verified") is True, copied
    assert snapshot(local_dest / tree.name, follow_links=follows_links(copied["method"])) == far_side(tree, copied["method"])
    if host.shape == "sftp-only":  # nothing there can hash: the copy says so instead of failing
        assert copied["verification"] == "sizes" and any("sizes were compared" in n for n in copied["notes"])
    _nothing_left(host)

    back = tmp_path / "back"
    fetched = _run(host, "copy", host.alias, f"{dest}/{tree.name}", "--dest", str(back), "--best", "--download", *RACE)
    assert fetched.get("verified") is True, fetched
    follow = fetched["method"] == "scp"  # scp brings what a link points to
    assert snapshot(back / tree.name, follow_links=follow) == snapshot(local_dest / tree.name, follow_links=follow)
    _nothing_left(host)
    shutil.rmtree(local_dest)
