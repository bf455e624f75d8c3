"""Step 4 in motion: copy with the chosen method as the flow's one job, ask about files already there
and a mirror's deletions, show the outcome on the copy panel, log it for the history, notify, and offer
Resume when the link was lost. It keeps the last copy's order (`last_order`) and result (`result`).

Copy now while a copy runs queues the selection (the advice's pick, same host, same direction: the advice
is reused, the files are read again when its turn comes). Jobs run one after another in the queue's
order; a copy that fails or is cancelled stops the queue until the user starts it again (the next copy
would most likely meet the same lost link), so nothing runs that the user did not expect."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from app.core.advice.recommendation import Advice, Recommendation
from app.core.errors import RESUMABLE, ErrorKind, TransferError, copy_failed_title
from app.core.events import Phase, Progress, TransferResult
from app.core.language import Words
from app.core.wording.transfer import copy_notice, verified_as
from app.gui.dialogs import delete_dialog, existing_dialog
from app.gui.panels.demo_host import is_demo
from app.core.state.settings import HostChoice
from app.core.state import transfer_log
from app.gui.panels.error_banner import ErrorBanner
from app.gui.panels.selection_panel import SelectionPanel
from app.gui.panels.transfer_panel import TransferPanel
from app.gui.shell.bridge import Job
from app.gui.shell.flow import Flow
from app.gui.shell.notifier import Notifier
from app.gui.shell.preferences import Preferences


class CopyStepWords(Words):
    """The copy's notifications and its Resume (the translator's context)."""


@dataclass(eq=False)
class QueuedJob:
    """One copy of the queue and how it went: waiting, copying, done, failed or cancelled."""

    order: "CopyOrder"
    state: str = "waiting"
    detail: str = ""


@dataclass(frozen=True)
class CopyOrder:
    """One copy as it was asked for; Resume starts exactly this again, whatever the panels show by then."""

    choice: HostChoice
    sources: list[str]
    dest: str
    download: bool
    chosen: Recommendation
    advice: Advice  # what `chosen` comes from: the copy takes the selection it read (and its session, once)
    allow_insecure: bool
    verify_hashes: bool
    stall_timeout: float
    total_bytes: int  # for the progress bar until the copy has scanned the selection itself
    mirror: bool = False  # make the destination match: delete what the selection lacks, once confirmed
    rescan: bool = False  # read the selection again (Resume: the files may have changed since the advice)


class CopyStep(QObject):
    state_changed = Signal(str)  # copying, then done, cancelled or error
    logged = Signal()            # a copy ended and is in the history
    queue_changed = Signal()     # a job was added, moved, removed, or changed its state

    def __init__(self, flow: Flow, prefs: Preferences, selection: SelectionPanel, transfer: TransferPanel,
                 banner: ErrorBanner, notifier: Notifier, window: QWidget) -> None:
        super().__init__(window)
        self.flow, self.prefs, self.selection, self.transfer, self.banner = flow, prefs, selection, transfer, banner
        self.notifier, self.window = notifier, window
        self.job: Job | None = None
        self.result: TransferResult | None = None  # the last copy's
        self.last_order: CopyOrder | None = None  # the last copy started, for Resume
        self.existing_box = self.delete_box = None  # the questions asked before the copy starts
        self.jobs: list[QueuedJob] = []  # this window's copies, in the order they run
        self.current: QueuedJob | None = None
        self.stopped = False  # a copy failed or was cancelled: the waiting ones wait for the user
        flow.existing_found.connect(self._existing_found)
        flow.delete_found.connect(self._delete_found)

    def copy_now(self, choice: HostChoice, chosen: Recommendation, allow_insecure: bool,
                 advice: Advice | None) -> None:
        """Copy the selection as the panel shows it now with `chosen` (Copy now)."""
        if advice is None:  # Copy now is offered only once an advice is in
            return
        download = self.selection.is_download()
        settings = self.prefs.settings
        order = CopyOrder(choice, self.selection.sources(), self.selection.destination(), download, chosen,
                          advice, allow_insecure, settings.verify == "hashes", settings.stall_timeout,
                          advice.stats.bytes, self.selection.mirror_chosen())
        if not self.flow.busy and not any(j.state == "waiting" for j in self.jobs):
            self.jobs, self.stopped = [], False  # a fresh start: what ran before is in the history
        job = QueuedJob(order)
        if not download and not is_demo(choice):  # the demo host's folder is gone with the window
            self.prefs.remember_destination(choice.label, order.dest)
        if self.flow.busy:
            self.jobs.append(job)  # its turn comes when the copy that runs (and those before it) end
            self.queue_changed.emit()
            return
        # Nothing runs: this copy goes now, ahead of any left waiting by a stopped queue (they still wait).
        self.jobs.insert(next((i for i, j in enumerate(self.jobs) if j.state == "waiting"), len(self.jobs)), job)
        self._start_job(job)

    def can_queue(self, download: bool, advice: Advice | None) -> bool:
        """A selection can wait for its turn with this advice: a copy runs, and it goes the advice's way."""
        return (self.flow.activity == "copy" and advice is not None and advice.request is not None
                and advice.request.download == download)

    def _next(self) -> None:
        """The first waiting job, unless something runs or the queue stopped."""
        waiting = next((j for j in self.jobs if j.state == "waiting"), None)
        if waiting is None or self.flow.busy or self.stopped:
            self.queue_changed.emit()
            return
        self._start_job(waiting)

    def _start_job(self, job: QueuedJob) -> None:
        self.current, job.state = job, "copying"
        self._run_copy(job.order)
        self.queue_changed.emit()

    def start_queue(self) -> None:
        """Start the queue: go on with the waiting copies after one failed or was cancelled."""
        self.stopped = False
        self._next()

    def remove(self, job: QueuedJob) -> None:
        if job.state == "waiting":
            self.jobs.remove(job)
            self.queue_changed.emit()

    def move(self, job: QueuedJob, step: int) -> None:
        """A waiting job one place up or down, among the waiting ones (what ran stays where it was)."""
        at = self.jobs.index(job)
        to = at + step
        if job.state == "waiting" and 0 <= to < len(self.jobs) and self.jobs[to].state == "waiting":
            self.jobs[at], self.jobs[to] = self.jobs[to], self.jobs[at]
            self.queue_changed.emit()

    def _ended(self, state: str, detail: str) -> None:
        if self.current is not None:
            self.current.state, self.current.detail = state, detail
            self.current = None

    def _run_copy(self, order: CopyOrder) -> None:
        self.banner.hide()
        self.last_order = order
        self.transfer.start(order.chosen.ranked.candidate.label, order.total_bytes)
        coro = self.flow.copy(order.choice, order.advice, order.chosen, order.sources, order.dest, order.download,
                              order.allow_insecure, order.verify_hashes, order.stall_timeout, order.mirror,
                              order.rescan)
        self._start("copy", self.flow.job(coro, CopyStepWords.tr("The copy")))
        self.job.succeeded.connect(lambda result: self._copied(order.choice, order.dest, order.download, result))
        self.job.failed.connect(lambda error: self._copy_failed(order, error))
        self._set_state("copying")

    def resume(self) -> None:
        """The Resume button: the copy that lost its link, started again as it was asked for (it carries
        on from what the cut copy staged)."""
        if self.last_order is None or self.flow.busy:
            return
        job = QueuedJob(replace(self.last_order, rescan=True))
        self.jobs.insert(next((i for i, j in enumerate(self.jobs) if j.state == "waiting"), len(self.jobs)), job)
        self._start_job(job)  # the queue itself goes on only when the user starts it

    def _start(self, activity: str, job: Job) -> None:
        self.job = self.flow.start(activity, job)

    def _set_state(self, state: str) -> None:
        self.state_changed.emit(state)

    def phase(self, event: Phase) -> None:
        if self.flow.activity == "copy":
            self.transfer.phase(event)

    def progress(self, event: Progress) -> None:
        if self.flow.activity == "copy":
            self.transfer.progress(event)

    def _existing_found(self, placement, where: str, answer) -> None:
        """Asked once per copy, before it starts: what to do with files already there that differ."""
        mirror = self.last_order is not None and self.last_order.mirror
        self.existing_box = existing_dialog.ask(self.window, placement, where, answer, mirror)

    def _delete_found(self, deletion, where: str, answer) -> None:
        """Asked once per copy that mirrors, before it starts: delete these, or copy nothing."""
        self.delete_box = delete_dialog.ask(self.window, deletion, where, answer)

    def _copied(self, choice: HostChoice, dest: str, download: bool, result: TransferResult) -> None:
        self.selection.reset_mirror()
        where = self.flow.where(choice, dest, download)
        self.result = result
        self.transfer.finished(result, where)
        self._keep_in_history(choice.label, dest, result)
        self.notifier.notify(CopyStepWords.tr("Copy finished"),
                             copy_notice(result.files, where, result.verification if result.verified else None))
        self._ended("done", verified_as(result.verification) if result.verified else "")
        self._set_state("done")
        self._next()

    def _keep_in_history(self, host: str, dest: str, outcome: TransferResult | TransferError, **what) -> None:
        """The copy goes into the host's history; a state folder that cannot be written loses only that line
        (the copy itself is done or failed as the panel says), and the banner says so."""
        try:
            transfer_log.record(host, dest, outcome, **what)
        except OSError as exc:
            self.banner.show_error(CopyStepWords.tr("The copy is not in the history"), TransferError(
                ErrorKind.FAILED, CopyStepWords.tr("The copy could not be added to the history ({reason}); check "
                                                   "that the state folder can be written.",
                                                   reason=exc.strerror or str(exc))))
            return
        self.logged.emit()

    def _copy_failed(self, order: CopyOrder, error: TransferError) -> None:
        self.selection.reset_mirror()
        for box in (self.existing_box, self.delete_box):
            if box is not None and box.isVisible():  # cancelled while a question was open
                box.close()
        self.transfer.failed(error)
        cancelled = error.kind is ErrorKind.CANCELLED
        self._keep_in_history(order.choice.label, order.dest, error, method=order.chosen.ranked.candidate.method_id,
                              download=order.download, command=order.chosen.command)
        self._ended("cancelled" if cancelled else "failed", "" if cancelled else error.sentence)
        self.stopped = any(j.state == "waiting" for j in self.jobs)
        self.queue_changed.emit()
        if cancelled:
            self._set_state("cancelled")
            return
        if error.kind in RESUMABLE:
            self.banner.show_error(copy_failed_title(error.kind), error, (
                CopyStepWords.tr("&Resume"),
                CopyStepWords.tr("Start the same copy again: the same files, destination, method and options."),
                self.resume))
        else:
            self.banner.show_error(copy_failed_title(error.kind), error)
        self.notifier.notify(CopyStepWords.tr("Copy failed"), error.sentence, failed=True)
        self._set_state("error")
