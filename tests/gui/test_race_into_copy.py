"""The window's race copies into the copy that may follow it: where every lap copies the whole selection, Copy now
takes the quickest lap's copy over and sends nothing again; where laps copy parts, Copy now carries on from what
they staged. What no copy takes goes when the window lets the advice go (here: the window closes), and
nothing of the user's at the destination is touched. Against a real sshd, with the real tools, as a user clicks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.core.state.settings import GuiSettings
from app.core.transfer.ownership import PREFIXES
from tests.gui import driver
from tests.helpers import far_side, follows_links, make_album, make_tree, snapshot

ODD = ["with space", "it's", "ünïcödé ✓", "-leading-dash"]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Small enough for every lap to copy all of it."""
    return make_tree(tmp_path_factory.mktemp("whole-laps"), small_files=40, big_bytes=3 * 1024 * 1024)


@pytest.fixture(scope="module")
def album(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Folders of photos with odd names (60 MB): laps cut at their first progress copy parts of it."""
    return make_album(tmp_path_factory.mktemp("part-laps") / "album", ODD, 15)


def ours(dest: Path) -> list[str]:
    """The app's folders at the destination: staging and race scratch."""
    return sorted(n for n in os.listdir(dest) if n.startswith(tuple(PREFIXES.values()))) if dest.exists() else []


def expected(source: Path, method: str) -> dict:
    return snapshot(source, follow_links=True) if follows_links(method) else far_side(source, method)


def test_copy_now_takes_the_quickest_whole_lap_over(sshd, tree: Path, tmp_path: Path, make_window, drive,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    window = make_window(sshd.ssh_config)
    dest = tmp_path / "on the NAS"
    dest.mkdir()
    (dest / "notes.txt").write_bytes(b"the user's own")

    async def steps() -> None:
        await driver.advised(window, "testhost", tree, dest)
        advice = window.flow.kept.advice
        raced = [r for r in window.advice_view.race.results.values() if r.MBps]
        assert len(raced) == 2, window.advice_view.race.results  # both laps ran: the user sees the whole race
        assert advice.kept_lap is not None and advice.kept_lap[0] == window.card.chosen().ranked.candidate
        assert len(ours(dest)) == 1  # the kept lap's copy, in the race's scratch folder, waits for Copy now
        said = window.advice_view.race.status.text()
        assert said.endswith("Its copy is kept: Copy now with it only checks it and puts it in place."), said
        window.grab().save(str(tmp_path / "race-kept.png"))
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.details_text()

    drive(steps())
    window.grab().save(str(tmp_path / "copied.png"))
    result = window.copying.result
    assert result.sent_bytes == 0 and result.resumed > 0, result
    assert "Verified" in window.transfer.verdict.text()
    assert snapshot(dest / tree.name, follow_links=follows_links(result.method)) == expected(tree, result.method)
    assert sorted(os.listdir(dest)) == sorted(["notes.txt", tree.name])  # no scratch or staging folder left
    assert (dest / "notes.txt").read_bytes() == b"the user's own"


def test_copy_now_carries_on_from_the_parts_the_laps_copied(sshd, album: Path, tmp_path: Path, make_window,
                                                            drive, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    window = make_window(sshd.ssh_config, GuiSettings(race_seconds=0.01, race_count=2, probe_budget=0.4))
    dest = tmp_path / "on the NAS"

    async def steps() -> None:
        await driver.advised(window, "testhost", album, dest)
        assert window.flow.kept.advice.staged_bytes > 0
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.details_text()

    drive(steps())
    result = window.copying.result
    assert 0 < result.sent_bytes < result.bytes and result.resumed > 0, result
    assert "race" in window.transfer.verdict.text()  # it says it carried on from the race's laps
    assert snapshot(dest / album.name) == snapshot(album)
    assert os.listdir(dest) == [album.name]


@pytest.mark.parametrize("laps", ["whole", "parts"])
def test_what_the_race_left_goes_when_the_window_closes(sshd, tree: Path, album: Path, tmp_path: Path, make_window,
                                                        drive, laps: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    settings = GuiSettings(race_seconds=1.0 if laps == "whole" else 0.01, race_count=2, probe_budget=0.4)
    window = make_window(sshd.ssh_config, settings)
    dest = tmp_path / "on the NAS"
    dest.mkdir()
    (dest / "notes.txt").write_bytes(b"the user's own")
    source = tree if laps == "whole" else album

    async def steps() -> None:
        await driver.advised(window, "testhost", source, dest)
        advice = window.flow.kept.advice
        assert (advice.kept_lap is not None) if laps == "whole" else advice.staged_bytes > 0
        assert len(ours(dest)) == 1
        window.close()  # the user closes the window without copying
        await driver.until(lambda: not window.isVisible(), 30, "the window to close")

    app = QApplication.instance()
    app.setQuitOnLastWindowClosed(False)  # (this test's loop runs on after the window closes, to see it close)
    try:
        drive(steps())
    finally:
        app.setQuitOnLastWindowClosed(True)
    assert sorted(os.listdir(dest)) == ["notes.txt"]
    assert (dest / "notes.txt").read_bytes() == b"the user's own"


def test_copy_now_onto_the_same_files_again_leaves_nothing_behind(sshd, tree: Path, tmp_path: Path, make_window,
                                                                  drive, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second time, everything is at the destination already: the race's kept lap has nothing to give, and the
    copy puts nothing in place and leaves no folder of its own."""
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    window = make_window(sshd.ssh_config)
    dest = tmp_path / "on the NAS"

    async def steps() -> None:
        await driver.advised(window, "testhost", tree, dest)
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.details_text()
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=90)
        assert window.state == "recommendation", window.banner.details_text()
        assert window.flow.kept.advice.kept_lap is not None  # the race copied it all again, into its scratch folder
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.details_text()

    drive(steps())
    result = window.copying.result
    assert result.sent_bytes == 0, result
    assert snapshot(dest / tree.name, follow_links=follows_links(result.method)) == expected(tree, result.method)
    assert os.listdir(dest) == [tree.name]


def test_stopping_the_advice_mid_race_leaves_nothing(sshd, album: Path, tmp_path: Path, make_window, drive,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The user stops Find the fastest way while its laps copy parts into the staging folder: the folder goes."""
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    window = make_window(sshd.ssh_config, GuiSettings(race_seconds=0.01, race_count=2, probe_budget=0.4))
    dest = tmp_path / "on the NAS"

    async def steps() -> None:
        await driver.connect(window, "testhost")
        assert driver.drop_files(window.selection.list, [str(album)])
        window.selection.dest.setText(str(dest))
        await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
        window.find_bar.find.click()
        await driver.until(lambda: ours(dest) and window.advice_view.race.plot.series, 60, "a lap copying")
        window.find_bar.find.click()  # (while it measures, the button stops it)
        await driver.until(lambda: not window.flow.busy, 30, "the advice to stop")

    drive(steps())
    assert ours(dest) == [], ours(dest)
