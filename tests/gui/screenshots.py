"""Render the main window in each state into PNG files, against a real sshd on 127.0.0.1.

    python -m tests.gui.screenshots OUT_DIR [--sizes 1280x800,1920x1080] [--themes light,dark,high-contrast]
    LANG=de_DE.UTF-8 python -m tests.gui.screenshots OUT_DIR ...   # the window in German

States: empty, ready, profiling, racing, recommendation, copying, queued, done, error (the wide runs also
allow unencrypted methods, so their recommendation shows both choices). Runs under Xvfb
(it re-starts itself with xvfb-run when there is no display). Every combination of size and
theme is one full run: connect, drop a folder, find the fastest way, copy, check, then a host
that refuses the connection. The first size of each theme also shows the dialogs, and the local
demo host: the host list with its entry, and the window after a copy to it.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]


def _relaunch_under_xvfb() -> None:
    if os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        return
    if not shutil.which("xvfb-run"):
        sys.exit("screenshots: no display and no xvfb-run; install xvfb (packaging/install-deps.sh test)")
    os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-m",
                           "tests.gui.screenshots", *sys.argv[1:]])


def _relaunch_in_own_mounts() -> None:
    """As root: again, in a mount namespace of its own, where /home and /srv are empty tmpfs only this run
    sees, and a network namespace of its own (its loopback only). The pictures then show what a user has:
    /home/ann/Pictures on this computer, /srv/photos on a host called nas, reached as ann on ssh's own port
    (inside, nas is 127.0.0.1 and port 22 is this run's), instead of temporary folders, root and a loopback
    address with a high port."""
    if os.geteuid() != 0 or os.environ.get(OWN_MOUNTS) or not shutil.which("unshare"):
        return
    os.environ[OWN_MOUNTS] = "1"
    os.execvp("unshare", ["unshare", "--mount", "--net", "--propagation", "private", sys.executable, "-m",
                          "tests.gui.screenshots", *sys.argv[1:]])


def host_like_a_nas() -> tuple[int | None, str]:
    """(port, name) the run's sshd is reached at: 22 and nas in the namespaces of its own (loopback up, nas in
    a hosts file only this run sees), else a free port of 127.0.0.1."""
    if not os.environ.get(OWN_MOUNTS):
        return None, "127.0.0.1"
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    hosts = Path(tempfile.mkdtemp(prefix="ta-shots-hosts-")) / "hosts"
    hosts.write_text(Path("/etc/hosts").read_text() + f"\n127.0.0.1\t{HOST_ALIAS}\n")
    subprocess.run(["mount", "--bind", str(hosts), "/etc/hosts"], check=True)
    return 22, HOST_ALIAS


OWN_MOUNTS = "TA_SHOTS_OWN_MOUNTS"
USER, HOST_ALIAS = "ann", "nas"


def user_like_places(work: Path) -> tuple[str | None, Path, Path]:
    """(the host's user, where the pictures are, the destination on the host): a user's own inside the mount
    namespace (the user made for the run unless one of that name exists), temporary folders elsewhere."""
    if not os.environ.get(OWN_MOUNTS):
        return None, work / "source", work / "dest" / "photos"
    for place in ("/home", "/srv"):
        subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=755", "tmpfs", place], check=True)
    try:
        pwd.getpwnam(USER)
    except KeyError:
        # "*": no password to log in with, and not a locked account (sshd refuses those even with a key).
        subprocess.run(["useradd", "--no-create-home", "--home-dir", f"/home/{USER}", "--shell", "/bin/sh",
                        "--password", "*", USER], check=True, capture_output=True)
        atexit.register(lambda: subprocess.run(["userdel", "--force", USER], capture_output=True))
    home, dest = Path(f"/home/{USER}"), Path("/srv/photos")
    for folder in (home, dest):
        folder.mkdir(parents=True)
        shutil.chown(folder, USER, USER)
    return USER, home / "Pictures", dest


def make_photos(root: Path) -> Path:
    """A folder like a user's: a few hundred photos of a few MB and one long video."""
    folder = root / "Holiday 2024"
    (folder / "photos").mkdir(parents=True)
    for i in range(240):
        (folder / "photos" / f"IMG_{i:04d}.jpg").write_bytes(os.urandom(256 * 1024 + (i % 7) * 150_000))
    with open(folder / "beach.mp4", "wb") as f:
        for _ in range(48):
            f.write(os.urandom(16 * 1024 * 1024))
    return folder


async def dialog_shots(window, out: Path, prefix: str, dest_root: Path) -> None:
    """The dialogs a user meets on the way: the host's folders, adding a host, a new host's key, settings,
    and the crash dialog."""
    from app.gui.shell.crash import CrashHandler
    from app.gui.dialogs.host_key_dialog import HostKeyDialog
    from tests.gui import driver

    async def grab(widget, name: str) -> None:
        await asyncio.sleep(0.3)
        path = out / f"{prefix}-dialog-{name}.png"
        widget.grab().save(str(path))
        print(f"  {path}", flush=True)
        widget.close()

    window.selection.browse.click()
    browser = await driver.until(lambda: getattr(window, "browser", None), 10, "the folder browser")
    browser.open_folder(str(dest_root.parent))
    await driver.until(lambda: browser.list.count(), 20, "the listing")
    await grab(browser, "browse-host")
    window.picker.add.click()
    await grab(await driver.until(lambda: window.hosts.dialog, 5, "the add-host dialog"), "add-host")
    question = HostKeyDialog("my-nas (192.0.2.20 port 22)", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
                             "ssh-ed25519", window)
    question.open()
    await grab(question, "host-key")
    window.open_settings()
    await grab(window.settings_dialog, "settings")
    await state_folder_shots(window, grab, dest_root.parent)
    try:
        raise RuntimeError("an example of an unexpected error")
    except RuntimeError:
        handler = CrashHandler(window)
        handler.handle(*sys.exc_info())
    await grab(handler.dialogs[-1], "crash")


async def demo_shots(out: Path, prefix: str, size: tuple[int, int], folder: Path) -> None:
    """A newcomer without a NAS: the host list offers the local demo host; the window after copying to it."""
    from app.gui.panels.demo_host import try_label
    from app.gui.shell.main_window import MainWindow
    from tests.gui import driver

    empty = out / ".empty_ssh_config"
    empty.write_text("")
    window = MainWindow(str(empty))
    window.settings.race_seconds, window.settings.race_count = 1.0, 2
    window.resize(*size)
    window.show()
    try:
        window.picker.combo.showPopup()
        await asyncio.sleep(0.3)
        path = out / f"{prefix}-demo-1-host-list.png"
        popup = window.picker.combo.view().window()
        _grab_with(window, popup).save(str(path))
        print(f"  {path}", flush=True)
        window.picker.combo.hidePopup()
        await driver.connect(window, try_label())
        assert driver.drop_files(window.selection.list, [str(folder)])
        await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
        window.find_bar.find.click()
        await driver.state(window, "recommendation", "error", timeout=90)
        window.card.go.click()
        await driver.state(window, "done", "error", "cancelled", timeout=120)
        await asyncio.sleep(0.25)
        path = out / f"{prefix}-demo-2-done.png"
        window.grab().save(str(path))
        print(f"  {path}", flush=True)
    finally:
        window.close()
        window.deleteLater()
        empty.unlink()


def _grab_with(window, popup):
    """The window with an open popup drawn over it where it is on the screen."""
    from PySide6.QtGui import QPainter

    image = window.grab()
    painter = QPainter(image)
    painter.drawPixmap(window.mapFromGlobal(popup.mapToGlobal(popup.rect().topLeft())), popup.grab())
    painter.end()
    return image


async def state_folder_shots(window, grab, work: Path) -> None:
    """The settings when another state folder is chosen: the planned move, a folder inside the present
    one, a folder that holds state of its own, and a move that failed. Nothing is moved for real."""
    from app.core.state import state_folder
    from app.core import paths

    outside, paths._set_outside = paths._set_outside, False  # as if the user had not set it
    stick = work / "USB stick"
    stick.mkdir(exist_ok=True)
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(stick)],
                                                   capture_output=True).returncode == 0
    if os.geteuid() != 0:
        stick.chmod(0o555)
    other = work / "Old laptop" / "Transfer Advisor"
    (other / "config").mkdir(parents=True, exist_ok=True)
    (other / "config" / "gui-settings.json").write_text("{}")
    try:
        for name, folder in (("move", work / "Backup disk" / "Transfer Advisor"),
                             ("nested", Path(state_folder.current()) / "backup"),
                             ("has-state", other), ("move-failed", stick / "Transfer Advisor")):
            if name == "move-failed" and os.geteuid() == 0 and not mounted:
                continue  # root writes anywhere: only a read-only mount shows a failed move
            window.open_settings()
            dialog = window.settings_dialog
            dialog.folder_chosen(str(folder))
            if name == "has-state":
                await grab(dialog.question, "settings-has-state")
                dialog.close()
                continue
            if name == "move-failed":
                dialog._save()
            await grab(dialog, f"settings-{name}")
    finally:
        paths._set_outside = outside
        if mounted:
            subprocess.run(["umount", str(stick)], check=False)
        stick.chmod(0o755)


