"""Python's cycle collector, run on the window's thread only.

Python collects reference cycles in whichever thread happens to cross the allocation threshold, and in
this app that is often a worker thread (qasync's executor, behind every `asyncio.to_thread`: reading a
selection, hashing, writing the history). A closed dialog, a finished panel or a window is a cycle of
Qt objects with their Python wrappers; collected on a worker, its Qt objects are destroyed on a thread
that does not own them, which Qt forbids: a warning at best ("QtDBus: cannot relay signals ... Current
thread is _QThreadWorker"), a crash at worst (a CI run lost its test process to it).

So while the window runs, the automatic collector is off and a timer on the window's thread does its
work: the same generations at the same thresholds, checked every half second. Garbage without cycles
is still freed at once by reference counting, on any thread; only cycles wait for the timer.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500


class MainThreadCollector(QObject):
    """Started on the thread that owns the window; `stop()` gives the collection back to Python."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.was_enabled = gc.isenabled()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect)
        gc.disable()
        self.timer.start()

    def collect(self) -> int:
        """What the automatic collector would have done by now: the youngest generation when it holds more
        than its threshold, an older one when enough younger collections have passed."""
        found = 0
        counts = gc.get_count()
        for generation in (2, 1, 0):  # the oldest due: collecting it collects the younger ones too
            threshold = self.thresholds[generation]
            if threshold and counts[generation] > threshold:
                found += gc.collect(generation)
                break
        return found

    def stop(self) -> None:
        """The automatic collector back as it was, and what is left collected here, on this thread."""
        self.timer.stop()
        gc.collect()
        if self.was_enabled:
            gc.enable()


def install(app: QObject) -> MainThreadCollector:
    """From now on, cycles are collected on `app`'s thread (the window's): see the module's text."""
    return MainThreadCollector(app)
