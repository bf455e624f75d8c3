"""The window's whole flow on the host shapes a home NAS has: an SFTP-only chroot, an embedded box with
Dropbear and BusyBox (no SFTP server), a dash login shell. Pick the host, test it, drop a folder, find the
fastest way (what cannot run there is said), copy, check the bytes; then browse the host's folders and
fetch the copy back."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.gui import driver
from tests.helpers import far_side, follows_links, make_tree, snapshot
from tests.shapes import ShapeHost

pytestmark = [pytest.mark.root, pytest.mark.slow]
FIXTURES = {"sftp-only": "sftp_only_host", "dropbear": "dropbear_host", "dash": "dash_host"}
SAID_OUT = {"sftp-only": "tar over ssh: runs commands on the host", "dropbear": "sftp: the host has no SFTP server",
            "dash": ""}


@pytest.fixture(params=list(FIXTURES))
def host(request: pytest.FixtureRequest) -> ShapeHost:
    return request.getfixturevalue(FIXTURES[request.param])


def test_up_and_back_with_the_mouse(host: ShapeHost, tmp_path: Path, make_window, drive) -> None:
    tree = make_tree(tmp_path, small_files=60, big_bytes=1_000_000)
    name = f"window-{os.urandom(3).hex()}"
    dest, local_dest = f"{host.dest.rstrip('/')}/{name}", host.local_dest / name
    back = tmp_path / "back"
    back.mkdir()
    window = make_window(host.ssh_config)

    async def up() -> None:
        await driver.connect(window, host.alias)
        assert driver.drop_files(window.selection.list, [str(tree)])
        window.selection.dest.setText(dest)
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=90)
        assert window.state == "recommendation", window.banner.sentence.text()
        # The reasons are one click away ("Why not the other N methods?"), in a list of their own, not crowding the
        # choices in the card
        assert window.card.why_not.isVisible() and SAID_OUT[host.shape] in window.card.left_out.text()
        window.card.why_not.click()
        listed = await driver.until(lambda: window.card.left_out_dialog is not None
                                    and window.card.left_out_dialog.isVisible() and window.card.left_out_dialog, 10,
                                    "the list of the methods that cannot run")
        assert SAID_OUT[host.shape] in listed.rows.text()
        listed.reject()
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=90)
        assert window.state == "done", window.banner.sentence.text()

    drive(up())
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(local_dest / tree.name, follow_links=follows_links(method)) == far_side(tree, method)
    assert sorted(os.listdir(local_dest)) == [tree.name]  # no staging or race folder left behind

    async def down() -> None:
        window.selection.download.click()
        await driver.pick_on_host(window, f"{dest}/{tree.name}")  # browsed through its shell or its SFTP server
        window.selection.dest.setText(str(back))
        await driver.until(lambda: window.selection.totals()[2], 30, "the remote folder to be measured")
        await driver.find_and_copy(window, 90, 90)

    drive(down())
    fetched = window.card.chosen().ranked.candidate.method_id
    follow = follows_links(fetched)
    assert snapshot(back / tree.name, follow_links=follow) == snapshot(local_dest / tree.name, follow_links=follow)
    window.close()  # the window's own connection (for browsing) ends with it; nothing else was left running

    async def gone() -> None:
        await driver.until(lambda: not host.processes(), 15, "the host's sessions to end")

    drive(gone())
    assert host.tmp_leftovers() == []