async def run_states(out: Path, size: tuple[int, int], theme_name: str, config: Path, folder: Path,
                     dest_root: Path, dialogs: bool = False, alias: str = HOST_ALIAS) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from app.gui.shell import theme
    from app.gui.shell.main_window import MainWindow
    from tests.gui import driver

    if theme_name == "high-contrast":  # a desktop that asks for more contrast, and its black-on-white palette
        theme.wants_high_contrast = lambda: True
        theme.apply(QApplication.instance(), "system")
        QApplication.instance().setPalette(theme._palette("#ffffff", "#ffffff", "#ffffff", "#000000", "#ffffff",
                                                          "#000000", "#505050", "#0000cc"))
    else:
        theme.apply(QApplication.instance(), theme_name)
    window = MainWindow(str(config))
    window.settings.race_seconds, window.settings.race_count = 1.5, 3
    window.resize(*size)
    window.show()
    saved: list[Path] = []

    async def shot(name: str, grab: bool = True) -> Path:
        await asyncio.sleep(0.25)  # two redraw ticks: the graphs show what is in their buffers
        path = out / f"{size[0]}x{size[1]}-{theme_name}-{len(saved) + 1:02d}-{name}.png"
        if grab:
            window.grab().save(str(path))
            print(f"  {path}", flush=True)
        saved.append(path)
        return path

    await shot("empty")
    await driver.connect(window, alias)
    assert driver.drop_files(window.selection.list, [str(folder)])
    dest = dest_root  # emptied for each run, so that each copies everything
    for child in dest.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    window.selection.dest.setText(str(dest))
    await driver.until(lambda: window.selection.totals()[2], 30, "the selection to be measured")
    if size[0] >= 1920:  # the wide runs also race the unencrypted methods (the host is on loopback)
        window.find_bar.insecure.setChecked(True)
    await shot("ready")
    if dialogs:
        await dialog_shots(window, out, f"{size[0]}x{size[1]}-{theme_name}", dest_root)
    window.find_bar.find.click()
    await driver.until(lambda: len(window.advice_view.chart.rows) >= 3, 60, "three probe results")
    await shot("profiling")
    await driver.state(window, "racing")
    race = window.advice_view.race
    # The second method's curve, unless its lap was over first (a fast method on loopback).
    await driver.until(lambda: len(race.plot.series) >= 2 and len(list(race.plot.series.values())[-1].y) >= 3
                       or window.state != "racing", 60, "the second method's race curve")
    await shot("racing")
    await driver.state(window, "recommendation", "error", timeout=90)
    await shot("recommendation")
    window.card.go.click()
    await driver.until(lambda: window.transfer.latest and window.transfer.latest.done > 0.3 * window.transfer.latest.total
                       or window.state != "copying", 60, "the copy to be under way")
    await shot("copying")
    # The next selection, chosen while the copy runs, waits its turn (Copy next).
    window.selection.clear()
    assert driver.drop_files(window.selection.list, [str(folder / "photos")])
    window.card.go.click()
    await shot("queued")
    await driver.until(lambda: all(j.state != "waiting" and j.state != "copying" for j in window.copying.jobs), 180,
                       "the queued copies")
    await driver.state(window, "done", "error", "cancelled", timeout=120)
    await shot("done")
    window.selection.clear()  # the first selection again, for the copy that meets files already there
    assert driver.drop_files(window.selection.list, [str(folder)])
    await again_shots(window, dest / folder.name, shot, alias)
    driver.pick_host(window, "offline-nas")
    window.picker.test.click()
    await driver.until(window.banner.isVisible, 30, "the error banner")
    window.banner.toggle.click()
    await shot("error")
    window.close()
    window.deleteLater()
    return saved


