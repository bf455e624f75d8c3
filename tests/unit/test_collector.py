"""Reference cycles of Qt objects are collected on the window's thread, however busy a worker thread is
(app/gui/shell/collector.py): without it, Python collected them on the worker that crossed the threshold,
which warned "QtDBus: cannot relay signals ... Current thread is _QThreadWorker" and once lost a test
process to a crash. Here, not in tests/gui, whose fixtures run every test under the collector."""

from __future__ import annotations

import gc
import os
import threading

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # `make test` sets it too

from PySide6.QtCore import QObject  # noqa: E402

from app.gui.shell import collector  # noqa: E402


class Panel(QObject):
    """A Qt object in a cycle with its own wrapper, as a closed dialog or panel is; says where it went."""

    freed_on: list[int] = []

    def __init__(self) -> None:
        super().__init__()
        self.itself = self

    def __del__(self) -> None:
        Panel.freed_on.append(threading.get_ident())


def busy_worker(until=lambda: False) -> list:
    """A worker that allocates as reading a large selection does: many small objects, the last of which it
    hands back (so more objects live than when it started, as after a read)."""
    result: list = []

    def work() -> None:
        for _ in range(20):
            result[:] = [[i] for i in range(20_000)]
            if until():
                return
    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    return result


def test_without_it_a_worker_collects_qt_objects() -> None:
    """The hazard itself, so that the next test can fail: Python's own collector frees the panel on the
    worker whose allocations crossed the threshold."""
    assert gc.isenabled()
    Panel.freed_on.clear()
    gc.collect()  # from nothing: this thread's few allocations until the worker starts cross no threshold
    Panel()
    busy_worker(until=lambda: bool(Panel.freed_on))
    assert Panel.freed_on and Panel.freed_on[0] != threading.get_ident()


def test_cycles_are_collected_on_the_window_thread(qapp, qtbot) -> None:
    running = collector.install(qapp)
    try:
        assert not gc.isenabled()
        Panel.freed_on.clear()
        Panel()
        read = busy_worker()
        assert Panel.freed_on == []  # the worker left it alone
        qtbot.waitUntil(lambda: bool(Panel.freed_on), timeout=5000)  # the timer, on this thread
        assert Panel.freed_on == [threading.get_ident()]
        del read
    finally:
        running.stop()
        running.setParent(None)
    assert gc.isenabled()


def test_stopping_collects_what_is_left_here(qapp) -> None:
    running = collector.install(qapp)
    Panel.freed_on.clear()
    Panel()
    running.stop()  # before its timer ever ran
    running.setParent(None)
    assert Panel.freed_on == [threading.get_ident()] and gc.isenabled()
