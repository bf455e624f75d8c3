"""The copy queue as a user drives it against a real sshd: while one copy runs, choose other files and
press Copy next; the queue shows each copy's state, takes a new order and a removal, and runs the
rest one after another with the advice's pick; every copy lands byte for byte (a removed one never
does) and is in the host's history. A cancel stops the queue until Start the queue goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.state import transfer_log
from tests.gui import driver
from tests.helpers import far_side, follows_links, make_tree, snapshot


@pytest.fixture
def trees(tmp_path: Path) -> list[Path]:
    made = []
    for name, size in (("first", 24 * 1024 * 1024), ("second", 1024 * 1024), ("third", 2 * 1024 * 1024)):
        tree = make_tree(tmp_path / f"{name}-src", small_files=20, big_bytes=size)
        made.append(tree.rename(tree.parent / name))
    return made


def _choose(window, tree: Path) -> None:
    """The user's next selection, made while the copy runs: the last one off the list, this one on."""
    window.selection.clear()
    assert driver.drop_files(window.selection.list, [str(tree)])
    assert window.selection.sources() == [str(tree)]


@pytest.fixture
def dest(tmp_path: Path) -> Path:
    folder = tmp_path / "dest"
    folder.mkdir()
    return folder


def _lines(window) -> list[str]:
    return [window.queue.list.item(i).text() for i in range(window.queue.list.count())]


def test_copies_queued_while_one_runs_are_copied_in_the_order_shown(sshd, trees: list[Path], dest: Path,
                                                                    make_window, drive) -> None:
    first, second, third = trees
    window = make_window(sshd.ssh_config)

    async def steps() -> None:
        await driver.advised(window, "testhost", first, dest)
        assert window.card.go.text() == "Copy &now"
        window.card.go.click()
        # What follows happens before the loop runs again: the first copy is still running throughout.
        assert window.state == "copying" and window.selection.list.isEnabled()
        _choose(window, second)
        assert window.card.go.text() == "Copy &next" and window.card.go.isEnabled()
        window.card.go.click()
        _choose(window, third)
        window.card.go.click()
        assert window.queue.isVisible()
        assert [line.rsplit(" · ", 1)[1] for line in _lines(window)] == ["copying…", "waiting", "waiting"]
        assert _lines(window)[1].startswith(f"second → testhost:{dest}"), _lines(window)
        # The third goes before the second, then the second is taken off.
        window.queue.list.setCurrentRow(2)
        assert window.queue.up.isEnabled() and not window.queue.down.isEnabled()
        window.queue.up.click()
        assert [line.split(" → ")[0] for line in _lines(window)] == ["first", "third", "second"]
        window.queue.list.setCurrentRow(2)
        window.queue.drop.click()
        assert [line.split(" → ")[0] for line in _lines(window)] == ["first", "third"]
        await driver.until(lambda: [j.state for j in window.copying.jobs] == ["done", "done"], 120,
                           "both copies to be done")
        await driver.state(window, "done", timeout=30)

    drive(steps(), 300)
    method = window.card.chosen().ranked.candidate.method_id
    for tree in (first, third):
        assert snapshot(dest / tree.name, follow_links=follows_links(method)) == far_side(tree, method)
    assert not (dest / second.name).exists()
    assert all(line.endswith("· done: verified: sizes") for line in _lines(window)), _lines(window)
    assert [c.outcome for c in transfer_log.load("testhost")[:2]] == ["done", "done"]


def test_a_cancel_stops_the_queue_until_the_user_goes_on(sshd, trees: list[Path], dest: Path,
                                                        make_window, drive) -> None:
    first, second, third = trees
    window = make_window(sshd.ssh_config)

    def states() -> list[str]:
        return [j.state for j in window.copying.jobs]

    async def steps() -> None:
        await driver.advised(window, "testhost", first, dest)
        window.card.go.click()
        _choose(window, second)
        window.card.go.click()
        window.transfer.cancel.click()  # the running copy only
        await driver.state(window, "cancelled", timeout=60)
        assert states() == ["cancelled", "waiting"]
        assert window.queue.start.isVisible() and "1 copy still waiting" in window.queue.stopped.text()
        # Copy now with nothing running copies this selection at once; the stopped queue still waits.
        _choose(window, third)
        assert window.card.go.text() == "Copy &now"
        window.card.go.click()
        assert states() == ["cancelled", "copying", "waiting"]
        await driver.until(lambda: states()[1] != "copying", 120, "the third copy")
        assert states() == ["cancelled", "done", "waiting"], window.copying.jobs[1].detail
        window.queue.start.click()
        await driver.until(lambda: states()[2] not in ("waiting", "copying"), 120, "the second copy")
        assert states() == ["cancelled", "done", "done"], window.copying.jobs[2].detail

    drive(steps(), 300)
    method = window.card.chosen().ranked.candidate.method_id
    for tree in (second, third):
        assert snapshot(dest / tree.name, follow_links=follows_links(method)) == far_side(tree, method)
    assert not window.queue.start.isVisible()


def test_a_copy_queued_onto_another_disk_is_advised_again_and_says_so(sshd, trees: list[Path], dest: Path,
                                                                      disk_tmp: Path, make_window, drive) -> None:
    # The advice measured the disk of `dest` (in RAM here); the second copy goes to the real disk, which may be
    # the slower one: its turn starts with an advice of its own, and its done line says why.
    import os
    if os.stat(dest).st_dev == os.stat(disk_tmp).st_dev:
        pytest.skip("the test folders are not in RAM here (no room in /dev/shm): no second disk to queue onto")
    first, second, _ = trees
    window = make_window(sshd.ssh_config)
    elsewhere = disk_tmp / "on the disk"

    async def steps() -> None:
        await driver.advised(window, "testhost", first, dest)
        window.card.go.click()
        _choose(window, second)
        window.selection.set_destination(str(elsewhere))
        assert window.card.go.text() == "Copy &next" and window.card.go.isEnabled()
        window.card.go.click()
        await driver.until(lambda: [j.state for j in window.copying.jobs] == ["done", "done"], 120,
                           "both copies to be done")
        await driver.state(window, "done", timeout=30)

    drive(steps(), 300)
    said = window.transfer.verdict.text()
    assert f"{elsewhere} is on another disk than {dest}, where the advice measured the disk" in said, said
    result = window.copying.result
    assert snapshot(elsewhere / second.name, follow_links=follows_links(result.method)) == far_side(second,
                                                                                                   result.method)
    advised = window.card.chosen().ranked.candidate.method_id  # the first copy's, from the advice on the card
    assert snapshot(dest / first.name, follow_links=follows_links(advised)) == far_side(first, advised)
    assert [line.split(" → ")[0] for line in _lines(window)] == ["first", "second"]
