"""Step 4 of the window: copy with the chosen method, show the outcome, keep it in the history, and
stop a copy cleanly when the window is closed during it. A part of `MainWindow` (a mixin): it uses the
window's panels and its one running job."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QMessageBox

from app.core.advisor import Recommendation
from app.core.errors import TransferError
from app.core.events import TransferResult
from app.gui import existing_dialog
from app.gui.demo_host import is_demo
from app.gui.formatting import count
from app.gui.settings import HostChoice
from app.gui.transfer_log import PastCopy, add as log_copy


class CopyStep:
    def _copy_now(self, chosen: Recommendation) -> None:
        choice = self.picker.current()
        if choice is None or self._missing():
            return
        download = self.selection.is_download()
        sources, dest = self.selection.sources(), self.selection.destination()
        self.banner.hide()
        _files, total, _complete = self.selection.totals()
        self.transfer.start(chosen.ranked.candidate.label, self.advice.stats.bytes if self.advice else total)
        coro = self.flow.copy(choice, sources, dest, download, chosen, self.allow_insecure(),
                              self.settings.verify == "hashes")
        self._start("copy", self.flow.job(coro, "The copy"))
        self.job.succeeded.connect(lambda result: self._copied(choice, dest, download, result))
        self.job.failed.connect(lambda error: self._copy_failed(choice, dest, download, chosen, error))
        if not download and not is_demo(choice):  # the demo host's folder is gone with the window
            self.settings.destinations[choice.label] = dest
            self._save_settings()
        self._set_state("copying")

    def _existing_found(self, placement, where: str, answer) -> None:
        """Asked once per copy, before it starts: what to do with files already there that differ."""
        self.existing_box = existing_dialog.ask(self, placement, where, answer)

    def _copied(self, choice: HostChoice, dest: str, download: bool, result: TransferResult) -> None:
        where = self.flow.where(choice, dest, download)
        self.result = result
        self.transfer.finished(result, where)
        log_copy(PastCopy.of(choice.label, dest, result))
        self._refresh_history()
        verdict = "verified" if result.verified else "NOT verified"
        self.notifier.notify("Copy finished", f"{count(result.files, 'file')} to {where}, {verdict}.")
        self._set_state("done")

    def _copy_failed(self, choice: HostChoice, dest: str, download: bool, chosen: Recommendation,
                     error: TransferError) -> None:
        box = getattr(self, "existing_box", None)
        if box is not None and box.isVisible():  # cancelled while the question was open
            box.close()
        self.transfer.failed(error)
        cancelled = error.kind == "cancelled"
        c = chosen.ranked.candidate
        log_copy(PastCopy(choice.label, time.time(), c.method_id,
                          "download" if download else "upload", 0, 0, 0.0, False, "", dest, chosen.command,
                          "cancelled" if cancelled else "failed", error.sentence))
        self._refresh_history()
        if cancelled:
            self._set_state("cancelled")
            return
        self.banner.show_error("The copy failed", error)
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
        what = "A copy" if self.activity == "copy" else "The measurement"
        box = QMessageBox(QMessageBox.Warning, "Stop and quit?",
                          f"{what} is still running. Stop it and quit? Nothing half-written is left at the "
                          "destination, and the helpers started on the host are removed.",
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