async def again_shots(window, copied: Path, shot, alias: str) -> None:
    """The same copy again after two photos changed at the destination: the question it asks once; then
    the banner a copy whose link was lost shows, with Resume (worded as the watchdog words it)."""
    from app.core.errors import link_lost
    from tests.gui import driver

    for photo in sorted((copied / "photos").iterdir())[:2]:
        photo.write_bytes(b"edited on the NAS")
    window.card.go.click()
    box = await driver.until(lambda: window.copying.existing_box, 60, "the question about files there")
    await asyncio.sleep(0.3)
    _grab_with(window, box).save(str(await shot("existing-question", grab=False)))
    box.buttons()[1].click()  # Skip them
    await driver.state(window, "done", "error", "cancelled", timeout=120)
    window.copying._copy_failed(window.copying.last_order, link_lost(alias, silent=30))
    await shot("link-lost")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="1280x800,1920x1080")
    parser.add_argument("--themes", default="light,dark")
    parser.add_argument("--readme", action="store_true",
                        help="also copy the first size and theme's done picture to resources/screenshot.png")
    args = parser.parse_args()
    _relaunch_under_xvfb()
    _relaunch_in_own_mounts()
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ta-shots-"))
    os.environ["TRANSFER_ADVISOR_HOME"] = str(work / "state")
    sys.path.insert(0, str(HERE))
    import qasync
    from PySide6.QtWidgets import QApplication

    from app.gui.shell import translation
    from tests.peers import free_port, start_sshd

    user, pictures, dest = user_like_places(work)
    dest.mkdir(parents=True, exist_ok=True)
    # sshd reads another user's authorized keys as that user, on a path no one else may write to (/tmp may).
    port, hostname = host_like_a_nas()
    server = start_sshd((Path("/srv/.sshd") if user else work / "sshd"), user=user, alias=HOST_ALIAS, port=port,
                        hostname=hostname)
    if user:
        for path in server.root.iterdir():
            if path.name.startswith("authorized"):
                path.chmod(0o644)
    config = work / "ssh_config"
    config.write_text(server.ssh_config.read_text() + f"\nHost offline-nas\n  HostName 127.0.0.1\n  Port {free_port()}\n"
                      f"  User {server.user}\n  UserKnownHostsFile {server.known_hosts}\n")
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("Transfer Advisor")
    translation.install(app)  # the language of LANG, as the app does
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    started = time.monotonic()
    try:
        folder = make_photos(pictures)
        sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
        for theme_name in args.themes.split(","):
            for size in sizes:
                print(f"{theme_name} {size[0]}×{size[1]}:", flush=True)
                loop.run_until_complete(run_states(args.out, size, theme_name, config, folder, dest,
                                                   dialogs=size == sizes[0]))
                if size == sizes[0]:
                    loop.run_until_complete(demo_shots(args.out, f"{size[0]}x{size[1]}-{theme_name}", size,
                                                       folder / "photos"))
    finally:
        server.stop()
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()
        shutil.rmtree(work, ignore_errors=True)
    if args.readme:
        first = f"{args.sizes.split(',')[0]}-{args.themes.split(',')[0]}-08-done.png"
        shutil.copyfile(args.out / first, HERE / "resources" / "screenshot.png")
        print(f"  {HERE / 'resources' / 'screenshot.png'} (the README's, from {first})", flush=True)
    print(f"done in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
