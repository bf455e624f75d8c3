"""The window says what a copy's check compared, in the words the command line uses: the done line,
the history and the notification; a copy logged before those words (a bare tool name) reads the same."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.host.hashes import HASH_TOOLS
from app.gui.panels.history_panel import copy_line
from app.core.state.settings import GuiSettings
from app.core.state.transfer_log import PastCopy
from tests.gui import driver
from tests.helpers import make_small, snapshot

TOOL = next((t for t in HASH_TOOLS if shutil.which(t)), None)


@pytest.mark.parametrize("verify", ["sizes", "hashes"])
def test_the_done_line_says_what_was_compared(sshd, tmp_path: Path, make_window, drive, verify: str) -> None:
    if verify == "hashes" and TOOL is None:
        pytest.skip("no hash tool on this computer")
    src, dest = make_small(tmp_path, "three tiny"), tmp_path / "on the NAS"
    window = make_window(sshd.ssh_config, GuiSettings(race_seconds=1.0, race_count=2, probe_budget=0.4,
                                                      verify=verify))

    async def steps() -> None:
        await driver.connect(window, "testhost")
        assert driver.drop_files(window.selection.list, [str(src)])
        window.selection.dest.setText(str(dest))
        await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
        await driver.find_and_copy(window, 90, 60)

    drive(steps())
    words = "verified: sizes" if verify == "sizes" else f"verified: contents ({TOOL})"
    assert snapshot(dest / src.name) == snapshot(src)
    # (the race's quickest lap copied all three, and Copy now kept that copy)
    assert window.transfer.state.text().startswith("Done: 3 files, 3 B (nothing left to send) in ")
    assert window.transfer.state.text().endswith(f"; {words}.")
    verdict = window.transfer.verdict.text()
    assert "✓ Verified" in verdict and "every file, folder and link is there with the right size" in verdict
    assert (f"the files' contents match ({TOOL})" in verdict) == (verify == "hashes")
    assert window.notifier.last == ("Copy finished", f"3 files to testhost:{dest}, {words}.")
    history = [window.history.list.item(i).text() for i in range(window.history.list.count())]
    assert any(line.endswith(f" · {words}") for line in history), history


@pytest.mark.parametrize("saved,words", [("sizes", "verified: sizes"), ("b3sum", "verified: contents (b3sum)"),
                                         ("contents (xxhsum)", "verified: contents (xxhsum)")])
def test_a_logged_copy_says_what_was_compared(saved: str, words: str) -> None:
    """Copies logged before the words named contents kept the bare tool name ("b3sum")."""
    logged = PastCopy("nas", 0.0, "tar-nc", "upload", 3, 3, 0.1, True, saved, "/srv", "tar ...")
    assert copy_line(logged).endswith(f" · {words}")
