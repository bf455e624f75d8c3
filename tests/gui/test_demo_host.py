"""The whole job with the mouse against the local demo host, with no NAS and no ssh config: pick
"Try with a local demo host", drop files, find the fastest way, copy, find the bytes in the demo
host's folder; closing the window stops the host. Once with the system's sshd, once with the
embedded server. And `transfer-advisor --demo` stops its host on Ctrl+C and on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.demo import host as demo
from app.core.state import settings as settings_store, transfer_log
from app.gui.panels.demo_host import is_demo, try_label
from tests.gui import driver
from tests.helpers import far_side, follows_links, make_tree, snapshot

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("demo-gui-src"), small_files=120, big_bytes=4 * 1024 * 1024)


@pytest.mark.parametrize("server", ["sshd", "embedded"])
def test_demo_host_drives_the_whole_flow(server: str, tree: Path, tmp_path: Path, make_window, drive,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    if server == "embedded":
        monkeypatch.setenv(demo.ENV_SSHD, "none")  # as on a computer without sshd
    empty_config = tmp_path / "ssh_config"
    empty_config.write_text("")
    window = make_window(empty_config)
    assert not is_demo(window.picker.current())  # never chosen for the user: choosing it starts a server

    async def steps() -> None:
        await driver.connect(window, try_label())
        host = window.demo.host
        assert host is not None and host.server == server
        picked = window.picker.current()
        assert picked.label == f"Local demo host (127.0.0.1:{host.port})"
        assert window.picker.combo.currentText().strip() == picked.label
        assert window.windowTitle().endswith(f"· Local demo host (127.0.0.1:{host.port})")
        status = window.picker.status.text()
        assert f"Connected to Local demo host (127.0.0.1 port {host.port})" in status
        assert "removed when you close" in status
        assert window.selection.destination() == str(host.dest)
        assert driver.drop_files(window.selection.list, [str(tree)])
        await driver.until(lambda: window.selection.totals()[2], 30, "the folder to be measured")
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=90)
        assert window.state == "recommendation", window.banner.sentence.text()
        assert window.advising.advice.profile.host == "Local demo host"  # what the advice's sentences call it
        rec = window.card.chosen()
        assert rec is not None and str(host.ssh_config) in rec.command
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=60)
        assert window.state == "done", window.banner.sentence.text()

    drive(steps())
    host = window.demo.host
    method = window.card.chosen().ranked.candidate.method_id
    assert snapshot(host.dest / tree.name, follow_links=follows_links(method)) == far_side(tree, method)
    assert os.listdir(host.dest) == [tree.name]
    assert "Verified" in window.transfer.verdict.text()
    # Nothing about the demo host outlives it: not a recent host, not a destination.
    saved = settings_store.load()
    assert not any("demo" in c.text for c in saved.recent) and not any("demo" in k.lower() for k in saved.destinations)
    label = window.picker.current().label
    assert transfer_log.load(label)  # while it runs, its history shows the copy

    sshd_pid = host.server_pid
    window.close()
    assert window.demo.host is None and not host.root.exists()
    if sshd_pid is not None:
        assert not demo.process_exists(sshd_pid)
    assert not transfer_log.load(label)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_demo_flag_opens_the_window_with_the_host_and_stops_it_on_a_signal(sig: int, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "app", "--demo"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(f"{demo.FOLDER_PREFIX}{proc.pid}-*/ssh_config")):
            assert proc.poll() is None, proc.stdout.read().decode(errors="replace")
            assert time.monotonic() < deadline, "the demo host did not start"
            time.sleep(0.1)
        folder = next(tmp_path.glob(f"{demo.FOLDER_PREFIX}{proc.pid}-*"))
        sshd_pid = _wait_for_pid_file(folder / "sshd.pid")
        time.sleep(0.5)  # let the window connect
        proc.send_signal(sig)
        output = proc.communicate(timeout=30)[0].decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, output
    assert not folder.exists()
    assert not demo.process_exists(sshd_pid)


def _wait_for_pid_file(path: Path) -> int:
    deadline = time.monotonic() + 10
    while True:
        try:
            return int(path.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            assert time.monotonic() < deadline, f"{path} did not appear"
            time.sleep(0.05)
