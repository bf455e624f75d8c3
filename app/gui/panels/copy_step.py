"""Step 4 in motion: copy with the chosen method as the flow's one job, ask about files already there
and a mirror's deletions, show the outcome on the copy panel, log it for the history, notify, and offer
Resume when the link was lost. It keeps the last copy's order (`last_order`) and result (`result`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from app.core.advice.advisor import Advice, Recommendation
from app.core.errors import RESUMABLE, ErrorKind, TransferError, copy_failed_title
from app.core.events import Phase, Progress, TransferResult
from app.core.wording.transfer import copy_notice
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

    def __init__(self, flow: Flow, prefs: Preferences, selection: SelectionPanel, transfer: TransferPanel,
                 banner: ErrorBanner, notifier: Notifier, window: QWidget) -> None:
        super().__init__(window)
        self.flow, self.prefs, self.selection, self.transfer, self.banner = flow, prefs, selection, transfer, banner
        self.notifier, self.window = notifier, window
        self.job: Job | None = None
        self.result: TransferResult | None = None  # the last copy's
        self.last_order: CopyOrder | None = None  # the last copy started, for Resume
        self.existing_box = self.delete_box = None  # the questions asked before the copy starts
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
        self._run_copy(order)
        if not download and not is_demo(choice):  # the demo host's folder is gone with the window
            self.prefs.remember_destination(choice.label, order.dest)

    def _run_copy(self, order: CopyOrder) -> None:
        self.banner.hide()
        self.last_order = order
        self.transfer.start(order.chosen.ranked.candidate.label, order.total_bytes)
        coro = self.flow.copy(order.choice, order.advice, order.chosen, order.sources, order.dest, order.download,
                              order.allow_insecure, order.verify_hashes, order.stall_timeout, order.mirror,
                              order.rescan)
        self._start("copy", self.flow.job(coro, "The copy"))
        self.job.succeeded.connect(lambda result: self._copied(order.choice, order.dest, order.download, result))
        self.job.failed.connect(lambda error: self._copy_failed(order, error))
        self._set_state("copying")

    def resume(self) -> None:
        """The Resume button: the copy that lost its link, started again as it was asked for (it carries
        on from what the cut copy staged)."""
        if self.last_order is None or self.flow.busy:
            return
        self._run_copy(replace(self.last_order, rescan=True))

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
        transfer_log.record(choice.label, dest, result)
        self.logged.emit()
        self.notifier.notify("Copy finished", copy_notice(result.files, where,
                                                          result.verification if result.verified else None))
        self._set_state("done")

    def _copy_failed(self, order: CopyOrder, error: TransferError) -> None:
        self.selection.reset_mirror()
        for box in (self.existing_box, self.delete_box):
            if box is not None and box.isVisible():  # cancelled while a question was open
                box.close()
        self.transfer.failed(error)
        cancelled = error.kind is ErrorKind.CANCELLED
        transfer_log.record(order.choice.label, order.dest, error, method=order.chosen.ranked.candidate.method_id,
                            download=order.download, command=order.chosen.command)
        self.logged.emit()
        if cancelled:
            self._set_state("cancelled")
            return
        if error.kind in RESUMABLE:
            self.banner.show_error(copy_failed_title(error.kind), error, (
                "&Resume", "Start the same copy again: the same files, destination, method and options.",
                self.resume))
        else:
            self.banner.show_error(copy_failed_title(error.kind), error)
        self.notifier.notify("Copy failed", error.sentence, failed=True)
        self._set_state("error")
