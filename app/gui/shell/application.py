"""Starting the window: the Qt application, the qasync loop, the theme, the crash handler, the collector."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

from app.core.language import Words

_IMPORTED = time.monotonic()


class StartWords(Words):
    """What starting the window prints on the terminal when it cannot (the translator's context)."""


def seconds_since_process_start() -> float:
    """From the kernel's process start time, so the interpreter's own start-up counts too."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        with open("/proc/self/stat") as f:
            started = int(f.read().rsplit(")", 1)[1].split()[19]) / ticks
        with open("/proc/uptime") as f:
            return float(f.read().split()[0]) - started
    except (OSError, ValueError, IndexError):
        return time.monotonic() - _IMPORTED


def no_display() -> bool:
    return (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


def run(ssh_config: str | None = None, self_test: bool = False, demo: bool = False,
        files: list[str] | None = None) -> int:
    """The window, once app.cli.main has settled where the state is (app.core.paths.settle); `files`: in the
    selection from the start (a file manager's "Open with", the desktop entry's %F)."""
    if self_test and no_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # the self-test must run in CI without a screen
    elif no_display():
        print("transfer-advisor: " + StartWords.tr("no display was found (DISPLAY and WAYLAND_DISPLAY are unset); "
                                                   "start it in a desktop session, or use the commands "
                                                   "(`transfer-advisor --help`)."), file=sys.stderr)
        return 1
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    import qasync
    from PySide6.QtWidgets import QApplication

    from app.core.state import crash_log, settings as settings_store

    from app.gui.shell import collector, theme, translation
    from app.gui.shell.crash import CrashHandler
    from app.gui.shell.icon import DESKTOP_ENTRY, app_icon
    from app.gui.shell.main_window import MainWindow

    # argv[0] is the X11 WM_CLASS instance, which the desktop entry's StartupWMClass names.
    crash_log.catch_native_crashes()  # a crash inside Qt leaves the stacks in the data folder
    app = QApplication.instance() or QApplication(["transfer-advisor"])
    app.setApplicationName("Transfer Advisor")
    app.setDesktopFileName(DESKTOP_ENTRY)
    app.setWindowIcon(app_icon())
    collector.install(app)  # reference cycles (closed dialogs, panels) collected on this thread, not a worker's
    translation.install(app)  # before any window is made: every widget's words come from the catalogue
    settings = settings_store.load()
    theme.apply(app, settings.theme)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    window = MainWindow(ssh_config, settings)
    CrashHandler(window).install(loop)
    follow_system_colors(app, window)
    stop_on_signals(loop, window)
    show_window(window, files or [])
    try:
        if self_test:
            from app.gui.shell.self_test import check
            return loop.run_until_complete(check(window))
        if demo:
            window.hosts.start_demo()
        loop.run_forever()
        return 0
    finally:
        window.demo.stop()  # also when the loop ended some other way than by closing the window
        finish_tasks(loop)
        loop.close()
        asyncio.set_event_loop(None)


def finish_tasks(loop: asyncio.AbstractEventLoop, wait: float = 3.0) -> None:
    """Cancel what still runs on the loop (a closing connection, a local command), let each end as a cancel does for
    at most `wait` seconds, then end and reap every tool that still runs, as a command does on its way out."""
    from app.core.runner import end_the_rest
    loop.run_until_complete(end_the_rest(within=wait))


def show_window(window, files: list[str]) -> None:
    """Shown on the screen it fits; `files` in the selection (one that cannot be read is said in the banner)."""
    fit_to_screen(window)
    window.show()
    if files:
        window.selection.add_local(files)


# Ctrl-C in the terminal that started it, a shutdown or `kill`, that terminal closing, a logout.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def stop_on_signals(loop: asyncio.AbstractEventLoop, window) -> None:
    """Each of STOP_SIGNALS stops what runs cleanly (a copy's tools, helpers, staging folder), then quits."""
    for sig in STOP_SIGNALS:
        try:
            loop.add_signal_handler(sig, window.stop_and_quit)
        except (NotImplementedError, RuntimeError):
            pass


def follow_system_colors(app, window) -> None:
    """With the "like the system" appearance, switch when the desktop switches between light and dark."""
    from PySide6.QtGui import QGuiApplication

    hints = QGuiApplication.styleHints()
    if hasattr(hints, "colorSchemeChanged"):
        hints.colorSchemeChanged.connect(lambda _scheme: window.settings.theme == "system"
                                         and window.apply_theme())


def fit_to_screen(window) -> None:
    """1280×800 where it fits, otherwise nine tenths of the screen."""
    screen = window.screen().availableGeometry()
    width, height = min(1280, int(screen.width() * 0.9)), min(800, int(screen.height() * 0.9))
    window.resize(max(width, 960), max(height, 640))
