"""The only place where the core meets Qt: core events become signals, core coroutines become jobs.

The core reports through a plain callable (`Emit`); `CoreBridge.emit` is that callable and
re-emits each typed event as a Qt signal. `Job` runs one core coroutine as an asyncio task on
the qasync loop and reports its end as a signal: a value, a worded `TransferError`, or, for a
bug, the exception handed to `sys.excepthook` (the crash dialog).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Coroutine

import asyncssh
from PySide6.QtCore import QObject, Signal

from app.core.errors import Cancelled, TransferError, connection_dropped, job_crashed
from app.core.events import Event, Phase, ProbeDone, Progress, RaceResult, RaceSample, TransferResult


class CoreBridge(QObject):
    phase = Signal(object)            # Phase
    progress = Signal(object)         # Progress
    probe = Signal(object)            # ProbeDone
    race_sample = Signal(object)      # RaceSample
    race_result = Signal(object)      # RaceResult
    transfer_result = Signal(object)  # TransferResult

    def emit(self, event: Event) -> None:
        """The core's `Emit`: called on the loop's (GUI) thread, so the signals are direct."""
        if isinstance(event, Progress):
            self.progress.emit(event)
        elif isinstance(event, RaceSample):
            self.race_sample.emit(event)
        elif isinstance(event, ProbeDone):
            self.probe.emit(event)
        elif isinstance(event, RaceResult):
            self.race_result.emit(event)
        elif isinstance(event, Phase):
            self.phase.emit(event)
        elif isinstance(event, TransferResult):
            self.transfer_result.emit(event)


class Job(QObject):
    """One core coroutine running as a task; exactly one of the three signals fires at its end."""

    succeeded = Signal(object)   # the coroutine's value
    failed = Signal(object)      # a TransferError (a cancel is `Cancelled`)
    ended = Signal()             # after either, for whoever only needs to know it is over

    def __init__(self, coro: Coroutine[Any, Any, Any], name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.task = asyncio.ensure_future(coro)
        self.task.add_done_callback(self._done)

    @property
    def running(self) -> bool:
        return not self.task.done()

    def cancel(self) -> None:
        self.task.cancel()

    async def wait(self) -> None:
        await asyncio.gather(self.task, return_exceptions=True)

    def _done(self, task: asyncio.Task) -> None:
        try:
            value = task.result()
        except asyncio.CancelledError:
            self.failed.emit(Cancelled())
        except TransferError as exc:
            self.failed.emit(exc)
        except (asyncssh.Error, ConnectionError, TimeoutError) as exc:  # a connection that dropped: no bug
            self.failed.emit(connection_dropped(exc))
        except Exception:  # a bug: the crash dialog and the log, and the job still ends
            self.failed.emit(job_crashed(self.name))
            sys.excepthook(*sys.exc_info())
        else:
            self.succeeded.emit(value)
        self.ended.emit()
        self.deleteLater()  # the Qt side goes on the GUI thread; `task` stays readable on the wrapper
