"""Step 4 of the window: copy with the chosen method, show the outcome, keep it in the history, offer
Resume when the link was lost, and stop a copy cleanly when the window is closed during it. A part of
`MainWindow` (a mixin): it uses the window's panels and its one running job."""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtWidgets import QMessageBox

from app.core.advice.advisor import Recommendation
from app.core.errors import RESUMABLE, ErrorKind, TransferError, copy_failed_title
from app.core.events import TransferResult
from app.core.wording import copy_notice, stop_and_quit
from app.gui.dialogs import delete_dialog, existing_dialog
from app.gui.panels.demo_host import is_demo
from app.core.state.settings import HostChoice
from app.core.state.transfer_log import PastCopy, add as log_copy



@dataclass(frozen=True)
class CopyOrder:
    """One copy as it was asked for; Resume starts exactly this again, whatever the panels show by then."""

    choice: HostChoice
    sources: list[str]
    dest: str
    download: bool
    chosen: Recommendation
    allow_insecure: bool
    verify_hashes: bool
    stall_timeout: float
    total_bytes: int  # for the progress bar until the copy has scanned the selection itself
    mirror: bool = False  # make the destination match: delete what the selection lacks, once confirmed


class CopyStep:
    def _copy_now(self, chosen: Recommendation) -> None:
        choice = self.picker.current()
        if choice is None or self._missing():
            return
        download = self.selection.is_download()
        _files, total, _complete = self.selection.totals()
        order = CopyOrder(choice, self.selection.sources(), self.selection.destination(), download, chosen,
                          self.allow_insecure(), self.settings.verify == "hashes", self.settings.stall_timeout,
                          self.advice.stats.bytes if self.advice else total, self.selection.mirror.isChecked())
        self._run_copy(order)
        if not download and not is_demo(choice):  # the demo host's folder is gone with the window
            self.settings.destinations[choice.label] = order.dest
            self._save_settings()

    def _run_copy(self, order: CopyOrder) -> None:
        self.banner.hide()
        self.last_order = order
        self.transfer.start(order.chosen.ranked.candidate.label, order.total_bytes)
        coro = self.flow.copy(order.choice, order.sources, order.dest, order.download, order.chosen,
                              order.allow_insecure, order.verify_hashes, order.stall_timeout, order.mirror)
        self._start("copy", self.flow.job(coro, "The copy"))
        self.job.succeeded.connect(lambda result: self._copied(order.choice, order.dest, order.download, result))
        self.job.failed.connect(lambda error: self._copy_failed(order, error))
        self._set_state("copying")

    def resume(self) -> None:
        """The Resume button: the copy that lost its link, started again as it was asked for (it carries
        on from what the cut copy staged)."""
        if self.last_order is None or (self.job is not None and self.job.running):
            return
        self._run_copy(self.last_order)

    def _existing_found(self, placement, where: str, answer) -> None:
        """Asked once per copy, before it starts: what to do with files already there that differ."""
        mirror = self.last_order is not None and self.last_order.mirror
        self.existing_box = existing_dialog.ask(self, placement, where, answer, mirror)

    def _delete_found(self, deletion, where: str, answer) -> None:
        """Asked once per copy that mirrors, before it starts: delete these, or copy nothing."""
        self.delete_box = delete_dialog.ask(self, deletion, where, answer)

    def _copied(self, choice: HostChoice, dest: str, download: bool, result: TransferResult) -> None:
        self.selection.mirror.setChecked(False)  # deleting is chosen again for each copy
        where = self.flow.where(choice, dest, download)
        self.result = result
        self.transfer.finished(result, where)
        log_copy(PastCopy.of(choice.label, dest, result))
        self._refresh_history()
        self.notifier.notify("Copy finished", copy_notice(result.files, where,
                                                          result.verification if result.verified else None))
        self._set_state("done")

    def _copy_failed(self, order: CopyOrder, error: TransferError) -> None:
        self.selection.mirror.setChecked(False)
        for box in (getattr(self, "existing_box", None), getattr(self, "delete_box", None)):
            if box is not None and box.isVisible():  # cancelled while a question was open
                box.close()
        self.transfer.failed(error)
        cancelled = error.kind is ErrorKind.CANCELLED
        c = order.chosen.ranked.candidate
        log_copy(PastCopy(order.choice.label, time.time(), c.method_id,
                          "download" if order.download else "upload", 0, 0, 0.0, False, "", order.dest,
                          order.chosen.command, "cancelled" if cancelled else "failed", error.sentence))
        self._refresh_history()
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

    def _cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()

    def _refresh_history(self) -> None:
        c = self.flow.connected
        choice = self.picker.current()
        self.history.show_for(choice.label if choice else None, c.profile_key if c else None)

    # -- closing during a copy ------------------------------------------------------------------
    def _ask_to_stop(self) -> None:
        box = QMessageBox(QMessageBox.Warning, "Stop and quit?", stop_and_quit(self.activity == "copy"),
                          QMessageBox.NoButton, self)
        stop = box.addButton("&Stop and quit", QMessageBox.DestructiveRole)
        box.setDefaultButton(box.addButton("&Keep going", QMessageBox.RejectRole))
        box.buttonClicked.connect(lambda button: self._stop_and_quit() if button is stop else None)
        box.open()
        self.quit_box = box

    def stop_and_quit(self) -> None:
        """Stop what runs without asking (a signal from the system), then close."""
        self._stop_and_quit()

    def _stop_and_quit(self) -> None:
        self.closing = True
        self.hint.setText("Stopping, then closing…")
        if self.job is not None and self.job.running:
            self.job.cancel()
        else:
            self.close()
